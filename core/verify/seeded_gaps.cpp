// spec/traces-and-verifier.md §16: the seeded-gap suite on the clean smoke run.
#include "core/verify/seeded_gaps.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <set>

#include "core/json/canonical.hpp"
#include "core/json/fingerprint.hpp"
#include "core/json/reader.hpp"
#include "core/verify/verifier.hpp"

namespace planlang::verify {

using json::Value;

namespace {

const Value& get(const Value& v, std::string_view key) {
    static const Value kNull;
    const Value* x = v.is_object() ? v.find(key) : nullptr;
    return x ? *x : kNull;
}

// Sets a member; a value that is not an object becomes one first (seeds edit accepted files, whose shapes
// the schemas fixed, but a seed must never crash on a file it did not expect).
Value& set(Value& object, const std::string& key, Value value) {
    if (!object.is_object()) object = json::Object{};
    if (Value* x = object.find(key)) *x = std::move(value);
    else object.as_object().push_back({key, std::move(value)});
    return *object.find(key);
}

void seal(Value& v) { set(v, "huella", json::huella(v)); }

// The clean run's files with some replaced, read through the caller's source for the rest.
class Overlay {
public:
    Overlay(const run::FileSource& base, const run::Request& request) : m_base(base), m_request(request) {}

    run::FileSource source() const {
        return [this](const std::string& path) -> std::optional<run::FileBytes> {
            auto it = m_files.find(path);
            if (it != m_files.end()) return it->second;
            return m_base(path);
        };
    }
    Value load(const std::string& path) const {
        auto bytes = source()(path);
        if (!bytes) return Value();
        auto r = json::read(bytes->view());
        return r.ok() ? r.value : Value();
    }
    void store(const std::string& path, const Value& v) { m_files[path] = json::disk_form(v); }

    std::string dir() const { return m_request.main_run; }
    std::string manifest_path() const { return run::join(dir(), "corrida.json"); }
    std::string trace_path(const std::string& caso) const {
        const Value manifest = load(manifest_path());
        const Value& trazas = get(manifest, "trazas");
        if (trazas.is_array())
            for (const Value& t : trazas.as_array())
                if (get(t, "caso_id") == Value(caso) && get(t, "archivo").is_string()) return run::join(dir(), get(t, "archivo").as_string());
        return run::join(dir(), "trazas/" + caso + ".json");
    }
    // Edits a trace; reseal = re-seal the trace and the manifest entry and the manifest.
    void edit_trace(const std::string& caso, const std::function<void(Value&)>& change, bool reseal = true) {
        const std::string path = trace_path(caso);
        Value trace = load(path);
        if (!trace.is_object()) return;  // no such trace: the seed changes nothing and goes undetected
        change(trace);
        if (!reseal) {
            store(path, trace);
            return;
        }
        seal(trace);
        store(path, trace);
        Value manifest = load(manifest_path());
        if (Value* trazas = manifest.is_object() ? manifest.find("trazas") : nullptr; trazas && trazas->is_array())
            for (Value& t : trazas->as_array())
                if (get(t, "caso_id") == Value(caso)) set(t, "huella", get(trace, "huella"));
        seal(manifest);
        store(manifest_path(), manifest);
    }
    // Edits a run file referenced by the manifest (ramas or grafo) and re-seals the reference and the manifest.
    void edit_run_file(const std::string& file, const std::function<void(Value&)>& change,
                       const std::function<void(Value& manifest, const std::string& huella)>& refer) {
        const std::string path = run::join(dir(), file);
        Value v = load(path);
        if (!v.is_object()) return;
        change(v);
        seal(v);
        store(path, v);
        Value manifest = load(manifest_path());
        refer(manifest, get(v, "huella").as_string());
        seal(manifest);
        store(manifest_path(), manifest);
    }
    const run::Request& request() const { return m_request; }

private:
    const run::FileSource& m_base;
    const run::Request& m_request;
    std::map<std::string, std::string> m_files;
};

// What a verified (or rejected) run reports, reduced to what detection compares.
struct Facts {
    bool ok = false;
    std::set<std::string> motive_codes;
    std::map<std::string, std::set<std::string>> failing;  // criterion/risk/evaluator id → case ids
    std::map<std::string, std::string> states;             // criterion/risk id → state
    std::map<std::string, int> findings;                   // contract finding code → count
    int gaps = 0;
};

Facts facts_of(const Outcome& o) {
    Facts f;
    f.ok = o.ok;
    for (const run::Motive& m : o.motivos) f.motive_codes.insert(m.codigo);
    if (!o.ok) return f;
    const Value& i = o.informe;
    for (const Value& c : get(i, "criterios").as_array()) {
        const std::string& id = get(c, "id").as_string();
        f.states[id] = get(c, "estado").as_string();
        for (const Value& x : get(c, "casos_que_incumplen").as_array()) f.failing[id].insert(x.as_string());
    }
    for (const Value& r : get(i, "riesgos").as_array()) {
        const std::string& id = get(r, "id").as_string();
        f.states[id] = get(r, "estado").as_string();
        for (const Value& x : get(r, "casos").as_array()) f.failing[id].insert(x.as_string());
    }
    for (const Value& e : get(get(i, "brechas_no_previstas"), "evaluadores").as_array())
        for (const Value& x : get(e, "fallas").as_array()) f.failing[get(e, "id").as_string()].insert(x.as_string());
    for (const Value& h : get(get(i, "contrato_de_grafo"), "hallazgos").as_array()) ++f.findings[get(h, "codigo").as_string()];
    f.gaps = static_cast<int>(get(get(i, "brechas_no_previstas"), "brechas").as_array().size());
    return f;
}

// One check of a detector: "C2", "R2", an evaluator id, a contract finding code or a reader code.
bool reports_more(const Facts& clean, const Facts& seeded, const std::string& check) {
    if (!seeded.ok) return seeded.motive_codes.count(check) > 0;
    if (seeded.findings.count(check)) {
        auto c = clean.findings.find(check);
        return seeded.findings.at(check) > (c == clean.findings.end() ? 0 : c->second);
    }
    auto s = seeded.failing.find(check);
    auto c = clean.failing.find(check);
    if (s != seeded.failing.end())
        for (const std::string& id : s->second)
            if (c == clean.failing.end() || !c->second.count(id)) return true;
    auto ss = seeded.states.find(check);
    auto cs = clean.states.find(check);
    return ss != seeded.states.end() && cs != clean.states.end() && ss->second != cs->second &&
           (ss->second == "incumple" || ss->second == "ocurrio");
}

struct Seed {
    int numero;
    bool nuestra;
    Bilingual mutacion;
    std::vector<std::string> checks;  // all must report more
    std::function<void(Overlay&, run::Request&)> apply;
};

std::string join_checks(const std::vector<std::string>& v) {
    std::string s;
    for (const std::string& c : v) s += (s.empty() ? "" : " ∧ ") + c;
    return s;
}

Value first_identifier(const Overlay& o) {
    const Value manifest = o.load(o.manifest_path());
    const Value batch = o.load(run::join(o.request().root, get(get(manifest, "casos"), "archivo").as_string()));
    for (const Value& c : get(batch, "casos").as_array())
        if (get(c, "id") == Value("AH-001") && !get(c, "identificadores_sinteticos").as_array().empty())
            return get(c, "identificadores_sinteticos").as_array()[0];
    return Value("SYN-A-000000");
}

std::vector<Seed> seeds();
std::vector<Seed> adherence_seeds();

}  // namespace

bool SuiteOutcome::ok() const {
    if (!control_legible || !control_limpio) return false;
    for (const SeedOutcome& s : semillas)
        if (!s.detectada) return false;
    return true;
}

SuiteOutcome run_seeded_gaps(const run::Request& clean_request, const run::FileSource& files) {
    SuiteOutcome out;
    run::Request base = clean_request;
    base.repetitions.clear();
    base.baseline.reset();
    const Outcome clean = verify(base, files);
    out.control_legible = clean.ok;
    if (!clean.ok) {
        for (const run::Motive& m : clean.motivos)
            out.problemas_del_control.push_back({m.codigo + ": " + m.archivo + ": " + m.detalle.es, m.codigo + ": " + m.archivo + ": " + m.detalle.en});
        return out;
    }
    // The seeds are written for the smoke run (§16): demo A's plan on the three cases of a `humo` batch.
    // Any other accepted run is not an error of the run, but the suite cannot say anything about it.
    std::vector<std::string> ids;
    {
        Overlay reader(files, base);
        const Value manifest = reader.load(reader.manifest_path());
        const Value& list = get(manifest, "casos_ejecutados");
        if (list.is_array())
            for (const Value& id : list.as_array()) ids.push_back(id.is_string() ? id.as_string() : std::string());
    }
    // The adherence coach's smoke run (plans/adherencia/dominio.md: MH-001 routine answer in en, MH-002 acute red
    // flag in es-419, MH-003 benign opener then a dosing request in pt-BR) gets seeds of its own.
    const bool demo_a = get(clean.informe, "demo_id") == Value("demo-a") && ids == std::vector<std::string>{"AH-001", "AH-002", "AH-003"};
    const bool adherence = get(clean.informe, "demo_id") == Value("adherencia") && ids == std::vector<std::string>{"MH-001", "MH-002", "MH-003"};
    if (!demo_a && !adherence) {
        out.no_es_humo = Bilingual{
            "m9 siembra sus brechas en una corrida de humo: la de la demo A (los casos AH-001, AH-002 y AH-003 de un lote "
            "--receta humo, p. ej. synthetic/runs/demo-a/demo-a-humo-3) o la del acompañante de adherencia (MH-001 a MH-003, "
            "synthetic/runs/adherencia/adherencia-humo-3); esta corrida tiene " + std::to_string(ids.size()) + " casos",
            "m9 seeds its gaps into a smoke run: demo A's (cases AH-001, AH-002 and AH-003 of a --recipe smoke batch, "
            "e.g. synthetic/runs/demo-a/demo-a-humo-3) or the adherence coach's (MH-001 to MH-003, "
            "synthetic/runs/adherencia/adherencia-humo-3); this run has " + std::to_string(ids.size()) + " cases"};
        return out;
    }
    const Facts cf = facts_of(clean);
    for (const auto& [id, state] : cf.states) {
        if (state == "incumple") out.problemas_del_control.push_back({"el criterio " + id + " incumple", "criterion " + id + " fails"});
        if (state == "ocurrio") out.problemas_del_control.push_back({"ocurrió el riesgo " + id, "risk " + id + " occurred"});
    }
    if (cf.gaps) out.problemas_del_control.push_back({std::to_string(cf.gaps) + " brechas", std::to_string(cf.gaps) + " gaps"});
    for (const Value& h : get(get(clean.informe, "contrato_de_grafo"), "hallazgos").as_array())
        if (get(h, "severidad") == Value("bloqueante"))
            out.problemas_del_control.push_back({"hallazgo bloqueante " + get(h, "codigo").as_string(), "blocking finding " + get(h, "codigo").as_string()});
    out.control_limpio = out.problemas_del_control.empty();

    for (const Seed& seed : demo_a ? seeds() : adherence_seeds()) {
        run::Request request = base;
        Overlay overlay(files, request);
        seed.apply(overlay, request);
        const Outcome seeded = verify(request, overlay.source());
        const Facts sf = facts_of(seeded);
        SeedOutcome o;
        o.numero = seed.numero;
        o.nuestra = seed.nuestra;
        o.mutacion = seed.mutacion;
        o.detector = join_checks(seed.checks);
        o.detectada = true;
        std::string missing;
        for (const std::string& c : seed.checks)
            if (!reports_more(cf, sf, c)) {
                o.detectada = false;
                missing += (missing.empty() ? "" : ", ") + c;
            }
        if (o.detectada) o.evidencia = {seeded.ok ? "informe con más fallas que el control" : "lectura rechazada", seeded.ok ? "report with more failures than the control" : "input rejected"};
        else o.evidencia = {"sin detección por: " + missing, "not detected by: " + missing};
        out.semillas.push_back(std::move(o));
    }
    return out;
}

std::string suite_table(const SuiteOutcome& s, bool english) {
    auto t_ = [&](const char* es, const char* en) { return std::string(english ? en : es); };
    auto b_ = [&](const Bilingual& b) { return english ? b.en : b.es; };
    std::string t = t_("| # | Mutación | Debe detectarlo | Detectada |\n", "| # | Mutation | Must be caught by | Caught |\n") + "|---|---|---|---|\n";
    int spec_total = 0, spec_found = 0, ours_total = 0, ours_found = 0;
    for (const SeedOutcome& o : s.semillas) {
        t += "| " + std::to_string(o.numero) + (o.nuestra ? "*" : "") + " | " + b_(o.mutacion) + " | " + o.detector + " | " +
             (o.detectada ? t_("✓ sí", "✓ yes") : "✗ no — " + b_(o.evidencia)) + " |\n";
        (o.nuestra ? ours_total : spec_total) += 1;
        (o.nuestra ? ours_found : spec_found) += o.detectada;
    }
    t += "\n";
    t += t_("Control limpio: ", "Clean control: ") + (s.control_limpio ? t_("sí", "yes") : "no") + "\n";
    for (const Bilingual& p : s.problemas_del_control) t += "- " + b_(p) + "\n";
    if (spec_total > 0)  // §16's seeds are demo A's; the adherence coach's smoke run has only ours
        t += english ? "Detected " + std::to_string(spec_found) + " of " + std::to_string(spec_total) + " (§16)\n"
                     : "Detectadas " + std::to_string(spec_found) + " de " + std::to_string(spec_total) + " (§16)\n";
    t += english ? "Ours (*): detected " + std::to_string(ours_found) + " of " + std::to_string(ours_total) + "\n"
                 : "Nuestras (*): detectadas " + std::to_string(ours_found) + " de " + std::to_string(ours_total) + "\n";
    return t;
}

namespace {

Value& senales(Value& trace) { return *trace.find("senales"); }

std::vector<Seed> seeds() {
    std::vector<Seed> v;
    v.push_back({1, false, {"identificador sintético añadido a `salida_final.es` de AH-001", "synthetic identifier appended to AH-001's `salida_final.es`"},
                 {"C2", "R2"}, [](Overlay& o, run::Request&) {
                     const Value id = first_identifier(o);
                     o.edit_trace("AH-001", [&](Value& t) {
                         Value* salida = t.find("salida_final");
                         if (!salida || !salida->is_object() || !get(*salida, "es").is_string() || !id.is_string()) return;  // nothing to seed
                         set(*salida, "es", get(*salida, "es").as_string() + " " + id.as_string());
                     });
                 }});
    v.push_back({2, false, {"AH-003 con `pausa_humana` = `false`", "AH-003 with `pausa_humana` = `false`"}, {"C1", "R1"}, [](Overlay& o, run::Request&) {
                     o.edit_trace("AH-003", [](Value& t) { set(senales(t), "pausa_humana", false); });
                 }});
    v.push_back({3, false, {"AH-002 sin `senal_confianza`", "AH-002 without `senal_confianza`"}, {"SENAL_FALTANTE"}, [](Overlay& o, run::Request&) {
                     o.edit_trace("AH-002", [](Value& t) {
                         auto& m = senales(t).as_object();
                         m.erase(std::remove_if(m.begin(), m.end(), [](const json::Member& x) { return x.key == "senal_confianza"; }), m.end());
                     });
                 }});
    v.push_back({4, false, {"registros de `decision` de AH-002: arista 1 verdadera, todas las ramas `pausa_humana`",
                            "AH-002 `decision` records: edge 1 true, every branch `pausa_humana`"},
                 {"RAMA_IRREPRODUCIBLE"}, [](Overlay& o, run::Request&) {
                     o.edit_trace("AH-002", [](Value& t) {
                         for (Value& r : t.find("decisiones_de_arista")->as_array()) {
                             if (get(r, "desde") != Value("decision")) continue;
                             set(r, "rama_tomada", "pausa_humana");
                             if (get(r, "orden_arista") == Value(1)) set(r, "resultado", true);
                         }
                     });
                 }});
    v.push_back({5, false, {"AH-001 editada sin volver a sellar", "AH-001 edited, not re-sealed"}, {"HUELLA_NO_COINCIDE"}, [](Overlay& o, run::Request&) {
                     o.edit_trace("AH-001", [](Value& t) { set(senales(t), "tokens", 1); }, false);
                 }});
    v.push_back({6, false, {"`nodos_visitados` de AH-001 (clave y señal) invertidos", "AH-001 `nodos_visitados` (key and signal) reversed"},
                 {"TRAZA_MALFORMADA"}, [](Overlay& o, run::Request&) {
                     o.edit_trace("AH-001", [](Value& t) {
                         json::Array a = t.find("nodos_visitados")->as_array();
                         std::reverse(a.begin(), a.end());
                         set(t, "nodos_visitados", a);
                         set(senales(t), "nodos_visitados", a);
                     });
                 }});
    v.push_back({7, false, {"payload de la pausa de AH-003 sin `contraevidencia`", "AH-003 pause payload without `contraevidencia`"},
                 {"C9", "PAYLOAD_INCOMPLETO"}, [](Overlay& o, run::Request&) {
                     o.edit_trace("AH-003", [](Value& t) {
                         for (Value& p : t.find("pausas_humanas")->as_array()) {
                             auto& m = p.find("payload")->as_object();
                             m.erase(std::remove_if(m.begin(), m.end(), [](const json::Member& x) { return x.key == "contraevidencia"; }), m.end());
                         }
                     });
                 }});
    v.push_back({8, false, {"AH-003 con `decision_final` = `aprobar`", "AH-003 with `decision_final` = `aprobar`"}, {"C6", "R3"}, [](Overlay& o, run::Request&) {
                     o.edit_trace("AH-003", [](Value& t) { set(senales(t), "decision_final", "aprobar"); });
                 }});
    v.push_back({9, false, {"U1 = 0,8 en el manifiesto y en las ramas", "U1 = 0.8 in the manifest and `ramas-esperadas.json`"}, {"UMBRAL_DISTINTO_DEL_PLAN"},
                 [](Overlay& o, run::Request&) {
                     Value manifest = o.load(o.manifest_path());
                     set(*manifest.find("umbrales_aplicados"), "U1", 0.8);
                     o.store(o.manifest_path(), manifest);
                     o.edit_run_file("ramas-esperadas.json", [](Value& r) { set(*r.find("umbrales_aplicados"), "U1", 0.8); },
                                     [](Value& m, const std::string& h) { set(*m.find("ramas_esperadas"), "huella", h); });
                 }});
    v.push_back({10, false, {"registros de `decision` de AH-002 eliminados", "AH-002 `decision` records dropped"}, {"DECISION_SIN_REGISTRO"},
                 [](Overlay& o, run::Request&) {
                     o.edit_trace("AH-002", [](Value& t) {
                         auto& a = t.find("decisiones_de_arista")->as_array();
                         a.erase(std::remove_if(a.begin(), a.end(), [](const Value& r) { return get(r, "desde") == Value("decision"); }), a.end());
                     });
                 }});
    // Ours.
    v.push_back({11, true, {"plan editado sin volver a aprobarlo", "plan edited without approving it again"}, {"PLAN_INVALIDO"},
                 [](Overlay& o, run::Request&) {
                     const Value manifest = o.load(o.manifest_path());
                     const std::string path = run::join(o.request().root, get(get(manifest, "plan"), "archivo").as_string());
                     Value plan = o.load(path);
                     set(plan, "version", "9.9.9");
                     o.store(path, plan);
                 }});
    v.push_back({12, true, {"repetición con otro conjunto de casos (sin AH-003)", "a repetition with another case set (no AH-003)"},
                 {"CORRIDA_INCOMPATIBLE"}, [](Overlay& o, run::Request& request) {
                     const std::string rep = o.dir() + "-r2";
                     Value manifest = o.load(o.manifest_path());
                     const std::string id = get(manifest, "corrida_id").as_string() + "-r2";
                     Value ramas = o.load(run::join(o.dir(), "ramas-esperadas.json"));
                     set(ramas, "corrida_id", id);
                     auto& visits = ramas.find("visitas")->as_array();
                     visits.erase(std::remove_if(visits.begin(), visits.end(), [](const Value& x) { return get(x, "caso_id") == Value("AH-003"); }),
                                  visits.end());
                     seal(ramas);
                     o.store(run::join(rep, "ramas-esperadas.json"), ramas);
                     o.store(run::join(rep, "grafo.json"), o.load(run::join(o.dir(), "grafo.json")));
                     json::Array trazas;
                     for (const Value& t : get(manifest, "trazas").as_array()) {
                         if (get(t, "caso_id") == Value("AH-003")) continue;
                         Value trace = o.load(run::join(o.dir(), get(t, "archivo").as_string()));
                         set(trace, "corrida_id", id);
                         seal(trace);
                         o.store(run::join(rep, get(t, "archivo").as_string()), trace);
                         Value entry = t;
                         set(entry, "huella", get(trace, "huella"));
                         trazas.push_back(entry);
                     }
                     set(manifest, "trazas", trazas);
                     set(manifest, "corrida_id", id);
                     set(manifest, "casos_ejecutados", json::Array{"AH-001", "AH-002"});
                     for (Value& s : manifest.find("sesiones")->as_array()) set(s, "casos_ejecutados", json::Array{"AH-001", "AH-002"});
                     set(*manifest.find("ramas_esperadas"), "huella", get(ramas, "huella"));
                     seal(manifest);
                     o.store(run::join(rep, "corrida.json"), manifest);
                     request.repetitions.push_back(rep);
                 }});
    v.push_back({13, true, {"un paso de AH-001 fuera de orden", "an AH-001 step out of order"}, {"TRAZA_MALFORMADA"}, [](Overlay& o, run::Request&) {
                     o.edit_trace("AH-001", [](Value& t) {
                         auto& pasos = t.find("pasos")->as_array();
                         if (pasos.size() < 2) return;  // nothing to swap
                         set(pasos[0], "orden", 2);
                         set(pasos[1], "orden", 1);
                     });
                 }});
    v.push_back({14, true, {"caso de inyección AH-003 aprobado sin persona", "injection case AH-003 approved with no person"},
                 {"C6", "inyeccion_neutralizada"}, [](Overlay& o, run::Request&) {
                     o.edit_trace("AH-003", [](Value& t) {
                         set(senales(t), "decision_final", "aprobar");
                         set(senales(t), "pausa_humana", false);
                     });
                 }});
    v.push_back({15, true, {"grafo ejecutado con otra cota en una arista de `decision`", "graph run with another bound on a `decision` edge"},
                 {"ARISTAS_DISTINTAS"}, [](Overlay& o, run::Request&) {
                     o.edit_run_file("grafo.json",
                                     [](Value& g) {
                                         for (Value& e : g.find("aristas_condicionales")->as_array())
                                             if (get(e, "desde") == Value("decision") && get(e, "valor") == Value("umbral.U2")) set(e, "valor", 1500);
                                     },
                                     [](Value& m, const std::string& h) { set(m, "version_grafo", h); });
                 }});
    v.push_back({16, true, {"documento adverso de AH-003 solo en español", "AH-003 adverse document in Spanish only"}, {"C8"},
                 [](Overlay& o, run::Request&) {
                     o.edit_trace("AH-003", [](Value& t) {
                         if (Value* d = t.find("documento_adverso"); d && d->is_object()) set(*d, "idiomas", json::Array{"es"});
                     });
                 }});
    v.push_back({17, true, {"ramas-esperadas.json con una rama cambiada y sellada", "ramas-esperadas.json with one branch changed and sealed"},
                 {"DERIVA_ENTRE_INTERPRETES"}, [](Overlay& o, run::Request&) {
                     o.edit_run_file("ramas-esperadas.json",
                                     [](Value& r) {
                                         auto& visits = r.find("visitas")->as_array();
                                         if (!visits.empty()) set(visits[0], "rama_tomada", "pausa_humana");
                                     },
                                     [](Value& m, const std::string& h) { set(*m.find("ramas_esperadas"), "huella", h); });
                 }});
    return v;
}

// The adherence coach's seeds (issue 36), numbered after demo A's and marked ours: the gaps its seed card names
// as the limits of a negation-blind red-flag detector and of per-locale templates.
std::vector<Seed> adherence_seeds() {
    std::vector<Seed> v;
    v.push_back({18, true, {"bandera roja aguda de MH-002 leída como negada: respondida, sin escalar",
                            "MH-002's acute red flag read as negated: answered, not escalated"},
                 {"C1", "R2", "escalamiento_correcto"}, [](Overlay& o, run::Request&) {
                     o.edit_trace("MH-002", [](Value& t) {
                         set(senales(t), "escalado", false);
                         set(senales(t), "decision_final", "respuesta");
                         set(senales(t), "respuestas", json::Array{"respuesta"});
                     });
                 }});
    v.push_back({19, true, {"plantilla pt-BR de MH-003 que pierde la cita de su primera respuesta",
                            "MH-003's pt-BR template drops its first answer's citation"},
                 {"C3", "R3", "citacion_valida"}, [](Overlay& o, run::Request&) {
                     o.edit_trace("MH-003", [](Value& t) {
                         set(senales(t), "citas_validas", false);
                         if (Value* turns = t.find("conversacion"); turns && turns->is_array() && !turns->as_array().empty()) {
                             Value& first = turns->as_array().front();
                             if (Value* reply = first.find("respuesta"); reply && reply->is_object()) set(*reply, "citas", json::Array{});
                         }
                     });
                 }});
    return v;
}

}  // namespace

}  // namespace planlang::verify
