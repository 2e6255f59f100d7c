#include "core/json/fingerprint.hpp"

#include "core/json/canonical.hpp"
#include "core/json/sha256.hpp"

namespace planlang::json {

std::string huella(const Value& v) {
    // Only the top-level key goes (plan-format.md §15.3); nested `huella` references are hashed.
    return to_hex(canonical_sha256(v, "huella", Canon::planlang));
}

std::optional<std::string> declared_huella(const Value& v) {
    const Value* h = v.find("huella");
    if (!h || !h->is_string() || h->as_string().empty()) return std::nullopt;
    return h->as_string();
}

}  // namespace planlang::json
