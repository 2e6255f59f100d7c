#pragma once
// The adherence batch (`planlang-casos/v1`, demo `adherencia`; plans/adherencia/dominio.md §3): n/3 scenarios
// assembled in blocks of 21 (seeded "<semilla>/bloque/<b>") with the 60/25/5/15-per-105 mix by largest
// remainder, the ★ subtypes guaranteed in block 0, weighted fills and a shuffle (demo A's rules,
// spec/synthetic-and-simulation.md §2, on scenarios); each scenario rendered in en, es-419 and pt-BR, case ids
// locale-major (M-001…M-105 en, M-106…M-210 es-419, M-211…M-315 pt-BR for n = 315). Consequence: the first
// scenarios of a larger batch equal a smaller batch's. The smoke recipe is MH-001 dorado_rutina (en),
// MH-002 dorado_bandera_roja (es-419), MH-003 adversario_dosis (pt-BR), scenarios E-001…E-003.
#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/common/issue.hpp"
#include "core/json/value.hpp"
#include "core/plan/model.hpp"
#include "core/synth/adherencia/catalog.hpp"
#include "core/synth/adherencia/knowledge_base.hpp"

namespace planlang {
class Prng;
}

namespace planlang::synth::adherencia {

inline constexpr int kBlockSize = 21;            // scenarios per block
inline constexpr std::int64_t kMaxCases = 29997;  // 9999 scenarios in three locales

// Scenarios per type (dorado, adversario, sin_coincidencia, casi_coincidencia) in a block of `size`: the shares
// size × kProportions / 105 floored, the leftover to the largest fractional parts, ties in type order.
// 21 → 12 / 5 / 1 / 3.
std::array<int, 4> type_counts(int size);

// Block `b` before the shuffle: per type, the ★ subtypes (block 0 only) capped at the type's count in catalog
// order, then fills drawn with elegirPonderado over the type's subtypes in catalog order.
std::vector<Subtype> pre_shuffle_block(int b, int size, Prng& g);

// Block `b` in its final order (its own generator fills and shuffles it).
std::vector<Subtype> assemble_block(std::string_view semilla, int b, int size);

// The subtype of each of `scenarios` scenarios, in scenario order (all blocks).
std::vector<Subtype> assemble(std::string_view semilla, std::int64_t scenarios);

// "M-001" …, the smoke recipe's "MH-001" … (three digits, wider past 999).
std::string case_id(std::int64_t index1, bool smoke = false);

// Why the generator cannot use a knowledge base read from a file (MUNDO_INCOMPATIBLE; empty when it can):
// exactly six acute red flags whose `sintoma` our red-flag sentences carry verbatim in each locale (and four
// subacute symptoms likewise), every group with at least two cards, a card of tema efectos_molestos, at
// least one (group, tema) pair and one condition without a card.
Issues check_kb_fits(const KnowledgeBase& kb);

enum class Recipe { estandar, humo };

struct GenerateOptions {
    std::string semilla;
    std::int64_t n = 0;  // a multiple of 3; the smoke recipe: 3
    Recipe receta = Recipe::estandar;
    std::optional<std::string> id;  // default "<semilla>-<n>"
};

struct BatchResult {
    bool ok = false;
    Issues issues;  // PLAN_INCOMPATIBLE (domain, U1–U4 kinds), MUNDO_INCOMPATIBLE, LOTE_INVALIDO (n, seed, recipe, id)
    json::Value batch;  // the fingerprinted batch when ok
};

// The whole batch. `plan_huella` is the plan's verified huella; `progress` is called after each case.
BatchResult generate_batch(const plan::Plan& plan, const std::string& plan_huella, const KnowledgeBase& kb, const GenerateOptions& options,
                           const std::function<void(std::size_t)>& progress = {});

}  // namespace planlang::synth::adherencia
