// Screen 5, Playground (site-and-cards.md §2; playground.md §1–§10): the sliders and the switch with the plan
// tick and a "moved from" chip, the four live figures, the leader sentence, the expert live rule, and the
// panels (changed cases, criteria and verdict, charts, our additions: playground_panels.cpp). Every move
// replays the run in the same frame (Session::set).
#include <cmath>
#include <optional>
#include <string>

#include "imgui.h"
#include "web/app/screens/playground_parts.hpp"
#include "web/app/ui_common.hpp"
#include "web/app/views.hpp"

namespace planlang::web {

namespace {

constexpr float kSliderWidth = 250.0f;
constexpr float kTickHeight = 7.0f;

const plan::Threshold* plan_threshold(const AppState& state, const std::string& id) {
    return state.session.plan().threshold(id);
}

std::string with_unit(const AppState& state, const std::string& id, double x) {
    std::string s = display_number(x, state.language);
    if (const plan::Threshold* t = plan_threshold(state, id); t && t->unidad) s += " " + text_of(*t->unidad, state.language);
    return s;
}

int nearest_position(const std::vector<double>& positions, double x) {
    int best = 0;
    for (int i = 1; i < static_cast<int>(positions.size()); ++i)
        if (std::fabs(positions[i] - x) < std::fabs(positions[best] - x)) best = i;
    return best;
}

// imgui prints the slider's format string; a literal text must have its '%' doubled.
std::string as_format(const std::string& text) {
    std::string out;
    for (char c : text) {
        out += c;
        if (c == '%') out += '%';
    }
    return out;
}

// The plan value's mark under the slider track, placed where imgui draws the grab of that position
// (imgui_widgets.cpp SliderBehaviorT: 2 px padding, integer sliders give the grab one unit of width).
void draw_plan_tick(const ImVec2& min, const ImVec2& max, int position, int count) {
    const float padding = 2.0f;
    const float track = (max.x - min.x) - padding * 2.0f;
    const float grab = std::fmin(std::fmax(track / static_cast<float>(count), ImGui::GetStyle().GrabMinSize), track);
    const float t = count > 1 ? static_cast<float>(position) / static_cast<float>(count - 1) : 0.0f;
    const float x = min.x + padding + grab * 0.5f + t * (track - grab);
    const ImU32 c = ImGui::GetColorU32(colour::kSimulationLabel);
    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->AddLine(ImVec2(x, min.y), ImVec2(x, min.y + 3.0f), c, 2.0f);
    draw->AddTriangleFilled(ImVec2(x, max.y + 1.0f), ImVec2(x - 5.0f, max.y + kTickHeight), ImVec2(x + 5.0f, max.y + kTickHeight), c);
}

void remember_rect(AppState& state, std::size_t i) {
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    if (i < state.slider_rects.size()) state.slider_rects[i] = ScreenRect{a.x, a.y, b.x, b.y};
}

void moved_chip(AppState& state, std::size_t i, const std::string& plan_text) {
    ImGui::SameLine(0.0f, 12.0f);
    if (state.session.moved(i)) {
        chip(fill(state.t("pg.movido_desde"), {plan_text}).c_str(), colour::kMovedChip);
    } else {
        ImGui::TextColored(colour::kMuted, "%s", state.t("pg.en_valor_del_plan"));
    }
}

void draw_slider(AppState& state, std::size_t i) {
    const playground::Threshold& u = state.session.compact().umbrales[i];
    const std::vector<double> positions = slider_positions_of(u);
    const double played = state.session.setting().valores[i].as_number();
    int position = nearest_position(positions, played);
    const std::string shown = as_format(with_unit(state, u.id, played));
    ImGui::SetNextItemWidth(kSliderWidth);
    const std::string id = "##" + u.id;
    if (ImGui::SliderInt(id.c_str(), &position, 0, static_cast<int>(positions.size()) - 1, shown.c_str(),
                         ImGuiSliderFlags_AlwaysClamp | ImGuiSliderFlags_NoInput)) {
        if (state.session.set(i, json::Value(positions[position]))) state.link_dirty = true;
    }
    remember_rect(state, i);
    const double plan_value = u.valor_en_plan.as_number();
    const int plan_position = nearest_position(positions, plan_value);
    if (std::fabs(positions[plan_position] - plan_value) < 1e-9)
        draw_plan_tick(ImGui::GetItemRectMin(), ImGui::GetItemRectMax(), plan_position, static_cast<int>(positions.size()));
    moved_chip(state, i, with_unit(state, u.id, plan_value));
    ImGui::Dummy(ImVec2(0.0f, kTickHeight - 4.0f));
}

void draw_switch(AppState& state, std::size_t i) {
    const playground::Threshold& u = state.session.compact().umbrales[i];
    bool on = state.session.setting().valores[i].as_bool();
    const std::string label = std::string(state.t(on ? "pg.activado" : "pg.desactivado")) + "##" + u.id;
    if (ImGui::Checkbox(label.c_str(), &on) && state.session.set(i, json::Value(on))) state.link_dirty = true;
    remember_rect(state, i);
    moved_chip(state, i, state.t(u.valor_en_plan.as_bool() ? "pg.activado" : "pg.desactivado"));
}

void draw_thresholds(AppState& state) {
    const playground::Compact& c = state.session.compact();
    ImGui::TextColored(colour::kMuted, "%s", state.t("pg.umbrales"));
    ImGui::SameLine();
    ImGui::TextColored(colour::kSimulationLabel, "▲");
    ImGui::SameLine(0.0f, 4.0f);
    ImGui::TextColored(colour::kMuted, "%s", state.t("pg.marca_plan"));
    for (std::size_t i = 0; i < c.umbrales.size(); ++i) {
        const playground::Threshold& u = c.umbrales[i];
        const plan::Threshold* t = plan_threshold(state, u.id);
        ImGui::PushID(static_cast<int>(i));
        ImGui::Spacing();
        ImGui::Text("%s · %s", u.id.c_str(), t ? text_of(t->nombre, state.language).c_str() : "");
        if (u.booleano) draw_switch(state, i);
        else draw_slider(state, i);
        if (t) {
            ImGui::PushTextWrapPos(0.0f);
            if (state.reading == Reading::leader) {
                ImGui::TextColored(colour::kMuted, "%s", text_of(t->descripcion_lider, state.language).c_str());
            } else {
                std::string rule = t->senal + " " + t->operador + " umbral." + u.id;
                // A declared cost the replay does not count (native/README.md: the threshold's edges never reach
                // a human pause, as the adherence coach's U3 hand-off) says so.
                const std::optional<double>& per_person = state.session.compact().minutos_por_persona;
                if (u.costo_humano_por_caso_min)
                    rule += " · " + fill(state.t(per_person == u.costo_humano_por_caso_min ? "pg.costo_por_persona" : "pg.costo_no_contado"),
                                         {display_number(*u.costo_humano_por_caso_min, state.language)});
                ImGui::TextColored(colour::kMuted, "%s", rule.c_str());
            }
            ImGui::PopTextWrapPos();
        }
        ImGui::PopID();
    }
    ImGui::Spacing();
    if (ImGui::Button(state.t("pg.restablecer"))) {
        state.session.reset();
        state.link_dirty = true;
    }
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    state.reset_rect = ScreenRect{a.x, a.y, b.x, b.y};
    if (!state.session.any_moved()) {
        ImGui::SameLine();
        ImGui::TextColored(colour::kMuted, "%s", state.t("pg.todo_en_plan"));
    }
}

}  // namespace

void draw_playground_screen(AppState& state) {
    Session& s = state.session;
    if (!s.compact().autocomprobacion_ok) {  // §8: a failed self-check disables the playground for this run
        ImGui::TextColored(colour::kBad, "%s", state.t("pg.autocomprobacion_fallida"));
        if (s.compact().autocomprobacion_motivo)
            ImGui::TextWrapped("%s", pick(*s.compact().autocomprobacion_motivo, state.language).c_str());
        return;
    }
    ImGui::BeginChild("pg_umbrales", ImVec2(450.0f, 0.0f), false);
    draw_thresholds(state);
    ImGui::Spacing();
    draw_live_rule(state);
    ImGui::EndChild();
    ImGui::SameLine(0.0f, 16.0f);
    ImGui::BeginChild("pg_resultados", ImVec2(0.0f, 0.0f), false);
    draw_live_figures(state);
    draw_leader_sentence(state);
    ImGui::Spacing();
    draw_playground_panels(state);
    ImGui::EndChild();
}

}  // namespace planlang::web
