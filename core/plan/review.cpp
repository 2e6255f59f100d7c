// [SECTION] index: the draft's indexes · §13 items 1–7 · item 8 · approval · review() · to_json()
// (tolerant accessors: internal/review_access.hpp; revision.json: review_revision.cpp)
#include "core/plan/review.hpp"

#include <algorithm>
#include <string>

#include "core/json/number.hpp"
#include "core/plan/internal/review_access.hpp"
#include "core/plan/validator.hpp"
#include "core/rules/ast.hpp"

namespace planlang::plan {
namespace {

using namespace internal::tolerant;
using internal::Acceptance;

// [SECTION] the draft's indexes

struct ThresholdRef {
    std::string id;     // empty when the threshold has no string id
    std::string senal;  // empty when absent or not a string
};

struct Draft {
    const json::Value& root;
    const json::Value* contract = nullptr;
    std::vector<const json::Value*> edges;  // objects of aristas_condicionales
    std::vector<ThresholdRef> thresholds;   // one per object of umbrales, file order
    std::vector<std::string> required_signals;

    explicit Draft(const json::Value& r) : root(r), contract(member(&r, "contrato_de_grafo")) {
        for (const json::Value& e : items(member(contract, "aristas_condicionales")))
            if (e.is_object()) edges.push_back(&e);
        for (const json::Value& u : items(member(&root, "umbrales"))) {
            if (!u.is_object()) continue;
            const std::string* id = string_of(u.find("id"));
            const std::string* senal = string_of(u.find("senal"));
            thresholds.push_back({id ? *id : std::string(), senal ? *senal : std::string()});
        }
        required_signals = strings_in(member(contract, "senales_obligatorias_en_traza"));
    }

    bool threshold_exists(std::string_view id) const {
        return std::any_of(thresholds.begin(), thresholds.end(), [&](const ThresholdRef& t) { return !t.id.empty() && t.id == id; });
    }
};

// A function edge is told apart from a triplet by the absence of `senal` (§9).
bool is_function_edge(const json::Value& edge) { return edge.find("senal") == nullptr; }

std::vector<std::string> function_inputs(const json::Value& edge) {
    return is_function_edge(edge) ? strings_in(member(member(&edge, "funcion"), "entradas")) : std::vector<std::string>{};
}

// The threshold id of an edge's `valor` "umbral.<X>", when X is a threshold of the draft.
std::string valor_threshold(const Draft& d, const json::Value& edge) {
    const std::string* valor = string_of(edge.find("valor"));
    if (!valor) return {};
    const auto id = rules::threshold_id(*valor);
    return id && d.threshold_exists(*id) ? std::string(*id) : std::string();
}

// §13 item 2: "an edge reads a threshold when its `valor` is an existing `umbral.X`, or it is a function
// edge with an input equal to some threshold's `senal`".
bool reads_a_threshold(const Draft& d, const json::Value& edge) {
    if (!valor_threshold(d, edge).empty()) return true;
    for (const std::string& input : function_inputs(edge))
        for (const ThresholdRef& t : d.thresholds)
            if (!t.senal.empty() && t.senal == input) return true;
    return false;
}

bool reads_threshold(const Draft& d, const json::Value& edge, const ThresholdRef& t) {
    if (!t.id.empty() && valor_threshold(d, edge) == t.id) return true;
    return !t.senal.empty() && contains(function_inputs(edge), t.senal);
}

// [SECTION] §13 items 1–7

// 1. A risk with severity ≥ 9 (non-number = 0) that no criterion controls.
void severity_without_criterion(const Draft& d, Issues& out) {
    std::vector<std::string> controlled;
    for (const json::Value& c : items(member(&d.root, "criterios_aceptacion")))
        for (std::string& id : strings_in(c.find("riesgos_controlados"))) controlled.push_back(std::move(id));
    const json::Array& risks = items(member(&d.root, "riesgos"));
    for (std::size_t i = 0; i < risks.size(); ++i) {
        const json::Value& r = risks[i];
        if (!r.is_object()) continue;
        const json::Value* s = r.find("severidad");
        const double severity = s && s->is_number() ? s->as_number() : 0;
        if (severity < 9) continue;
        const std::string* id = string_of(r.find("id"));
        if (id && contains(controlled, *id)) continue;
        const std::string sev = json::format_number(severity);
        add(out, "SEVERIDAD_SIN_CRITERIO", name_of(r, "riesgos", i),
            "el riesgo tiene severidad " + sev + " (≥ 9) y ningún criterio de aceptación lo controla",
            "the risk has severity " + sev + " (≥ 9) and no acceptance criterion controls it");
    }
}

// 2. A pause no threshold-reading edge leads to.
void pause_without_threshold(const Draft& d, Issues& out) {
    const json::Array& pauses = items(member(d.contract, "pausas_humanas"));
    for (std::size_t i = 0; i < pauses.size(); ++i) {
        const json::Value* nodo = member(&pauses[i], "nodo");
        const std::string* node = string_of(nodo);
        const bool reached = node && std::any_of(d.edges.begin(), d.edges.end(), [&](const json::Value* e) {
            const std::string* target = string_of(e->find("si_verdadero"));
            return target && *target == *node && reads_a_threshold(d, *e);
        });
        if (reached) continue;
        const std::string element = node && !node->empty() ? *node : indexed("contrato_de_grafo.pausas_humanas", i);
        add(out, "PAUSA_SIN_UMBRAL", element, "ninguna arista que lee un umbral lleva a esta pausa humana",
            "no edge that reads a threshold leads to this human pause");
    }
}

// 3. Per threshold: its signal, then an edge that reads it.
void threshold_signal_and_edge(const Draft& d, Issues& out) {
    const json::Array& thresholds = items(member(&d.root, "umbrales"));
    std::size_t t = 0;  // index into d.thresholds (objects only)
    for (std::size_t i = 0; i < thresholds.size(); ++i) {
        const json::Value& u = thresholds[i];
        if (!u.is_object()) continue;
        const ThresholdRef& ref = d.thresholds[t++];
        const std::string element = name_of(u, "umbrales", i);
        const std::string* senal = string_of(u.find("senal"));
        if (!senal || is_blank(*senal))
            add(out, "UMBRAL_SIN_SENAL", element, "el umbral no tiene señal", "the threshold has no signal");
        else if (has_marker(*senal))
            add(out, "UMBRAL_SIN_SENAL", element, "la señal del umbral está pendiente", "the threshold's signal is pending");
        else if (!contains(d.required_signals, *senal))
            add(out, "UMBRAL_SIN_SENAL", element, "la señal " + quoted_es(*senal) + " no es una señal obligatoria de la traza",
                "the signal " + quoted_en(*senal) + " is not a required trace signal");
        const bool read = std::any_of(d.edges.begin(), d.edges.end(), [&](const json::Value* e) { return reads_threshold(d, *e, ref); });
        if (!read)
            add(out, "UMBRAL_SIN_ARISTA", element, "ninguna arista condicional lee este umbral", "no conditional edge reads this threshold");
    }
}

bool is_condition_aggregation(const std::string* a) {
    return a && (*a == "todos_cumplen" || *a == "pass^k" || *a == "tasa");
}

// 4. At most one per criterion: the rule, its population, then its condition or metric.
void criterion_without_rule(const Draft& d, Issues& out) {
    const json::Array& criteria = items(member(&d.root, "criterios_aceptacion"));
    for (std::size_t i = 0; i < criteria.size(); ++i) {
        const json::Value& c = criteria[i];
        if (!c.is_object()) continue;
        const std::string element = name_of(c, "criterios_aceptacion", i);
        const json::Value* rule = c.find("regla_de_medicion");
        if (!rule || !rule->is_object()) {
            add(out, "CRITERIO_SIN_REGLA", element, "el criterio no tiene regla de medición", "the criterion has no measurement rule");
        } else if (!text_of(rule->find("poblacion"))) {
            add(out, "CRITERIO_SIN_REGLA", element, "la regla de medición no tiene población", "the measurement rule has no population");
        } else if (is_condition_aggregation(string_of(rule->find("agregacion")))) {
            if (!text_of(rule->find("condicion")))
                add(out, "CRITERIO_SIN_REGLA", element, "la regla de medición no tiene condición",
                    "the measurement rule has no condition");
        } else if (!text_of(rule->find("metrica"))) {
            add(out, "CRITERIO_SIN_REGLA", element, "la regla de medición no tiene métrica", "the measurement rule has no metric");
        }
    }
}

// 5. Plain (Spanish-only) strings where a LIBRE may be bilingual.
void collect_plain(const json::Value* object, std::initializer_list<std::string_view> keys, const std::string& prefix,
                   std::vector<std::string>& found) {
    for (std::string_view key : keys)
        if (string_of(member(object, key))) found.push_back(prefix + std::string(key));
}

void collect_plain_in_list(const json::Value& owner, std::string_view list, std::initializer_list<std::string_view> keys,
                           std::vector<std::string>& found) {
    const json::Array& entries = items(owner.find(list));
    for (std::size_t j = 0; j < entries.size(); ++j) collect_plain(&entries[j], keys, indexed(list, j) + ".", found);
}

void only_one_language(const Draft& d, Issues& out) {
    const auto each = [&](const char* section, auto&& collect) {
        const json::Array& elements = items(member(&d.root, section));
        for (std::size_t i = 0; i < elements.size(); ++i) {
            if (!elements[i].is_object()) continue;
            std::vector<std::string> found;
            collect(elements[i], found);
            if (found.empty()) continue;
            add(out, "SOLO_UN_IDIOMA", name_of(elements[i], section, i), "textos solo en español: " + joined(found),
                "Spanish-only texts: " + joined(found));
        }
    };
    each("decisiones", [](const json::Value& e, std::vector<std::string>& found) {
        collect_plain_in_list(e, "opciones", {"nombre", "pros", "contras"}, found);
        collect_plain(&e, {"opcion_elegida"}, "", found);
    });
    each("riesgos", [](const json::Value& e, std::vector<std::string>& found) {
        collect_plain_in_list(e, "mitigaciones", {"accion", "momento", "efecto_esperado"}, found);
        collect_plain(&e, {"no_detectable_en_trazas"}, "", found);
    });
    each("umbrales", [](const json::Value& e, std::vector<std::string>& found) { collect_plain(&e, {"unidad"}, "", found); });
}

// 6. Assumption families (§6): which confirmation keys each can judge.
struct Family {
    const char* name;
    std::vector<std::string_view> judgeable;
    bool default_rule;  // "no keys" is judged by a default rule
};

const Family kBaseline{"linea_base", {"exactitud_dif_min", "latencia_mediana_razon_max"}, true};
const Family kCalibration{"calibracion", {"ece_min", "ece_max", "auroc_min", "auroc_max", "exactitud_min", "exactitud_max"}, false};
const Family kRate{"tasa", {"tasa_min", "tasa_max"}, false};

const Family& family_of(const json::Value& measurable) {
    const std::string* comparacion = string_of(measurable.find("comparacion"));
    if (comparacion && *comparacion == "linea_base_agente_unico") return kBaseline;
    const std::vector<std::string> metrics = strings_in(measurable.find("metricas"));
    for (const char* m : {"ece", "auroc", "curva_riesgo_cobertura"})
        if (contains(metrics, m)) return kCalibration;
    return kRate;
}

void assumption_not_decidable(const Draft& d, Issues& out) {
    const json::Array& assumptions = items(member(&d.root, "supuestos"));
    for (std::size_t i = 0; i < assumptions.size(); ++i) {
        const json::Value* measurable = member(&assumptions[i], "medible_en_trazas");
        if (!measurable || !measurable->is_object()) continue;
        const Family& family = family_of(*measurable);
        const json::Value* keys = measurable->find("umbral_confirmacion");
        std::vector<std::string> unjudgeable;
        std::size_t count = 0;
        if (keys && keys->is_object()) {
            for (const json::Member& k : keys->as_object()) {
                ++count;
                if (std::find(family.judgeable.begin(), family.judgeable.end(), k.key) == family.judgeable.end())
                    unjudgeable.push_back(k.key);
            }
        }
        const std::string element = name_of(assumptions[i], "supuestos", i);
        const std::string fam = family.name;
        if (!unjudgeable.empty())
            add(out, "SUPUESTO_NO_DECIDIBLE", element, "la familia " + fam + " no sabe juzgar: " + joined(unjudgeable),
                "the " + fam + " family cannot judge: " + joined(unjudgeable));
        else if (count == 0 && !family.default_rule)
            add(out, "SUPUESTO_NO_DECIDIBLE", element,
                "el supuesto no tiene claves de confirmación y la familia " + fam + " no tiene regla por defecto",
                "the assumption has no confirmation keys and the " + fam + " family has no default rule");
    }
}

// 7. A single-agent baseline with no assumption comparing against it.
void without_baseline(const Draft& d, Issues& out) {
    const json::Value* single = member(member(d.contract, "linea_base"), "agente_unico");
    if (!single || !single->is_bool() || !single->as_bool()) return;
    for (const json::Value& a : items(member(&d.root, "supuestos"))) {
        const std::string* comparacion = string_of(member(member(&a, "medible_en_trazas"), "comparacion"));
        if (comparacion && *comparacion == "linea_base_agente_unico") return;
    }
    add(out, "SIN_LINEA_BASE", "contrato_de_grafo.linea_base",
        "se pide una línea base de agente único pero ningún supuesto se compara con ella",
        "a single-agent baseline is asked for but no assumption compares against it");
}

// [SECTION] §13 item 8: pending items

void pending_thresholds(const Draft& d, Issues& out) {
    const json::Array& thresholds = items(member(&d.root, "umbrales"));
    for (std::size_t i = 0; i < thresholds.size(); ++i) {
        const json::Value& u = thresholds[i];
        if (!u.is_object()) continue;
        const json::Value* value = u.find("valor_en_plan");
        if (value && !value->is_null()) continue;
        const std::string* id = string_of(u.find("id"));
        add(out, "PENDIENTE", (id && !id->empty() ? *id : indexed("umbrales", i)) + ".valor_en_plan",
            "el umbral no tiene valor en el plan", "the threshold has no plan value");
    }
}

// Every string value holding the marker, depth first in member order; an explicit stack, so no document
// depth can exhaust the call stack.
void pending_markers(const json::Value& root, Issues& out) {
    struct Frame {
        const json::Value* value;
        std::string path;
    };
    std::vector<Frame> stack{{&root, std::string()}};
    while (!stack.empty()) {
        Frame f = std::move(stack.back());
        stack.pop_back();
        const json::Value& v = *f.value;
        if (v.is_string()) {
            if (has_marker(v.as_string()))
                add(out, "PENDIENTE", f.path.empty() ? "$" : f.path, "el texto está pendiente", "the text is pending");
        } else if (v.is_array()) {
            const json::Array& a = v.as_array();
            for (std::size_t i = a.size(); i-- > 0;) stack.push_back({&a[i], indexed(f.path, i)});
        } else if (v.is_object()) {
            const json::Object& o = v.as_object();
            for (std::size_t i = o.size(); i-- > 0;)
                stack.push_back({&o[i].value, f.path.empty() ? o[i].key : f.path + "." + o[i].key});
        }
    }
}

// [SECTION] approval: validate as aprobarPlan would (§12 steps 1–2)

void validation_motives(const json::Value& draft, Issues& motivos) {
    json::Value marked = draft;
    if (marked.is_object()) {
        json::Object& members = marked.as_object();
        members.erase(std::remove_if(members.begin(), members.end(),
                                     [](const json::Member& m) {
                                         return m.key == "estado_aprobacion" || m.key == "huella" || m.key == "aprobado_por" ||
                                                m.key == "aprobado_el";
                                     }),
                      members.end());
        members.push_back({"estado_aprobacion", json::Value("aprobado")});
        members.push_back({"huella", json::Value(nullptr)});
    }
    ValidationResult v = validate(marked);
    for (Issue& i : v.motivos)
        if (i.code != "HUELLA_AUSENTE") motivos.push_back(std::move(i));
    for (Issue& w : v.advertencias)
        if (w.code == "SENAL_NO_DECLARADA") motivos.push_back(std::move(w));
}

json::Value issue_json(const Issue& i) {
    return json::Value(json::Object{{"codigo", json::Value(i.code)},
                                    {"elemento", json::Value(i.element)},
                                    {"mensaje", json::Value(json::Object{{"es", json::Value(i.message.es)},
                                                                         {"en", json::Value(i.message.en)}})}});
}

json::Value issues_json(const Issues& issues) {
    json::Array out;
    for (const Issue& i : issues) out.push_back(issue_json(i));
    return json::Value(std::move(out));
}

}  // namespace

// [SECTION] review()

ReviewResult review(const json::Value& draft, const json::Value* revision) {
    ReviewResult r;
    const Draft d(draft);
    Issues found;
    severity_without_criterion(d, found);
    pause_without_threshold(d, found);
    threshold_signal_and_edge(d, found);
    criterion_without_rule(d, found);
    only_one_language(d, found);
    assumption_not_decidable(d, found);
    without_baseline(d, found);

    validation_motives(draft, r.motivos);
    const std::vector<Acceptance> accepted = internal::read_revision(revision, r.pendientes, r.motivos);
    pending_thresholds(d, r.pendientes);
    pending_markers(draft, r.pendientes);

    bool all_accepted = true;
    for (Issue& i : found) {
        const bool ok = std::any_of(accepted.begin(), accepted.end(),
                                    [&](const Acceptance& a) { return a.codigo == i.code && a.elemento == i.element; });
        all_accepted = all_accepted && ok;
        r.contradicciones.push_back({std::move(i), ok});
    }
    r.aprobable = r.motivos.empty() && r.pendientes.empty() && all_accepted;
    return r;
}

// [SECTION] to_json()

json::Value ReviewResult::to_json() const {
    json::Array contradictions;
    for (const Contradiction& c : contradicciones) {
        json::Value item = issue_json(c.issue);
        if (c.aceptada) item.as_object().push_back({"aceptada", json::Value(true)});
        contradictions.push_back(std::move(item));
    }
    return json::Value(json::Object{{"contradicciones", json::Value(std::move(contradictions))},
                                    {"pendientes", issues_json(pendientes)},
                                    {"aprobable", json::Value(aprobable)},
                                    {"motivos", issues_json(motivos)}});
}

}  // namespace planlang::plan
