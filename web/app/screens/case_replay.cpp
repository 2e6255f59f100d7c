// A case's step-by-step replay (site-and-cards.md §4): the diagram with the case's walk and the current
// step's node lit, the controls (previous, play/pause, next — "replay.*" for the browser test), the list of
// steps and the current one in full: node, start and duration, what it did, the clarifications it asked,
// the branch it took; the expert adds tokens and cost and the step's edge table (edge, signal, observed
// value, operator, declared and applied value, met or not, branch).
#include <string>

#include "core/json/canonical.hpp"
#include "core/json/number.hpp"
#include "imgui.h"
#include "web/app/screens/cases_parts.hpp"
#include "web/app/screens/diagram_view.hpp"
#include "web/app/screens/screen_parts.hpp"
#include "web/app/ui_common.hpp"

namespace planlang::web {

namespace {

constexpr double kPlaySeconds = 1.2;  // the pace of "play": one step per this many seconds on screen

void go_to_step(AppState& state, int step) {
    if (state.open_step != step) state.open_step = step, state.link_dirty = true;
}

void draw_controls(AppState& state, int count) {
    const int at = state.open_step;
    ImGui::BeginDisabled(at <= 0);
    if (ImGui::Button(state.t("replay.anterior"))) go_to_step(state, at - 1), state.replay_playing = false;
    ImGui::EndDisabled();
    state.remember_control("replay.anterior");
    ImGui::SameLine();
    if (state.replay_playing) {
        if (ImGui::Button(state.t("replay.pausa"))) state.replay_playing = false;
    } else {
        if (ImGui::Button(state.t("replay.reproducir"))) {
            if (at + 1 >= count) go_to_step(state, 0);
            state.replay_playing = true;
            state.replay_next_at = ImGui::GetTime() + kPlaySeconds;
        }
    }
    state.remember_control("replay.reproducir");
    ImGui::SameLine();
    ImGui::BeginDisabled(at + 1 >= count);
    if (ImGui::Button(state.t("replay.siguiente"))) go_to_step(state, at + 1), state.replay_playing = false;
    ImGui::EndDisabled();
    state.remember_control("replay.siguiente");
    ImGui::SameLine();
    ImGui::TextUnformatted(fill(state.t("replay.paso_de"), {std::to_string(at + 1), std::to_string(count)}).c_str());

    if (state.replay_playing && ImGui::GetTime() >= state.replay_next_at) {
        if (state.open_step + 1 < count) {
            go_to_step(state, state.open_step + 1);
            state.replay_next_at = ImGui::GetTime() + kPlaySeconds;
        }
        if (state.open_step + 1 >= count) state.replay_playing = false;
    }
}

std::string edge_condition(const views::EdgeRow& e) {
    if (e.tipo == "funcion") return e.funcion;
    return e.senal + " " + operator_symbol(e.operador, e.inclusivo) + " " + recorded_value(e.valor_declarado);
}

void draw_edge_table(AppState& state, const views::StepView& s) {
    if (s.aristas.empty()) return;
    ImGui::TextColored(colour::kMuted, "%s", state.t("replay.tabla_aristas"));
    if (!begin_table("aristas_paso", 7)) return;
    setup_columns({{state.t("replay.col_arista"), 0.0f}, {state.t("replay.col_condicion"), 2.2f}, {state.t("replay.col_observado"), 1.0f},
                   {state.t("replay.col_declarado"), 1.0f}, {state.t("replay.col_aplicado"), 0.8f}, {state.t("replay.col_cumple"), 0.6f},
                   {state.t("replay.col_rama"), 1.2f}});
    for (const views::EdgeRow& e : s.aristas) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::Text("%s · %lld", e.desde.c_str(), static_cast<long long>(e.orden));
        ImGui::TableNextColumn();
        wrapped(edge_condition(e));
        ImGui::TableNextColumn();
        wrapped(e.tipo == "funcion" ? json::canonical(e.entradas) : recorded_value(e.valor_observado));
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(recorded_value(e.valor_declarado).c_str());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(recorded_value(e.umbral_aplicado).c_str());
        ImGui::TableNextColumn();
        ImGui::TextColored(e.resultado ? colour::kGood : colour::kMuted, "%s", e.resultado ? "✓" : "✗");
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(e.resultado && e.si_verdadero ? ("→ " + *e.si_verdadero).c_str() : e.rama_tomada.c_str());
    }
    ImGui::EndTable();
}

void draw_step(AppState& state, const views::CasePage& page, const views::StepView& s) {
    ImGui::Text("%s", fill(state.t("replay.paso_titulo"), {std::to_string(s.orden), s.nodo}).c_str());
    if (s.tipo_nodo) ImGui::SameLine(), ImGui::TextColored(colour::kMuted, "(%s)", enum_word(state, "nodo", *s.tipo_nodo).c_str());
    if (s.inicio_ms && s.duracion_ms)
        ImGui::TextColored(colour::kMuted, "%s", fill(state.t("replay.tiempo"), {std::to_string(*s.inicio_ms), std::to_string(*s.duracion_ms)}).c_str());
    for (const Bilingual& b : s.hizo) {
        ImGui::Bullet();
        wrapped(pick(b, state.language));
    }
    for (const views::Clarification& c : s.aclaraciones) {
        const std::string lang = c.idioma ? " (" + *c.idioma + ")" : "";
        if (c.pregunta) wrapped(fill(state.t("replay.pregunta"), {*c.pregunta}) + lang);
        if (c.respuesta) wrapped(fill(state.t("replay.respuesta"), {*c.respuesta}) + lang);
    }
    if (s.rama_tomada) {
        if (s.arista_disparada)
            wrapped(fill(state.t("replay.rama_arista"), {*s.rama_tomada, std::to_string(*s.arista_disparada)}));
        else
            wrapped(fill(state.t("replay.rama_defecto"), {*s.rama_tomada}));
    }
    if (s.pausa) ImGui::TextColored(colour::kSimulationLabel, "%s", state.t("replay.pausa_aqui"));
    if (s.siguiente)
        ImGui::TextUnformatted(fill(state.t("replay.sigue"), {*s.siguiente}).c_str());
    else
        ImGui::TextColored(colour::kMuted, "%s", page.cabecera.resultado == std::string("error") ? state.t("replay.termina_error") : state.t("replay.termina"));
    if (expert(state)) {
        std::string cost = fill(state.t("replay.tokens"), {std::to_string(s.tokens_entrada), std::to_string(s.tokens_salida), json::format_number(s.costo_nominal_usd)});
        if (s.reintentos_esquema > 0) cost += " · " + fill(state.t("replay.reintentos"), {std::to_string(s.reintentos_esquema)});
        ImGui::TextColored(colour::kMuted, "%s", cost.c_str());
        draw_edge_table(state, s);
    }
}

}  // namespace

void draw_case_replay(AppState& state, const views::CasePage& page) {
    if (state.scroll_to_step) ImGui::SetScrollHereY(0.0f), state.scroll_to_step = false;
    if (!section(state.t("replay.titulo"), true)) return;
    const int count = static_cast<int>(page.pasos.size());
    if (count == 0) {
        wrapped_muted(state.t("replay.sin_pasos"));
        return;
    }
    draw_controls(state, count);
    const views::StepView& s = page.pasos[static_cast<std::size_t>(state.open_step)];

    // The diagram: the case's walk lit, its current step's node filled.
    Session& session = state.session;
    const views::Diagram& d = session.diagram();
    DiagramMarks marks;
    marks.nodos.assign(d.nodos.size(), false);
    marks.flechas.assign(d.flechas.size(), false);
    for (const views::StepView& p : page.pasos)
        if (const int n = d.node_index(p.nodo); n >= 0) marks.nodos[static_cast<std::size_t>(n)] = true;
    const views::Paths& paths = session.paths();
    for (std::size_t f = 0; f < paths.casos_por_flecha.size() && f < marks.flechas.size(); ++f)
        for (const std::string& id : paths.casos_por_flecha[f])
            if (id == page.caso_id) marks.flechas[f] = true;
    marks.current_node = d.node_index(s.nodo);
    const DiagramPick picked = draw_diagram(state, "diagrama_caso", d, marks, ImGui::GetContentRegionAvail().x);
    if (picked.node >= 0) {  // the first step at that node after the current one, else the first one
        int to = -1;
        for (int i = 0; i < count && to < 0; ++i) {
            const int k = (state.open_step + 1 + i) % count;
            if (page.pasos[static_cast<std::size_t>(k)].nodo == d.nodos[static_cast<std::size_t>(picked.node)].id) to = k;
        }
        if (to >= 0) go_to_step(state, to), state.replay_playing = false;
    }

    if (ImGui::BeginTable("pasos_y_paso", 2, ImGuiTableFlags_BordersInnerV)) {
        ImGui::TableSetupColumn("lista", ImGuiTableColumnFlags_WidthFixed, 250.0f);
        ImGui::TableSetupColumn("paso", ImGuiTableColumnFlags_WidthStretch);
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        for (int i = 0; i < count; ++i) {
            const views::StepView& p = page.pasos[static_cast<std::size_t>(i)];
            std::string row = std::to_string(p.orden) + " · " + p.nodo;
            if (p.duracion_ms) row += "  " + std::to_string(*p.duracion_ms) + " ms";
            ImGui::PushID(i);
            if (ImGui::Selectable(row.c_str(), i == state.open_step)) go_to_step(state, i), state.replay_playing = false;
            ImGui::PopID();
        }
        ImGui::TableNextColumn();
        draw_step(state, page, s);
        ImGui::EndTable();
    }
}

}  // namespace planlang::web
