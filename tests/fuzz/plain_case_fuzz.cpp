// libFuzzer target: a batch case read without its tree (core/run/plain_case.cpp). The input is one case's
// text. Property, not just "no crash": whatever read_plain_case accepts, the general path reads
// (json::read_into with a canonical copy), finds canonical and fits check_batch_case, the canonical copy is
// the bytes read_plain_case appended, and what it keeps is the case's id and its verifier members as they
// stand in that copy; whatever it declines leaves its output as it was.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "core/json/canonical.hpp"
#include "core/json/reader.hpp"
#include "core/run/fast/plain_case.hpp"
#include "core/run/internal/schemas.hpp"

using namespace planlang;

namespace {

void require(bool condition) {
    if (!condition) std::abort();
}

const std::vector<std::string> kKept = {"tipo", "subtipo", "adversario_detalle", "verdad_conocida", "identificadores_sinteticos"};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    std::string plain = "before";
    run::internal::KeptItem kept;
    const bool fast = run::internal::read_plain_case(text, kKept, plain, kept);
    if (!fast) {
        require(plain == "before");
        return 0;
    }
    json::Value tree;
    json::CanonicalCopy copy;
    require(!json::read_into(tree, text, json::ReadLimits{}, &copy).has_value());
    require(copy.canonical);
    require(run::internal::check_batch_case(tree, 0).empty());
    require(plain == "before" + std::string(copy.text()));
    require(kept.id == tree.find("id")->as_string() && !kept.whole);
    std::string expected = "{";
    for (const json::Member& m : tree.as_object()) {
        bool wanted = false;
        for (const std::string& k : kKept) wanted = wanted || k == m.key;
        if (!wanted) continue;
        if (expected.size() > 1) expected += ',';
        expected += "\"" + m.key + "\":" + json::canonical(m.value);
    }
    require(kept.text == expected + "}");
    return 0;
}
