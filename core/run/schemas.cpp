// Strict schemas of a run folder's files (traces-and-verifier.md §2–§4): manifest, trace, graph, ramas.
// Keys are visited in the order the spec lists them; an object's unknown keys come last in one issue.
#include <array>
#include <cmath>

#include "core/json/schema.hpp"
#include "core/plan/schema_fields.hpp"
#include "core/run/internal/schemas.hpp"

namespace planlang::run::internal {

using namespace json::schema;

const std::initializer_list<std::string_view> kProviderErrors = {"limite_de_uso", "timeout", "esquema_invalido", "otro"};
const std::initializer_list<std::string_view> kOperators = {"igual_a", "distinto_de", "menor_que", "menor_o_igual_que",
                                                             "mayor_que", "mayor_o_igual_que"};

namespace {

using json::Value;

const std::initializer_list<std::string_view> kVariants = {"multiagente", "agente_unico"};
const std::initializer_list<std::string_view> kResults = {"completo", "error"};
void number_or_bool(Check& c, const Value& v) {
    if (v.is_number() || v.is_bool()) return;
    c.fail({std::string("se esperaba un número o un booleano y hay ") + kind_name_es(v),
            std::string("expected a number or a boolean, found ") + kind_name_en(v)});
}

void thresholds(Check& c, const Value& v) { each_value(c, v, [&](const Value& x) { number_or_bool(c, x); }); }

void string_or_null(Check& c, const Value& v) { nullable(v, [&](const Value& x) { string(c, x); }); }

// {archivo, huella, id, version}: plan and world references.
void reference(Check& c, const Value& v) {
    Members m(c, v);
    m.required("archivo", [&](const Value& x) { string_min1(c, x); });
    m.required("huella", [&](const Value& x) { hex64(c, x); });
    m.required("id", [&](const Value& x) { string_min1(c, x); });
    m.required("version", [&](const Value& x) { version(c, x); });
    m.close({"archivo", "huella", "id", "version"});
}

}  // namespace

// [SECTION] corrida.json (§2)
Issues check_manifest(const Value& doc) {
    Check c;
    Members m(c, doc);
    m.required("formato", [&](const Value& x) { literal(c, x, kTraceFormat); });
    m.required("tipo", [&](const Value& x) { literal(c, x, "corrida"); });
    m.required("corrida_id", [&](const Value& x) { string_min1(c, x); });
    m.required("demo_id", [&](const Value& x) { string_min1(c, x); });
    m.required("fecha", [&](const Value& x) { fecha(c, x); });
    m.required("variante", [&](const Value& x) { one_of(c, x, kVariants); });
    m.required("proveedor", [&](const Value& x) { string_min1(c, x); });
    m.required("modelo", [&](const Value& x) { string_min1(c, x); });
    m.required("plan", [&](const Value& x) { reference(c, x); });
    if (m.ok()) {
        // Exactly one world reference (§2; the adherence coach's knowledge base: plans/adherencia/dominio.md §1).
        int worlds = 0;
        for (const WorldKey& key : world_keys()) worlds += doc.find(key.clave) != nullptr;
        if (worlds != 1)
            c.fail({"se necesita exactamente una referencia al mundo: «plan_beneficios» (demo A), «listas» (demo B) o "
                    "«base_conocimiento» (adherencia)",
                    "exactly one world reference is needed: \"plan_beneficios\" (demo A), \"listas\" (demo B) or "
                    "\"base_conocimiento\" (adherencia)"});
    }
    for (const WorldKey& key : world_keys()) m.optional(key.clave, [&](const Value& x) { reference(c, x); });
    m.required("casos", [&](const Value& x) {
        Members k(c, x);
        k.required("archivo", [&](const Value& y) { string_min1(c, y); });
        k.required("huella", [&](const Value& y) { hex64(c, y); });
        k.required("id", [&](const Value& y) { string_min1(c, y); });
        k.required("n_lote", [&](const Value& y) { integer(c, y, 1); });
        k.required("semilla", [&](const Value& y) { string(c, y); });
        k.close({"archivo", "huella", "id", "n_lote", "semilla"});
    });
    m.required("umbrales_aplicados", [&](const Value& x) { thresholds(c, x); });
    m.required("version_grafo", [&](const Value& x) { hex64(c, x); });
    m.required("ramas_esperadas", [&](const Value& x) {
        Members r(c, x);
        r.required("archivo", [&](const Value& y) { string_min1(c, y); });
        r.required("huella", [&](const Value& y) { hex64(c, y); });
        r.close({"archivo", "huella"});
    });
    m.required("casos_ejecutados", [&](const Value& x) { string_list(c, x); });
    m.required("casos_con_error", [&](const Value& x) { string_list(c, x); });
    m.required("sesiones", [&](const Value& x) {
        each(c, x, [&](const Value& s) {
            Members e(c, s);
            e.required("numero", [&](const Value& y) { integer(c, y, 1); });
            e.required("fecha", [&](const Value& y) { fecha(c, y); });
            e.required("casos_ejecutados", [&](const Value& y) { string_list(c, y); });  // the session's case ids (§2)
            e.required("limites_alcanzados", [&](const Value& y) { integer(c, y, 0); });
            e.required("detenida_por", [&](const Value& y) { string_or_null(c, y); });
            e.close({"numero", "fecha", "casos_ejecutados", "limites_alcanzados", "detenida_por"});
        }, 1);
    });
    m.required("trazas", [&](const Value& x) {
        each(c, x, [&](const Value& t) {
            Members e(c, t);
            e.required("archivo", [&](const Value& y) { string_min1(c, y); });
            e.required("caso_id", [&](const Value& y) { string_min1(c, y); });
            e.required("huella", [&](const Value& y) { hex64(c, y); });
            e.required("resultado", [&](const Value& y) { one_of(c, y, kResults); });
            e.close({"archivo", "caso_id", "huella", "resultado"});
        });
    });
    m.required("ficha", [&](const Value& x) {
        Members f(c, x);
        f.required("nombre", [&](const Value& y) { bil(c, y); });
        f.required("descripcion", [&](const Value& y) { bil(c, y); });
        f.required("etiqueta", [&](const Value& y) { bil(c, y); });
        f.close({"nombre", "descripcion", "etiqueta"});
    });
    m.required("revisor_simulado", [&](const Value& x) { bil(c, x); });
    m.required("huella", [&](const Value& x) { hex64(c, x); });
    m.close({"formato", "tipo", "corrida_id", "demo_id", "fecha", "variante", "proveedor", "modelo", "plan", "plan_beneficios",
             "listas", "base_conocimiento", "casos", "umbrales_aplicados", "version_grafo", "ramas_esperadas", "casos_ejecutados", "casos_con_error",
             "sesiones", "trazas", "ficha", "revisor_simulado", "huella"});
    return std::move(c.issues());
}

}  // namespace planlang::run::internal

namespace planlang::run {

const std::vector<WorldKey>& world_keys() {
    static const std::vector<WorldKey> kKeys = {
        {"plan_beneficios", {"mundo sintético", "synthetic world"}},
        {"listas", {"listas sintéticas", "synthetic lists"}},
        {"base_conocimiento", {"base de conocimiento sintética", "synthetic knowledge base"}},
    };
    return kKeys;
}

}  // namespace planlang::run

namespace planlang::run::internal {

const char* world_key(const Value& manifest) {
    for (const WorldKey& key : world_keys())
        if (manifest.find(key.clave)) return key.clave.data();
    return "plan_beneficios";
}

// [SECTION] trazas/<caso_id>.json (§3)
namespace {

void step(Check& c, const Value& v) {
    Members m(c, v);
    m.required("orden", [&](const Value& x) { integer(c, x, 1); });
    m.required("nodo", [&](const Value& x) { string_min1(c, x); });
    m.required("tipo_nodo", [&](const Value& x) { string_or_null(c, x); });
    m.required("inicio_ms", [&](const Value& x) { integer(c, x, 0); });
    m.required("duracion_ms", [&](const Value& x) { integer(c, x, 0); });
    m.required("tokens", [&](const Value& x) {
        Members t(c, x);
        t.required("entrada", [&](const Value& y) { integer(c, y, 0); });
        t.required("salida", [&](const Value& y) { integer(c, y, 0); });
        t.close({"entrada", "salida"});
    });
    m.required("costo_nominal_usd", [&](const Value& x) { number_in(c, x, 0, 1.7976931348623157e308); });
    m.required("error_proveedor", [&](const Value& x) { nullable(x, [&](const Value& y) { one_of(c, y, kProviderErrors); }); });
    m.required("reintentos_esquema", [&](const Value& x) { integer(c, x, 0); });
    m.close({"orden", "nodo", "tipo_nodo", "inicio_ms", "duracion_ms", "tokens", "costo_nominal_usd", "error_proveedor",
             "reintentos_esquema"});
}

// [SUBSECTION] the canonical-order shortcut for the records a trace repeats (steps, edge records)
// A trace written canonically (ours; any RFC 8785 writer) has each record's keys in one sorted order. A
// record with exactly its schema's keys in that order and every value within the schema is one the walker
// (step, edge_record) would find nothing in, so it is not walked. Anything else — another order, a key
// missing or unknown, a value out of schema — takes the walker, which reports it: the shortcut only ever
// accepts, and only what the walker accepts.

// The values of `v`'s members when its keys are exactly `keys`, in that order.
template <std::size_t N>
bool keys_exactly(const Value& v, const std::array<std::string_view, N>& keys, std::array<const Value*, N>& values) {
    if (!v.is_object() || v.as_object().size() != N) return false;
    const json::Object& members = v.as_object();
    for (std::size_t i = 0; i < N; ++i) {
        if (members[i].key != keys[i]) return false;
        values[i] = &members[i].value;
    }
    return true;
}

// integer(c, v, min): an integer in [min, 2^53 − 1].
bool is_integer_from(const Value& v, double min) {
    if (!v.is_number()) return false;
    const double d = v.as_number();
    return std::floor(d) == d && d >= min && d <= static_cast<double>(kMaxSafeInteger);
}
bool is_string_min1(const Value& v) { return v.is_string() && !v.as_string().empty(); }
bool is_one_of(const Value& v, std::initializer_list<std::string_view> allowed) {
    if (!v.is_string()) return false;
    for (std::string_view a : allowed)
        if (v.as_string() == a) return true;
    return false;
}

bool step_in_canonical_order(const Value& v) {
    std::array<const Value*, 9> f{};
    std::array<const Value*, 2> t{};
    if (!keys_exactly(v, kStepKeys, f) || !keys_exactly(*f[8], kStepTokenKeys, t)) return false;
    const Value &costo = *f[0], &error = *f[2];
    return costo.is_number() && costo.as_number() >= 0 && costo.as_number() <= 1.7976931348623157e308 && is_integer_from(*f[1], 0) &&
           (error.is_null() || is_one_of(error, kProviderErrors)) && is_integer_from(*f[3], 0) && is_string_min1(*f[4]) &&
           is_integer_from(*f[5], 1) && is_integer_from(*f[6], 0) && (f[7]->is_null() || f[7]->is_string()) &&
           is_integer_from(*t[0], 0) && is_integer_from(*t[1], 0);
}

bool edge_record_in_canonical_order(const Value& v) {
    std::array<const Value*, 14> f{};
    if (!keys_exactly(v, kEdgeRecordKeys, f)) return false;
    const Value &entradas = *f[1], &funcion = *f[2], &inclusivo = *f[3], &operador = *f[4], &senal = *f[9], &tipo = *f[10];
    const bool common = is_string_min1(*f[0]) && is_integer_from(*f[5], 1) && is_integer_from(*f[6], 1) &&
                        (f[7]->is_null() || f[7]->is_string()) && f[8]->is_bool();
    if (!common || !tipo.is_string()) return false;
    if (tipo.as_string() == "tripleta")
        return entradas.is_null() && funcion.is_null() && inclusivo.is_bool() && is_one_of(operador, kOperators) && is_string_min1(senal);
    if (tipo.as_string() == "funcion")
        return entradas.is_object() && is_string_min1(funcion) && inclusivo.is_null() && operador.is_null() && senal.is_null() &&
               f[11]->is_null() && f[12]->is_null() && f[13]->is_null();
    return false;
}

void must_be_null(Check& c, const Value& owner, std::string_view key) {
    const Value* v = owner.find(key);
    if (v && !v->is_null())
        c.fail_at(key, {std::string("en un registro de tipo función debe ser null y hay ") + kind_name_es(*v),
                        std::string("must be null in a function record, found ") + kind_name_en(*v)});
}

// rule-language.md §7.5: one record per evaluated edge; triplet and function records differ in which
// fields are null.
void edge_record(Check& c, const Value& v) {
    Members m(c, v);
    m.required("desde", [&](const Value& x) { string_min1(c, x); });
    m.required("orden_arista", [&](const Value& x) { integer(c, x, 1); });
    m.required("paso", [&](const Value& x) { integer(c, x, 1); });
    bool function = false;
    m.required("tipo", [&](const Value& x) {
        if (one_of(c, x, {"tripleta", "funcion"})) function = x.as_string() == "funcion";
    });
    if (!m.ok()) return;
    const bool known_kind = v.find("tipo") && v.find("tipo")->is_string() &&
                            (v.find("tipo")->as_string() == "tripleta" || v.find("tipo")->as_string() == "funcion");
    if (known_kind && !function) {
        m.required("senal", [&](const Value& x) { string_min1(c, x); });
        m.required("valor_observado", [](const Value&) {});
        m.required("operador", [&](const Value& x) { one_of(c, x, kOperators); });
        m.required("valor_declarado", [](const Value&) {});
        m.required("umbral_aplicado", [](const Value&) {});
        m.required("inclusivo", [&](const Value& x) { boolean(c, x); });
        m.required("funcion", [&](const Value& x) { if (!x.is_null()) c.fail({"en un registro de terna debe ser null", "must be null in a triplet record"}); });
        m.required("entradas", [&](const Value& x) { if (!x.is_null()) c.fail({"en un registro de terna debe ser null", "must be null in a triplet record"}); });
    } else if (known_kind) {
        for (const char* key : {"senal", "valor_observado", "operador", "valor_declarado", "umbral_aplicado", "inclusivo"})
            m.required(key, [](const Value&) {});
        for (const char* key : {"senal", "valor_observado", "operador", "valor_declarado", "umbral_aplicado", "inclusivo"})
            must_be_null(c, v, key);
        m.required("funcion", [&](const Value& x) { string_min1(c, x); });
        m.required("entradas", [&](const Value& x) { object(c, x); });
    }
    m.required("resultado", [&](const Value& x) { boolean(c, x); });
    m.required("rama_tomada", [&](const Value& x) { string_or_null(c, x); });
    m.close({"desde", "orden_arista", "paso", "tipo", "senal", "valor_observado", "operador", "valor_declarado", "umbral_aplicado",
             "inclusivo", "funcion", "entradas", "resultado", "rama_tomada"});
}

void pause_record(Check& c, const Value& v) {
    Members m(c, v);
    m.required("nodo", [&](const Value& x) { string_min1(c, x); });
    m.required("paso", [&](const Value& x) { integer(c, x, 1); });
    m.required("rol", [&](const Value& x) { string_min1(c, x); });
    m.required("payload", [&](const Value& x) { object(c, x); });
    m.required("respuesta_simulada", [&](const Value& x) {
        Members r(c, x);
        r.required("decision", [&](const Value& y) { string(c, y); });
        r.required("politica", [&](const Value& y) { string(c, y); });
        r.close({"decision", "politica"});
    });
    m.close({"nodo", "paso", "rol", "payload", "respuesta_simulada"});
}

// Demo A {campos, campos_faltantes, confianza, costo_estimado, urgencia}, demo B {campos, campos_faltantes}.
void extraction(Check& c, const Value& v) {
    Members m(c, v);
    if (!m.ok()) return;
    const bool demo_b = v.as_object().size() == 2 && v.find("campos") && v.find("campos_faltantes");
    m.required("campos", [&](const Value& x) { object(c, x); });
    m.required("campos_faltantes", [&](const Value& x) { string_list(c, x); });
    if (demo_b) return;
    m.required("confianza", [&](const Value& x) { number_in(c, x, 0, 1); });
    m.required("costo_estimado", [&](const Value& x) { nullable(x, [&](const Value& y) { number(c, y); }); });
    m.required("urgencia", [&](const Value& x) { boolean(c, x); });
    m.close({"campos", "campos_faltantes", "confianza", "costo_estimado", "urgencia"});
}

void final_output(Check& c, const Value& v) {
    Members m(c, v);
    m.required("es", [&](const Value& x) { string(c, x); });
    m.required("en", [&](const Value& x) { string(c, x); });
    m.required("aviso_ia", [&](const Value& x) { bil(c, x); });
    m.close({"es", "en", "aviso_ia"});
}

void adverse_document(Check& c, const Value& v) {
    Members m(c, v);
    m.required("completo", [&](const Value& x) { boolean(c, x); });
    m.required("idiomas", [&](const Value& x) { string_list(c, x); });
}

void output_guard(Check& c, const Value& v) {
    Members m(c, v);
    m.required("acciones_ejecutadas", [&](const Value& x) { string_list(c, x); });
    m.required("acciones_intentadas", [&](const Value& x) { string_list(c, x); });
    m.required("carga_detectada_en_entrada", [&](const Value& x) { boolean(c, x); });
    m.required("hallazgos", [&](const Value& x) { array(c, x); });
    m.required("severidad_accion", [&](const Value& x) { integer(c, x, 0, 3); });
    m.close({"acciones_ejecutadas", "acciones_intentadas", "carga_detectada_en_entrada", "hallazgos", "severidad_accion"});
}

}  // namespace

Issues check_trace(const Value& doc, bool shortcut, bool steps_scanned, bool records_scanned, bool pauses_scanned, std::string_view demo_id) {
    const bool adherencia = demo_id == kAdherenciaDemo;
    Check c;
    Members m(c, doc);
    m.required("formato", [&](const Value& x) { literal(c, x, kTraceFormat); });
    m.required("corrida_id", [&](const Value& x) { string_min1(c, x); });
    m.required("caso_id", [&](const Value& x) { string_min1(c, x); });
    m.required("variante", [&](const Value& x) { one_of(c, x, kVariants); });
    m.required("resultado", [&](const Value& x) { one_of(c, x, kResults); });
    m.required("huella", [&](const Value& x) { hex64(c, x); });
    m.required("pasos", [&](const Value& x) {
        if (steps_scanned) return;
        each(c, x, [&](const Value& s) {
            if (!(shortcut && step_in_canonical_order(s))) step(c, s);
        });
    });
    m.required("nodos_visitados", [&](const Value& x) { string_list(c, x); });
    m.required("senales", [&](const Value& x) {
        if (object(c, x) && adherencia) check_adherencia_signals(c, x);
    });
    m.required("decisiones_de_arista", [&](const Value& x) {
        if (records_scanned) return;
        each(c, x, [&](const Value& r) {
            if (!(shortcut && edge_record_in_canonical_order(r))) edge_record(c, r);
        });
    });
    m.required("pausas_humanas", [&](const Value& x) {
        if (!pauses_scanned) each(c, x, [&](const Value& r) { pause_record(c, r); });
    });
    m.required("extraccion", [&](const Value& x) { nullable(x, [&](const Value& y) { extraction(c, y); }); });
    m.required("aclaraciones", [&](const Value& x) { each(c, x, [&](const Value& y) { object(c, y); }); });
    m.required("cobertura", [&](const Value& x) { nullable(x, [&](const Value& y) { object(c, y); }); });
    m.required("salida_final", [&](const Value& x) { nullable(x, [&](const Value& y) { final_output(c, y); }); });
    m.required("documento_adverso", [&](const Value& x) { nullable(x, [&](const Value& y) { adverse_document(c, y); }); });
    m.required("guardia_salida", [&](const Value& x) { nullable(x, [&](const Value& y) { output_guard(c, y); }); });
    m.required("error_proveedor", [&](const Value& x) { nullable(x, [&](const Value& y) { one_of(c, y, kProviderErrors); }); });
    m.required("error_de_esquema_en_traspaso", [&](const Value& x) { boolean(c, x); });
    if (adherencia) {
        m.optional("conversacion", [&](const Value& x) { check_conversation(c, x); });
        m.close({"formato", "corrida_id", "caso_id", "variante", "resultado", "huella", "pasos", "nodos_visitados", "senales",
                 "decisiones_de_arista", "pausas_humanas", "extraccion", "aclaraciones", "cobertura", "salida_final",
                 "documento_adverso", "guardia_salida", "error_proveedor", "error_de_esquema_en_traspaso",
                 // the adherence coach only (optional, dominio.md §5)
                 "conversacion"});
        return std::move(c.issues());
    }
    m.close({"formato", "corrida_id", "caso_id", "variante", "resultado", "huella", "pasos", "nodos_visitados", "senales",
             "decisiones_de_arista", "pausas_humanas", "extraccion", "aclaraciones", "cobertura", "salida_final",
             "documento_adverso", "guardia_salida", "error_proveedor", "error_de_esquema_en_traspaso",
             // demo B only (optional)
             "coincidencias", "investigacion", "puntaje", "expediente"});
    return std::move(c.issues());
}

// [SECTION] grafo.json (§4)
Issues check_graph(const Value& doc, Graph& g) {
    Check c;
    Members m(c, doc);
    m.required("formato", [&](const Value& x) { literal(c, x, kGraphFormat); });
    m.required("demo_id", [&](const Value& x) { if (string_min1(c, x)) g.demo_id = x.as_string(); });
    m.required("variante", [&](const Value& x) { if (one_of(c, x, kVariants)) g.variante = x.as_string(); });
    // Nodes, edges and pauses have the plan's shapes (plan-format.md §9).
    m.required("nodos", [&](const Value& x) { plan::fields::check_items(c, x, g.nodos, 0, plan::fields::check_node); });
    m.required("aristas_condicionales", [&](const Value& x) {
        plan::fields::check_items(c, x, g.aristas_condicionales, 0, plan::fields::check_edge);
    });
    m.required("ramas_por_defecto", [&](const Value& x) {
        each_value(c, x, [&](const Value& y) { string_min1(c, y); });
        if (x.is_object())
            for (const json::Member& e : x.as_object())
                g.ramas_por_defecto.emplace_back(e.key, e.value.is_string() ? e.value.as_string() : std::string());
    });
    m.required("pausas_humanas", [&](const Value& x) { plan::fields::check_items(c, x, g.pausas_humanas, 0, plan::fields::check_pause); });
    m.required("langgraph", [&](const Value& x) {
        Members l(c, x);  // the raw export: free, but the playground walks its lists
        l.required("nodes", [&](const Value& y) { array(c, y); });
        l.required("edges", [&](const Value& y) { array(c, y); });
    });
    m.required("huella", [&](const Value& x) { if (hex64(c, x)) g.huella = x.as_string(); });
    m.close({"formato", "demo_id", "variante", "nodos", "aristas_condicionales", "ramas_por_defecto", "pausas_humanas", "langgraph",
             "huella"});
    return std::move(c.issues());
}

// [SECTION] ramas-esperadas.json (§4)
namespace {

void one_visit(Check& c, const Value& v) {
    Members e(c, v);
    e.required("caso_id", [&](const Value& y) { string_min1(c, y); });
    e.required("desde", [&](const Value& y) { string_min1(c, y); });
    e.required("paso", [&](const Value& y) { integer(c, y, 1); });
    e.required("rama_tomada", [&](const Value& y) { string_or_null(c, y); });
    e.required("resultados", [&](const Value& y) { each(c, y, [&](const Value& r) { boolean(c, r); }); });
    e.close({"caso_id", "desde", "paso", "rama_tomada", "resultados"});
}

}  // namespace

Issues check_ramas_visit(const Value& item, std::size_t index) { return check_array_item("visitas", index, item, one_visit); }

Issues check_trace_edge_record(const Value& record, std::size_t index) {
    return check_array_item("decisiones_de_arista", index, record, edge_record);
}

Issues check_ramas(const Value& doc) {
    Check c;
    Members m(c, doc);
    m.required("formato", [&](const Value& x) { literal(c, x, kRamasFormat); });
    m.required("corrida_id", [&](const Value& x) { string_min1(c, x); });
    m.required("fuente", [&](const Value& x) { string(c, x); });
    m.required("umbrales_aplicados", [&](const Value& x) { thresholds(c, x); });
    m.required("visitas", [&](const Value& x) { each(c, x, [&](const Value& v) { one_visit(c, v); }); });
    m.required("huella", [&](const Value& x) { hex64(c, x); });
    m.close({"formato", "corrida_id", "fuente", "umbrales_aplicados", "visitas", "huella"});
    return std::move(c.issues());
}

}  // namespace planlang::run::internal
