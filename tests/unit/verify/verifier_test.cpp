// The verifier (traces-and-verifier.md §6–§14) on our committed runs, with expectations recomputed here from
// the trace and batch files themselves, and on in-memory mutations of the smoke run.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <set>

#include "core/json/canonical.hpp"
#include "core/json/fingerprint.hpp"
#include "core/json/reader.hpp"
#include "core/report/markdown.hpp"
#include "core/verify/seeded_gaps.hpp"
#include "core/verify/verifier.hpp"
#include "support/files.hpp"

using namespace planlang;
using json::Value;

namespace {

const std::string kRuns = "synthetic/runs/demo-a/";

// Files under the source tree, some replaced in memory.
struct Files {
    std::map<std::string, std::string> replaced;
    run::FileSource source() const {
        return [this](const std::string& path) -> std::optional<std::string> {
            auto it = replaced.find(path);
            if (it != replaced.end()) return it->second;
            const std::string full = testing::source_path(path);
            if (!testing::file_exists(full)) return std::nullopt;
            return testing::read_text(full);
        };
    }
};

Value load(const std::string& relative) { return json::read(testing::read_text(testing::source_path(relative))).value; }

const Value& at(const Value& v, std::string_view key) {
    static const Value kNull;
    const Value* x = v.is_object() ? v.find(key) : nullptr;
    return x ? *x : kNull;
}

const Value& by_id(const Value& list, const std::string& id) {
    for (const Value& x : list.as_array())
        if (at(x, "id") == Value(id)) return x;
    static const Value kNull;
    return kNull;
}

verify::Outcome run_verify(const run::Request& r, const Files& f = {}) { return verify::verify(r, f.source()); }

run::Request request(const std::string& main, std::vector<std::string> reps = {}, std::optional<std::string> base = {}) {
    run::Request r;
    r.main_run = kRuns + main;
    for (auto& x : reps) r.repetitions.push_back(kRuns + x);
    if (base) r.baseline = kRuns + *base;
    return r;
}

// A copy of the smoke run as repetition `-rN` (run id, traces and ramas renamed and re-sealed).
void add_repetition_copy(Files& f, const std::string& main, int n) {
    const std::string from = kRuns + main;
    const std::string to = from + "-r" + std::to_string(n);
    Value manifest = load(from + "/corrida.json");
    const std::string id = at(manifest, "corrida_id").as_string() + "-r" + std::to_string(n);
    auto seal = [](Value& v) { *v.find("huella") = Value(json::huella(v)); };
    Value ramas = load(from + "/ramas-esperadas.json");
    *ramas.find("corrida_id") = Value(id);
    seal(ramas);
    f.replaced[to + "/ramas-esperadas.json"] = json::disk_form(ramas);
    f.replaced[to + "/grafo.json"] = testing::read_text(testing::source_path(from + "/grafo.json"));
    for (Value& t : manifest.find("trazas")->as_array()) {
        Value trace = load(from + "/" + at(t, "archivo").as_string());
        *trace.find("corrida_id") = Value(id);
        seal(trace);
        f.replaced[to + "/" + at(t, "archivo").as_string()] = json::disk_form(trace);
        *t.find("huella") = at(trace, "huella");
    }
    *manifest.find("corrida_id") = Value(id);
    *manifest.find("ramas_esperadas")->find("huella") = at(ramas, "huella");
    seal(manifest);
    f.replaced[to + "/corrida.json"] = json::disk_form(manifest);
}

// Whether a trace's extraction equals the batch truth (C5's condition), read straight from the files.
bool extraction_right(const std::string& run, const std::string& caso, const Value& batch) {
    const Value trace = load(kRuns + run + "/trazas/" + caso + ".json");
    for (const Value& c : at(batch, "casos").as_array())
        if (at(c, "id") == Value(caso)) return json::canonical(at(at(trace, "extraccion"), "campos")) == json::canonical(at(at(c, "verdad_conocida"), "campos"));
    return false;
}

}  // namespace

TEST_CASE("verify: the smoke run is read, measured and sealed; the same inputs give the same bytes") {
    const auto a = run_verify(request("demo-a-humo-3"));
    REQUIRE(a.ok);
    const auto b = run_verify(request("demo-a-humo-3"));
    CHECK(json::canonical(a.informe) == json::canonical(b.informe));
    CHECK(at(a.informe, "huella") == Value(json::huella(a.informe)));
    CHECK(at(a.informe, "formato") == Value("planlang-informe/v1"));
    // An unexercised node is an alert, never blocking (§11.1).
    bool unexercised = false;
    for (const Value& f : at(at(a.informe, "contrato_de_grafo"), "hallazgos").as_array())
        if (at(f, "codigo") == Value("NODO_NO_EJERCITADO")) {
            unexercised = true;
            CHECK(at(f, "severidad") == Value("alerta"));
        }
    CHECK(unexercised);
    CHECK(at(at(a.informe, "veredicto"), "valor") == Value("cumple_con_alertas"));
}

TEST_CASE("verify: pass^k — incompleto with the main run alone, incumple with r2 and r3, cumple when every run passes") {
    const Value batch = load("synthetic/casos/demo-a/demo-a-20.json");
    {
        const auto o = run_verify(request("demo-a-20"));
        REQUIRE(o.ok);
        const Value& c5 = by_id(at(o.informe, "criterios"), "C5");
        CHECK(at(at(c5, "k"), "observado") == Value(1));
        CHECK(at(at(c5, "k"), "aplica") == Value(true));  // n_lote 20 and lote_demo_20
        if (at(c5, "valor_medido").as_number() >= 0.9) CHECK(at(c5, "estado") == Value("incompleto"));
        else CHECK(at(c5, "estado") == Value("incumple"));
    }
    const auto o = run_verify(request("demo-a-20", {"demo-a-20-r2", "demo-a-20-r3"}));
    REQUIRE(o.ok);
    const Value& c5 = by_id(at(o.informe, "criterios"), "C5");
    // Independently: a case passes iff its extraction is right in all three runs.
    std::set<std::string> expected_failing;
    for (const Value& caso : at(batch, "casos").as_array()) {
        const std::string id = at(caso, "id").as_string();
        if (at(at(caso, "verdad_conocida"), "presente") != Value(true)) continue;
        for (const char* r : {"demo-a-20", "demo-a-20-r2", "demo-a-20-r3"})
            if (!extraction_right(r, id, batch)) expected_failing.insert(id);
    }
    std::set<std::string> failing;
    for (const Value& x : at(c5, "casos_que_incumplen").as_array()) failing.insert(x.as_string());
    CHECK(failing == expected_failing);
    const double n = at(c5, "n_poblacion").as_number();
    CHECK(at(c5, "valor_medido").as_number() == doctest::Approx((n - static_cast<double>(expected_failing.size())) / n).epsilon(0.0001));
    CHECK(at(c5, "estado") == Value(at(c5, "valor_medido").as_number() >= 0.9 ? "cumple" : "incumple"));

    Files f;
    add_repetition_copy(f, "demo-a-humo-3", 2);
    add_repetition_copy(f, "demo-a-humo-3", 3);
    const auto ok = run_verify(request("demo-a-humo-3", {"demo-a-humo-3-r2", "demo-a-humo-3-r3"}), f);
    REQUIRE(ok.ok);
    const Value& c5b = by_id(at(ok.informe, "criterios"), "C5");
    CHECK(at(at(c5b, "k"), "observado") == Value(3));
    CHECK(at(at(c5b, "k"), "aplica") == Value(false));  // n_lote 3 is not lote_demo_20
    CHECK(at(c5b, "estado") == Value("cumple"));
}

TEST_CASE("verify: the 200-case run with its baseline — S3 accuracy and median latency recomputed from the traces") {
    const auto o = run_verify(request("demo-a-200", {}, "demo-a-200-base"));
    REQUIRE(o.ok);
    const Value batch = load("synthetic/casos/demo-a/demo-a-200.json");
    auto accuracy = [&](const std::string& run) {
        int right = 0, n = 0;
        for (const Value& caso : at(batch, "casos").as_array()) {
            const Value trace = load(kRuns + run + "/trazas/" + at(caso, "id").as_string() + ".json");
            const Value& s = at(trace, "senales");
            right += at(s, "decision_final") == at(at(caso, "verdad_conocida"), "decision") &&
                     at(s, "pausa_humana") == at(at(caso, "verdad_conocida"), "debe_escalar");
            ++n;
        }
        return std::round(10000.0 * right / n) / 10000.0;
    };
    const Value& s3 = by_id(at(o.informe, "supuestos"), "S3");
    CHECK(at(at(s3, "metricas"), "exactitud").as_number() == accuracy("demo-a-200"));
    CHECK(at(at(s3, "metricas"), "exactitud_base").as_number() == accuracy("demo-a-200-base"));
    CHECK(at(at(s3, "comparacion"), "corrida_base") == Value("demo-a-200-base"));
    // RF-09.2: both runs recomputed, their fingerprints equal the files'.
    for (const Value& r : at(at(o.informe, "contrato_de_grafo"), "rf_09_2").as_array()) {
        CHECK(at(r, "coincide") == Value(true));
        CHECK(at(r, "discrepancias") == Value(0));
    }
}

TEST_CASE("verify: on tasks (run here backwards, one at a time) the report is the sequential one, byte for byte") {
    // With a ParallelFor, traces are prepared ahead and the calibration bootstraps are drawn on tasks of
    // their own while criteria, risks with contract and gaps, and the playground with the reproducibility
    // card are made on three more; without one, assumptions() draws them. Backwards, the playground comes
    // first, both bootstraps after the other stages and the ECE one last.
    std::vector<std::size_t> seen;
    run::Request r = request("demo-a-200", {}, "demo-a-200-base");
    const auto sequential = run_verify(r);
    r.parallel = [&seen](std::size_t n, const std::function<void(std::size_t)>& task) {
        seen.push_back(n);
        for (std::size_t i = n; i-- > 0;) task(i);
    };
    const auto on_tasks = run_verify(r);
    REQUIRE(sequential.ok);
    REQUIRE(on_tasks.ok);
    CHECK(json::canonical(on_tasks.informe) == json::canonical(sequential.informe));
    CHECK(std::count(seen.begin(), seen.end(), std::size_t{5}) == 1);  // the stages after the traces
    const Value& s1 = by_id(at(at(sequential.informe, "complementos"), "supuestos"), "S1");
    CHECK(at(at(s1, "bootstrap95"), "ece").is_object());
    CHECK(at(at(s1, "bootstrap95"), "auroc").is_object());
}

TEST_CASE("verify: a broken input is rejected with every reason and nothing measured") {
    Files f;
    const std::string dir = kRuns + "demo-a-humo-3";
    std::string t = testing::read_text(testing::source_path(dir + "/trazas/AH-001.json"));
    t.replace(t.find("\"tokens\": "), 10, "\"tokens\": 1, \"x\": ");
    f.replaced[dir + "/trazas/AH-001.json"] = t;
    const auto o = run_verify(request("demo-a-humo-3"), f);
    CHECK_FALSE(o.ok);
    CHECK_FALSE(o.motivos.empty());
    CHECK(o.informe.is_null());
}

TEST_CASE("verify: an absolute criterion that fails and a severity-9 risk make the verdict no_cumple") {
    Files f;
    const std::string dir = kRuns + "demo-a-humo-3";
    Value trace = load(dir + "/trazas/AH-003.json");
    *trace.find("senales")->find("pausa_humana") = Value(false);
    *trace.find("huella") = Value(json::huella(trace));
    f.replaced[dir + "/trazas/AH-003.json"] = json::disk_form(trace);
    Value manifest = load(dir + "/corrida.json");
    for (Value& e : manifest.find("trazas")->as_array())
        if (at(e, "caso_id") == Value("AH-003")) *e.find("huella") = at(trace, "huella");
    *manifest.find("huella") = Value(json::huella(manifest));
    f.replaced[dir + "/corrida.json"] = json::disk_form(manifest);
    const auto o = run_verify(request("demo-a-humo-3"), f);
    REQUIRE(o.ok);
    CHECK(at(by_id(at(o.informe, "criterios"), "C1"), "estado") == Value("incumple"));
    CHECK(at(by_id(at(o.informe, "riesgos"), "R1"), "estado") == Value("ocurrio"));
    CHECK(at(at(o.informe, "veredicto"), "valor") == Value("no_cumple"));
    CHECK(at(at(o.informe, "veredicto"), "bloqueantes").as_array().size() >= 2);
    const Value& rec = at(at(o.informe, "resumen"), "recomendacion");
    CHECK(at(rec, "en").as_string().find("C1") != std::string::npos);
}

TEST_CASE("report: Markdown in both languages — nine sections, decimal comma in Spanish, final newline") {
    const auto o = run_verify(request("demo-a-200", {}, "demo-a-200-base"));
    REQUIRE(o.ok);
    for (auto lang : {report::Lang::es, report::Lang::en}) {
        const std::string md = report::markdown(o.informe, lang);
        CAPTURE(md.substr(0, 200));
        CHECK(md.back() == '\n');
        std::size_t sections = 0;
        for (std::size_t at_ = md.find("\n## "); at_ != std::string::npos; at_ = md.find("\n## ", at_ + 1)) ++sections;
        CHECK(sections == 9);
        CHECK(md.find(at(o.informe, "huella").as_string()) != std::string::npos);
    }
    const std::string es = report::markdown(o.informe, report::Lang::es);
    const std::string en = report::markdown(o.informe, report::Lang::en);
    CHECK(es.find(" %") != std::string::npos);
    CHECK(en.find(" %") == std::string::npos);
    CHECK(report::cell("a|b\nc") == "a\\|b c");
}

TEST_CASE("m9: every seed detected on the clean smoke run, the control clean") {
    run::Request r;
    r.main_run = kRuns + "demo-a-humo-3";
    const auto s = verify::run_seeded_gaps(r, Files{}.source());
    CHECK(s.control_limpio);
    CHECK(s.semillas.size() >= 15);
    for (const auto& seed : s.semillas) {
        CAPTURE(seed.numero);
        CAPTURE(seed.evidencia.en);
        CHECK(seed.detectada);
    }
    CHECK(s.ok());
}

TEST_CASE("m9 on the adherence coach's smoke run: its two seeds detected, the control clean") {
    run::Request r;
    r.main_run = "synthetic/runs/adherencia/adherencia-humo-3";
    const auto s = verify::run_seeded_gaps(r, Files{}.source());
    CHECK_FALSE(s.no_es_humo);
    CHECK(s.control_limpio);
    REQUIRE(s.semillas.size() == 2);
    for (const auto& seed : s.semillas) {
        CAPTURE(seed.numero);
        CAPTURE(seed.evidencia.en);
        CHECK(seed.nuestra);
        CHECK(seed.detectada);
    }
    CHECK(s.ok());
}

TEST_CASE("verify: RF-09.2 gives the same recomputed huella whether the traces come in case order or not") {
    // In case-id order the visits are hashed as they come; in any other order they are kept and sorted.
    const std::string dir = kRuns + "demo-a-20";
    Files f;
    Value manifest = load(dir + "/corrida.json");
    json::Array& trazas = manifest.find("trazas")->as_array();
    std::reverse(trazas.begin(), trazas.end());
    *manifest.find("huella") = Value(json::huella(manifest));
    f.replaced[dir + "/corrida.json"] = json::disk_form(manifest);
    const auto ordered = run_verify(request("demo-a-20"));
    const auto reversed = run_verify(request("demo-a-20"), f);
    REQUIRE(ordered.ok);
    REQUIRE(reversed.ok);
    const Value& a = at(at(ordered.informe, "contrato_de_grafo"), "rf_09_2");
    const Value& b = at(at(reversed.informe, "contrato_de_grafo"), "rf_09_2");
    REQUIRE(a.as_array().size() == 1);
    CHECK(at(a.as_array()[0], "coincide") == Value(true));
    CHECK(at(a.as_array()[0], "huella_typescript") == at(a.as_array()[0], "huella_python"));
    CHECK(json::canonical(a) == json::canonical(b));
}

namespace {

// ramas-esperadas.json edited and re-sealed (its own huella and the manifest's reference), the traces untouched.
Files with_ramas(const std::function<void(Value&)>& edit) {
    const std::string dir = kRuns + "demo-a-humo-3";
    Files f;
    Value ramas = load(dir + "/ramas-esperadas.json");
    edit(ramas);
    *ramas.find("huella") = Value(json::huella(ramas));
    f.replaced[dir + "/ramas-esperadas.json"] = json::disk_form(ramas);
    Value manifest = load(dir + "/corrida.json");
    *manifest.find("ramas_esperadas")->find("huella") = at(ramas, "huella");
    *manifest.find("huella") = Value(json::huella(manifest));
    f.replaced[dir + "/corrida.json"] = json::disk_form(manifest);
    return f;
}

std::vector<std::string> finding_codes(const verify::Outcome& o) {
    std::vector<std::string> codes;
    for (const Value& h : at(at(o.informe, "contrato_de_grafo"), "hallazgos").as_array()) codes.push_back(at(h, "codigo").as_string());
    return codes;
}

}  // namespace

TEST_CASE("verify: DERIVA_ENTRE_INTERPRETES — a sealed ramas file that is not the recomputation of the traces") {
    // The committed file is our simulator's own recomputation, so recomputing it from the traces gives its
    // huella: no drift. One visit's branch changed and the file re-sealed: the reader accepts it (every huella
    // matches) and the traces still agree with their own records (no RAMA_IRREPRODUCIBLE), but the recomputed
    // object no longer has the file's huella: the two interpreters drifted. `fuente` is copied into the
    // recomputation (traces-and-verifier.md §11), so another `fuente` alone is no drift.
    const Value original = load(kRuns + "demo-a-humo-3/ramas-esperadas.json");
    const auto clean = run_verify(request("demo-a-humo-3"));
    REQUIRE(clean.ok);
    const Value& rf_clean = at(at(clean.informe, "contrato_de_grafo"), "rf_09_2").as_array().at(0);
    CHECK(at(rf_clean, "huella_typescript") == at(original, "huella"));
    const std::vector<std::string> clean_codes = finding_codes(clean);
    CHECK(std::count(clean_codes.begin(), clean_codes.end(), "DERIVA_ENTRE_INTERPRETES") == 0);

    const Files changed = with_ramas([](Value& r) { *r.find("visitas")->as_array().at(0).find("rama_tomada") = Value("pausa_humana"); });
    const auto drift = run_verify(request("demo-a-humo-3"), changed);
    REQUIRE(drift.ok);
    const std::vector<std::string> codes = finding_codes(drift);
    CHECK(std::count(codes.begin(), codes.end(), "DERIVA_ENTRE_INTERPRETES") == 1);
    CHECK(std::count(codes.begin(), codes.end(), "RAMA_IRREPRODUCIBLE") == 0);
    const Value& rf = at(at(drift.informe, "contrato_de_grafo"), "rf_09_2").as_array().at(0);
    CHECK(at(rf, "coincide") == Value(false));
    CHECK(at(rf, "discrepancias") == Value(0.0));
    CHECK(at(rf, "huella_typescript") == at(original, "huella"));   // recomputed from the untouched traces
    CHECK(at(rf, "huella_python") != at(original, "huella"));       // the edited file's own
    CHECK(at(at(drift.informe, "veredicto"), "valor") == Value("no_cumple"));  // a blocking finding

    const Files other_source = with_ramas([](Value& r) { *r.find("fuente") = Value("otro intérprete"); });
    const auto same = run_verify(request("demo-a-humo-3"), other_source);
    REQUIRE(same.ok);
    const std::vector<std::string> same_codes = finding_codes(same);
    CHECK(std::count(same_codes.begin(), same_codes.end(), "DERIVA_ENTRE_INTERPRETES") == 0);
    CHECK(at(at(at(same.informe, "contrato_de_grafo"), "rf_09_2").as_array().at(0), "coincide") == Value(true));
}

TEST_CASE("verify: unusable replies (§10) — empty, starting with { or [, or holding \"placeholder\" in any case") {
    Files f;
    const std::string dir = kRuns + "demo-a-20";
    Value manifest = load(dir + "/corrida.json");
    // Three replies made unusable, two that stay usable ("placehold" is not the word; a brace inside is fine).
    const std::vector<std::pair<std::string, std::pair<const char*, const char*>>> replies = {
        {"A-001", {"es", "Su respuesta: PlaceHolder pendiente"}},
        {"A-002", {"en", "  \n[\"a\", \"b\"]"}},
        {"A-003", {"es", " \t "}},
        {"A-004", {"en", "A placehold reply"}},
        {"A-005", {"es", "Texto con {llaves} dentro"}},
    };
    for (const auto& [caso, reply] : replies) {
        Value trace = load(dir + "/trazas/" + caso + ".json");
        *trace.find("salida_final")->find(reply.first) = Value(std::string(reply.second));
        *trace.find("huella") = Value(json::huella(trace));
        f.replaced[dir + "/trazas/" + caso + ".json"] = json::disk_form(trace);
        for (Value& e : manifest.find("trazas")->as_array())
            if (at(e, "caso_id") == Value(caso)) *e.find("huella") = at(trace, "huella");
    }
    *manifest.find("huella") = Value(json::huella(manifest));
    f.replaced[dir + "/corrida.json"] = json::disk_form(manifest);
    const auto o = run_verify(request("demo-a-20", {}, "demo-a-20-base"), f);
    REQUIRE(o.ok);
    const Value& s3 = by_id(at(o.informe, "supuestos"), "S3");
    bool found = false;
    for (const Value& l : at(s3, "limitaciones").as_array())
        if (at(l, "en").is_string() && at(l, "en").as_string().find("unusable replies in the multi-agent run") != std::string::npos) {
            CHECK(at(l, "en").as_string() == "3 unusable replies in the multi-agent run");
            found = true;
        }
    CHECK(found);
}

TEST_CASE("verify::calibration: the samples are each case's stated confidence and whether its extraction was right") {
    const verify::CalibrationOutcome o = verify::calibration(request("demo-a-20"), Files{}.source());
    REQUIRE(o.ok);
    REQUIRE(o.calibraciones.size() == 1);
    CHECK(o.calibraciones[0].supuesto == "S1");
    // Read independently from the files: every case of S1's population (`verdad_conocida.presente`, the plan's
    // poblacion), in id order, whose trace states a numeric confidence (A-017 states one but has no truth).
    const Value batch = load("synthetic/casos/demo-a/demo-a-20.json");
    const Value manifest = load(kRuns + std::string("demo-a-20/corrida.json"));
    std::vector<std::pair<std::string, verify::Sample>> expected;
    for (const Value& id : at(manifest, "casos_ejecutados").as_array()) {
        const Value trace = load(kRuns + std::string("demo-a-20/trazas/") + id.as_string() + ".json");
        const Value& conf = at(at(trace, "senales"), "senal_confianza");
        bool present = false;
        for (const Value& c : at(batch, "casos").as_array())
            if (at(c, "id") == id) present = at(at(c, "verdad_conocida"), "presente") == Value(true);
        if (conf.is_number() && present) expected.push_back({id.as_string(), verify::Sample{conf.as_number(), extraction_right("demo-a-20", id.as_string(), batch)}});
    }
    std::sort(expected.begin(), expected.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    const std::vector<verify::Sample>& got = o.calibraciones[0].muestras;
    REQUIRE(got.size() == expected.size());
    for (std::size_t i = 0; i < got.size(); ++i) {
        INFO(expected[i].first);
        CHECK(got[i].confianza == expected[i].second.confianza);
        CHECK(got[i].correcta == expected[i].second.correcta);
    }
    // And they are the report's sample: its n and its ECE.
    const auto report = run_verify(request("demo-a-20"));
    REQUIRE(report.ok);
    for (const Value& s : at(report.informe, "supuestos").as_array()) {
        if (at(s, "id") != Value("S1")) continue;
        CHECK(at(s, "n").as_number() == static_cast<double>(got.size()));
        CHECK(at(at(s, "metricas"), "ece").as_number() == verify::ece(got).value());
    }
}
