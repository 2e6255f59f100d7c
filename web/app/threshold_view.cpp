#include <cmath>
#include <string>

#include "imgui.h"
#include "web/app/ui_common.hpp"
#include "web/app/views.hpp"

namespace planlang::web {

namespace {

constexpr float kSliderWidth = 430.0f;
constexpr float kTickHeight = 7.0f;

std::string with_unit(const AppState& state, const ThresholdModel& t, double x) {
    std::string s = display_number(x, state.language);
    if (t.unidad) s += " " + pick(*t.unidad, state.language);
    return s;
}

std::string switch_text(const AppState& state, bool on) {
    return state.t(on ? "umbrales.activado" : "umbrales.desactivado");
}

int nearest_position(const ThresholdModel& t, double x) {
    int best = 0;
    for (int i = 1; i < static_cast<int>(t.positions.size()); ++i) {
        if (std::fabs(t.positions[i] - x) < std::fabs(t.positions[best] - x)) best = i;
    }
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
    draw->AddTriangleFilled(ImVec2(x, max.y + 1.0f), ImVec2(x - 5.0f, max.y + kTickHeight),
                            ImVec2(x + 5.0f, max.y + kTickHeight), c);
}

void remember_rect(AppState& state, std::size_t i) {
    const ImVec2 min = ImGui::GetItemRectMin();
    const ImVec2 max = ImGui::GetItemRectMax();
    state.slider_rects[i] = ScreenRect{min.x, min.y, max.x, max.y};
}

void draw_numeric(AppState& state, std::size_t i, const ThresholdModel& t) {
    const double applied = state.applied.value(i).as_number();
    int position = nearest_position(t, applied);
    const std::string shown = as_format(with_unit(state, t, applied));
    ImGui::SetNextItemWidth(kSliderWidth);
    const std::string id = "##" + t.id;
    if (ImGui::SliderInt(id.c_str(), &position, 0, static_cast<int>(t.positions.size()) - 1, shown.c_str(),
                         ImGuiSliderFlags_AlwaysClamp | ImGuiSliderFlags_NoInput)) {
        state.applied.set_value(i, json::Value(t.positions[position]));
    }
    remember_rect(state, i);
    if (t.plan_position >= 0) {
        draw_plan_tick(ImGui::GetItemRectMin(), ImGui::GetItemRectMax(), t.plan_position,
                       static_cast<int>(t.positions.size()));
    }
    ImGui::SameLine(0.0f, 16.0f);
    const double plan_value = t.valor_en_plan.as_number();
    if (state.applied.moved(i)) {
        const std::string text = std::string(state.t("umbrales.movido_desde")) + " " + with_unit(state, t, plan_value);
        chip(text.c_str(), colour::kMovedChip);
    } else {
        ImGui::TextColored(colour::kMuted, "%s", state.t("umbrales.en_valor_del_plan"));
    }
    ImGui::Dummy(ImVec2(0.0f, kTickHeight - 2.0f));
    if (t.plan_position < 0) ImGui::TextColored(colour::kBad, "%s", state.t("umbrales.fuera_de_paso"));
}

void draw_switch(AppState& state, std::size_t i, const ThresholdModel& t) {
    bool on = state.applied.value(i).as_bool();
    const std::string label = switch_text(state, on) + "##" + t.id;
    if (ImGui::Checkbox(label.c_str(), &on)) state.applied.set_value(i, json::Value(on));
    remember_rect(state, i);
    ImGui::SameLine(0.0f, 16.0f);
    if (state.applied.moved(i)) {
        const std::string text =
            std::string(state.t("umbrales.movido_desde")) + " " + switch_text(state, t.valor_en_plan.as_bool());
        chip(text.c_str(), colour::kMovedChip);
    } else {
        ImGui::TextColored(colour::kMuted, "%s", state.t("umbrales.en_valor_del_plan"));
    }
}

// Label/value cells filled left to right, two pairs per table row, so the record stays short.
void cell(const char* label, const std::string& value) {
    ImGui::TableNextColumn();
    ImGui::TextColored(colour::kMuted, "%s", label);
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(value.c_str());
}

// Expert reading: the threshold as written in the plan, and the contract edges that read it.
void draw_expert_record(const AppState& state, const ThresholdModel& t) {
    const std::string table_id = "registro_" + t.id;
    if (ImGui::BeginTable(table_id.c_str(), 4, ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_BordersInnerH)) {
        ImGui::TableSetupColumn("k1", ImGuiTableColumnFlags_WidthFixed, 200.0f);
        ImGui::TableSetupColumn("v1", ImGuiTableColumnFlags_WidthFixed, 330.0f);
        ImGui::TableSetupColumn("k2", ImGuiTableColumnFlags_WidthFixed, 200.0f);
        ImGui::TableSetupColumn("v2", ImGuiTableColumnFlags_WidthStretch);
        const char* yes = state.t("experto.si");
        const char* no = state.t("experto.no");
        const Language lang = state.language;
        cell(state.t("experto.senal"), t.senal);
        cell(state.t("experto.operador"), t.operador);
        cell(state.t("experto.inclusivo"), t.inclusivo ? yes : no);
        if (t.is_boolean) {
            cell(state.t("experto.rango"), state.t("experto.booleano"));
            cell(state.t("experto.valor_en_plan"), t.valor_en_plan.as_bool() ? "true" : "false");
        } else {
            cell(state.t("experto.rango"), display_number(t.min, lang) + " \u2013 " + display_number(t.max, lang));
            cell(state.t("experto.paso"), display_number(t.paso, lang) + " \u00b7 " + std::to_string(t.positions.size()) +
                                              " " + state.t("experto.posiciones"));
            cell(state.t("experto.valor_en_plan"), display_number(t.valor_en_plan.as_number(), lang));
        }
        cell(state.t("experto.unidad"), t.unidad ? pick(*t.unidad, lang) : state.t("experto.sin_unidad"));
        cell(state.t("experto.costo"), t.costo_humano_por_caso_min
                                           ? display_number(*t.costo_humano_por_caso_min, lang) + " " + state.t("experto.minutos")
                                           : std::string(state.t("experto.sin_costo")));
        cell(state.t("experto.consecuencia"), t.consecuencia_si_verdadero);
        cell(state.t("experto.decision"), t.decision_id);
        ImGui::EndTable();
    }
    ImGui::TextColored(colour::kMuted, "%s", state.t("experto.aristas"));
    if (t.edges.empty()) {
        ImGui::SameLine();
        ImGui::TextUnformatted(state.t("experto.sin_aristas"));
    }
    for (const EdgeModel& e : t.edges) {
        std::string line = e.desde + " #" + std::to_string(e.orden) + ": " + e.rule + " \u2192 " + e.si_verdadero;
        if (!e.si_falso.empty()) line += std::string("; ") + state.t("experto.si_no") + " \u2192 " + e.si_falso;
        ImGui::Bullet();
        ImGui::TextUnformatted(line.c_str());
    }
}

}  // namespace

void draw_thresholds(AppState& state) {
    const PlanModel& plan = *state.plan;
    ImGui::TextColored(colour::kMuted, "%s", state.t("umbrales.seccion"));
    ImGui::SameLine();
    ImGui::TextColored(colour::kMuted, "\u00b7 %s", state.t("umbrales.marca_plan"));
    if (state.reading == Reading::leader) {
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextUnformatted(state.t("umbrales.intro_lider"));
        ImGui::PopTextWrapPos();
    }
    for (std::size_t i = 0; i < plan.thresholds.size(); ++i) {
        const ThresholdModel& t = plan.thresholds[i];
        ImGui::PushID(static_cast<int>(i));
        if (i > 0) ImGui::Dummy(ImVec2(0.0f, 4.0f));
        ImGui::Text("%s \u00b7 %s", t.id.c_str(), pick(t.nombre, state.language).c_str());
        if (t.is_boolean) draw_switch(state, i, t);
        else draw_numeric(state, i, t);
        if (state.reading == Reading::leader) {
            ImGui::PushTextWrapPos(0.0f);
            ImGui::TextColored(colour::kMuted, "%s", pick(t.descripcion_lider, state.language).c_str());
            ImGui::PopTextWrapPos();
        } else {
            draw_expert_record(state, t);
        }
        ImGui::PopID();
    }
}

}  // namespace planlang::web
