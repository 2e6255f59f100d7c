// libFuzzer target: an expected-branches visit read without its tree (core/run/plain_visit.cpp). The input is
// one visit's text. Property, not just "no crash": whatever read_plain_visit accepts, the general path reads
// (json::read_into with a canonical copy), finds canonical and fits check_ramas_visit, and the canonical copy
// is the bytes read_plain_visit appended; whatever it declines leaves its output as it was.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "core/json/reader.hpp"
#include "core/run/fast/plain_visit.hpp"
#include "core/run/internal/schemas.hpp"

using namespace planlang;

namespace {

void require(bool condition) {
    if (!condition) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    std::string plain = "before";
    const bool fast = run::internal::read_plain_visit(text, plain);
    if (!fast) {
        require(plain == "before");
        return 0;
    }
    json::Value tree;
    json::CanonicalCopy copy;
    require(!json::read_into(tree, text, json::ReadLimits{}, &copy).has_value());
    require(copy.canonical);
    require(run::internal::check_ramas_visit(tree, 0).empty());
    require(plain == "before" + std::string(copy.text()));
    return 0;
}
