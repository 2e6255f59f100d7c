// Screen 2, Plan (site-and-cards.md §2): the approved plan at a glance (starts from, does, delivers), its
// decisions (one-way marked), risks in priority order (plan-format.md §5.1, core/plan/priority.hpp) with
// S/O/D, RPN, AIAG-VDA priority, legal control and detector, assumptions and criteria with the state the
// report measured, then (plan_contract.cpp) thresholds, the graph contract and the expert's technical record
// and rules verbatim. Plan values come from session.plan(); measured states from session.report().
#include <string>

#include "core/plan/priority.hpp"
#include "imgui.h"
#include "web/app/screens/plan_parts.hpp"
#include "web/app/screens/screen_parts.hpp"
#include "web/app/ui_common.hpp"
#include "web/app/views.hpp"

namespace planlang::web {

namespace {

std::string tx(const AppState& state, const plan::Text& t) { return text_of(t, state.language); }

void column_title(const AppState& state, const char* key) {
    ImGui::TextColored(colour::kAccent, "%s", state.t(key));
    ImGui::Spacing();
}

void draw_glance(AppState& state) {
    const plan::Plan& p = state.session.plan();
    if (!section(state.t("plan.vistazo"), true)) return;
    if (!ImGui::BeginTable("vistazo", 3, ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchSame | ImGuiTableFlags_PadOuterX)) return;
    ImGui::TableNextRow();

    ImGui::TableNextColumn();
    column_title(state, "plan.parte_de");
    wrapped(tx(state, p.problema));
    ImGui::Spacing();
    ImGui::TextColored(colour::kMuted, "%s", state.t("plan.dominio"));
    ImGui::SameLine();
    ImGui::TextUnformatted(p.dominio_id.c_str());
    if (p.etiqueta_riesgo) wrapped_muted(tx(state, *p.etiqueta_riesgo));
    ImGui::Spacing();
    ImGui::TextColored(colour::kMuted, "%s", state.t("plan.actores"));
    for (const plan::Actor& a : p.actores) {
        ImGui::Bullet();
        std::string line = (state.language == Language::es ? a.es : a.en) + " (" + enum_word(state, "actor", a.tipo) + ")";
        if (a.rol_en_pausa.value_or(false)) line += " · " + std::string(state.t("plan.rol_en_pausa"));
        if (expert(state)) line += "  [" + a.id + "]";
        wrapped(line);
    }

    ImGui::TableNextColumn();
    column_title(state, "plan.hace");
    for (std::size_t i = 0; i < p.flujo_objetivo.size(); ++i) {
        ImGui::TextColored(colour::kMuted, "%zu.", i + 1);
        ImGui::SameLine();
        wrapped(tx(state, p.flujo_objetivo[i]));
    }

    ImGui::TableNextColumn();
    column_title(state, "plan.entrega");
    const std::string approval = enum_word(state, "aprobacion", p.estado_aprobacion);
    wrapped(fill(state.t("plan.entrega_plan"), {p.id, p.version, approval}));
    if (p.aprobado_por || p.aprobado_el)
        wrapped_muted(fill(state.t("plan.aprobado_por_el"), {p.aprobado_por.value_or("—"), p.aprobado_el.value_or("—")}));
    ImGui::TextColored(colour::kMuted, "%s", state.t("plan.huella"));
    ImGui::SameLine();
    wrapped(fingerprint(state, p.huella.value_or("")));
    ImGui::Spacing();
    const plan::GraphContract& c = p.contrato_de_grafo;
    wrapped(fill(state.t("plan.entrega_contrato"), {std::to_string(c.nodos_esperados.size()), std::to_string(c.aristas_condicionales.size()),
                                                    std::to_string(c.pausas_humanas.size()),
                                                    std::to_string(c.senales_obligatorias_en_traza.size())}));
    ImGui::Spacing();
    wrapped(fill(state.t("plan.entrega_vara"), {std::to_string(p.criterios_aceptacion.size()), std::to_string(p.umbrales.size())}));
    ImGui::EndTable();
}

void draw_decisions(AppState& state) {
    const plan::Plan& p = state.session.plan();
    if (!section(fill(state.t("plan.decisiones"), {std::to_string(p.decisiones.size())}).c_str(), true)) return;
    wrapped_muted(state.t("plan.decisiones_nota"));
    const int columns = expert(state) ? 5 : 4;
    if (!begin_table("decisiones", columns)) return;
    if (expert(state))
        setup_columns({{state.t("plan.col_id"), 0}, {state.t("plan.col_pregunta"), 1.4f}, {state.t("plan.col_elegida"), 2.2f},
                       {state.t("plan.col_reversibilidad"), 0.9f}, {state.t("plan.col_vinculos"), 0.9f}});
    else
        setup_columns({{state.t("plan.col_id"), 0}, {state.t("plan.col_pregunta"), 1.4f}, {state.t("plan.col_elegida"), 2.2f},
                       {state.t("plan.col_reversibilidad"), 0.9f}});
    for (const plan::Decision& d : p.decisiones) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(d.id.c_str());
        ImGui::TableNextColumn();
        wrapped(tx(state, d.pregunta));
        ImGui::TableNextColumn();
        if (d.opcion_elegida) wrapped(tx(state, *d.opcion_elegida));
        else ImGui::TextColored(colour::kMuted, "%s", state.t("plan.sin_opcion"));
        if (d.justificacion) wrapped_muted(tx(state, *d.justificacion));
        ImGui::TableNextColumn();
        const std::string rev = enum_word(state, "reversibilidad", d.reversibilidad);
        if (d.reversibilidad == "una_via") badge(rev.c_str(), colour::kBad);
        else if (d.reversibilidad == "costosa") badge(rev.c_str(), colour::kSimulationLabel);
        else badge(rev.c_str(), colour::kGood);
        ImGui::TextColored(colour::kMuted, "%s", enum_word(state, "decision", d.estado).c_str());
        if (expert(state)) {
            ImGui::TableNextColumn();
            auto ids = [](const std::vector<plan::Id>& v) {
                std::string s;
                for (const plan::Id& id : v) s += (s.empty() ? "" : ", ") + id;
                return s.empty() ? std::string("—") : s;
            };
            wrapped_muted(fill(state.t("plan.vinculos"), {ids(d.depende_de), ids(d.umbrales_asociados), ids(d.riesgos_asociados), d.tipo}));
        }
    }
    ImGui::EndTable();
}

void draw_risks(AppState& state) {
    const plan::Plan& p = state.session.plan();
    const json::Value& report = state.session.report();
    if (!section(fill(state.t("plan.riesgos"), {std::to_string(p.riesgos.size())}).c_str(), true)) return;
    wrapped_muted(state.t("plan.riesgos_nota"));
    expert_source(state, "plan-format.md §5.1 · informe.json · riesgos[].estado");
    if (!begin_table("riesgos", 10)) return;
    setup_columns({{state.t("plan.col_id"), 0}, {state.t("plan.col_modo"), 2.2f}, {"S", 0}, {"O", 0}, {"D", 0}, {"RPN", 0},
                   {state.t("plan.col_prioridad"), 0.7f}, {state.t("plan.col_control_legal"), 0.55f}, {state.t("plan.col_detector"), 1.9f},
                   {state.t("plan.col_en_informe"), 0.75f}});
    for (const plan::RiskPriority& rp : plan::ordered_priorities(p.riesgos)) {
        const plan::Risk* r = p.risk(rp.id);
        if (!r) continue;
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(r->id.c_str());
        ImGui::TableNextColumn();
        wrapped(tx(state, r->modo));
        if (expert(state)) wrapped_muted(fill(state.t("plan.efecto_causa"), {tx(state, r->efecto), tx(state, r->causa)}));
        ImGui::TableNextColumn();
        ImGui::Text("%d", r->severidad);
        ImGui::TableNextColumn();
        ImGui::Text("%d", r->ocurrencia);
        ImGui::TableNextColumn();
        ImGui::Text("%d", r->deteccion);
        ImGui::TableNextColumn();
        ImGui::Text("%d", rp.rpn);
        ImGui::TableNextColumn();
        state_chip(state, rp.prioridad_de_accion);
        if (rp.prioridad_de_tabla != rp.prioridad_de_accion)
            wrapped_muted(fill(state.t("plan.prioridad_tabla"), {state_word(state, rp.prioridad_de_tabla)}));
        ImGui::TableNextColumn();
        if (rp.control_legal) ImGui::TextColored(colour::kSimulationLabel, "%s", state.t("plan.si_control_legal"));
        else ImGui::TextColored(colour::kMuted, "—");
        ImGui::TableNextColumn();
        if (r->detector_en_trazas) {
            const plan::Detector& d = *r->detector_en_trazas;
            wrapped(fill(state.t("plan.detector"), {enum_word(state, "detector", d.tipo), enum_word(state, "ambito", d.ambito), d.ocurre_si}));
            if (expert(state)) wrapped_muted(fill(state.t("plan.detector_regla"), {d.poblacion, d.condicion}));
        } else {
            ImGui::TextColored(colour::kSimulationLabel, "%s", state.t("plan.no_detectable"));
            if (r->no_detectable_en_trazas) wrapped_muted(tx(state, *r->no_detectable_en_trazas));
        }
        ImGui::TableNextColumn();
        const json::Value& measured = by_id(at(report, "riesgos"), r->id);
        if (measured.is_null()) ImGui::TextColored(colour::kMuted, "—");
        else state_chip(state, str(measured, "estado"));
    }
    ImGui::EndTable();
}

void draw_assumptions(AppState& state) {
    const plan::Plan& p = state.session.plan();
    const json::Value& report = state.session.report();
    if (!section(fill(state.t("plan.supuestos"), {std::to_string(p.supuestos.size())}).c_str(), false)) return;
    expert_source(state, "informe.json · supuestos[].estado, supuestos[].motivo");
    if (!begin_table("supuestos", 5)) return;
    setup_columns({{state.t("plan.col_id"), 0}, {state.t("plan.col_enunciado"), 1.6f}, {state.t("plan.col_criticidad"), 0},
                   {state.t("plan.col_prueba_barata"), 2.0f}, {state.t("plan.col_medido"), 1.6f}});
    for (const plan::Assumption& a : p.supuestos) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(a.id.c_str());
        ImGui::TableNextColumn();
        wrapped(tx(state, a.enunciado));
        ImGui::TableNextColumn();
        state_chip(state, a.criticidad);
        ImGui::TableNextColumn();
        wrapped(tx(state, a.prueba_barata));
        if (expert(state) && a.medible_en_trazas) {
            std::string rule = fill(state.t("plan.regla_poblacion"), {a.medible_en_trazas->poblacion});
            if (a.medible_en_trazas->condicion) rule += " · " + fill(state.t("plan.regla_condicion"), {*a.medible_en_trazas->condicion});
            wrapped_muted(rule);
        }
        ImGui::TableNextColumn();
        const json::Value& measured = by_id(at(report, "supuestos"), a.id);
        ImGui::TextColored(colour::kMuted, "%s", fill(state.t("plan.en_plan"), {state_word(state, a.estado)}).c_str());
        if (!measured.is_null()) {
            state_chip(state, str(measured, "estado"));
            wrapped_muted(pick_json(at(measured, "motivo"), state.language));
        }
    }
    ImGui::EndTable();
}

void draw_criteria(AppState& state) {
    const plan::Plan& p = state.session.plan();
    const json::Value& report = state.session.report();
    if (!section(fill(state.t("plan.criterios"), {std::to_string(p.criterios_aceptacion.size())}).c_str(), false)) return;
    wrapped_muted(state.t("plan.criterios_nota"));
    expert_source(state, "informe.json · criterios[].valor_medido, criterios[].estado");
    if (!begin_table("criterios", 6)) return;
    setup_columns({{state.t("plan.col_id"), 0}, {state.t("plan.col_enunciado"), 1.8f}, {state.t("plan.col_regla"), 1.8f},
                   {state.t("plan.col_objetivo"), 0.5f}, {state.t("plan.col_medido"), 0.5f}, {state.t("plan.col_estado"), 0.7f}});
    for (const plan::Criterion& c : p.criterios_aceptacion) {
        const json::Value& measured = by_id(at(report, "criterios"), c.id);
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(c.id.c_str());
        ImGui::TableNextColumn();
        wrapped(tx(state, c.enunciado));
        ImGui::TableNextColumn();
        const plan::MeasurementRule& m = c.regla_de_medicion;
        const std::string kind = enum_word(state, "tipo_criterio", c.tipo), aggregation = enum_word(state, "agregacion", m.agregacion);
        std::string rule = kind == aggregation ? kind : fill(state.t("plan.regla_resumen"), {kind, aggregation});
        if (m.k) rule += " · k = " + std::to_string(*m.k) + (m.k_aplica_a ? " (" + *m.k_aplica_a + ")" : "");
        wrapped(rule);
        if (expert(state)) {
            wrapped_muted(fill(state.t("plan.regla_poblacion"), {m.poblacion}));
            if (m.condicion) wrapped_muted(fill(state.t("plan.regla_condicion"), {*m.condicion}));
            if (m.metrica) wrapped_muted(fill(state.t("plan.regla_metrica"), {*m.metrica}));
        }
        ImGui::TableNextColumn();
        // Rates read as percentages, as the report writes them; other figures as numbers.
        const bool rate = m.agregacion == "tasa" || m.agregacion == "pass^k";
        auto figure = [&](const json::Value& v) { return rate ? report_percent(v, state.language) : report_number(v, state.language); };
        ImGui::TextUnformatted(figure(c.valor_objetivo).c_str());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(figure(at(measured, "valor_medido")).c_str());
        ImGui::TableNextColumn();
        if (measured.is_null()) ImGui::TextColored(colour::kMuted, "—");
        else state_chip(state, str(measured, "estado"));
    }
    ImGui::EndTable();
}

}  // namespace

void draw_plan_screen(AppState& state) {
    const plan::Plan& p = state.session.plan();
    ImGui::SetWindowFontScale(1.25f);
    ImGui::TextUnformatted(tx(state, p.nombre).c_str());
    ImGui::SetWindowFontScale(1.0f);
    ImGui::TextColored(colour::kMuted, "%s",
                       fill(state.t("plan.subtitulo"), {p.id, p.version, enum_word(state, "aprobacion", p.estado_aprobacion),
                                                        state.session.compact().corrida_id})
                           .c_str());
    draw_glance(state);
    draw_decisions(state);
    draw_risks(state);
    draw_assumptions(state);
    draw_criteria(state);
    draw_plan_contract(state);
}

}  // namespace planlang::web
