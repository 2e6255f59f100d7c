// Batch cases read without their tree (core/run/plain_case.cpp) against the general path: a case
// read_plain_case accepts must be one the reader reads, with a canonical copy, that fits check_batch_case —
// and that copy must be what read_plain_case wrote, and what it keeps what the streamed batch (fast/batch_stream.cpp) keeps of the tree.
// The cases of our committed batches, compact and indented, then mutated at random (a byte inserted, deleted
// or replaced) and by hand at each edge of the shape it accepts.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/json/canonical.hpp"
#include "core/json/reader.hpp"
#include "core/run/fast/plain_case.hpp"
#include "core/run/internal/schemas.hpp"
#include "core/common/prng.hpp"
#include "support/mutate.hpp"
#include "support/run_files.hpp"

using namespace planlang;

namespace {

struct Counts {
    int plain = 0;     // read without a tree
    int general = 0;   // declined by read_plain_case, accepted by the general path (canonical or not)
    int rejected = 0;  // not a good case at all
};

// The verifier's members, and every member (an empty list keeps the whole case).
const std::vector<std::vector<std::string>> kKeptSets = {
    {"tipo", "subtipo", "adversario_detalle", "verdad_conocida", "identificadores_sinteticos"}, {}};

// What the streamed batch keeps of a case read into a tree: the kept members as an object in the case's order.
std::string kept_of(const json::Value& tree, const std::vector<std::string>& kept) {
    if (kept.empty()) return json::canonical(tree);
    std::string out = "{";
    for (const json::Member& m : tree.as_object()) {
        if (std::find(kept.begin(), kept.end(), m.key) == kept.end()) continue;
        if (out.size() > 1) out += ',';
        out += "\"" + m.key + "\":" + json::canonical(m.value);
    }
    return out + "}";
}

// The verdict of both ways on one text, checked against each other.
void compare(const std::string& text, Counts& counts) {
    CAPTURE(text);
    json::Value tree;
    json::CanonicalCopy copy;
    const bool read = !json::read_into(tree, text, json::ReadLimits{}, &copy).has_value();
    const bool fits = read && run::internal::check_batch_case(tree, 0).empty();
    for (const std::vector<std::string>& members : kKeptSets) {
        std::string plain = "prefix:";  // read_plain_case appends
        run::internal::KeptItem kept;
        const bool fast = run::internal::read_plain_case(text, members, plain, kept);
        if (fast) {
            REQUIRE(fits);
            REQUIRE(copy.canonical);
            CHECK(plain == "prefix:" + std::string(copy.text()));
            CHECK(plain == "prefix:" + json::canonical(tree));
            CHECK(kept.id == tree.find("id")->as_string());
            CHECK(kept.whole == members.empty());
            CHECK(kept.text == kept_of(tree, members));
        } else {
            CHECK(plain == "prefix:");  // left as it was
        }
        if (members.empty()) ++(fast ? counts.plain : fits ? counts.general : counts.rejected);
    }
}

// `text` with the first `from` replaced by `to` (which must be there).
std::string edited(std::string text, const std::string& from, const std::string& to) {
    const std::size_t at = text.find(from);
    REQUIRE_MESSAGE(at != std::string::npos, from);
    return text.replace(at, from.size(), to);
}

}  // namespace

TEST_CASE("plain cases: read without a tree exactly when the general path reads them so, with the same copy and kept members") {
    testing::RunFiles files;
    std::vector<std::string> cases;
    for (const char* batch : {"demo-a-humo-3", "demo-a-20", "demo-a-200"}) {
        const json::Value doc = *files.json_of(std::string("synthetic/casos/demo-a/") + batch + ".json");
        for (const json::Value& c : doc.find("casos")->as_array()) cases.push_back(json::disk_form(c));
    }
    REQUIRE(cases.size() == 223);
    Counts counts;
    Prng g("tests/plain-case");
    for (const std::string& c : cases) {
        compare(c, counts);
        compare(json::canonical(json::read(c).value), counts);  // compact
        for (int k = 0; k < 12; ++k) compare(testing::mutated(c, g), counts);
    }
    CHECK(counts.plain > 446);  // every committed case, indented and compact, and the mutations that keep the shape
    CHECK(counts.rejected > 1000);
}

TEST_CASE("plain cases: each edge of the accepted shape, on either side of it") {
    testing::RunFiles files;
    const json::Value doc = *files.json_of("synthetic/casos/demo-a/demo-a-20.json");
    // A case with an adversary, and one of type faltante (its clarifications and its missing fields).
    std::string adversary, missing;
    for (const json::Value& c : doc.find("casos")->as_array()) {
        const std::string text = json::canonical(c);
        if (adversary.empty() && !c.find("adversario")->is_null()) adversary = text;
        if (missing.empty() && c.find("tipo")->as_string() == "faltante") missing = text;
    }
    REQUIRE(!adversary.empty());
    REQUIRE(!missing.empty());
    Counts counts;
    const std::string& m = missing;
    for (const std::string& text : std::vector<std::string>{
             // Texts: the short escapes and non-ASCII are plain; other escapes, or not NFC, are the general path's.
             edited(m, "\"Por ahora", "\"\\\"Por\\\\ \\b\\f\\n\\r\\t ahora"),
             edited(m, "\"Por ahora", "\"\\u00e9Por ahora"),
             edited(m, "\"Por ahora", "\"\\/Por ahora"),
             edited(m, "\"Por ahora", "\"\\ud800Por ahora"),
             edited(m, "\"Por ahora", "\"e\xCC\x81Por ahora"),           // e + combining acute: NFC would compose it
             edited(m, "\"Por ahora", "\"\xE2\x89\xA0\xF0\x9F\x98\x80 Por"),  // ≠ and an emoji: past the quick check's yes
             edited(m, "\"Por ahora", "\"\xC3\xA9\xE4\xB8\xAD\xF4\x8F\xBF\xBFPor"),  // é, 中, U+10FFFF
             // Bad UTF-8 and raw controls: nobody's.
             edited(m, "\"Por ahora", "\"\xC0\x80Por"), edited(m, "\"Por ahora", "\"\xED\xA0\x80Por"),
             edited(m, "\"Por ahora", "\"\xF4\x90\x80\x80Por"), edited(m, "\"Por ahora", "\"\xC3Por"),
             edited(m, "\"Por ahora", "\"\x01Por"), edited(m, "\"Por ahora", "\"\x7FPor"),
             // Texts that may and may not be empty.
             edited(m, "\"semilla\":\"demo-a/caso/A-001\"", "\"semilla\":\"\""),
             edited(m, "\"identificadores_sinteticos\":[", "\"identificadores_sinteticos\":[\"\","),
             // Integers and numbers at their bounds.
             edited(m, "\"edad\":41", "\"edad\":18"), edited(m, "\"edad\":41", "\"edad\":89"), edited(m, "\"edad\":41", "\"edad\":17"),
             edited(m, "\"edad\":41", "\"edad\":90"), edited(m, "\"edad\":41", "\"edad\":41.5"), edited(m, "\"edad\":41", "\"edad\":4.1e1"),
             edited(m, "\"ciclo\":1", "\"ciclo\":0"), edited(m, "\"ciclos_aclaracion_necesarios\":2", "\"ciclos_aclaracion_necesarios\":0"),
             edited(m, "\"ciclos_aclaracion_necesarios\":2", "\"ciclos_aclaracion_necesarios\":null"),
             edited(m, "\"ciclos_aclaracion_necesarios\":2", "\"ciclos_aclaracion_necesarios\":-1"),
             edited(m, "\"confianza_extractor\":0.95", "\"confianza_extractor\":1"),
             edited(m, "\"confianza_extractor\":0.95", "\"confianza_extractor\":0"),
             edited(m, "\"confianza_extractor\":0.95", "\"confianza_extractor\":1.01"),
             edited(m, "\"confianza_extractor\":0.95", "\"confianza_extractor\":0.950"),
             edited(m, "\"costo_estimado\":60", "\"costo_estimado\":null"), edited(m, "\"costo_estimado\":60", "\"costo_estimado\":-60.5"),
             edited(m, "\"costo_estimado\":60", "\"costo_estimado\":1e+21"), edited(m, "\"costo_estimado\":60", "\"costo_estimado\":\"60\""),
             // Words.
             edited(m, "\"sexo\":\"F\"", "\"sexo\":\"X\""), edited(m, "\"decision\":\"aprobar\"", "\"decision\":\"aprobar_parcial\""),
             edited(m, "\"decision\":\"aprobar\"", "\"decision\":\"Aprobar\""), edited(m, "\"causal\":null", "\"causal\":\"f\""),
             edited(m, "\"causal\":null", "\"causal\":\"g\""), edited(m, "\"aporta\":[]", "\"aporta\":[\"costo_estimado\",\"diagnostico\"]"),
             edited(m, "\"aporta\":[]", "\"aporta\":[\"urgencia\"]"),
             edited(m, "\"motivos_escalamiento\":[]", "\"motivos_escalamiento\":[\"modo_texas\"]"),
             edited(m, "\"motivos_escalamiento\":[]", "\"motivos_escalamiento\":[\"otro\"]"),
             edited(m, "\"tipo_atencion\":\"ambulatoria\"", "\"tipo_atencion\":\"urgencia\""),
             edited(m, "\"demo_id\":\"demo-a\"", "\"demo_id\":\"demo-b\""),
             // Id, subtype and version.
             edited(m, "\"id\":\"A-001\"", "\"id\":\"AH-1234\""), edited(m, "\"id\":\"A-001\"", "\"id\":\"A-01\""),
             edited(m, "\"id\":\"A-001\"", "\"id\":\"B-001\""), edited(m, "\"subtipo\":\"faltante_dos_ciclos\"", "\"subtipo\":\"faltante_\""),
             edited(m, "\"subtipo\":\"faltante_dos_ciclos\"", "\"subtipo\":\"faltante\""),
             edited(m, "\"subtipo\":\"faltante_dos_ciclos\"", "\"subtipo\":\"normal_dos_ciclos\""),
             edited(m, "\"version_generador\":\"1.1.0\"", "\"version_generador\":\"1.1\""),
             // Lists.
             edited(m, "\"identificadores_sinteticos\":[", "\"identificadores_sinteticos\":[],\"x\":["),
             edited(m, "\"aclaraciones_simuladas\":[", "\"aclaraciones_simuladas\":[],\"y\":["),
             edited(m, "\"aporta\":[]", "\"aporta\":[,]"),
             // Members: missing, extra, out of order, repeated.
             edited(m, "\"esperado\":", "\"esperadx\":"), edited(m, "\"semilla\":", "\"otra\":1,\"semilla\":"),
             edited(m, "{\"adversario\":null,\"adversario_detalle\":null", "{\"adversario_detalle\":null,\"adversario\":null"),
             edited(m, "{\"adversario\":null,", "{\"adversario\":null,\"adversario\":null,"),
             edited(m, "\"urgencia\":false},\"version_generador\"", "\"urgencia\":false,\"z\":0},\"version_generador\""),
             // The adversary and its detail.
             adversary, edited(adversary, "\"vector\":\"", "\"vector\":\"x"), edited(adversary, "\"carga\":{", "\"carga\":{\"de\":\"x\","),
             // Whitespace anywhere between tokens, and anything after the case.
             " \r\n\t" + m + " \n", m + " x", m + "{}",
         })
        compare(text, counts);
    CHECK(counts.plain >= 20);
    CHECK(counts.general >= 8);
    CHECK(counts.rejected >= 30);
}
