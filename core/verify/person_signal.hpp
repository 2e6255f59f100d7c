#pragma once
// Which trace signal says a case went to a person, per plan domain (`dominio_id`), from the verifier's domain
// table (core/verify/internal/domain.hpp): demo A's `pausa_humana` (the auditor's pause), the adherence
// coach's `escalado` (the conversation handed to the care team or emergency services; its reviewer pause is
// a check of a draft, not a hand-off). The case list and the case page read "went to a person" with it, as the
// verifier picks its example cases (traces-and-verifier.md §14).
#include <string>

namespace planlang::verify {

const std::string& person_signal(const std::string& dominio_id);

}  // namespace planlang::verify
