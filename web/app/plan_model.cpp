#include "web/app/plan_model.hpp"

#include "core/json/number.hpp"
#include "core/plan/slider_positions.hpp"

namespace planlang::web {

namespace {

// Field access that remembers the first missing or mistyped field, so one message names it.
class Fields {
public:
    explicit Fields(std::string& missing) : m_missing(missing) {}

    const json::Value* get(const json::Value& obj, const std::string& path, const char* key) {
        const json::Value* v = obj.is_object() ? obj.find(key) : nullptr;
        if (!v) fail(path + "." + key);
        return v;
    }
    std::string string(const json::Value& obj, const std::string& path, const char* key) {
        const json::Value* v = get(obj, path, key);
        if (v && v->is_string()) return v->as_string();
        if (v) fail(path + "." + key);
        return {};
    }
    Bilingual bilingual(const json::Value& obj, const std::string& path, const char* key) {
        const json::Value* v = get(obj, path, key);
        if (!v) return {};
        if (auto b = as_bilingual(*v)) return *b;
        fail(path + "." + key);
        return {};
    }
    std::optional<Bilingual> optional_bilingual(const json::Value& obj, const std::string& path, const char* key) {
        const json::Value* v = obj.find(key);
        if (!v || v->is_null()) return std::nullopt;
        if (auto b = as_bilingual(*v)) return b;
        fail(path + "." + key);
        return std::nullopt;
    }
    std::optional<std::string> optional_string(const json::Value& obj, const char* key) {
        const json::Value* v = obj.find(key);
        if (v && v->is_string()) return v->as_string();
        return std::nullopt;
    }
    void fail(const std::string& path) {
        if (m_missing.empty()) m_missing = path;
    }
    bool failed() const { return !m_missing.empty(); }

    // BIL {es, en}, or LIBRE's legacy plain string (same text in both languages).
    static std::optional<Bilingual> as_bilingual(const json::Value& v) {
        if (v.is_string()) return Bilingual{v.as_string(), v.as_string()};
        if (!v.is_object()) return std::nullopt;
        const json::Value* es = v.find("es");
        const json::Value* en = v.find("en");
        if (!es || !en || !es->is_string() || !en->is_string()) return std::nullopt;
        return Bilingual{es->as_string(), en->as_string()};
    }

private:
    std::string& m_missing;
};

std::string value_text(const json::Value& v) {
    switch (v.kind()) {
        case json::Value::Kind::null: return "null";
        case json::Value::Kind::boolean: return v.as_bool() ? "true" : "false";
        case json::Value::Kind::number: return json::format_number(v.as_number());
        case json::Value::Kind::string: return v.as_string();
        default: return "…";
    }
}

std::string optional_text(const json::Value& edge, const char* key) {
    const json::Value* v = edge.find(key);
    return v && v->is_string() ? v->as_string() : std::string();
}

// The edges of the graph contract, rendered once; which threshold reads which is decided afterwards.
struct RawEdge {
    EdgeModel model;
    std::string valor;                // triplet's raw valor when it is a string ("umbral.U1"), else empty
    std::vector<std::string> inputs;  // the signal of a triplet, or a function's entradas
};

std::vector<RawEdge> read_edges(const json::Value& plan) {
    std::vector<RawEdge> edges;
    const json::Value* contract = plan.find("contrato_de_grafo");
    const json::Value* list = contract && contract->is_object() ? contract->find("aristas_condicionales") : nullptr;
    if (!list || !list->is_array()) return edges;
    for (const json::Value& e : list->as_array()) {
        if (!e.is_object()) continue;
        RawEdge raw;
        raw.model.desde = optional_text(e, "desde");
        const json::Value* orden = e.find("orden");
        raw.model.orden = orden && orden->is_number() ? static_cast<int>(orden->as_number()) : 0;
        raw.model.si_verdadero = optional_text(e, "si_verdadero");
        raw.model.si_falso = optional_text(e, "si_falso");
        if (const json::Value* senal = e.find("senal"); senal && senal->is_string()) {
            const json::Value* valor = e.find("valor");
            raw.inputs.push_back(senal->as_string());
            if (valor && valor->is_string()) raw.valor = valor->as_string();
            raw.model.rule = senal->as_string() + " " + optional_text(e, "operador") + " " +
                             (valor ? value_text(*valor) : std::string("?"));
        } else if (const json::Value* f = e.find("funcion"); f && f->is_object()) {
            raw.model.rule = optional_text(*f, "nombre") + "(";
            if (const json::Value* in = f->find("entradas"); in && in->is_array()) {
                for (const json::Value& name : in->as_array()) {
                    if (!name.is_string()) continue;
                    if (!raw.inputs.empty()) raw.model.rule += ", ";
                    raw.model.rule += name.as_string();
                    raw.inputs.push_back(name.as_string());
                }
            }
            raw.model.rule += ")";
        }
        edges.push_back(std::move(raw));
    }
    return edges;
}

void read_range(Fields& f, const json::Value& u, const std::string& path, ThresholdModel& t) {
    const json::Value* range = f.get(u, path, "rango_jugable");
    if (!range || !range->is_object()) return f.fail(path + ".rango_jugable");
    if (const json::Value* tipo = range->find("tipo")) {
        if (!tipo->is_string() || tipo->as_string() != "booleano") return f.fail(path + ".rango_jugable.tipo");
        t.is_boolean = true;
        if (!t.valor_en_plan.is_bool()) f.fail(path + ".valor_en_plan");
        return;
    }
    const json::Value* min = range->find("min");
    const json::Value* max = range->find("max");
    const json::Value* paso = range->find("paso");
    if (!min || !max || !paso || !min->is_number() || !max->is_number() || !paso->is_number() ||
        !(paso->as_number() > 0) || max->as_number() < min->as_number()) {
        return f.fail(path + ".rango_jugable");
    }
    if (!t.valor_en_plan.is_number()) return f.fail(path + ".valor_en_plan");
    t.min = min->as_number();
    t.max = max->as_number();
    t.paso = paso->as_number();
    t.positions = plan::slider_positions(t.min, t.max, t.paso);
    if (t.positions.empty()) return f.fail(path + ".rango_jugable.paso");  // above plan::kMaxSliderPositions
    const double plan_value = t.valor_en_plan.as_number();
    for (std::size_t i = 0; i < t.positions.size(); ++i) {
        if (t.positions[i] == plan_value) t.plan_position = static_cast<int>(i);
    }
}

}  // namespace

PlanModelResult read_plan_model(const json::Value& plan) {
    PlanModelResult result;
    Fields f(result.missing_field);
    if (!plan.is_object()) {
        f.fail("$");
        return result;
    }
    PlanModel m;
    m.id = f.string(plan, "$", "id");
    m.nombre = f.bilingual(plan, "$", "nombre");
    m.version = f.string(plan, "$", "version");
    m.dominio_id = f.string(plan, "$", "dominio_id");
    m.estado_aprobacion = f.string(plan, "$", "estado_aprobacion");
    m.aprobado_por = f.optional_string(plan, "aprobado_por");
    m.aprobado_el = f.optional_string(plan, "aprobado_el");
    m.problema = f.bilingual(plan, "$", "problema");
    m.etiqueta_riesgo = f.optional_bilingual(plan, "$", "etiqueta_riesgo");

    const std::vector<RawEdge> edges = read_edges(plan);
    const json::Value* umbrales = f.get(plan, "$", "umbrales");
    if (umbrales && (!umbrales->is_array() || umbrales->as_array().empty())) f.fail("$.umbrales");
    if (f.failed()) return result;

    for (std::size_t i = 0; i < umbrales->as_array().size(); ++i) {
        const json::Value& u = umbrales->as_array()[i];
        const std::string path = "$.umbrales[" + std::to_string(i) + "]";
        ThresholdModel t;
        t.id = f.string(u, path, "id");
        t.nombre = f.bilingual(u, path, "nombre");
        t.descripcion_lider = f.bilingual(u, path, "descripcion_lider");
        t.decision_id = f.string(u, path, "decision_id");
        t.senal = f.string(u, path, "senal");
        t.operador = f.string(u, path, "operador");
        if (const json::Value* inc = f.get(u, path, "inclusivo")) {
            if (inc->is_bool()) t.inclusivo = inc->as_bool();
            else f.fail(path + ".inclusivo");
        }
        if (const json::Value* v = f.get(u, path, "valor_en_plan")) t.valor_en_plan = *v;
        read_range(f, u, path, t);
        t.unidad = f.optional_bilingual(u, path, "unidad");
        t.consecuencia_si_verdadero = f.string(u, path, "consecuencia_si_verdadero");
        if (const json::Value* c = u.find("costo_humano_por_caso_min"); c && c->is_number()) {
            t.costo_humano_por_caso_min = c->as_number();
        }
        if (f.failed()) return result;
        const std::string reference = "umbral." + t.id;
        for (const RawEdge& e : edges) {
            bool reads = e.valor == reference;
            for (const std::string& input : e.inputs) reads = reads || (t.is_boolean && input == t.senal);
            if (reads) t.edges.push_back(e.model);
        }
        m.thresholds.push_back(std::move(t));
    }
    result.plan = std::move(m);
    return result;
}

}  // namespace planlang::web
