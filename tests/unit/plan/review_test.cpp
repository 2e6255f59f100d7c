// Draft review (plan-format.md §13, decisions.md E5): each contradiction triggered and not, their order,
// pending items and their paths, acceptance through revision.json, drafts that fail the schema, garbage.
// Drafts are tests/data/review/minimal.json (reviews clean, validates clean) mutated in place.
#include "core/plan/review.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <functional>
#include <string>
#include <vector>

#include "core/json/canonical.hpp"
#include "core/json/reader.hpp"
#include "support/files.hpp"

using planlang::Issues;
using planlang::json::Array;
using planlang::json::Member;
using planlang::json::Object;
using planlang::json::Value;
using planlang::plan::kPendingMarker;
using planlang::plan::review;
using planlang::plan::ReviewResult;

// Lists of "CODE elemento" print in failures.
template <>
struct doctest::StringMaker<std::vector<std::string>> {
    static doctest::String convert(const std::vector<std::string>& v) {
        std::string out = "{";
        for (const std::string& s : v) out += (out.size() > 1 ? ", \"" : "\"") + s + "\"";
        return (out + "}").c_str();
    }
};

namespace {

using Strings = std::vector<std::string>;
using Mutation = std::function<void(Value&)>;

Value parse(const std::string& text) {
    auto r = planlang::json::read(text);
    REQUIRE_MESSAGE(r.ok(), text);
    return r.value;
}

Value minimal() {
    static const Value plan = parse(planlang::testing::read_text(planlang::testing::source_path("tests/data/review/minimal.json")));
    return plan;
}

// Navigation by a path like `riesgos[0].mitigaciones[1].accion` (members by key, `[i]` by index).
struct Step {
    std::string key;
    std::size_t index = 0;
    bool is_index = false;
};

std::vector<Step> steps(const std::string& path) {
    std::vector<Step> out;
    std::size_t i = 0;
    while (i < path.size()) {
        if (path[i] == '.') ++i;
        if (path[i] == '[') {
            const std::size_t close = path.find(']', i);
            out.push_back({"", std::stoul(path.substr(i + 1, close - i - 1)), true});
            i = close + 1;
        } else {
            const std::size_t end = path.find_first_of(".[", i);
            out.push_back({path.substr(i, end - i)});
            i = end == std::string::npos ? path.size() : end;
        }
    }
    return out;
}

Value& child(Value& v, const Step& s) {
    if (s.is_index) {
        REQUIRE(v.is_array());
        REQUIRE(s.index < v.as_array().size());
        return v.as_array()[s.index];
    }
    Value* found = v.find(s.key);
    REQUIRE_MESSAGE(found, s.key);
    return *found;
}

Value& at(Value& root, const std::string& path) {
    Value* v = &root;
    for (const Step& s : steps(path)) v = &child(*v, s);
    return *v;
}

// Sets an existing member or element, or adds a member at the end of its object.
void set(Value& root, const std::string& path, Value value) {
    std::vector<Step> all = steps(path);
    const Step last = all.back();
    all.pop_back();
    Value* parent = &root;
    for (const Step& s : all) parent = &child(*parent, s);
    if (!last.is_index && !parent->find(last.key)) {
        REQUIRE(parent->is_object());
        parent->as_object().push_back(Member{last.key, std::move(value)});
    } else {
        child(*parent, last) = std::move(value);
    }
}

void erase(Value& root, const std::string& path) {
    std::vector<Step> all = steps(path);
    const Step last = all.back();
    all.pop_back();
    Value* parent = &root;
    for (const Step& s : all) parent = &child(*parent, s);
    if (last.is_index) {
        parent->as_array().erase(parent->as_array().begin() + static_cast<std::ptrdiff_t>(last.index));
    } else {
        Object& o = parent->as_object();
        for (auto it = o.begin(); it != o.end(); ++it)
            if (it->key == last.key) {
                o.erase(it);
                return;
            }
        FAIL("no member " << last.key);
    }
}

void push(Value& root, const std::string& path, Value value) { at(root, path).as_array().push_back(std::move(value)); }

Strings listed(const Issues& issues) {
    Strings out;
    for (const auto& i : issues) out.push_back(i.code + " " + i.element);
    return out;
}

Strings contradictions(const ReviewResult& r) {
    Strings out;
    for (const auto& c : r.contradicciones) out.push_back(c.issue.code + " " + c.issue.element);
    return out;
}

bool has_code(const Issues& issues, const std::string& code) {
    for (const auto& i : issues)
        if (i.code == code) return true;
    return false;
}

std::string pending(const std::string& text) { return text + " " + std::string(kPendingMarker); }

// A second threshold, copy of U1 under another id and signal.
Value threshold_like_u1(const std::string& id, const std::string& senal) {
    Value u = minimal().find("umbrales")->as_array()[0];
    *u.find("id") = Value(id);
    *u.find("senal") = Value(senal);
    return u;
}

Value function_edge(const std::vector<std::string>& inputs, const std::string& target) {
    Array in;
    for (const auto& s : inputs) in.push_back(Value(s));
    return Value(Object{{"desde", Value("entrada")},
                        {"orden", Value(1)},
                        {"funcion", Value(Object{{"nombre", Value("texas_y_no_aprobar")}, {"entradas", Value(std::move(in))}})},
                        {"si_verdadero", Value(target)},
                        {"si_falso", Value("fin")}});
}

struct Case {
    const char* name;
    Mutation mutate;
    Strings expected;  // "CODE elemento", in order
};

void run_contradiction_table(const std::vector<Case>& cases) {
    for (const Case& c : cases) {
        CAPTURE(c.name);
        Value draft = minimal();
        c.mutate(draft);
        const ReviewResult r = review(draft);
        CHECK(contradictions(r) == c.expected);
    }
}

}  // namespace

TEST_CASE("review: the minimal plan validates, reviews clean and is approvable") {
    const ReviewResult r = review(minimal());
    CHECK(listed(r.motivos) == Strings{});
    CHECK(contradictions(r) == Strings{});
    CHECK(listed(r.pendientes) == Strings{});
    CHECK(r.aprobable);
}

TEST_CASE("review: 1 SEVERIDAD_SIN_CRITERIO (severity ≥ 9, non-number = 0)") {
    run_contradiction_table({
        {"controlled by C1", [](Value&) {}, {}},
        {"severity 9 uncontrolled", [](Value& d) { erase(d, "criterios_aceptacion[0].riesgos_controlados[0]"); },
         {"SEVERIDAD_SIN_CRITERIO R1"}},
        {"severity 10, criterion lists another risk",
         [](Value& d) {
             set(d, "riesgos[0].severidad", Value(10));
             set(d, "criterios_aceptacion[0].riesgos_controlados[0]", Value("R9"));
         },
         {"SEVERIDAD_SIN_CRITERIO R1"}},
        {"severity 9.5", [](Value& d) { set(d, "riesgos[0].severidad", Value(9.5)); erase(d, "criterios_aceptacion[0].riesgos_controlados"); },
         {"SEVERIDAD_SIN_CRITERIO R1"}},
        {"severity 8 uncontrolled", [](Value& d) { set(d, "riesgos[0].severidad", Value(8)); erase(d, "criterios_aceptacion[0].riesgos_controlados[0]"); }, {}},
        {"severity as a string counts 0", [](Value& d) { set(d, "riesgos[0].severidad", Value("10")); erase(d, "criterios_aceptacion[0].riesgos_controlados[0]"); }, {}},
        {"severity absent counts 0", [](Value& d) { erase(d, "riesgos[0].severidad"); erase(d, "criterios_aceptacion[0].riesgos_controlados[0]"); }, {}},
        {"risk without id is named by its path",
         [](Value& d) {
             push(d, "riesgos", Value(Object{{"severidad", Value(10)}}));
             push(d, "riesgos", Value(Object{{"id", Value(7)}, {"severidad", Value(9)}}));
         },
         {"SEVERIDAD_SIN_CRITERIO riesgos[1]", "SEVERIDAD_SIN_CRITERIO riesgos[2]"}},
        {"two risks in file order",
         [](Value& d) {
             Value r2 = at(d, "riesgos[0]");
             *r2.find("id") = Value("R2");
             Value r0 = r2;
             *r0.find("id") = Value("R0");
             push(d, "riesgos", r2);
             push(d, "riesgos", r0);
         },
         {"SEVERIDAD_SIN_CRITERIO R2", "SEVERIDAD_SIN_CRITERIO R0"}},
    });
}

TEST_CASE("review: 2 PAUSA_SIN_UMBRAL (an edge into the pause that reads a threshold)") {
    run_contradiction_table({
        {"triplet edge with umbral.U1 into the pause", [](Value&) {}, {}},
        {"edge value is a plain number",
         [](Value& d) { set(d, "contrato_de_grafo.aristas_condicionales[0].valor", Value(500)); },
         {"PAUSA_SIN_UMBRAL pausa", "UMBRAL_SIN_ARISTA U1"}},
        {"edge value names an unknown threshold",
         [](Value& d) { set(d, "contrato_de_grafo.aristas_condicionales[0].valor", Value("umbral.U9")); },
         {"PAUSA_SIN_UMBRAL pausa", "UMBRAL_SIN_ARISTA U1"}},
        {"edge value 'umbral.U1.x' is not a threshold reference",
         [](Value& d) { set(d, "contrato_de_grafo.aristas_condicionales[0].valor", Value("umbral.U1.x")); },
         {"PAUSA_SIN_UMBRAL pausa", "UMBRAL_SIN_ARISTA U1"}},
        {"threshold-reading edge goes elsewhere",
         [](Value& d) { set(d, "contrato_de_grafo.aristas_condicionales[0].si_verdadero", Value("fin")); },
         {"PAUSA_SIN_UMBRAL pausa"}},
        {"function edge with an input equal to a threshold's signal",
         [](Value& d) { at(d, "contrato_de_grafo.aristas_condicionales").as_array() = Array{function_edge({"propuesta", "monto"}, "pausa")}; },
         {}},
        {"function edge whose inputs are no threshold's signal",
         [](Value& d) { at(d, "contrato_de_grafo.aristas_condicionales").as_array() = Array{function_edge({"modo_texas", "propuesta"}, "pausa")}; },
         {"PAUSA_SIN_UMBRAL pausa", "UMBRAL_SIN_ARISTA U1"}},
        {"a triplet's signal is not a function input",
         [](Value& d) {
             set(d, "contrato_de_grafo.aristas_condicionales[0].valor", Value(1));
             set(d, "contrato_de_grafo.aristas_condicionales[0].funcion",
                 Value(Object{{"nombre", Value("f")}, {"entradas", Value(Array{Value("monto")})}}));
         },
         {"PAUSA_SIN_UMBRAL pausa", "UMBRAL_SIN_ARISTA U1"}},
        {"each pause, in order; a pause with no usable node is named by its path",
         [](Value& d) {
             Value p = at(d, "contrato_de_grafo.pausas_humanas[0]");
             *p.find("nodo") = Value("otra_pausa");
             push(d, "contrato_de_grafo.pausas_humanas", p);
             *p.find("nodo") = Value(3);
             push(d, "contrato_de_grafo.pausas_humanas", p);
         },
         {"PAUSA_SIN_UMBRAL otra_pausa", "PAUSA_SIN_UMBRAL contrato_de_grafo.pausas_humanas[2]"}},
        {"no pauses at all", [](Value& d) { at(d, "contrato_de_grafo.pausas_humanas").as_array().clear(); }, {}},
    });
}

TEST_CASE("review: 3 UMBRAL_SIN_SENAL then UMBRAL_SIN_ARISTA, threshold by threshold") {
    run_contradiction_table({
        {"empty signal", [](Value& d) { set(d, "umbrales[0].senal", Value("")); }, {"UMBRAL_SIN_SENAL U1"}},
        {"blank signal", [](Value& d) { set(d, "umbrales[0].senal", Value("  ")); }, {"UMBRAL_SIN_SENAL U1"}},
        {"absent signal", [](Value& d) { erase(d, "umbrales[0].senal"); }, {"UMBRAL_SIN_SENAL U1"}},
        {"signal not a string", [](Value& d) { set(d, "umbrales[0].senal", Value(4)); }, {"UMBRAL_SIN_SENAL U1"}},
        {"pending signal, even if listed as required",
         [](Value& d) {
             set(d, "umbrales[0].senal", Value(std::string(kPendingMarker)));
             push(d, "contrato_de_grafo.senales_obligatorias_en_traza", Value(std::string(kPendingMarker)));
         },
         {"UMBRAL_SIN_SENAL U1"}},
        {"signal not required", [](Value& d) { set(d, "umbrales[0].senal", Value("confianza")); }, {"UMBRAL_SIN_SENAL U1"}},
        {"no contract: no signal is required and no edge reads it", [](Value& d) { erase(d, "contrato_de_grafo"); },
         {"UMBRAL_SIN_SENAL U1", "UMBRAL_SIN_ARISTA U1"}},
        {"per threshold, signal then edge",
         [](Value& d) {
             set(d, "umbrales[0].senal", Value("otra"));            // U1: bad signal, still read by umbral.U1
             push(d, "umbrales", threshold_like_u1("U2", "monto"));  // U2: good signal, no edge
             push(d, "umbrales", threshold_like_u1("U3", "nada"));   // U3: both
         },
         {"UMBRAL_SIN_SENAL U1", "UMBRAL_SIN_ARISTA U2", "UMBRAL_SIN_SENAL U3", "UMBRAL_SIN_ARISTA U3"}},
        {"a threshold without id is named by its path; non-objects are skipped",
         [](Value& d) {
             Value u = threshold_like_u1("x", "monto");
             erase(u, "id");
             push(d, "umbrales", Value(nullptr));
             push(d, "umbrales", u);
         },
         {"UMBRAL_SIN_ARISTA umbrales[2]"}},
        {"a function edge reads every threshold on one of its inputs",
         [](Value& d) {
             push(d, "umbrales", threshold_like_u1("U2", "monto"));
             push(d, "contrato_de_grafo.aristas_condicionales", function_edge({"monto"}, "fin"));
         },
         {}},
    });
}

TEST_CASE("review: 4 CRITERIO_SIN_REGLA, at most one per criterion") {
    run_contradiction_table({
        {"no rule", [](Value& d) { erase(d, "criterios_aceptacion[0].regla_de_medicion"); }, {"CRITERIO_SIN_REGLA C1"}},
        {"rule not an object", [](Value& d) { set(d, "criterios_aceptacion[0].regla_de_medicion", Value("x")); }, {"CRITERIO_SIN_REGLA C1"}},
        {"no population (and no condition): one",
         [](Value& d) {
             erase(d, "criterios_aceptacion[0].regla_de_medicion.poblacion");
             erase(d, "criterios_aceptacion[0].regla_de_medicion.condicion");
         },
         {"CRITERIO_SIN_REGLA C1"}},
        {"blank population", [](Value& d) { set(d, "criterios_aceptacion[0].regla_de_medicion.poblacion", Value(" ")); }, {"CRITERIO_SIN_REGLA C1"}},
        {"tasa without condition", [](Value& d) {
             set(d, "criterios_aceptacion[0].regla_de_medicion.agregacion", Value("tasa"));
             erase(d, "criterios_aceptacion[0].regla_de_medicion.condicion");
         }, {"CRITERIO_SIN_REGLA C1"}},
        {"pass^k without condition", [](Value& d) {
             set(d, "criterios_aceptacion[0].regla_de_medicion.agregacion", Value("pass^k"));
             erase(d, "criterios_aceptacion[0].regla_de_medicion.condicion");
         }, {"CRITERIO_SIN_REGLA C1"}},
        {"mediana with a condition but no metric",
         [](Value& d) { set(d, "criterios_aceptacion[0].regla_de_medicion.agregacion", Value("mediana")); },
         {"CRITERIO_SIN_REGLA C1"}},
        {"mediana with a metric",
         [](Value& d) {
             set(d, "criterios_aceptacion[0].regla_de_medicion.agregacion", Value("mediana"));
             set(d, "criterios_aceptacion[0].regla_de_medicion.metrica", Value("monto"));
         },
         {}},
        {"absent aggregation needs a metric", [](Value& d) { erase(d, "criterios_aceptacion[0].regla_de_medicion.agregacion"); },
         {"CRITERIO_SIN_REGLA C1"}},
        {"todos_cumplen with condition and stray metric: not this rule's business",
         [](Value& d) { set(d, "criterios_aceptacion[0].regla_de_medicion.metrica", Value("monto")); }, {}},
    });
}

TEST_CASE("review: 5 SOLO_UN_IDIOMA, one per element, decisions then risks then thresholds") {
    run_contradiction_table({
        {"option name", [](Value& d) { set(d, "decisiones[0].opciones[1].nombre", Value("Una persona")); }, {"SOLO_UN_IDIOMA D1"}},
        {"pros, contras and the chosen option: still one",
         [](Value& d) {
             set(d, "decisiones[0].opciones[0].pros", Value("Rápido"));
             set(d, "decisiones[0].opciones[1].contras", Value("Lento"));
             set(d, "decisiones[0].opcion_elegida", Value("Una persona"));
         },
         {"SOLO_UN_IDIOMA D1"}},
        {"mitigation field", [](Value& d) { set(d, "riesgos[0].mitigaciones[0].momento", Value("Al decidir")); }, {"SOLO_UN_IDIOMA R1"}},
        {"no_detectable_en_trazas", [](Value& d) { set(d, "riesgos[0].no_detectable_en_trazas", Value("No se ve")); }, {"SOLO_UN_IDIOMA R1"}},
        {"threshold unit", [](Value& d) { set(d, "umbrales[0].unidad", Value("euros")); }, {"SOLO_UN_IDIOMA U1"}},
        {"a plain text elsewhere does not count",
         [](Value& d) {
             set(d, "decisiones[0].justificacion", Value("Un error caro"));
             set(d, "riesgos[0].modo", Value("Se paga"));
         },
         {}},
        {"section order, not file order",
         [](Value& d) {
             set(d, "umbrales[0].unidad", Value("euros"));
             set(d, "riesgos[0].mitigaciones[0].accion", Value("Pasar"));
             set(d, "decisiones[0].opcion_elegida", Value("Una persona"));
             Object& o = d.as_object();
             std::rotate(o.begin(), o.begin() + 9, o.end());  // decisiones moves to the end of the file
             REQUIRE(o.back().key == "decisiones");
         },
         {"SOLO_UN_IDIOMA D1", "SOLO_UN_IDIOMA R1", "SOLO_UN_IDIOMA U1"}},
    });
}

TEST_CASE("review: SOLO_UN_IDIOMA names every plain field of the element") {
    Value d = minimal();
    set(d, "decisiones[0].opciones[0].pros", Value("Rápido"));
    set(d, "decisiones[0].opcion_elegida", Value("Una persona"));
    const ReviewResult r = review(d);
    REQUIRE(r.contradicciones.size() == 1);
    CHECK(r.contradicciones[0].issue.message.en == "Spanish-only texts: opciones[0].pros, opcion_elegida");
}

TEST_CASE("review: 6 SUPUESTO_NO_DECIDIBLE by family (§6)") {
    const auto confirm = [](Value confirmation) {
        return [confirmation](Value& d) { set(d, "supuestos[0].medible_en_trazas.umbral_confirmacion", confirmation); };
    };
    const auto family = [](const char* metric, const char* comparacion, Value confirmation) {
        return [=](Value& d) {
            set(d, "supuestos[0].medible_en_trazas.metricas", Value(Array{Value("monto"), Value(metric)}));
            if (*comparacion) set(d, "supuestos[0].medible_en_trazas.comparacion", Value(comparacion));
            if (confirmation.is_null()) erase(d, "supuestos[0].medible_en_trazas.umbral_confirmacion");
            else set(d, "supuestos[0].medible_en_trazas.umbral_confirmacion", confirmation);
        };
    };
    const Value none;
    const auto keys = [](std::initializer_list<const char*> names) {
        Object o;
        for (const char* n : names) o.push_back({n, Value(0.5)});
        return Value(std::move(o));
    };
    run_contradiction_table({
        {"rate: tasa_min and tasa_max", confirm(keys({"tasa_min", "tasa_max"})), {}},
        {"rate: a calibration key", confirm(keys({"tasa_min", "ece_max"})), {"SUPUESTO_NO_DECIDIBLE S1"}},
        {"rate: no keys", [](Value& d) { erase(d, "supuestos[0].medible_en_trazas.umbral_confirmacion"); }, {"SUPUESTO_NO_DECIDIBLE S1"}},
        {"rate: empty keys", confirm(keys({})), {"SUPUESTO_NO_DECIDIBLE S1"}},
        {"rate: keys not an object = no keys", confirm(Value(Array{})), {"SUPUESTO_NO_DECIDIBLE S1"}},
        {"calibration (ece): its keys", family("ece", "", keys({"ece_max", "exactitud_min"})), {}},
        {"calibration (auroc): a rate key", family("auroc", "", keys({"auroc_min", "tasa_min"})), {"SUPUESTO_NO_DECIDIBLE S1"}},
        {"calibration (curva_riesgo_cobertura): no keys", family("curva_riesgo_cobertura", "", none), {"SUPUESTO_NO_DECIDIBLE S1"}},
        {"baseline: no keys is the default rule", family("exactitud", "linea_base_agente_unico", none), {}},
        {"baseline: its keys", family("exactitud", "linea_base_agente_unico", keys({"exactitud_dif_min", "latencia_mediana_razon_max"})), {}},
        {"baseline: a rate key", family("exactitud", "linea_base_agente_unico", keys({"tasa_min"})), {"SUPUESTO_NO_DECIDIBLE S1"}},
        {"baseline wins over calibration metrics", family("auroc", "linea_base_agente_unico", keys({"exactitud_dif_min"})), {}},
        {"another comparison is no baseline", family("monto", "otra", keys({"exactitud_dif_min"})), {"SUPUESTO_NO_DECIDIBLE S1"}},
        {"not measurable in traces: not judged", [](Value& d) { erase(d, "supuestos[0].medible_en_trazas"); }, {}},
    });
}

TEST_CASE("review: SUPUESTO_NO_DECIDIBLE names the keys its family cannot judge") {
    const auto keys = [](std::initializer_list<const char*> names) {
        Object o;
        for (const char* n : names) o.push_back({n, Value(0.5)});
        return Value(std::move(o));
    };
    Value d = minimal();
    set(d, "supuestos[0].medible_en_trazas.umbral_confirmacion", keys({"ece_max", "tasa_min", "auroc_min"}));
    const ReviewResult r = review(d);
    REQUIRE(r.contradicciones.size() == 1);
    CHECK(r.contradicciones[0].issue.message.en == "the tasa family cannot judge: ece_max, auroc_min");
}

TEST_CASE("review: 7 SIN_LINEA_BASE") {
    const auto baseline = [](Value single) {
        return [single](Value& d) {
            set(d, "contrato_de_grafo.linea_base",
                Value(Object{{"agente_unico", single}, {"lote", Value("lote_demo_1")}, {"mismo_presupuesto", Value(true)}}));
        };
    };
    run_contradiction_table({
        {"single-agent baseline, no assumption compares", baseline(Value(true)), {"SIN_LINEA_BASE contrato_de_grafo.linea_base"}},
        {"baseline false", baseline(Value(false)), {}},
        {"baseline as a string is not true", baseline(Value("true")), {}},
        {"an assumption compares against it",
         [&](Value& d) {
             baseline(Value(true))(d);
             Value s2 = at(d, "supuestos[0]");
             *s2.find("id") = Value("S2");
             set(s2, "medible_en_trazas.comparacion", Value("linea_base_agente_unico"));
             erase(s2, "medible_en_trazas.umbral_confirmacion");
             push(d, "supuestos", s2);
         },
         {}},
    });
}

TEST_CASE("review: contradictions come in §13 order whatever the file order") {
    Value d = minimal();
    set(d, "contrato_de_grafo.linea_base",
        Value(Object{{"agente_unico", Value(true)}, {"lote", Value("l")}, {"mismo_presupuesto", Value(true)}}));  // 7
    erase(d, "supuestos[0].medible_en_trazas.umbral_confirmacion");                                               // 6
    set(d, "umbrales[0].unidad", Value("euros"));                                                                   // 5
    erase(d, "criterios_aceptacion[0].regla_de_medicion.condicion");                                                // 4
    set(d, "umbrales[0].senal", Value("otra"));                                                                     // 3
    set(d, "contrato_de_grafo.aristas_condicionales[0].valor", Value(1));                                           // 2, 3
    erase(d, "criterios_aceptacion[0].riesgos_controlados[0]");                                                     // 1
    const ReviewResult r = review(d);
    CHECK(contradictions(r) == Strings{"SEVERIDAD_SIN_CRITERIO R1", "PAUSA_SIN_UMBRAL pausa", "UMBRAL_SIN_SENAL U1",
                                       "UMBRAL_SIN_ARISTA U1", "CRITERIO_SIN_REGLA C1", "SOLO_UN_IDIOMA U1",
                                       "SUPUESTO_NO_DECIDIBLE S1", "SIN_LINEA_BASE contrato_de_grafo.linea_base"});
    for (const auto& c : r.contradicciones) {
        CAPTURE(c.issue.code);
        CHECK_FALSE(c.issue.message.es.empty());
        CHECK_FALSE(c.issue.message.en.empty());
        CHECK_FALSE(c.aceptada);
    }
    CHECK_FALSE(r.aprobable);
}

TEST_CASE("review: 8 PENDIENTE — questions, thresholds with no value, marked strings with their paths") {
    struct PendingCase {
        const char* name;
        Mutation mutate;
        Strings expected;
    };
    const PendingCase cases[] = {
        {"valor_en_plan null", [](Value& d) { set(d, "umbrales[0].valor_en_plan", Value(nullptr)); }, {"PENDIENTE U1.valor_en_plan"}},
        {"valor_en_plan absent", [](Value& d) { erase(d, "umbrales[0].valor_en_plan"); }, {"PENDIENTE U1.valor_en_plan"}},
        {"valor_en_plan absent, no id", [](Value& d) { erase(d, "umbrales[0].valor_en_plan"); erase(d, "umbrales[0].id"); },
         {"PENDIENTE umbrales[0].valor_en_plan"}},
        {"valor_en_plan false is a value",
         [](Value& d) {
             set(d, "umbrales[0].valor_en_plan", Value(false));
             set(d, "umbrales[0].rango_jugable", Value(Object{{"tipo", Value("booleano")}}));
         },
         {}},
        {"marked value: a string path, not a null",
         [](Value& d) { set(d, "umbrales[0].valor_en_plan", Value(std::string(kPendingMarker))); }, {"PENDIENTE umbrales[0].valor_en_plan"}},
        {"nested strings in member order",
         [](Value& d) {
             set(d, "riesgos[0].modo.en", Value(pending("A high amount")));
             set(d, "decisiones[0].opciones[1].nombre.es", Value(pending("Una")));
             set(d, "supuestos[0].medible_en_trazas.metricas[0]", Value(std::string(kPendingMarker)));
             set(d, "problema", Value(pending("")));
         },
         {"PENDIENTE problema", "PENDIENTE decisiones[0].opciones[1].nombre.es", "PENDIENTE riesgos[0].modo.en",
          "PENDIENTE supuestos[0].medible_en_trazas.metricas[0]"}},
        {"thresholds before markers",
         [](Value& d) {
             set(d, "problema", Value(pending("")));
             erase(d, "umbrales[0].valor_en_plan");
         },
         {"PENDIENTE U1.valor_en_plan", "PENDIENTE problema"}},
        {"a key holding the marker is not searched, its value is",
         [](Value& d) { set(d, std::string("x"), Value(Object{{std::string(kPendingMarker), Value(pending("y"))}})); },
         {"PENDIENTE x." + std::string(kPendingMarker)}},
        {"half a marker is not a marker", [](Value& d) { set(d, "problema.es", Value("⟨pendiente · pending")); }, {}},
    };
    for (const PendingCase& c : cases) {
        CAPTURE(c.name);
        Value d = minimal();
        c.mutate(d);
        const ReviewResult r = review(d);
        CHECK(listed(r.pendientes) == c.expected);
        CHECK(r.aprobable == c.expected.empty());
    }
}

TEST_CASE("review: PENDIENTE paths when the draft is not an object") {
    const std::string m(kPendingMarker);
    CHECK(listed(review(Value(m)).pendientes) == Strings{"PENDIENTE $"});
    CHECK(listed(review(Value(Array{Value("x"), Value(Object{{"a", Value(Array{Value(m)})}})})).pendientes) ==
          Strings{"PENDIENTE [1].a[0]"});
    CHECK(listed(review(Value(1)).pendientes) == Strings{});
}

TEST_CASE("review: a marker at the reader's default depth limit is found") {
    // 500 levels: json::ReadLimits::max_depth is 512, and deeper Values overflow Node's stack when copied
    // (the walk itself keeps an explicit stack).
    Value deep{std::string(kPendingMarker)};
    std::string path;
    for (int i = 0; i < 500; ++i) {
        Array wrapper;
        wrapper.push_back(std::move(deep));
        deep = Value(std::move(wrapper));
        path += "[0]";
    }
    Value d = minimal();
    set(d, "x", std::move(deep));
    const ReviewResult r = review(d);
    REQUIRE(r.pendientes.size() == 1);
    CHECK(r.pendientes[0].element == "x" + path);
}

TEST_CASE("review: pending questions of revision.json come first, as P1, P2…") {
    Value d = minimal();
    erase(d, "umbrales[0].valor_en_plan");
    const Value rev = parse(R"({"preguntas_pendientes": [{"es": "¿Cuánto?", "en": "How much?"}, {"es": "¿Quién?", "en": "Who?"}]})");
    const ReviewResult r = review(d, &rev);
    CHECK(listed(r.pendientes) == Strings{"PENDIENTE P1", "PENDIENTE P2", "PENDIENTE U1.valor_en_plan"});
    CHECK(r.pendientes[1].message.en == "pending question: Who?");
    CHECK(r.pendientes[0].message.es == "pregunta pendiente: ¿Cuánto?");
    CHECK(listed(r.motivos) == Strings{"ESQUEMA umbrales.0.valor_en_plan"});  // the validator's own path form
    CHECK_FALSE(r.aprobable);
    const Value empty = parse(R"({"preguntas_pendientes": [], "contradicciones_aceptadas": []})");
    CHECK(review(minimal(), &empty).aprobable);
}

TEST_CASE("review: approval needs every contradiction accepted, by code and element") {
    Value d = minimal();
    erase(d, "criterios_aceptacion[0].riesgos_controlados[0]");  // SEVERIDAD_SIN_CRITERIO R1
    set(d, "umbrales[0].unidad", Value("euros"));                 // SOLO_UN_IDIOMA U1
    struct AcceptCase {
        const char* name;
        const char* revision;
        bool aprobable;
        std::vector<bool> aceptadas;
    };
    const AcceptCase cases[] = {
        {"no revision at all", nullptr, false, {false, false}},
        {"nothing accepted", R"({})", false, {false, false}},
        {"one accepted", R"({"contradicciones_aceptadas": [{"codigo": "SOLO_UN_IDIOMA", "elemento": "U1"}]})", false, {false, true}},
        {"both accepted",
         R"({"contradicciones_aceptadas": [{"codigo": "SOLO_UN_IDIOMA", "elemento": "U1"},
                                            {"codigo": "SEVERIDAD_SIN_CRITERIO", "elemento": "R1"}]})",
         true, {true, true}},
        {"right code, wrong element",
         R"({"contradicciones_aceptadas": [{"codigo": "SOLO_UN_IDIOMA", "elemento": "D1"},
                                            {"codigo": "SEVERIDAD_SIN_CRITERIO", "elemento": "R1"}]})",
         false, {true, false}},
        {"right element, wrong code",
         R"({"contradicciones_aceptadas": [{"codigo": "UMBRAL_SIN_SENAL", "elemento": "U1"},
                                            {"codigo": "SEVERIDAD_SIN_CRITERIO", "elemento": "R1"}]})",
         false, {true, false}},
        {"accepted but a question is pending",
         R"({"preguntas_pendientes": [{"es": "¿Y?", "en": "And?"}],
             "contradicciones_aceptadas": [{"codigo": "SOLO_UN_IDIOMA", "elemento": "U1"},
                                            {"codigo": "SEVERIDAD_SIN_CRITERIO", "elemento": "R1"}]})",
         false, {true, true}},
        {"extra acceptances that match nothing are harmless",
         R"({"contradicciones_aceptadas": [{"codigo": "SOLO_UN_IDIOMA", "elemento": "U1"},
                                            {"codigo": "SIN_LINEA_BASE", "elemento": "contrato_de_grafo.linea_base"},
                                            {"codigo": "SEVERIDAD_SIN_CRITERIO", "elemento": "R1"}]})",
         true, {true, true}},
    };
    for (const AcceptCase& c : cases) {
        CAPTURE(c.name);
        Value rev;
        if (c.revision) rev = parse(c.revision);
        const ReviewResult r = review(d, c.revision ? &rev : nullptr);
        REQUIRE(contradictions(r) == Strings{"SEVERIDAD_SIN_CRITERIO R1", "SOLO_UN_IDIOMA U1"});
        std::vector<bool> accepted;
        for (const auto& x : r.contradicciones) accepted.push_back(x.aceptada);
        CHECK(accepted == c.aceptadas);
        CHECK(r.aprobable == c.aprobable);
    }
}

TEST_CASE("review: a malformed revision.json is REVISION_INVALIDA, blocks approval and never crashes") {
    Value d = minimal();
    set(d, "umbrales[0].unidad", Value("euros"));  // SOLO_UN_IDIOMA U1
    struct RevisionCase {
        const char* name;
        const char* revision;
        Strings motivos;
        Strings pendientes;
        bool accepted;  // SOLO_UN_IDIOMA U1 accepted anyway
    };
    const RevisionCase cases[] = {
        {"an array", R"([])", {"REVISION_INVALIDA $"}, {}, false},
        {"null", R"(null)", {"REVISION_INVALIDA $"}, {}, false},
        {"a number", R"(3)", {"REVISION_INVALIDA $"}, {}, false},
        {"unknown key",
         R"({"comentario": "ok", "contradicciones_aceptadas": [{"codigo": "SOLO_UN_IDIOMA", "elemento": "U1"}]})",
         {"REVISION_INVALIDA $"}, {}, true},
        {"questions not a list", R"({"preguntas_pendientes": {"es": "a", "en": "b"}})", {"REVISION_INVALIDA preguntas_pendientes"}, {}, false},
        {"a question that is not a BIL still pends",
         R"({"preguntas_pendientes": ["¿Cuánto?", {"es": "", "en": "x"}, {"es": "a", "en": "b", "fr": "c"}, 7]})",
         {"REVISION_INVALIDA preguntas_pendientes[0]", "REVISION_INVALIDA preguntas_pendientes[1]",
          "REVISION_INVALIDA preguntas_pendientes[2]", "REVISION_INVALIDA preguntas_pendientes[3]"},
         {"PENDIENTE P1", "PENDIENTE P2", "PENDIENTE P3", "PENDIENTE P4"}, false},
        {"acceptances not a list", R"({"contradicciones_aceptadas": {"codigo": "SOLO_UN_IDIOMA", "elemento": "U1"}})",
         {"REVISION_INVALIDA contradicciones_aceptadas"}, {}, false},
        {"bad acceptances accept nothing",
         R"({"contradicciones_aceptadas": [3, {"elemento": "U1"}, {"codigo": 5, "elemento": "U1"},
                                            {"codigo": "SOLO_UN_IDIOMA"}, {"codigo": "SOLO_UN_IDIOMA", "elemento": ""},
                                            {"codigo": "PENDIENTE", "elemento": "U1.valor_en_plan"}]})",
         {"REVISION_INVALIDA contradicciones_aceptadas[0]", "REVISION_INVALIDA contradicciones_aceptadas[1].codigo",
          "REVISION_INVALIDA contradicciones_aceptadas[2].codigo", "REVISION_INVALIDA contradicciones_aceptadas[3].elemento",
          "REVISION_INVALIDA contradicciones_aceptadas[4].elemento", "REVISION_INVALIDA contradicciones_aceptadas[5].codigo"},
         {}, false},
        {"an acceptance with an extra key still accepts, and is reported",
         R"({"contradicciones_aceptadas": [{"codigo": "SOLO_UN_IDIOMA", "elemento": "U1", "motivo": "ok"}]})",
         {"REVISION_INVALIDA contradicciones_aceptadas[0]"}, {}, true},
    };
    for (const RevisionCase& c : cases) {
        CAPTURE(c.name);
        const Value rev = parse(c.revision);
        const ReviewResult r = review(d, &rev);
        CHECK(listed(r.motivos) == c.motivos);
        CHECK(listed(r.pendientes) == c.pendientes);
        REQUIRE(r.contradicciones.size() == 1);
        CHECK(r.contradicciones[0].aceptada == c.accepted);
        CHECK_FALSE(r.aprobable);
    }
}

TEST_CASE("review: a SENAL_NO_DECLARADA warning blocks approval") {
    {
        Value d = minimal();
        set(d, "criterios_aceptacion[0].regla_de_medicion.poblacion", Value("monto > umbral.U1 AND servicio_exento == true"));
        const ReviewResult r = review(d);
        CHECK(listed(r.motivos) == Strings{"SENAL_NO_DECLARADA C1.poblacion"});
        CHECK(contradictions(r) == Strings{});
        CHECK_FALSE(r.aprobable);
    }
}

TEST_CASE("review: HUELLA_AUSENTE and the approval fields are approval's business") {
    {
        Value d = minimal();
        set(d, "estado_aprobacion", Value("aprobado"));  // approved with huella null: approval would seal it
        CHECK(review(d).aprobable);
        erase(d, "huella");  // approval writes the key itself
        set(d, "aprobado_el", Value("ayer"));  // and overwrites this
        CHECK(review(d).aprobable);
    }
}

TEST_CASE("review: any validation reason blocks approval and is returned") {
    {
        Value d = minimal();
        at(d, "riesgos[0].mitigaciones").as_array().clear();
        set(d, "riesgos[0].control_legal", Value(true));  // effective alta, no mitigation
        const ReviewResult r = review(d);
        CHECK(listed(r.motivos) == Strings{"PRIORIDAD_ALTA_SIN_MITIGACION R1"});
        CHECK_FALSE(r.aprobable);
    }
}

TEST_CASE("review: a draft that fails the schema is still reviewed") {
    Value d = minimal();
    erase(d, "lotes");
    set(d, "riesgos[0].severidad", Value("alta"));  // ESQUEMA, and severity counts 0
    push(d, "riesgos", Value(Object{{"id", Value("R2")}, {"severidad", Value(10)}}));
    set(d, "umbrales[0].valor_en_plan", Value(nullptr));
    set(d, "decisiones[0].opcion_elegida", Value(pending("Una persona")));
    const ReviewResult r = review(d);
    CHECK(has_code(r.motivos, "ESQUEMA"));
    for (const auto& m : r.motivos) CHECK(m.code == "ESQUEMA");
    CHECK(contradictions(r) == Strings{"SEVERIDAD_SIN_CRITERIO R2", "SOLO_UN_IDIOMA D1"});
    CHECK(listed(r.pendientes) == Strings{"PENDIENTE U1.valor_en_plan", "PENDIENTE decisiones[0].opcion_elegida"});
    CHECK_FALSE(r.aprobable);
}

TEST_CASE("review: garbage drafts and sections of the wrong type never crash") {
    const char* const drafts[] = {
        "null", "0", "true", "\"texto\"", "[]", "[1, {\"riesgos\": 5}]", "{}",
        R"({"riesgos": {"a": 1}, "umbrales": "x", "decisiones": 3, "supuestos": null, "criterios_aceptacion": [1, null, "x"]})",
        R"({"contrato_de_grafo": [], "umbrales": [null, 3, {"id": 5, "senal": []}, {"valor_en_plan": null}]})",
        R"({"contrato_de_grafo": {"aristas_condicionales": [null, 1, {"valor": 4, "funcion": 3}, {"funcion": {"entradas": "x"}}],
                                  "pausas_humanas": [null, {"nodo": null}, 3], "senales_obligatorias_en_traza": {"a": 1},
                                  "linea_base": {"agente_unico": true}}, "supuestos": [{"medible_en_trazas": {"metricas": 3,
                                  "umbral_confirmacion": 4, "comparacion": []}}, {"medible_en_trazas": []}]})",
        R"({"decisiones": [{"opciones": [null, "x", {"nombre": 3, "pros": "p"}], "opcion_elegida": []}],
            "riesgos": [{"mitigaciones": "x", "severidad": 1e300, "no_detectable_en_trazas": "n"}, [], {"mitigaciones": [null, {"accion": "a"}]}],
            "criterios_aceptacion": [{"regla_de_medicion": null}, {"regla_de_medicion": {"poblacion": 3, "agregacion": []}}]})",
    };
    const char* const revisions[] = {nullptr, "null", "[]", R"({"preguntas_pendientes": [null], "contradicciones_aceptadas": [[]]})"};
    for (const char* text : drafts) {
        for (const char* rev_text : revisions) {
            CAPTURE(text);
            CAPTURE(rev_text ? rev_text : "(none)");
            const Value draft = parse(text);
            Value rev;
            if (rev_text) rev = parse(rev_text);
            ReviewResult r;
            CHECK_NOTHROW(r = review(draft, rev_text ? &rev : nullptr));
            CHECK_FALSE(r.aprobable);
            CHECK_FALSE(r.motivos.empty());
            CHECK_NOTHROW((void)planlang::json::canonical(r.to_json()));
        }
    }
}

TEST_CASE("review: exact results on odd shapes") {
    const char* const drafts[] = {
        R"({"contrato_de_grafo": {"aristas_condicionales": [null, 1, {"valor": 4, "funcion": 3}, {"funcion": {"entradas": "x"}}],
                                  "pausas_humanas": [null, {"nodo": null}, 3], "senales_obligatorias_en_traza": {"a": 1},
                                  "linea_base": {"agente_unico": true}}, "supuestos": [{"medible_en_trazas": {"metricas": 3,
                                  "umbral_confirmacion": 4, "comparacion": []}}, {"medible_en_trazas": []}]})",
        R"({"decisiones": [{"opciones": [null, "x", {"nombre": 3, "pros": "p"}], "opcion_elegida": []}],
            "riesgos": [{"mitigaciones": "x", "severidad": 1e300, "no_detectable_en_trazas": "n"}, [], {"mitigaciones": [null, {"accion": "a"}]}],
            "criterios_aceptacion": [{"regla_de_medicion": null}, {"regla_de_medicion": {"poblacion": 3, "agregacion": []}}]})",
    };
    const Value odd = parse(drafts[1]);
    CHECK(contradictions(review(odd)) == Strings{"SEVERIDAD_SIN_CRITERIO riesgos[0]", "CRITERIO_SIN_REGLA criterios_aceptacion[0]",
                                                 "CRITERIO_SIN_REGLA criterios_aceptacion[1]", "SOLO_UN_IDIOMA decisiones[0]",
                                                 "SOLO_UN_IDIOMA riesgos[0]", "SOLO_UN_IDIOMA riesgos[2]"});
    const Value odd_contract = parse(drafts[0]);
    CHECK(contradictions(review(odd_contract)) ==
          Strings{"PAUSA_SIN_UMBRAL contrato_de_grafo.pausas_humanas[0]", "PAUSA_SIN_UMBRAL contrato_de_grafo.pausas_humanas[1]",
                  "PAUSA_SIN_UMBRAL contrato_de_grafo.pausas_humanas[2]", "SUPUESTO_NO_DECIDIBLE supuestos[0]",
                  "SIN_LINEA_BASE contrato_de_grafo.linea_base"});
    CHECK(listed(review(Value(nullptr)).motivos) == Strings{"ESQUEMA $"});
}

TEST_CASE("review: to_json is the E5 object, with motivos and aceptada") {
    Value d = minimal();
    set(d, "umbrales[0].unidad", Value("euros"));
    erase(d, "umbrales[0].valor_en_plan");
    const Value rev = parse(R"({"contradicciones_aceptadas": [{"codigo": "SOLO_UN_IDIOMA", "elemento": "U1"}]})");
    const Value out = review(d, &rev).to_json();
    REQUIRE(out.is_object());
    Strings keys;
    for (const auto& m : out.as_object()) keys.push_back(m.key);
    CHECK(keys == Strings{"contradicciones", "pendientes", "aprobable", "motivos"});
    const Value& c = out.find("contradicciones")->as_array().at(0);
    Strings c_keys;
    for (const auto& m : c.as_object()) c_keys.push_back(m.key);
    CHECK(c_keys == Strings{"codigo", "elemento", "mensaje", "aceptada"});
    CHECK(*c.find("codigo") == Value("SOLO_UN_IDIOMA"));
    CHECK(*c.find("elemento") == Value("U1"));
    CHECK(*c.find("aceptada") == Value(true));
    CHECK(c.find("mensaje")->find("es")->is_string());
    CHECK(c.find("mensaje")->find("en")->is_string());
    const Value& p = out.find("pendientes")->as_array().at(0);
    CHECK(*p.find("elemento") == Value("U1.valor_en_plan"));
    CHECK(p.find("aceptada") == nullptr);
    CHECK(*out.find("aprobable") == Value(false));
    // Not accepted: no aceptada key at all.
    const Value plain = review(d).to_json();
    CHECK(plain.find("contradicciones")->as_array().at(0).find("aceptada") == nullptr);
    CHECK(plain.find("motivos")->as_array().at(0).find("codigo")->as_string() == "ESQUEMA");  // valor_en_plan is required
}

TEST_CASE("review: the marker is ⟨pendiente · pending⟩ in UTF-8") {
    CHECK(kPendingMarker == "⟨pendiente · pending⟩");
    CHECK(kPendingMarker.size() == 3 + 9 + 1 + 2 + 1 + 7 + 3);
}

TEST_CASE("review: deterministic, and the inputs are left as they were") {
    Value d = minimal();
    set(d, "umbrales[0].unidad", Value("euros"));
    set(d, "riesgos[0].modo.en", Value(pending("x")));
    const Value rev = parse(R"({"preguntas_pendientes": [{"es": "a", "en": "b"}], "contradicciones_aceptadas": [{"codigo": "SOLO_UN_IDIOMA", "elemento": "U1"}]})");
    const Value d_before = d;
    const Value rev_before = rev;
    const std::string first = planlang::json::canonical(review(d, &rev).to_json());
    CHECK(first == planlang::json::canonical(review(d, &rev).to_json()));
    CHECK(d == d_before);
    CHECK(rev == rev_before);
}

TEST_CASE("review: every shipped plan reviews without a validation reason") {
    // Content checks belong to each plan's own tests; here: no crash, valid, output stable.
    const char* const plans[] = {"plans/sample/plan-muestra.json", "plans/demo-a/plan-demo-a.json",
                                 "plans/demo-a/plan-demo-a.borrador.json"};
    for (const char* path : plans) {
        CAPTURE(path);
        const std::string file = planlang::testing::source_path(path);
        if (!planlang::testing::file_exists(file)) continue;
        const Value plan = parse(planlang::testing::read_text(file));
        const ReviewResult r = review(plan);
        CHECK(listed(r.motivos) == Strings{});
        CHECK(listed(r.pendientes) == Strings{});
        CHECK(planlang::json::canonical(r.to_json()) == planlang::json::canonical(review(plan).to_json()));
    }
}
