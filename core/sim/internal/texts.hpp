#pragma once
// Every sentence the simulated agent writes (synthetic-and-simulation.md §10: wording is ours): system
// prompts, the fixed clarification question and "no reply", letters, AI notices, pause motives, evidence,
// the adverse document's fixed texts, the guard's fallback and markers, the run's card.
#include <string>

#include "core/common/issue.hpp"

namespace planlang::sim::texts {

// System prompts (Spanish: the agent works in the batch's `idioma_de_corrida`, es).
extern const char* const kSystemExtractor;
extern const char* const kSystemQuestion;
extern const char* const kSystemWriter;
extern const char* const kSystemSingleAgent;

// The model stand-in's one clarification question, and the doctor's reply past the script.
extern const char* const kQuestion;
extern const char* const kNoReply;

// The member's letter for a decision (aprobar | aprobar_parcial | negar), naming the service; with
// `documento` non-empty the letter repeats the member's document (the writer's known slip).
Bilingual letter(const std::string& decision, const Bilingual& servicio, const std::string& documento);

// The AI notice of salida_final and of the adverse document (§10).
Bilingual ai_notice(bool partial_without_person, bool plan_at_least_1_5_1);

// Guard: the replacement of a removed identifier, and the letter used when a language's text is unusable.
Bilingual identifier_marker();
Bilingual fallback_letter();

// Adverse document.
Bilingual contest_route();
Bilingual decided_by(bool person, const std::string& regla);
Bilingual cap_summary(double tope, const Bilingual& unidad);

// Pause motive for a true edge record: a triplet (senal, operador, observed and applied value shown as
// JSON) or a function edge.
Bilingual motive_triplet(const std::string& desde, long long orden, const std::string& senal, const std::string& operador,
                         const std::string& observado, const std::string& aplicado, const std::string& declarado);
Bilingual motive_function(const std::string& desde, long long orden, const std::string& funcion);

// Evidence and counter-evidence items, by key.
Bilingual evidence(const std::string& key, const std::string& detail_es, const std::string& detail_en);

// The run's card (corrida.json `ficha`).
Bilingual card_name(bool single_agent, int repeat);
Bilingual card_description(bool single_agent, int repeat, const std::string& batch_id);
Bilingual card_label();

}  // namespace planlang::sim::texts
