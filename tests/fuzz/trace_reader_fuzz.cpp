// libFuzzer target: the run reader (core/run/reader.hpp) with one trace file's bytes replaced by the input,
// inside the otherwise valid, in-memory smoke run (synthetic/runs/demo-a/demo-a-humo-3: its manifest, graph,
// ramas, the other two traces, the plan, the batch and the world, read once from the source tree). Each
// input is read twice: as given, and — when it parses as a JSON object — re-sealed (its own huella and the
// manifest's entry for it recomputed, the manifest re-sealed), so that the checks after the fingerprints
// (references, TRAZA_MALFORMADA, casos_con_error) are reached too. Properties, not just "no crash":
//  - the accelerator changes nothing (core/run/internal/fast_paths.hpp): the re-sealed variant read with
//    Request::fast_paths on and off gives the same motives, codes, files and details, and the sink the same
//    traces (trees without the arrays the accelerator may take, and the typed arrays); ok ⇔ no motive;
//  - every motive names the fuzzed trace or the manifest, with a code of §7 and both details;
//  - the sink gets begin once and every trace that passed its checks: all three when ok, never the fuzzed
//    one when a motive names it.
// An accepted (re-sealed) input is also verified and rendered in both languages: no crash, a sealed report.
// And the trace schema's canonical-order shortcut changes no issue: check_trace with and without it agree
// (for demo A and for the adherence coach's extension; seeds adherencia-*.json).
// The source tree is found from this file's path (__FILE__), or from $PLANLANG_SOURCE_DIR.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "core/json/canonical.hpp"
#include "core/json/fingerprint.hpp"
#include "core/json/reader.hpp"
#include "core/report/markdown.hpp"
#include "core/run/internal/schemas.hpp"
#include "core/run/reader.hpp"
#include "core/verify/verifier.hpp"

using namespace planlang;

namespace {

void require(bool condition) {
    if (!condition) std::abort();
}

const std::string kRun = "synthetic/runs/demo-a/demo-a-humo-3";
const std::string kManifest = kRun + "/corrida.json";
const std::string kTrace = kRun + "/trazas/AH-002.json";  // the fuzzed file (second in the manifest)

std::string source_root() {
    if (const char* env = std::getenv("PLANLANG_SOURCE_DIR")) return env;
    std::string here = __FILE__;  // <root>/tests/fuzz/trace_reader_fuzz.cpp
    for (int i = 0; i < 3; ++i) here = here.substr(0, here.rfind('/'));
    return here;
}

std::map<std::string, std::string>& files() {
    static std::map<std::string, std::string> f;
    return f;
}
json::Value& manifest() {
    static json::Value m;
    return m;
}

void load(const std::string& relative) {
    std::ifstream in(source_root() + "/" + relative, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    require(in.good() || in.eof());
    files()[relative] = s.str();
    require(!files()[relative].empty());
}

struct Sink : run::TraceSink {
    int begins = 0;
    std::vector<std::string> traces;
    std::vector<std::string> trees;  // canonical, without the three arrays
    std::vector<std::vector<run::Step>> steps;
    std::vector<std::vector<rules::RecordedEdge>> records;
    std::vector<std::vector<run::PauseRecord>> pauses;
    void begin(const run::Inputs&) override { ++begins; }
    void run(const run::RunHeader&) override {}
    void trace(const run::RunHeader&, const run::Trace& t) override {
        const json::Value* id = t.tree.find("caso_id");
        require(id && id->is_string());
        traces.push_back(id->as_string());
        json::Value tree = t.tree;
        for (const char* key : {"pasos", "decisiones_de_arista", "pausas_humanas"})
            if (json::Value* v = tree.find(key)) *v = json::Value();
        trees.push_back(json::canonical(tree));
        steps.push_back(t.steps);
        records.push_back(t.records);
        pauses.push_back(t.pauses);
    }
    bool same(const Sink& o) const {
        return begins == o.begins && traces == o.traces && trees == o.trees && steps == o.steps && records == o.records && pauses == o.pauses;
    }
};

const char* const kCodes[] = {"PLAN_INVALIDO", "ESQUEMA", "HUELLA_NO_COINCIDE", "REFERENCIA_ROTA", "TRAZA_MALFORMADA",
                              "CORRIDA_INCOMPATIBLE", "LOTE_INVALIDO"};

// `twice`: read a second time with the reference reader only and require the same result (determinism, and
// fast == reference); once is enough for the raw variant, whose deeper paths the re-sealed variant covers.
void check(const std::map<std::string, std::string>& overlay, bool twice = true) {
    const run::FileSource source = [&](const std::string& path) -> std::optional<std::string> {
        if (auto it = overlay.find(path); it != overlay.end()) return it->second;
        if (auto it = files().find(path); it != files().end()) return it->second;
        return std::nullopt;
    };
    run::Request rq;
    rq.main_run = kRun;
    Sink a, b;
    const run::ReadResult first = run::read(rq, source, &a);
    run::Request reference = rq;
    reference.fast_paths = false;
    const run::ReadResult second = twice ? run::read(reference, source, &b) : first;
    if (!twice) b = a;
    require(first.ok == first.motivos.empty());
    require(first.motivos.size() == second.motivos.size());
    bool names_trace = false;
    for (std::size_t i = 0; i < first.motivos.size(); ++i) {
        const run::Motive& m = first.motivos[i];
        const run::Motive& n = second.motivos[i];
        require(m.codigo == n.codigo && m.archivo == n.archivo && m.detalle.es == n.detalle.es && m.detalle.en == n.detalle.en);
        require(!m.detalle.es.empty() && !m.detalle.en.empty());
        bool known = false;
        for (const char* code : kCodes) known = known || m.codigo == code;
        require(known);
        require(m.archivo == kTrace || m.archivo == kManifest);
        names_trace = names_trace || m.archivo == kTrace;
    }
    require(a.begins == 1 && a.same(b));
    if (first.ok) require(a.traces == (std::vector<std::string>{"AH-001", "AH-002", "AH-003"}));
    if (names_trace) require(a.traces.size() <= 2);
    // An accepted input is measured without a crash: the verifier and both Markdown reports (issue 5).
    if (first.ok && twice) {
        const verify::Outcome o = verify::verify(rq, source);
        require(o.ok && o.informe.is_object() && o.informe.find("huella"));
        for (const report::Lang lang : {report::Lang::es, report::Lang::en}) {
            const std::string md = report::markdown(o.informe, lang);
            require(!md.empty() && md.back() == '\n');
        }
    }
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    for (const char* f : {"/corrida.json", "/grafo.json", "/ramas-esperadas.json", "/trazas/AH-001.json", "/trazas/AH-002.json",
                          "/trazas/AH-003.json"})
        load(kRun + f);
    load("plans/demo-a/plan-demo-a.json");
    load("synthetic/casos/demo-a/demo-a-humo-3.json");
    load("synthetic/plan-beneficios/plan-beneficios-demo-a.json");
    json::ReadResult m = json::read(files()[kManifest]);
    require(m.ok());
    manifest() = std::move(m.value);
    // The unmodified run is accepted (else every finding below would be noise).
    check({});
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string bytes(reinterpret_cast<const char*>(data), size);
    check({{kTrace, bytes}}, false);
    // Re-sealed: the trace's huella and the manifest's entry for it recomputed, the manifest re-sealed.
    json::ReadResult parsed = json::read(bytes);
    if (!parsed.ok()) return 0;
    require(run::internal::check_trace(parsed.value, false) == run::internal::check_trace(parsed.value, true));
    // The adherence coach's trace extension (conversacion, typed signals) under the same shortcut property.
    require(run::internal::check_trace(parsed.value, false, false, false, false, "adherencia") ==
            run::internal::check_trace(parsed.value, true, false, false, false, "adherencia"));
    if (!parsed.value.is_object()) return 0;
    json::Value trace = std::move(parsed.value);
    const std::string h = json::huella(trace);
    bool replaced = false;
    for (json::Member& member : trace.as_object())
        if (member.key == "huella") {
            member.value = json::Value(h);
            replaced = true;
        }
    if (!replaced) trace.as_object().push_back(json::Member{"huella", json::Value(h)});
    json::Value m = manifest();
    *m.find("trazas")->as_array()[1].find("huella") = json::Value(h);
    *m.find("huella") = json::Value(json::huella(m));
    check({{kTrace, json::disk_form(trace)}, {kManifest, json::disk_form(m)}});
    return 0;
}
