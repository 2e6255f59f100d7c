#pragma once
// The plan contract as typed values (spec/plan-format.md §2–§10). A Plan is only built from JSON that
// passed the schema (plan/schema.hpp), with the defaults of §1 filled in, so every required field is
// set; optional fields are std::optional. Key names stay the format's (Spanish) where they are format
// keys. Enumerations are kept as the format's strings: the schema has already checked them.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/json/value.hpp"
#include "core/rules/edges.hpp"

namespace planlang::plan {

using Id = std::string;

// BIL `{es, en}`, or LIBRE: a plain Spanish-only string (legacy) or a BIL (plan-format.md §1).
struct Text {
    std::string es;
    std::string en;
    bool plain = false;  // a legacy Spanish-only string: `es` holds it, `en` is empty
};

struct Actor {
    Id id;
    std::string es;
    std::string en;
    std::string tipo;  // humano | sistema
    std::optional<bool> rol_en_pausa;
    std::optional<std::string> origen;
};

struct DecisionOption {
    Text nombre;
    std::optional<Text> pros;
    std::optional<Text> contras;
};

struct Decision {
    Id id;
    Text pregunta;
    std::vector<DecisionOption> opciones;
    std::optional<Text> opcion_elegida;
    std::optional<Text> justificacion;
    std::string reversibilidad;  // una_via | costosa | dos_vias
    std::string tipo;            // explicita | implicita
    std::string estado;          // abierta | decidida | superada
    std::vector<Id> depende_de;
    std::vector<Id> umbrales_asociados;
    std::vector<Id> riesgos_asociados;
    std::optional<std::string> origen;
};

struct Mitigation {
    Text accion;
    Text momento;
    Text efecto_esperado;
};

struct Detector {
    std::string tipo;             // conteo | tasa
    std::string ambito = "caso";  // caso | sesion (default caso)
    std::string poblacion;
    std::string condicion;
    std::string ocurre_si;        // "> 0", ">= 0.10", …
};

struct Risk {
    Id id;
    std::optional<Id> decision_id;
    Text modo;
    Text efecto;
    Text causa;
    int severidad = 0;   // S, 1–10
    int ocurrencia = 0;  // O, 1–10
    int deteccion = 0;   // D, 1–10
    std::vector<Mitigation> mitigaciones;
    std::optional<Detector> detector_en_trazas;  // the key is required; its value may be null
    std::optional<Text> no_detectable_en_trazas;
    std::optional<bool> control_legal;
    std::optional<std::string> origen;
};

struct MeasurableInTraces {
    std::vector<std::string> metricas;
    std::string poblacion;
    std::optional<std::string> condicion;
    std::optional<std::string> comparacion;
    std::optional<std::vector<std::pair<std::string, double>>> umbral_confirmacion;  // order as read
};

struct Assumption {
    Id id;
    Text enunciado;
    std::string criticidad;  // alta | media | baja
    Text prueba_barata;
    std::optional<MeasurableInTraces> medible_en_trazas;
    std::string estado;  // sin_probar | confirmado | refutado
    std::optional<std::string> origen;
};

struct MeasurementRule {
    std::string poblacion;
    std::optional<std::string> condicion;
    std::optional<std::string> metrica;
    std::string agregacion;  // todos_cumplen | pass^k | tasa | mediana | promedio | maximo
    std::optional<std::int64_t> k;
    std::optional<std::string> k_aplica_a;
};

// plan-format.md §10: a criterion of `tipo` latencia or costo is met when its aggregate is at most the target;
// any other, when it is at least the target.
inline bool lower_is_better(std::string_view tipo) { return tipo == "latencia" || tipo == "costo"; }

struct Criterion {
    Id id;
    Text enunciado;
    std::string tipo;  // absoluto | tasa | latencia | costo
    MeasurementRule regla_de_medicion;
    json::Value valor_objetivo;  // number or bool
    std::string origen;
    std::vector<Id> riesgos_controlados;
    bool lower_is_better() const { return plan::lower_is_better(tipo); }
};

struct PlayableRange {
    bool boolean = false;  // {tipo: "booleano"}
    double min = 0;
    double max = 0;
    double paso = 0;
};

struct Threshold {
    Id id;
    Text nombre;
    Text descripcion_lider;
    Id decision_id;
    std::string senal;
    std::string operador;  // igual_a | distinto_de | menor_que | menor_o_igual_que | mayor_que | mayor_o_igual_que
    bool inclusivo = false;
    json::Value valor_en_plan;  // number or bool
    std::optional<Text> unidad;
    PlayableRange rango_jugable;
    std::string consecuencia_si_verdadero;
    std::optional<double> costo_humano_por_caso_min;
    std::optional<std::string> origen;
};

struct Node {
    Id id;
    std::string tipo;  // enrutador | modelo | regla | pausa_humana | herramienta
};

// A conditional edge: what rule-language.md §7 evaluates (rules::Edge) and the plan's note on it.
struct Edge : rules::Edge {
    std::optional<Text> nota;
};

struct Pause {
    Id nodo;
    Id rol;
    std::vector<std::string> payload_minimo;
    Text politica_simulada;
};

struct Evaluator {
    Id id;
    std::string tipo;  // regla | juez_modelo | humano
    std::optional<std::string> modo;  // selectivo | total
    std::optional<bool> opcional_en_corte;
    std::vector<Id> riesgos_cubiertos;
};

struct Baseline {
    bool agente_unico = false;
    std::string lote;
    bool mismo_presupuesto = false;
};

struct GraphContract {
    std::vector<Node> nodos_esperados;
    std::vector<Edge> aristas_condicionales;
    std::vector<std::pair<Id, Id>> ramas_por_defecto;  // document order as read (§17)
    std::vector<Pause> pausas_humanas;
    std::vector<std::string> senales_obligatorias_en_traza;
    std::vector<Evaluator> evaluadores_requeridos;
    std::optional<Baseline> linea_base;
    std::optional<std::string> origen;
};

// The contract's edges and default branches as the graph rule-language.md §7 routes in (the plan's notes
// left out).
rules::EdgeGraph edge_graph(const GraphContract& contract);

struct Batches {
    std::int64_t demo = 0;
    std::int64_t completo = 0;
    std::int64_t corridas_espaciadas_de = 0;
    bool fuera_de_ci = true;
    std::string proveedor;
    std::string modelo_alias;
    std::optional<std::string> origen;
};

struct BenefitPlanSummary {
    std::int64_t procedimientos = 0;
    std::int64_t exentos_de_autorizacion = 0;
    std::int64_t exclusiones_con_causal = 0;
    std::string tope_alto_costo;
    std::optional<std::int64_t> topes_de_cobertura;
};

struct Plan {
    Id id;
    Text nombre;
    std::string version;
    Id dominio_id;
    std::string estado_aprobacion;  // borrador | aprobado
    std::optional<std::string> aprobado_por;
    std::optional<std::string> aprobado_el;
    Text problema;
    std::vector<Actor> actores;
    std::vector<Text> flujo_objetivo;
    std::vector<Decision> decisiones;
    std::vector<Risk> riesgos;
    std::vector<Assumption> supuestos;
    std::vector<Criterion> criterios_aceptacion;
    std::vector<Threshold> umbrales;
    GraphContract contrato_de_grafo;
    Batches lotes;
    std::optional<BenefitPlanSummary> plan_beneficios_sintetico;
    std::optional<Text> etiqueta_riesgo;
    std::optional<std::string> huella;  // the key is required; null → nullopt

    const Threshold* threshold(const Id& id) const;
    const Decision* decision(const Id& id) const;
    const Risk* risk(const Id& id) const;
    const Node* node(const Id& id) const;
    bool is_required_signal(const std::string& name) const;
    // {id: valor_en_plan} of every threshold, in plan order: the applied thresholds of a run with no override,
    // what the rules read as `umbral` at plan values, and what a run's applied thresholds are checked against.
    json::Value threshold_values() const;
};

}  // namespace planlang::plan
