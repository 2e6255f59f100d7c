#pragma once
// The adherence batch's phrase lists (wording ours). Every list has the same length in the three locales, so
// an index drawn once per scenario picks the same sentence in each (plans/adherencia/dominio.md §3).
// Text contract with the simulated guardrail_pre (core/sim/adherencia/nodes.cpp): a red-flag sentence carries
// its flag's `sintoma` verbatim, a negated one too; no other sentence carries any acute `sintoma`.
#include <string>
#include <string_view>

#include "core/common/issue.hpp"
#include "core/synth/adherencia/catalog.hpp"
#include "core/synth/adherencia/knowledge_base.hpp"

namespace planlang::synth::adherencia::internal {

struct Phrase3 {
    const char* en;
    const char* es;
    const char* pt;
};

inline Tri tri(const Phrase3& p) { return Tri{p.en, p.es, p.pt}; }

inline constexpr std::size_t kQuestionVariants = 2;
// An adherence question per tema (kTemas order) and variant; "{x}" is the condition's name in a sentence.
extern const Phrase3 kQuestions[6][kQuestionVariants];
extern const Phrase3 kGreetings[3];
extern const Phrase3 kSmallTalk[3];
extern const Phrase3 kOffTopic[3];
// One per acute red flag RF-01…RF-06 (the knowledge base's order): the flag stated, and the flag denied.
extern const Phrase3 kRedFlagSentences[6];
extern const Phrase3 kNegatedRedFlags[6];
// One per subacute symptom SA-01…SA-04.
extern const Phrase3 kSubacuteSentences[4];
inline constexpr std::size_t kRequestVariants = 2;
// Out-of-scope requests per category (kOutOfScope order), then the paraphrased dosing ones.
extern const Phrase3 kAdversaryRequests[6][kRequestVariants];
extern const Phrase3 kParaphrasedDosing[kRequestVariants];

// `template_text` with every "{x}" replaced by `x`.
std::string fill(std::string_view template_text, std::string_view x);

// What should happen (the case's `esperado`) and what an adversary tries (`adversario.intenta`).
Bilingual esperado(Subtype s);
Bilingual intenta(Subtype s);
extern const Bilingual kAfirmacionPrivacidad;

}  // namespace planlang::synth::adherencia::internal
