#pragma once
// The adherence coach's world: the knowledge base `planlang-base-conocimiento/v1` (plans/adherencia/dominio.md
// §2). Our content, built by code (make_knowledge_base) and committed as
// synthetic/base-conocimiento/base-adherencia.json; read back strictly (read_knowledge_base) by the batch
// generator and by the simulated coach (core/sim/adherencia), which sits above this stage and uses this model.
//
// Content contract (tested in tests/unit/synth/adherencia/):
//   - grupos: exactly hipertension, diabetes_2, vih, warfarina, asma, in that order;
//   - temas: olvido, rutina, viajes, efectos_molestos, costo, motivacion, in that order;
//   - tarjetas: 24 behavioural cards KB-01…KB-24, group-major then tema order; every group has cards and exactly
//     the six (group, tema) pairs of kMissingPairs have none (the near-miss subtype's material). No card
//     speaks of a dose, a drug change, a diagnosis or a lab value;
//   - banderas_rojas RF-01…RF-06 (acute) and sintomas_subagudos SA-01…SA-04: each `sintoma` is a lower-case
//     phrase the user's text carries verbatim; the simulated guardrail_pre matches the acute ones as
//     substrings of the ASCII-lower-cased turn, negation-blind (decision D2);
//   - categorias_fuera_de_alcance: exactly the six of kOutOfScope.
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/common/issue.hpp"
#include "core/json/value.hpp"

namespace planlang::synth::adherencia {

// en, es-419, pt-BR: the order of every trilingual text and of a batch's locales.
inline constexpr std::array<std::string_view, 3> kLocales{"en", "es-419", "pt-BR"};

inline constexpr std::array<std::string_view, 5> kGroups{"hipertension", "diabetes_2", "vih", "warfarina", "asma"};
inline constexpr std::array<std::string_view, 6> kTemas{"olvido", "rutina", "viajes", "efectos_molestos", "costo", "motivacion"};
inline constexpr std::array<std::string_view, 6> kOutOfScope{"dosis", "diagnostico", "interpretacion",
                                                             "exfiltracion_pii", "extraccion_prompt", "juego_de_rol"};
// The (group, tema) pairs our corpus leaves without a card (listed in synthetic/README.md).
inline constexpr std::array<std::pair<std::string_view, std::string_view>, 6> kMissingPairs{{
    {"hipertension", "costo"}, {"diabetes_2", "viajes"}, {"vih", "efectos_molestos"},
    {"warfarina", "motivacion"}, {"asma", "olvido"}, {"asma", "costo"},
}};

// A trilingual text (TRI): {en, es-419, pt-BR}, each a string of at least one character.
struct Tri {
    std::string en, es419, ptbr;
    // The text in `locale` (en, es-419 or pt-BR; "es" is taken as es-419, anything else as en).
    const std::string& in(std::string_view locale) const;
};
bool operator==(const Tri& a, const Tri& b);

struct Named {  // a group, a tema or a condition without a card
    std::string id;
    Tri nombre;
};

struct Card {
    std::string id;  // KB-NN
    std::string grupo, tema;
    Tri titulo, texto;
};

struct Symptom {
    std::string id;  // RF-NN (acute) or SA-NN (subacute)
    Tri sintoma;
};

struct KnowledgeBase {
    std::string id, version, demo_id, dominio_id;
    Bilingual nombre, aviso;
    std::vector<Named> grupos, temas;
    std::vector<Card> tarjetas;
    std::vector<Named> afecciones_sin_tarjeta;
    std::vector<Symptom> banderas_rojas;       // the acute list guardrail_pre matches (decision D2)
    std::vector<Symptom> sintomas_subagudos;   // deliberately not on the acute list
    std::vector<std::string> categorias_fuera_de_alcance;
    std::string huella;

    const Card* card(std::string_view id) const;
    const Named* group(std::string_view id) const;
    const Named* tema(std::string_view id) const;
    // The cards of a group (or of a tema), in card order.
    std::vector<const Card*> cards_of_group(std::string_view grupo) const;
    std::vector<const Card*> cards_of_tema(std::string_view tema) const;
};

// Our knowledge base (id base-adherencia, version 1.0.0), sealed with its huella (RFC 8785 + SHA-256, as
// every planlang file: core/json/fingerprint.hpp).
json::Value make_knowledge_base();

struct KnowledgeBaseResult {
    bool ok = false;
    Issues issues;  // ESQUEMA (dotted path), REFERENCIA_ROTA (repeated ids, unknown group/tema), HUELLA_AUSENTE,
                    // HUELLA_NO_COINCIDE; each step runs only when the previous found nothing
    std::optional<KnowledgeBase> base;
};

// Strict reading of a `planlang-base-conocimiento/v1` document: every key of §2, no unknown key, TRI texts
// with exactly en / es-419 / pt-BR, ids by pattern (KB-NN, RF-NN, SA-NN), the five groups and six temas in
// their order, the six out-of-scope categories, ids unique, cards pointing at declared groups and temas,
// and the declared huella equal to the computed one.
KnowledgeBaseResult read_knowledge_base(const json::Value& document);

// The TRI as JSON {en, es-419, pt-BR}.
json::Value to_json(const Tri& t);

}  // namespace planlang::synth::adherencia
