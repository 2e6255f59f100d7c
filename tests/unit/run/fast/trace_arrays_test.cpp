// A trace's steps and edge records read without their tree (core/run/trace_arrays.cpp) against the general
// path: an array scan_steps or scan_edge_records takes must be one the reader reads to a canonical form that
// is what the scanner wrote, whose items fit the trace schema and read back from the tree (read_steps,
// rules::read_recorded_edge) as the scanner typed them. The arrays of our committed runs, pretty and compact,
// mutated at random (a byte inserted, deleted or replaced) and by hand at each boundary of the shape taken;
// the same for pause records (scan_pause_records, read_pauses); then the run reader on a trace whose text
// stops being canonical after its arrays.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "core/json/canonical.hpp"
#include "core/json/reader.hpp"
#include "core/run/internal/schemas.hpp"
#include "core/run/fast/trace_arrays.hpp"
#include "core/run/reader.hpp"
#include "core/common/prng.hpp"
#include "support/mutate.hpp"
#include "support/run_files.hpp"

using namespace planlang;

namespace {

struct Counts {
    int typed = 0;     // taken by the scanner
    int general = 0;   // declined, read by the general path to records that fit
    int rejected = 0;  // not an array of good records at all
};

// What the general path makes of the bytes a scanner took (the whole text when it declined): read with a
// canonical copy, an array.
struct General {
    std::string_view taken;
    json::Value tree;
    json::CanonicalCopy copy;
    bool array = false;

    General(const std::string& text, std::size_t used) : taken(std::string_view(text).substr(0, used ? used : text.size())) {
        array = !json::read_into(tree, taken, json::ReadLimits{}, &copy).has_value() && tree.is_array();
    }
    // Counts a declined text, or checks what the scanner took: it fits, the same canonical copy, up to ']'.
    bool typed(std::size_t used, bool fits, std::string_view written, Counts& counts) const {
        if (used == 0) {
            ++(fits ? counts.general : counts.rejected);
            return false;
        }
        ++counts.typed;
        REQUIRE(fits);
        REQUIRE(copy.canonical);
        CHECK(written == copy.text());
        CHECK(taken.back() == ']');  // the scanner stops at the array's end: what follows is the document's
        return true;
    }
};

// A scanner (scan_steps, scan_edge_records, scan_pause_records) run on `text` with `depth` levels allowed: the
// bytes it took, its items and canonical form.
template <typename Item, typename Scan>
std::size_t scanned(const std::string& text, Scan scan, std::vector<Item>& typed, std::string& canonical, std::size_t depth = 3) {
    canonical.assign(text.size(), '\0');
    std::size_t written = 0;
    const std::size_t used = scan(text, depth, typed, canonical.data(), written);
    canonical.resize(used ? written : 0);
    return used;
}

// Both ways on one text, checked against each other.
void compare(const std::string& text, Counts& counts) {
    CAPTURE(text);
    std::vector<rules::RecordedEdge> typed;
    std::string canonical;
    const std::size_t used = scanned(text, run::internal::scan_edge_records, typed, canonical);
    const General g(text, used);
    const json::Value& tree = g.tree;
    bool fits = g.array;
    for (std::size_t i = 0; fits && i < tree.as_array().size(); ++i) fits = run::internal::check_trace_edge_record(tree.as_array()[i], i).empty();
    if (!g.typed(used, fits, canonical, counts)) return;
    CHECK(canonical == json::canonical(tree));
    REQUIRE(typed.size() == tree.as_array().size());
    rules::RecordedEdge back;
    for (std::size_t i = 0; i < typed.size(); ++i) {
        CAPTURE(i);
        REQUIRE(rules::read_recorded_edge(tree.as_array()[i], back));
        CHECK(back == typed[i]);
    }
}

const std::string kTriplet =
    R"({"desde":"decision","entradas":null,"funcion":null,"inclusivo":false,"operador":"mayor_que","orden_arista":3,"paso":4,)"
    R"("rama_tomada":"pausa_humana","resultado":true,"senal":"costo_estimado","tipo":"tripleta","umbral_aplicado":1000,)"
    R"("valor_declarado":"umbral.U2","valor_observado":1900})";
const std::string kFunction =
    R"({"desde":"decision","entradas":{"modo_texas":false,"propuesta":"aprobar"},"funcion":"niega_en_modo_texas","inclusivo":null,)"
    R"("operador":null,"orden_arista":6,"paso":4,"rama_tomada":"cierre","resultado":false,"senal":null,"tipo":"funcion",)"
    R"("umbral_aplicado":null,"valor_declarado":null,"valor_observado":null})";

// Both ways on the text of a trace's `member` array (pasos, pausas_humanas), taken by `scan` with `depth`
// levels allowed and read back from the tree by `read`; the schema checked in a trace holding the array.
template <typename Item, typename Scan, typename Read>
void compare_in_trace(const std::string& text, Counts& counts, const char* member, Scan scan, Read read, std::size_t depth) {
    CAPTURE(text);
    std::vector<Item> typed;
    std::string canonical;
    const std::size_t used = scanned(text, scan, typed, canonical, depth);
    const General g(text, used);
    bool fits = g.array;
    if (fits) {
        testing::RunFiles files;
        json::Value trace = *files.json_of("synthetic/runs/demo-a/demo-a-humo-3/trazas/AH-001.json");
        *trace.find(member) = g.tree;
        for (const Issue& i : run::internal::check_trace(trace, false)) fits = fits && i.element.rfind(member, 0) != 0;
    }
    if (!g.typed(used, fits, canonical, counts)) return;
    std::vector<Item> back;
    read(g.tree, back);
    CHECK(back == typed);
}

void compare_steps(const std::string& text, Counts& counts) {
    compare_in_trace<run::Step>(text, counts, "pasos", run::internal::scan_steps, run::internal::read_steps, 3);
}

// Pause records with the depth a trace allows below its top.
void compare_pauses(const std::string& text, Counts& counts) {
    compare_in_trace<run::PauseRecord>(text, counts, "pausas_humanas", run::internal::scan_pause_records, run::internal::read_pauses,
                                       json::ReadLimits{}.max_depth - 1);
}

// `compare` on each committed array as written, compact, followed by more of the document (`after`), and
// mutated at random 30 times (seeded by `seed`).
template <typename Compare>
void each_variant(const std::vector<std::string>& arrays, const char* seed, const std::string& after, Counts& counts, Compare compare) {
    Prng g(seed);
    for (const std::string& a : arrays) {
        compare(a, counts);
        compare(json::canonical(json::read(a).value), counts);
        compare(a + after, counts);
        for (int k = 0; k < 30; ++k) compare(testing::mutated(a, g), counts);
    }
}

// `record` with the first `from` replaced by `to`.
std::string with(std::string record, const std::string& from, const std::string& to) {
    const std::size_t at = record.find(from);
    REQUIRE(at != std::string::npos);
    return record.replace(at, from.size(), to);
}

}  // namespace

TEST_CASE("edge records: typed without a tree exactly when the general path reads them so, with the same canonical copy") {
    testing::RunFiles files;
    std::vector<std::string> arrays;
    for (const char* run : {"demo-a-humo-3", "demo-a-20", "demo-a-200-base"}) {
        const std::string dir = std::string("synthetic/runs/demo-a/") + run;
        const json::Value manifest = *files.json_of(dir + "/corrida.json");
        const json::Array& entries = manifest.find("trazas")->as_array();
        for (std::size_t i = 0; i < entries.size() && i < 20; ++i) {  // the first 20 of each run
            const json::Value trace = *files.json_of(dir + "/" + entries[i].find("archivo")->as_string());
            arrays.push_back(json::disk_form(*trace.find("decisiones_de_arista")));
        }
    }
    REQUIRE(arrays.size() > 40);
    Counts counts;
    each_variant(arrays, "tests/edge-records", "\n, \"documento_adverso\": null", counts, compare);
    // By hand: each edge of the shape taken, on either side of it.
    const std::vector<std::string> records = {
        kTriplet,
        kFunction,
        with(kTriplet, "1900", "-2.5"),
        with(kTriplet, "1900", "\"texto\""),
        with(kTriplet, "1900", "true"),
        with(kTriplet, "1900", "null"),
        with(kTriplet, "1900", "0.000001"),
        with(kTriplet, "1900", "0.0000001"),    // canonical form writes 1e-7: the reader's
        with(kTriplet, "1900", "1e5"),
        with(kTriplet, "1900", "1.50"),
        with(kTriplet, "1900", "-0"),
        with(kTriplet, "1900", "01900"),
        with(kTriplet, "1900", "1234567890123456"),
        with(kTriplet, "1900", "{\"a\":1}"),      // the schema allows any value: the reader's
        with(kTriplet, "1900", "[1]"),
        with(kTriplet, "1900", "\"caf\\u00e9\""),
        with(kTriplet, "1900", "\"caf\xC3\xA9\""),
        with(kTriplet, "1900", "\"a/b\""),
        with(kTriplet, "\"mayor_que\"", "\"mayor\""),  // not an operator: the schema rejects it
        with(kTriplet, "\"entradas\":null", "\"entradas\":{}"),
        with(kTriplet, "\"inclusivo\":false", "\"inclusivo\":null"),
        with(kTriplet, "\"senal\":\"costo_estimado\"", "\"senal\":\"\""),
        with(kTriplet, "\"desde\":\"decision\"", "\"desde\":\"\""),
        with(kTriplet, "\"paso\":4", "\"paso\":0"),
        with(kTriplet, "\"paso\":4", "\"paso\":4.0"),
        with(kTriplet, "\"orden_arista\":3", "\"orden_arista\":1.5"),
        with(kTriplet, "\"rama_tomada\":\"pausa_humana\"", "\"rama_tomada\":null"),
        with(kTriplet, "\"rama_tomada\":\"pausa_humana\"", "\"rama_tomada\":\"\""),
        with(kTriplet, "\"resultado\":true", "\"resultado\":1"),
        with(kTriplet, "\"tipo\":\"tripleta\"", "\"tipo\":\"otra\""),
        with(kTriplet, "\"valor_observado\":1900}", "\"valor_observado\":1900,\"extra\":1}"),
        with(kTriplet, "\"umbral_aplicado\":1000,", ""),
        with(kTriplet, "{\"desde\"", "{ \"desde\""),
        with(kFunction, "{\"modo_texas\":false,\"propuesta\":\"aprobar\"}", "{}"),
        with(kFunction, "{\"modo_texas\":false,\"propuesta\":\"aprobar\"}", "{\"propuesta\":\"aprobar\",\"modo_texas\":false}"),
        with(kFunction, "{\"modo_texas\":false,\"propuesta\":\"aprobar\"}", "{\"a\":1,\"a\":2}"),
        with(kFunction, "{\"modo_texas\":false,\"propuesta\":\"aprobar\"}", "{\"a\":{\"b\":1}}"),
        with(kFunction, "\"entradas\":{\"modo_texas\":false,\"propuesta\":\"aprobar\"}", "\"entradas\":null"),
        with(kFunction, "\"umbral_aplicado\":null", "\"umbral_aplicado\":1"),
        with(kFunction, "\"senal\":null", "\"senal\":\"x\""),
        with(kFunction, "\"funcion\":\"niega_en_modo_texas\"", "\"funcion\":\"\""),
    };
    for (const std::string& r : records) {
        compare("[" + r + "]", counts);
        compare("[" + kTriplet + "," + r + "]", counts);
        compare("[\n  " + r + "\n]", counts);
        // Indentation the scanner skips eight bytes at a time: runs of exactly eight, of more, broken by a
        // tab or a carriage return inside a word, and running to the end of the text.
        compare("[\n" + std::string(8, ' ') + r + "\n" + std::string(17, ' ') + "]", counts);
        compare("[\r\n    \t    " + r + "\n   \n        ]", counts);
        compare("[\n" + std::string(5, ' ') + "\r" + std::string(12, ' ') + r + "]", counts);
        compare("[" + r + "\n" + std::string(7, ' '), counts);
        compare("[" + r + "\n" + std::string(23, ' '), counts);
    }
    for (const std::string& text : {std::string("[]"), std::string(" [ ] "), std::string("[" + kTriplet + ",]"), std::string("[" + kTriplet),
                                    std::string("{}"), std::string("null"), std::string("")})
        compare(text, counts);
    Counts spaced;  // a plain record with such indentation is taken, not declined
    compare("[\n" + std::string(8, ' ') + kTriplet + "\n" + std::string(17, ' ') + "]", spaced);
    compare("[\r\n    \t    " + kFunction + "\n   \n        ]", spaced);
    compare("[\n" + std::string(5, ' ') + "\r" + std::string(12, ' ') + kTriplet + "]", spaced);
    CHECK(spaced.typed == 3);
    CHECK(counts.typed > 300);     // the committed records and whitespace noise
    CHECK(counts.general > 20);    // exponents, escapes, non-ASCII, nested values: the general path's
    CHECK(counts.rejected > 500);
}

const std::string kStep =
    R"({"costo_nominal_usd":0.0123,"duracion_ms":1,"error_proveedor":null,"inicio_ms":2,"nodo":"extractor","orden":2,)"
    R"("reintentos_esquema":0,"tipo_nodo":"modelo","tokens":{"entrada":616,"salida":32}})";

TEST_CASE("steps: typed without a tree exactly when the general path reads them so, with the same canonical copy") {
    testing::RunFiles files;
    std::vector<std::string> arrays;
    for (const char* run : {"demo-a-humo-3", "demo-a-20"}) {
        const std::string dir = std::string("synthetic/runs/demo-a/") + run;
        const json::Value manifest = *files.json_of(dir + "/corrida.json");
        const json::Array& entries = manifest.find("trazas")->as_array();
        for (std::size_t i = 0; i < entries.size() && i < 10; ++i) {
            const json::Value trace = *files.json_of(dir + "/" + entries[i].find("archivo")->as_string());
            arrays.push_back(json::disk_form(*trace.find("pasos")));
        }
    }
    Counts counts;
    Prng g("tests/steps");
    for (const std::string& a : arrays) {
        compare_steps(a, counts);
        compare_steps(json::canonical(json::read(a).value), counts);
        for (int k = 0; k < 20; ++k) compare_steps(testing::mutated(a, g), counts);
    }
    for (const std::string& s : std::vector<std::string>{
             kStep,
             with(kStep, "0.0123", "0"),
             with(kStep, "0.0123", "-0.5"),        // out of the schema
             with(kStep, "0.0123", "1e-3"),        // the reader's
             with(kStep, "0.0123", "0.01230"),
             with(kStep, "\"duracion_ms\":1", "\"duracion_ms\":0"),
             with(kStep, "\"duracion_ms\":1", "\"duracion_ms\":01"),
             with(kStep, "\"duracion_ms\":1", "\"duracion_ms\":1.5"),
             with(kStep, "\"error_proveedor\":null", "\"error_proveedor\":\"timeout\""),
             with(kStep, "\"error_proveedor\":null", "\"error_proveedor\":\"otra\""),
             with(kStep, "\"orden\":2", "\"orden\":0"),
             with(kStep, "\"nodo\":\"extractor\"", "\"nodo\":\"\""),
             with(kStep, "\"tipo_nodo\":\"modelo\"", "\"tipo_nodo\":null"),
             with(kStep, "\"tipo_nodo\":\"modelo\"", "\"tipo_nodo\":\"\""),
             with(kStep, "\"tipo_nodo\":\"modelo\"", "\"tipo_nodo\":\"m\u00f3delo\""),
             with(kStep, "\"salida\":32}", "\"salida\":32,\"x\":1}"),
             with(kStep, "\"reintentos_esquema\":0,", ""),
         }) {
        compare_steps("[" + s + "]", counts);
        compare_steps("[ " + kStep + " ,\n " + s + " ]", counts);
    }
    CHECK(counts.typed > 60);
    CHECK(counts.general > 5);
    CHECK(counts.rejected > 100);
}

const std::string kPause =
    R"({"nodo":"pausa_humana","paso":5,"payload":{"aclaraciones":[],"cobertura":{"alto_costo":false,"causal":"b","tope":null},)"
    R"("evidencia":[{"clave":"servicio_excluido","en":"The service is excluded.","es":"El servicio está excluido (causal b)."}],)"
    R"("extraccion":{"confianza":0.81,"costo_estimado":400,"urgencia":false},"motivo":{"es":"la señal propuesta = \"negar\"",)"
    R"("orden_arista":5}},"respuesta_simulada":{"decision":"negar","politica":"sigue_verdad_conocida"},"rol":"auditor"})";

TEST_CASE("pause records: typed without a tree exactly when the general path reads them so, with the same canonical copy") {
    testing::RunFiles files;
    std::vector<std::string> arrays;
    for (const char* run : {"demo-a-humo-3", "demo-a-20", "demo-a-200"}) {
        const std::string dir = std::string("synthetic/runs/demo-a/") + run;
        const json::Value manifest = *files.json_of(dir + "/corrida.json");
        const json::Array& entries = manifest.find("trazas")->as_array();
        for (std::size_t i = 0; i < entries.size() && i < 40; ++i) {
            const json::Value trace = *files.json_of(dir + "/" + entries[i].find("archivo")->as_string());
            if (!trace.find("pausas_humanas")->as_array().empty()) arrays.push_back(json::disk_form(*trace.find("pausas_humanas")));
        }
    }
    REQUIRE(arrays.size() > 20);
    Counts counts;
    each_variant(arrays, "tests/pause-records", "\n, \"resultado\": \"ok\"", counts, compare_pauses);
    const std::string payload = "\"payload\":{\"aclaraciones\":[]";
    for (const std::string& r : std::vector<std::string>{
             kPause,
             with(kPause, "\"paso\":5", "\"paso\":0"),
             with(kPause, "\"paso\":5", "\"paso\":5.0"),
             with(kPause, "\"nodo\":\"pausa_humana\"", "\"nodo\":\"\""),
             with(kPause, "\"nodo\":\"pausa_humana\"", "\"nodo\":\"pausa_humaná\""),  // not plain ASCII: the reader's
             with(kPause, "\"rol\":\"auditor\"", "\"rol\":\"\""),
             with(kPause, "\"rol\":\"auditor\"", "\"rol\":null"),
             with(kPause, "\"decision\":\"negar\"", "\"decision\":\"\""),
             with(kPause, "\"decision\":\"negar\"", "\"decision\":1"),
             with(kPause, "\"politica\":\"sigue_verdad_conocida\"}", "\"politica\":\"x\",\"otra\":1}"),
             with(kPause, payload, "\"payload\":{}"),
             with(kPause, payload, "\"payload\":[]"),
             with(kPause, payload, "\"payload\":null"),
             with(kPause, payload, "\"payload\":{\"\":1,\"aclaraciones\":[]"),                  // an empty key sorts first
             with(kPause, payload, "\"payload\":{\"zz\":1,\"aclaraciones\":[]"),                // out of order: the reader's
             with(kPause, payload, "\"payload\":{\"aclaraciones\":[],\"aclaraciones\":[]"),    // repeated: an error
             with(kPause, payload, "\"payload\":{\"acl\\u0061raciones\":[]"),                  // an escaped key: the reader's
             with(kPause, payload, "\"payload\":{\"aclaraciones\":[[[[{\"a\":[true,false,null,-1.5e-7]}]]]]"),
             with(kPause, payload, "\"payload\":{\"aclaraciones\":[1.50]"),                      // not canonical: the reader's
             with(kPause, payload, "\"payload\":{\"aclaraciones\":[\"caf\\u00e9\"]"),
             with(kPause, payload, "\"payload\":{\"aclaraciones\":[\"e\xCC\x81\"]"),            // not NFC: the reader's
             with(kPause, payload, "\"payload\":{\"aclaraciones\":[\"\xC3\"]"),                  // not UTF-8
             with(kPause, payload, "\"payload\":{\"aclaraciones\":[tru]"),
             with(kPause, payload, "\"payload\":{\"aclaraciones\":[,]"),
             with(kPause, payload, "\"payload\":{\"aclaraciones\":{\"b\":1,\"a\":2}"),
             with(kPause, "\"rol\":\"auditor\"}", "\"rol\":\"auditor\",\"x\":1}"),
             with(kPause, "\"paso\":5,", ""),
         }) {
        compare_pauses("[" + r + "]", counts);
        compare_pauses("[ " + kPause + " ,\n " + r + " ]", counts);
    }
    for (const std::string& text : {std::string("[]"), std::string(" [ ] "), std::string("[" + kPause + ",]"), std::string("{}")})
        compare_pauses(text, counts);
    CHECK(counts.typed > 60);
    CHECK(counts.general > 10);
    CHECK(counts.rejected > 300);
}

TEST_CASE("pause records: a payload nested deeper than the levels allowed declines") {
    std::vector<run::PauseRecord> typed;
    // Five levels: the array, the record, its payload, the payload's evidencia list and the objects in it.
    const std::string text = "[" + kPause + "]";
    std::string canonical(text.size(), '\0');
    std::size_t written = 0;
    CHECK(run::internal::scan_pause_records(text, 3, typed, canonical.data(), written) == 0);
    CHECK(run::internal::scan_pause_records(text, 4, typed, canonical.data(), written) == 0);
    CHECK(run::internal::scan_pause_records(text, 5, typed, canonical.data(), written) == text.size());
    REQUIRE(typed.size() == 1);
    CHECK(typed[0].payload_keys == std::vector<std::string>{"aclaraciones", "cobertura", "evidencia", "extraccion", "motivo"});
    CHECK(typed[0].paso == 5);
    CHECK(typed[0].rol == "auditor");
}

TEST_CASE("edge records: too little depth allowed below the trace declines") {
    std::vector<rules::RecordedEdge> typed;
    const std::string text = "[" + kFunction + "]";
    std::string canonical(text.size(), '\0');
    std::size_t written = 0;
    CHECK(run::internal::scan_edge_records(text, 2, typed, canonical.data(), written) == 0);
    CHECK(run::internal::scan_edge_records(text, 3, typed, canonical.data(), written) == text.size());
}

TEST_CASE("trace arrays: a trace that stops being canonical after its arrays is read again whole, and accepted") {
    // The `tokens` signal written 961.0 instead of 961: the same value, so the same huella, but the canonical
    // copy ends there — after the steps and records were taken. The huella is then written from the tree,
    // which must hold them.
    testing::RunFiles files;
    const std::string dir = "synthetic/runs/demo-a/demo-a-humo-3";
    const std::string path = dir + "/trazas/AH-002.json";
    std::string text = *files.get(path);
    const std::size_t signals = text.find("\"senales\"");
    const std::size_t tokens = text.find("\"tokens\": ", signals);
    REQUIRE(tokens != std::string::npos);
    REQUIRE(text.find("\"pasos\"") < tokens);
    const std::size_t digits = tokens + std::string("\"tokens\": ").size();
    REQUIRE(text[digits] >= '1');
    REQUIRE(text[digits] <= '9');
    text.insert(text.find_first_not_of("0123456789", digits), ".0");
    files.put(path, text);
    run::Request rq;
    rq.main_run = dir;
    const run::ReadResult r = run::read(rq, files.source(), nullptr);
    std::string motives;
    for (const run::Motive& m : r.motivos) motives += m.codigo + " " + m.archivo + " " + m.detalle.en + "\n";
    INFO(motives);
    CHECK(r.ok);
}
