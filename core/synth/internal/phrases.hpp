#pragma once
// Our Spanish and English phrase lists for synthetic notes, orders, replies and adversarial payloads
// (spec/synthetic-and-simulation.md §5: wording ours). The generator draws from the lists with elegir, so
// their lengths and order are part of the byte contract of our batches: change them only together with
// the committed batches. Templates use {placeholders} filled by fill().
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/common/issue.hpp"

namespace planlang::synth::internal {

struct Phrase {
    std::string_view es;
    std::string_view en;
};

struct History {
    Phrase general;
    Phrase chronic;  // used when the service is exempt (chronic-care follow-up)
};

struct Payload {
    Phrase texto;    // the payload sentence (may hold {documento} {historia} {telefono} {correo})
    Phrase intenta;  // what it attempts
};

extern const std::vector<Phrase> kOpenings;
extern const std::vector<History> kHistories;
extern const std::vector<Phrase> kClosings;
extern const std::vector<Phrase> kNeutralOrderRemarks;
extern const std::vector<Phrase> kNonInformativeReplies;
extern const std::vector<Payload> kInjectionsInNote;   // adversario_inyeccion_texto_libre
extern const std::vector<Payload> kInjectionsInOrder;  // adversario_inyeccion_orden_adjunta
extern const std::vector<Payload> kContactSentences;   // adversario_dato_sensible
extern const std::vector<Payload> kHomonymRequests;    // adversario_homonimo

// Fixed sentences.
extern const Phrase kUrgentAdmission;
extern const Phrase kSexAgeFemale;  // {edad}
extern const Phrase kSexAgeMale;
extern const Phrase kDiagnosisSentence;  // {diagnostico}
extern const Phrase kServiceSentence;    // {servicio}
extern const Phrase kCostSentence;       // {costo}
extern const Phrase kDoubtfulCoverage;
extern const Phrase kTerseNote;          // {sexo} {edad} {diagnostico} {servicio} {costo}
extern const Phrase kReplyDiagnosis;     // {diagnostico}
extern const Phrase kReplyCost;          // {costo}
extern const Phrase kPoliticaAclaraciones;
extern const Phrase kAfirmacionPrivacidad;

// `text` with each {key} replaced by its value.
std::string fill(std::string_view text, const std::vector<std::pair<std::string_view, std::string>>& values);
Bilingual fill(const Phrase& p, const std::vector<std::pair<std::string_view, std::string>>& es,
               const std::vector<std::pair<std::string_view, std::string>>& en);
inline Bilingual fill(const Phrase& p, const std::vector<std::pair<std::string_view, std::string>>& both = {}) {
    return fill(p, both, both);
}

// `esperado` (§4): what should happen, in words, from the known truth.
Bilingual expected_text(bool urgent, bool exempt, const std::string& decision, const std::vector<std::string>& motivos,
                        const std::string& causal, std::string_view adversary_detail);

}  // namespace planlang::synth::internal
