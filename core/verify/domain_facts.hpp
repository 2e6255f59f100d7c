#pragma once
// What the case list, the case page and the playground read per plan domain (`dominio_id`), from the verifier's
// domain table (core/verify/internal/domain.hpp), so no stage above names a domain itself.
#include <string>

namespace planlang::verify {

// The trace signal that says a case went to a person: demo A's `pausa_humana` (the auditor's pause), the
// adherence coach's `escalado` (the conversation handed to the care team or emergency services; its reviewer
// pause is a check of a draft, not a hand-off). Read as the verifier picks its example cases
// (traces-and-verifier.md §14).
const std::string& person_signal(const std::string& dominio_id);

// True when the domain's truth reads no threshold (the adherence coach: plans/adherencia/dominio.md §3), so the
// truth at any played setting is the batch's frozen truth (playground.md §10.2).
bool truth_reads_no_threshold(const std::string& dominio_id);

}  // namespace planlang::verify
