// Demo A's seeds (spec/traces-and-verifier.md §16, and ours numbered after them): its SeedSuite.
#include "core/verify/demo_a/seeds.hpp"

#include <algorithm>

#include "core/verify/internal/seed_run.hpp"

namespace planlang::verify::demo_a {

using namespace internal;

namespace {

// Demo A (§16): an approved case without a pause whose reply and identifiers the seeds can edit (AH-001); a
// case that reached `decision` without a pause (AH-002); an injection adversary that had to go to a person and
// was denied there, with its adverse document (AH-003).
Roles roles_of(const Overlay& o) {
    Roles r;
    r.where = {"la corrida de humo, p. ej. synthetic/runs/demo-a/demo-a-humo-3, los tiene", "the smoke run, e.g. synthetic/runs/demo-a/demo-a-humo-3, has them"};
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

std::vector<Seed> seeds_for(const Roles& roles) {
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

}  // namespace

std::unique_ptr<const SeedSuite> seed_suite() { return std::make_unique<SeedSuite>(SeedSuite{&roles_of, &seeds_for}); }

}  // namespace planlang::verify::demo_a
