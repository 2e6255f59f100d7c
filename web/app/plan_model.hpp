#pragma once
// The part of a plan the playground shows: its identity, its huella and its thresholds (plan-format.md §2, §8)
// with the slider positions of each playable range (playground.md §1) and the graph-contract edges that read
// each threshold (§9). Read straight from the parsed JSON: the app shows plans, it does not validate them
// (that is `planlang validate`), so it only requires the fields it displays and names the first one missing.
#include <optional>
#include <string>
#include <vector>

#include "core/common/issue.hpp"
#include "core/json/value.hpp"

namespace planlang::web {

// An edge of contrato_de_grafo.aristas_condicionales, as the expert view prints it.
struct EdgeModel {
    std::string desde;
    int orden = 0;
    std::string rule;          // "confianza_clasificacion menor_que umbral.U1" or "funcion(a, b)"
    std::string si_verdadero;
    std::string si_falso;      // empty when the edge has none
};

struct ThresholdModel {
    std::string id;
    Bilingual nombre;
    Bilingual descripcion_lider;
    std::string decision_id;
    std::string senal;
    std::string operador;
    bool inclusivo = false;
    bool is_boolean = false;          // rango_jugable {tipo: "booleano"}: a switch, not a slider
    json::Value valor_en_plan;        // number or bool, as in the file
    double min = 0, max = 0, paso = 0;  // numeric ranges only
    std::vector<double> positions;    // plan::slider_positions(min, max, paso) (playground.md §1)
    int plan_position = -1;           // index of valor_en_plan among positions; -1 when it is off the steps
    std::optional<Bilingual> unidad;  // LIBRE: a plain string has the same text in both languages
    std::string consecuencia_si_verdadero;
    std::optional<double> costo_humano_por_caso_min;
    std::vector<EdgeModel> edges;     // triplets whose valor is "umbral.<id>", and for a switch the edges
                                      // reading its bound signal (playground.md §3 step 2)
};

struct PlanModel {
    std::string id;
    Bilingual nombre;
    std::string version;
    std::string dominio_id;
    std::string estado_aprobacion;
    std::optional<std::string> aprobado_por;
    std::optional<std::string> aprobado_el;
    Bilingual problema;
    std::optional<Bilingual> etiqueta_riesgo;
    std::vector<ThresholdModel> thresholds;
};

struct PlanModelResult {
    std::optional<PlanModel> plan;
    std::string missing_field;  // JSON path of the first field that is absent or of the wrong type
};

PlanModelResult read_plan_model(const json::Value& plan);

}  // namespace planlang::web
