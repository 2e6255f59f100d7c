// The lower half of the Plan screen: thresholds, the graph contract, and in expert reading the technical
// record and every rule as the plan writes it (plan-format.md §8–§10, rule-language.md).
#include <string>

#include "core/json/number.hpp"
#include "imgui.h"
#include "web/app/screens/plan_parts.hpp"
#include "web/app/screens/screen_parts.hpp"
#include "web/app/ui_common.hpp"

namespace planlang::web {

namespace {

std::string tx(const AppState& state, const plan::Text& t) { return text_of(t, state.language); }

std::string plan_value(const AppState& state, const json::Value& v, const std::optional<plan::Text>& unidad) {
    if (v.is_bool()) return state.t(v.as_bool() ? "plan.activado" : "plan.desactivado");
    std::string s = v.is_number() ? display_number(v.as_number(), state.language) : v.is_string() ? v.as_string() : "—";
    if (unidad) s += " " + tx(state, *unidad);
    return s;
}

std::string joined(const std::vector<std::string>& v) {
    std::string s;
    for (const std::string& x : v) s += (s.empty() ? "" : ", ") + x;
    return s.empty() ? std::string("—") : s;
}

// An edge as the rule it is: "senal_confianza < umbral.U1" or "texas_y_no_aprobar(modo_texas, propuesta)".
std::string edge_rule(const plan::Edge& e) {
    if (e.is_function) return e.funcion_nombre + "(" + joined(e.funcion_entradas) + ")";
    std::string value = e.valor.is_string() ? e.valor.as_string() : e.valor.is_bool() ? (e.valor.as_bool() ? "true" : "false")
                                                                                        : json::format_number(e.valor.as_number());
    return e.senal + " " + operator_symbol(e.operador, e.inclusivo) + " " + value;
}

void draw_thresholds(AppState& state) {
    const plan::Plan& p = state.session.plan();
    if (!section(fill(state.t("plan.umbrales"), {std::to_string(p.umbrales.size())}).c_str(), false)) return;
    wrapped_muted(state.t("plan.umbrales_nota"));
    if (!begin_table("umbrales", 5)) return;
    setup_columns({{state.t("plan.col_id"), 0}, {state.t("plan.col_nombre"), 1.0f}, {state.t("plan.col_que_hace"), 2.6f},
                   {state.t("plan.col_valor_plan"), 0.8f}, {state.t("plan.col_rango"), 0.8f}});
    for (const plan::Threshold& u : p.umbrales) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(u.id.c_str());
        ImGui::TableNextColumn();
        wrapped(tx(state, u.nombre));
        ImGui::TableNextColumn();
        wrapped(tx(state, u.descripcion_lider));
        if (expert(state)) {
            std::string rule = u.senal + " " + operator_symbol(u.operador, u.inclusivo) + " umbral." + u.id + " → " + u.consecuencia_si_verdadero +
                               " · " + u.decision_id;
            if (u.costo_humano_por_caso_min)
                rule += " · " + fill(state.t("plan.costo_persona"), {display_number(*u.costo_humano_por_caso_min, state.language)});
            wrapped_muted(rule);
        }
        ImGui::TableNextColumn();
        wrapped(plan_value(state, u.valor_en_plan, u.unidad));
        ImGui::TableNextColumn();
        if (u.rango_jugable.boolean) {
            ImGui::TextUnformatted(state.t("plan.rango_booleano"));
        } else {
            wrapped(fill(state.t("plan.rango"), {display_number(u.rango_jugable.min, state.language), display_number(u.rango_jugable.max, state.language),
                                                  display_number(u.rango_jugable.paso, state.language)}));
        }
    }
    ImGui::EndTable();
}

void draw_contract(AppState& state) {
    const plan::GraphContract& c = state.session.plan().contrato_de_grafo;
    const json::Value& report = state.session.report();
    if (!section(state.t("plan.contrato"), false)) return;
    wrapped(fill(state.t("plan.contrato_frase"), {std::to_string(c.nodos_esperados.size()), std::to_string(c.aristas_condicionales.size()),
                                                  std::to_string(c.pausas_humanas.size()), std::to_string(c.senales_obligatorias_en_traza.size())}));
    ImGui::Spacing();
    // Nodes, with the visits the report counted in this run.
    if (begin_table("nodos", 3)) {
        setup_columns({{state.t("plan.col_nodo"), 1.2f}, {state.t("plan.col_tipo"), 1.0f}, {state.t("plan.col_visitas"), 1.0f}});
        for (const plan::Node& n : c.nodos_esperados) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(n.id.c_str());
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(enum_word(state, "nodo", n.tipo).c_str());
            ImGui::TableNextColumn();
            const json::Value& measured = by_id(at(at(report, "contrato_de_grafo"), "nodos"), n.id);
            ImGui::TextUnformatted(report_number(at(measured, "visitas"), state.language).c_str());
        }
        ImGui::EndTable();
    }
    if (expert(state)) wrapped_muted("[informe.json · contrato_de_grafo.nodos[].visitas]");
    // Pauses: who is asked, what they must be shown, and how the simulation answers.
    for (const plan::Pause& pz : c.pausas_humanas) {
        ImGui::Spacing();
        wrapped(fill(state.t("plan.pausa"), {pz.nodo, pz.rol}));
        wrapped_muted(fill(state.t("plan.pausa_payload"), {joined(pz.payload_minimo)}));
        wrapped_muted(fill(state.t("plan.pausa_politica"), {tx(state, pz.politica_simulada)}));
    }
    ImGui::Spacing();
    ImGui::TextColored(colour::kMuted, "%s", state.t("plan.evaluadores"));
    for (const plan::Evaluator& e : c.evaluadores_requeridos) {
        ImGui::Bullet();
        std::string line = e.id + " · " + enum_word(state, "evaluador", e.tipo);
        if (e.opcional_en_corte.value_or(false)) line += " · " + std::string(state.t("plan.opcional_en_corte"));
        if (!e.riesgos_cubiertos.empty()) line += " · " + fill(state.t("plan.cubre"), {joined(e.riesgos_cubiertos)});
        wrapped(line);
    }
    if (c.linea_base) {
        ImGui::Spacing();
        wrapped_muted(fill(state.t("plan.linea_base"), {c.linea_base->lote}));
    }
    if (!expert(state)) return;
    // Expert: the conditional edges in decision order, the default branches and the required signals.
    ImGui::Spacing();
    ImGui::TextColored(colour::kMuted, "%s", state.t("plan.aristas"));
    if (begin_table("aristas", 5)) {
        setup_columns({{state.t("plan.col_desde"), 0.8f}, {"#", 0}, {state.t("plan.col_regla_arista"), 2.2f},
                       {state.t("plan.col_si_verdadero"), 0.9f}, {state.t("plan.col_nota"), 2.0f}});
        for (const plan::Edge& e : c.aristas_condicionales) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(e.desde.c_str());
            ImGui::TableNextColumn();
            ImGui::Text("%lld", static_cast<long long>(e.orden));
            ImGui::TableNextColumn();
            wrapped(edge_rule(e));
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(e.si_verdadero.c_str());
            if (e.si_falso) ImGui::TextColored(colour::kMuted, "%s", fill(state.t("plan.si_falso"), {*e.si_falso}).c_str());
            ImGui::TableNextColumn();
            if (e.nota) wrapped_muted(tx(state, *e.nota));
        }
        ImGui::EndTable();
    }
    ImGui::Spacing();
    std::vector<std::string> defaults;
    for (const auto& [from, to] : c.ramas_por_defecto) defaults.push_back(from + " → " + to);
    ImGui::TextColored(colour::kMuted, "%s", state.t("plan.ramas_por_defecto"));
    wrapped(joined(defaults));
    ImGui::TextColored(colour::kMuted, "%s", state.t("plan.senales_obligatorias"));
    wrapped(joined(c.senales_obligatorias_en_traza));
}

void record_row(const char* label, const std::string& value) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextColored(colour::kMuted, "%s", label);
    ImGui::TableNextColumn();
    wrapped(value);
}

void draw_record(AppState& state) {
    const plan::Plan& p = state.session.plan();
    if (!section(state.t("plan.registro"), false)) return;
    if (!begin_table("registro", 2)) return;
    ImGui::TableSetupColumn("k", ImGuiTableColumnFlags_WidthFixed);
    ImGui::TableSetupColumn("v", ImGuiTableColumnFlags_WidthStretch);
    record_row(state.t("plan.reg_id"), p.id);
    record_row(state.t("plan.reg_version"), p.version);
    record_row(state.t("plan.reg_dominio"), p.dominio_id);
    record_row(state.t("plan.reg_huella"), p.huella.value_or("—"));
    record_row(state.t("plan.reg_aprobacion"), p.estado_aprobacion + " · " + p.aprobado_por.value_or("—") + " · " + p.aprobado_el.value_or("—"));
    record_row(state.t("plan.reg_etiqueta"), p.etiqueta_riesgo ? tx(state, *p.etiqueta_riesgo) : "—");
    const plan::Batches& b = p.lotes;
    record_row(state.t("plan.reg_lotes"),
               fill(state.t("plan.reg_lotes_valor"), {std::to_string(b.demo), std::to_string(b.completo), std::to_string(b.corridas_espaciadas_de),
                                                      b.proveedor, b.modelo_alias, b.fuera_de_ci ? "true" : "false"}));
    const json::Value& ficha_plan = at(at(state.session.report(), "ficha_reproducibilidad"), "plan");
    record_row(state.t("plan.reg_formato"), fill(state.t("plan.reg_formato_valor"), {str(ficha_plan, "archivo")}));
    ImGui::EndTable();
}

// Every rule of the plan as written: criteria, risk detectors, assumptions' measurements, thresholds' edges.
void draw_rules(AppState& state) {
    const plan::Plan& p = state.session.plan();
    if (!section(state.t("plan.reglas"), false)) return;
    wrapped_muted(state.t("plan.reglas_nota"));
    if (!begin_table("reglas", 3)) return;
    setup_columns({{state.t("plan.col_id"), 0}, {state.t("plan.col_clave"), 0.9f}, {state.t("plan.col_regla_escrita"), 3.0f}});
    auto row = [](const std::string& id, const char* key, const std::string& rule) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(id.c_str());
        ImGui::TableNextColumn();
        ImGui::TextColored(colour::kMuted, "%s", key);
        ImGui::TableNextColumn();
        wrapped(rule);
    };
    for (const plan::Criterion& c : p.criterios_aceptacion) {
        const plan::MeasurementRule& m = c.regla_de_medicion;
        row(c.id, "poblacion", m.poblacion);
        if (m.condicion) row(c.id, "condicion", *m.condicion);
        if (m.metrica) row(c.id, "metrica", *m.metrica);
        row(c.id, "agregacion", m.agregacion + (m.k ? " · k = " + std::to_string(*m.k) : "") + (m.k_aplica_a ? " · " + *m.k_aplica_a : ""));
    }
    for (const plan::Risk& r : p.riesgos) {
        if (!r.detector_en_trazas) continue;
        const plan::Detector& d = *r.detector_en_trazas;
        row(r.id, "poblacion", d.poblacion);
        row(r.id, "condicion", d.condicion);
        row(r.id, "ocurre_si", d.tipo + " " + d.ocurre_si + " · " + d.ambito);
    }
    for (const plan::Assumption& a : p.supuestos) {
        if (!a.medible_en_trazas) continue;
        const plan::MeasurableInTraces& m = *a.medible_en_trazas;
        row(a.id, "poblacion", m.poblacion);
        if (m.condicion) row(a.id, "condicion", *m.condicion);
        row(a.id, "metricas", joined(m.metricas));
        if (m.comparacion) row(a.id, "comparacion", *m.comparacion);
        if (m.umbral_confirmacion) {
            std::string s;
            for (const auto& [k, v] : *m.umbral_confirmacion) s += (s.empty() ? "" : ", ") + k + " = " + json::format_number(v);
            row(a.id, "umbral_confirmacion", s);
        }
    }
    for (const plan::Edge& e : p.contrato_de_grafo.aristas_condicionales)
        row(e.desde + " #" + std::to_string(e.orden), "arista", edge_rule(e) + " → " + e.si_verdadero + (e.si_falso ? " | " + *e.si_falso : ""));
    ImGui::EndTable();
}

}  // namespace

void draw_plan_contract(AppState& state) {
    draw_thresholds(state);
    draw_contract(state);
    if (!expert(state)) return;
    draw_record(state);
    draw_rules(state);
}

}  // namespace planlang::web
