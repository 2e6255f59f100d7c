#pragma once
// Batch assembly and generation (spec/synthetic-and-simulation.md §2, format `planlang-casos/v1` of
// traces-and-verifier.md §5): blocks of 20 with the 60/15/15/10 mix by largest remainder, per-block and
// per-case seeds, guaranteed subtypes, weighted fill, shuffle, ids (widening beyond 999, decisions.md C4),
// and the smoke recipe.
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
#include "core/synth/case.hpp"
#include "core/synth/catalog.hpp"
#include "core/synth/world.hpp"

namespace planlang {
class Prng;
}

namespace planlang::synth {

inline constexpr int kBlockSize = 20;
inline constexpr std::int64_t kMaxCases = 100000;  // a batch file holds at most this many cases
inline constexpr const char* kGeneratorVersionWithCaps = "1.1.0";
inline constexpr const char* kGeneratorVersionWithoutCaps = "1.0.0";

enum class Recipe { estandar, humo };

// Cases per type (normal, borde, faltante, adversario) in a block of `size`: the shares of kProportions,
// floored, the leftover to the largest fractional parts, ties in type order (§2.2). 20 → 12/3/3/2.
std::array<int, 4> type_counts(int size);

// Largest remainder, the rule both demos' blocks use: size × weights[t] / total floored, the leftover one by
// one to the largest fractional parts, ties to the earlier type.
std::array<int, 4> largest_remainder(int size, const std::array<int, 4>& weights, int total);

// The subtypes of block `b` (of `size` cases) before the shuffle (§2.3–§2.5): per type, the guaranteed
// subtypes capped at the type's count in priority order, then the weighted fill drawn from `g`.
std::vector<Subtype> pre_shuffle_block(int b, int size, bool caps, Prng& g);

// Block `b` in its final order: its own generator seeded "<semilla>/bloque/<b>" fills and shuffles it.
std::vector<Subtype> assemble_block(std::string_view semilla, int b, int size, bool caps);

// The subtype of each case of an n-case standard batch, in id order (all blocks).
std::vector<Subtype> assemble(std::string_view semilla, std::int64_t n, bool caps);

// "A-001" … "A-999", then "A-1000" …; the smoke recipe's "AH-001" … (decisions.md C4).
std::string case_id(std::int64_t index1, bool smoke = false);

// U1–U4 and the router's skip edges of a plan loaded for verification; PLAN_INCOMPATIBLE issues when a
// threshold the generator needs is missing or of the wrong kind (U1, U2 numbers, U2 on costo_estimado,
// U3 an integer, U4 a boolean).
PlanFacts plan_facts(const plan::Plan& plan, const std::string& plan_huella, Issues& issues);

struct GenerateOptions {
    std::string semilla;
    std::int64_t n = 0;
    Recipe receta = Recipe::estandar;
    std::optional<std::string> id;  // default "<semilla>-<n>"
};

struct BatchResult {
    bool ok = false;
    Issues issues;  // PLAN_INCOMPATIBLE, MUNDO_INCOMPATIBLE, LOTE_INVALIDO (n, seed, recipe)
    json::Value batch;  // the fingerprinted batch when ok
};

// The whole batch (§2, §4–§7). `progress` is called after each case with the number done.
BatchResult generate_batch(const plan::Plan& plan, const std::string& plan_huella, const BenefitPlan& world, const GenerateOptions& options,
                           const std::function<void(std::size_t)>& progress = {});

}  // namespace planlang::synth
