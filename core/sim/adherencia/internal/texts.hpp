#pragma once
// The coach's fixed texts (ours): reply templates per envelope and locale, the dosing phrases the post guard
// looks for, and the stand-in model's system prompt. A "language" here is a locale (en, es-419, pt-BR) or "es"
// (salida_final's Spanish rendering, which uses the es-419 texts).
#include <string>
#include <string_view>
#include <vector>

namespace planlang::sim::adherencia::texts {

// The templates' ids, as the envelope records them (`plantilla`).
std::string refusal_template(std::string_view categoria);  // "rechazo_<categoria>"

const std::string& refusal(std::string_view categoria, std::string_view language);
const std::string& escalation(std::string_view language);
const std::string& handoff(std::string_view language);
const std::string& small_talk(std::string_view language);
const std::string& disclaimer(std::string_view language);
// The draft a stand-in model writes when its parameters say it slips dosing advice in.
const std::string& dosing_draft(std::string_view language);
// Lower-case phrases that make a reply dosing or prescription advice (the post guard's list).
const std::vector<std::string>& dosing_phrases(std::string_view language);
const std::string& masked_identifier(std::string_view language);
const std::string& system_prompt();
const std::string& single_prompt_system();

}  // namespace planlang::sim::adherencia::texts
