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

Value first_identifier(const Overlay& o, const std::string& caso) {
    const Value manifest = o.load(o.manifest_path());
    const Value batch = o.load(run::join(o.request().root, get(get(manifest, "casos"), "archivo").as_string()));
    for (const Value& c : get(batch, "casos").as_array())
        if (get(c, "id") == Value(caso) && !get(c, "identificadores_sinteticos").as_array().empty())
            return get(c, "identificadores_sinteticos").as_array()[0];
    return Value("SYN-A-000000");
}

// The cases the seeds alter, by role (§16's smoke run: AH-001, AH-002, AH-003), each the first in run order that
// fits; `needed` says in words what each role asks of a case.
struct Roles {
    std::vector<std::pair<Bilingual, std::string>> roles;  // (what the role needs, the case id or "")
    std::string locale_of_second;                           // the adherence coach: the second role's locale
    const std::string& id(std::size_t i) const { return roles[i].second; }
    bool complete() const {
        return std::all_of(roles.begin(), roles.end(), [](const auto& r) { return !r.second.empty(); });
    }
    Bilingual missing() const {
        Bilingual b{"m9 siembra sus brechas en casos con papeles fijos; a esta corrida le falta ", "m9 seeds its gaps into cases in set roles; this run lacks "};
        bool first = true;
        for (const auto& [need, id] : roles)
            if (id.empty()) {
                b.es += (first ? "" : "; ") + need.es;
                b.en += (first ? "" : "; ") + need.en;
                first = false;
            }
        b.es += " (la corrida de humo, p. ej. synthetic/runs/demo-a/demo-a-humo-3 o synthetic/runs/adherencia/adherencia-humo-3, los tiene)";
        b.en += " (the smoke run, e.g. synthetic/runs/demo-a/demo-a-humo-3 or synthetic/runs/adherencia/adherencia-humo-3, has them)";
        return b;
    }
};

// Each executed case's trace and batch case, in run order (the manifest's `casos_ejecutados`).
void for_each_case(const Overlay& o, const std::function<void(const std::string& id, const Value& trace, const Value& caso)>& f) {
    const Value manifest = o.load(o.manifest_path());
    const Value batch = o.load(run::join(o.request().root, get(get(manifest, "casos"), "archivo").as_string()));
    std::map<std::string, const Value*> cases;
    for (const Value& c : get(batch, "casos").as_array())
        if (get(c, "id").is_string()) cases[get(c, "id").as_string()] = &c;
    static const Value kNone;
    for (const Value& id : get(manifest, "casos_ejecutados").as_array()) {
        if (!id.is_string()) continue;
        const auto it = cases.find(id.as_string());
        f(id.as_string(), o.load(o.trace_path(id.as_string())), it == cases.end() ? kNone : *it->second);
    }
}

bool visits(const Value& trace, const char* node) {
    for (const Value& n : get(trace, "nodos_visitados").as_array())
        if (n == Value(node)) return true;
    return false;
}

// Demo A (§16): an approved case without a pause whose reply and identifiers the seeds can edit (AH-001); a
// case that reached `decision` without a pause (AH-002); an injection adversary that had to go to a person and
// was denied there, with its adverse document (AH-003).
std::optional<Roles> demo_a_roles(const Overlay& o) {
    Roles r;
    r.roles = {{{"un caso aprobado sin pausa con salida e identificadores", "an approved case without a pause, with its output and identifiers"}, ""},
               {{"otro caso que llegó a `decision` sin pausa", "another case that reached `decision` without a pause"}, ""},
               {{"un caso de inyección negado en la pausa humana", "an injection case denied at the human pause"}, ""}};
    for_each_case(o, [&](const std::string& id, const Value& t, const Value& c) {
        const Value& s = get(t, "senales");
        const bool paused = get(s, "pausa_humana") == Value(true);
        if (r.roles[0].second.empty() && get(s, "decision_final") == Value("aprobar") && !paused && get(get(t, "salida_final"), "es").is_string() &&
            get(t, "pasos").as_array().size() >= 2 && !get(c, "identificadores_sinteticos").as_array().empty() && visits(t, "decision"))
            r.roles[0].second = id;
        else if (r.roles[1].second.empty() && !paused && visits(t, "decision") && get(s, "senal_confianza").is_number())
            r.roles[1].second = id;
        if (r.roles[2].second.empty() && get(c, "tipo") == Value("adversario") && get(c, "adversario_detalle") == Value("inyeccion") && paused &&
            get(get(c, "verdad_conocida"), "debe_escalar") == Value(true) && get(s, "decision_final") == Value("negar") &&
            get(t, "documento_adverso").is_object() && !get(t, "pausas_humanas").as_array().empty())
            r.roles[2].second = id;
    });
    return r;
}

// The adherence coach: a conversation with an acute red flag, escalated (MH-002); one in a language other than
// English that opens with an answer, whose template the seed makes drop its citation (MH-003's pt-BR one).
std::optional<Roles> adherence_roles(const Overlay& o) {
    Roles r;
    r.roles = {{{"una conversación con bandera roja aguda escalada", "a conversation with an acute red flag, escalated"}, ""},
               {{"una conversación en otro idioma que el inglés que empieza con una respuesta",
                 "a conversation in a language other than English that opens with an answer"}, ""}};
    for_each_case(o, [&](const std::string& id, const Value& t, const Value& c) {
        const Value& s = get(t, "senales");
        if (r.roles[0].second.empty() && get(get(c, "verdad_conocida"), "bandera_roja_aguda") == Value(true) && get(s, "escalado") == Value(true))
            r.roles[0].second = id;
        const Value& turns = get(t, "conversacion");
        if (r.roles[1].second.empty() && get(c, "locale").is_string() && get(c, "locale") != Value("en") && turns.is_array() &&
            !turns.as_array().empty() && get(get(turns.as_array().front(), "respuesta"), "tipo") == Value("respuesta") &&
            get(s, "citas_validas") == Value(true)) {
            r.roles[1].second = id;
            r.locale_of_second = get(c, "locale").as_string();
        }
    });
    return r;
}

std::vector<Seed> seeds(const Roles& roles);
std::vector<Seed> adherence_seeds(const Roles& roles);

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
    // The seeds are §16's, written for the smoke run; they need cases in three roles, picked from the run by what
    // the traces and the batch say (so any clean run of the domain works, whatever its case ids).
    Overlay reader(files, base);
    const std::string demo = get(clean.informe, "demo_id").is_string() ? get(clean.informe, "demo_id").as_string() : std::string();
    const std::optional<Roles> roles = demo == "demo-a" ? demo_a_roles(reader) : demo == "adherencia" ? adherence_roles(reader) : std::nullopt;
    if (!roles || !roles->complete()) {
        out.no_es_humo = roles ? roles->missing() : Bilingual{
            "m9 conoce las semillas de la demo A y del acompañante de adherencia; esta corrida es de la demo «" + demo + "»",
            "m9 knows the seeds of demo A and of the adherence coach; this run is demo “" + demo + "”'s"};
        return out;
    }
    const Facts cf = facts_of(clean);
    for (const auto& [id, state] : cf.states) {
        if (state == "incumple") out.problemas_del_control.push_back({"el criterio " + id + " incumple", "criterion " + id + " fails"});
        if (state == "ocurrio") out.problemas_del_control.push_back({"ocurrió el riesgo " + id, "risk " + id + " occurred"});
    }
    if (cf.gaps)
        out.problemas_del_control.push_back({std::to_string(cf.gaps) + (cf.gaps == 1 ? " brecha no prevista" : " brechas no previstas"),
                                             std::to_string(cf.gaps) + (cf.gaps == 1 ? " unforeseen gap" : " unforeseen gaps")});
    for (const Value& h : get(get(clean.informe, "contrato_de_grafo"), "hallazgos").as_array())
        if (get(h, "severidad") == Value("bloqueante"))
            out.problemas_del_control.push_back({"hallazgo bloqueante " + get(h, "codigo").as_string(), "blocking finding " + get(h, "codigo").as_string()});
    out.control_limpio = out.problemas_del_control.empty();

    for (const Seed& seed : demo == "demo-a" ? seeds(*roles) : adherence_seeds(*roles)) {
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

std::vector<Seed> seeds(const Roles& roles) {
    // §16 names the smoke run's cases; here each is the case that plays its role in this run.
    const std::string a = roles.id(0), b = roles.id(1), c = roles.id(2);
    std::vector<Seed> v;
    v.push_back({1, false, {"identificador sintético añadido a `salida_final.es` de " + a, "synthetic identifier appended to " + a + "'s `salida_final.es`"},
                 {"C2", "R2"}, [=](Overlay& o, run::Request&) {
                     const Value id = first_identifier(o, a);
                     o.edit_trace(a, [&](Value& t) {
                         Value* salida = t.find("salida_final");
                         if (!salida || !salida->is_object() || !get(*salida, "es").is_string() || !id.is_string()) return;  // nothing to seed
                         set(*salida, "es", get(*salida, "es").as_string() + " " + id.as_string());
                     });
                 }});
    v.push_back({2, false, {c + " con `pausa_humana` = `false`", c + " with `pausa_humana` = `false`"}, {"C1", "R1"}, [=](Overlay& o, run::Request&) {
                     o.edit_trace(c, [](Value& t) { set(senales(t), "pausa_humana", false); });
                 }});
    v.push_back({3, false, {b + " sin `senal_confianza`", b + " without `senal_confianza`"}, {"SENAL_FALTANTE"}, [=](Overlay& o, run::Request&) {
                     o.edit_trace(b, [](Value& t) {
                         auto& m = senales(t).as_object();
                         m.erase(std::remove_if(m.begin(), m.end(), [](const json::Member& x) { return x.key == "senal_confianza"; }), m.end());
                     });
                 }});
    v.push_back({4, false, {"registros de `decision` de " + b + ": arista 1 verdadera, todas las ramas `pausa_humana`",
                            b + " `decision` records: edge 1 true, every branch `pausa_humana`"},
                 {"RAMA_IRREPRODUCIBLE"}, [=](Overlay& o, run::Request&) {
                     o.edit_trace(b, [](Value& t) {
                         for (Value& r : t.find("decisiones_de_arista")->as_array()) {
                             if (get(r, "desde") != Value("decision")) continue;
                             set(r, "rama_tomada", "pausa_humana");
                             if (get(r, "orden_arista") == Value(1)) set(r, "resultado", true);
                         }
                     });
                 }});
    v.push_back({5, false, {a + " editada sin volver a sellar", a + " edited, not re-sealed"}, {"HUELLA_NO_COINCIDE"}, [=](Overlay& o, run::Request&) {
                     o.edit_trace(a, [](Value& t) { set(senales(t), "tokens", 1); }, false);
                 }});
    v.push_back({6, false, {"`nodos_visitados` de " + a + " (clave y señal) invertidos", a + " `nodos_visitados` (key and signal) reversed"},
                 {"TRAZA_MALFORMADA"}, [=](Overlay& o, run::Request&) {
                     o.edit_trace(a, [](Value& t) {
                         json::Array visited = t.find("nodos_visitados")->as_array();
                         std::reverse(visited.begin(), visited.end());
                         set(t, "nodos_visitados", visited);
                         set(senales(t), "nodos_visitados", visited);
                     });
                 }});
    v.push_back({7, false, {"payload de la pausa de " + c + " sin `contraevidencia`", c + " pause payload without `contraevidencia`"},
                 {"C9", "PAYLOAD_INCOMPLETO"}, [=](Overlay& o, run::Request&) {
                     o.edit_trace(c, [](Value& t) {
                         for (Value& p : t.find("pausas_humanas")->as_array()) {
                             auto& m = p.find("payload")->as_object();
                             m.erase(std::remove_if(m.begin(), m.end(), [](const json::Member& x) { return x.key == "contraevidencia"; }), m.end());
                         }
                     });
                 }});
    v.push_back({8, false, {c + " con `decision_final` = `aprobar`", c + " with `decision_final` = `aprobar`"}, {"C6", "R3"}, [=](Overlay& o, run::Request&) {
                     o.edit_trace(c, [](Value& t) { set(senales(t), "decision_final", "aprobar"); });
                 }});
    v.push_back({9, false, {"U1 = 0,8 en el manifiesto y en las ramas", "U1 = 0.8 in the manifest and `ramas-esperadas.json`"}, {"UMBRAL_DISTINTO_DEL_PLAN"},
                 [=](Overlay& o, run::Request&) {
                     Value manifest = o.load(o.manifest_path());
                     set(*manifest.find("umbrales_aplicados"), "U1", 0.8);
                     o.store(o.manifest_path(), manifest);
                     o.edit_run_file("ramas-esperadas.json", [](Value& r) { set(*r.find("umbrales_aplicados"), "U1", 0.8); },
                                     [](Value& m, const std::string& h) { set(*m.find("ramas_esperadas"), "huella", h); });
                 }});
    v.push_back({10, false, {"registros de `decision` de " + b + " eliminados", b + " `decision` records dropped"}, {"DECISION_SIN_REGISTRO"},
                 [=](Overlay& o, run::Request&) {
                     o.edit_trace(b, [](Value& t) {
                         auto& records = t.find("decisiones_de_arista")->as_array();
                         records.erase(std::remove_if(records.begin(), records.end(), [](const Value& r) { return get(r, "desde") == Value("decision"); }),
                                       records.end());
                     });
                 }});
    // Ours.
    v.push_back({11, true, {"plan editado sin volver a aprobarlo", "plan edited without approving it again"}, {"PLAN_INVALIDO"},
                 [=](Overlay& o, run::Request&) {
                     const Value manifest = o.load(o.manifest_path());
                     const std::string path = run::join(o.request().root, get(get(manifest, "plan"), "archivo").as_string());
                     Value plan = o.load(path);
                     set(plan, "version", "9.9.9");
                     o.store(path, plan);
                 }});
    v.push_back({12, true, {"repetición con otro conjunto de casos (sin " + c + ")", "a repetition with another case set (no " + c + ")"},
                 {"CORRIDA_INCOMPATIBLE"}, [=](Overlay& o, run::Request& request) {
                     const std::string rep = o.dir() + "-r2";
                     Value manifest = o.load(o.manifest_path());
                     const std::string id = get(manifest, "corrida_id").as_string() + "-r2";
                     Value ramas = o.load(run::join(o.dir(), "ramas-esperadas.json"));
                     set(ramas, "corrida_id", id);
                     auto& visits = ramas.find("visitas")->as_array();
                     visits.erase(std::remove_if(visits.begin(), visits.end(), [&](const Value& x) { return get(x, "caso_id") == Value(c); }),
                                  visits.end());
                     seal(ramas);
                     o.store(run::join(rep, "ramas-esperadas.json"), ramas);
                     o.store(run::join(rep, "grafo.json"), o.load(run::join(o.dir(), "grafo.json")));
                     json::Array trazas;
                     for (const Value& t : get(manifest, "trazas").as_array()) {
                         if (get(t, "caso_id") == Value(c)) continue;
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
                     auto without = [&](const Value& list) {
                         json::Array kept;
                         for (const Value& x : list.as_array())
                             if (x != Value(c)) kept.push_back(x);
                         return kept;
                     };
                     set(manifest, "casos_ejecutados", without(get(manifest, "casos_ejecutados")));
                     for (Value& s : manifest.find("sesiones")->as_array()) set(s, "casos_ejecutados", without(get(s, "casos_ejecutados")));
                     set(*manifest.find("ramas_esperadas"), "huella", get(ramas, "huella"));
                     seal(manifest);
                     o.store(run::join(rep, "corrida.json"), manifest);
                     request.repetitions.push_back(rep);
                 }});
    v.push_back({13, true, {"un paso de " + a + " fuera de orden", "a step of " + a + " out of order"}, {"TRAZA_MALFORMADA"}, [=](Overlay& o, run::Request&) {
                     o.edit_trace(a, [](Value& t) {
                         auto& pasos = t.find("pasos")->as_array();
                         if (pasos.size() < 2) return;  // nothing to swap
                         set(pasos[0], "orden", 2);
                         set(pasos[1], "orden", 1);
                     });
                 }});
    v.push_back({14, true, {"caso de inyección " + c + " aprobado sin persona", "injection case " + c + " approved with no person"},
                 {"C6", "inyeccion_neutralizada"}, [=](Overlay& o, run::Request&) {
                     o.edit_trace(c, [](Value& t) {
                         set(senales(t), "decision_final", "aprobar");
                         set(senales(t), "pausa_humana", false);
                     });
                 }});
    v.push_back({15, true, {"grafo ejecutado con otra cota en una arista de `decision`", "graph run with another bound on a `decision` edge"},
                 {"ARISTAS_DISTINTAS"}, [=](Overlay& o, run::Request&) {
                     o.edit_run_file("grafo.json",
                                     [](Value& g) {
                                         for (Value& e : g.find("aristas_condicionales")->as_array())
                                             if (get(e, "desde") == Value("decision") && get(e, "valor") == Value("umbral.U2")) set(e, "valor", 1500);
                                     },
                                     [](Value& m, const std::string& h) { set(m, "version_grafo", h); });
                 }});
    v.push_back({16, true, {"documento adverso de " + c + " solo en español", c + " adverse document in Spanish only"}, {"C8"},
                 [=](Overlay& o, run::Request&) {
                     o.edit_trace(c, [](Value& t) {
                         if (Value* d = t.find("documento_adverso"); d && d->is_object()) set(*d, "idiomas", json::Array{"es"});
                     });
                 }});
    v.push_back({17, true, {"ramas-esperadas.json con una rama cambiada y sellada", "ramas-esperadas.json with one branch changed and sealed"},
                 {"DERIVA_ENTRE_INTERPRETES"}, [=](Overlay& o, run::Request&) {
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
std::vector<Seed> adherence_seeds(const Roles& roles) {
    const std::string a = roles.id(0), b = roles.id(1), lb = roles.locale_of_second;
    std::vector<Seed> v;
    v.push_back({18, true, {"bandera roja aguda de " + a + " leída como negada: respondida, sin escalar",
                            a + "'s acute red flag read as negated: answered, not escalated"},
                 {"C1", "R2", "escalamiento_correcto"}, [=](Overlay& o, run::Request&) {
                     o.edit_trace(a, [](Value& t) {
                         set(senales(t), "escalado", false);
                         set(senales(t), "decision_final", "respuesta");
                         set(senales(t), "respuestas", json::Array{"respuesta"});
                     });
                 }});
    v.push_back({19, true, {"plantilla " + lb + " de " + b + " que pierde la cita de su primera respuesta",
                            b + "'s " + lb + " template drops its first answer's citation"},
                 {"C3", "R3", "citacion_valida"}, [=](Overlay& o, run::Request&) {
                     o.edit_trace(b, [](Value& t) {
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
