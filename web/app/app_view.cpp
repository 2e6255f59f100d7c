#include "imgui.h"
#include "web/app/ui_common.hpp"
#include "web/app/views.hpp"

namespace planlang::web {

namespace {

// Shown when lang/*.json did not load: there is no catalogue, so this screen alone is in both languages,
// written here rather than in the files that failed.
void draw_catalogue_error(const AppState& state) {
    ImGui::TextColored(colour::kSimulationLabel, "Simulación · no operativo · datos sintéticos");
    ImGui::TextColored(colour::kSimulationLabel, "Simulation · not operational · synthetic data");
    ImGui::Separator();
    ImGui::TextColored(colour::kBad, "No se pudieron cargar los textos de la interfaz.");
    ImGui::TextColored(colour::kBad, "The interface texts could not be loaded.");
    ImGui::TextWrapped("%s", state.texts_error.c_str());
}

void draw_header(AppState& state) {
    ImGui::TextColored(colour::kSimulationLabel, "%s", state.t("app.etiqueta_simulacion"));
    ImGui::SameLine();
    ImGui::TextColored(colour::kMuted, "·  %s", state.t("app.titulo"));

    // The toggles sit at the right edge; their width is measured so both languages fit.
    const ImGuiStyle& style = ImGui::GetStyle();
    auto button_w = [&](const char* s) { return ImGui::CalcTextSize(s).x + style.FramePadding.x * 2; };
    const char* lang_label = state.t("app.idioma");
    const char* reading_label = state.t("app.lectura");
    const char* leader = state.t("app.lectura_lider");
    const char* expert = state.t("app.lectura_experto");
    const float toggles_w = ImGui::CalcTextSize(lang_label).x + button_w("ES") + button_w("EN") +
                            ImGui::CalcTextSize(reading_label).x + button_w(leader) + button_w(expert) +
                            style.ItemSpacing.x * 6 + 24.0f;
    ImGui::SameLine(ImGui::GetWindowContentRegionMax().x - toggles_w);
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(lang_label);
    ImGui::SameLine();
    int lang = state.language == Language::es ? 0 : 1;
    if (choice_buttons("idioma", lang, "ES", "EN")) state.language = lang == 0 ? Language::es : Language::en;
    ImGui::SameLine(0.0f, 24.0f);
    ImGui::TextUnformatted(reading_label);
    ImGui::SameLine();
    int reading = state.reading == Reading::leader ? 0 : 1;
    if (choice_buttons("lectura", reading, leader, expert)) {
        state.reading = reading == 0 ? Reading::leader : Reading::expert;
    }
    if (state.font_missing) ImGui::TextColored(colour::kBad, "%s", state.t("error.fuente"));
    ImGui::Separator();
}

}  // namespace

void draw_app(AppState& state, float width, float height) {
    ImGui::SetNextWindowPos(ImVec2(0, 0), ImGuiCond_Always);
    ImGui::SetNextWindowSize(ImVec2(width, height), ImGuiCond_Always);
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;
    ImGui::Begin("planlang", nullptr, flags);
    if (!state.texts.loaded()) {
        draw_catalogue_error(state);
        ImGui::End();
        return;
    }
    draw_header(state);
    ImGui::BeginChild("contenido", ImVec2(0, 0), false);
    if (!state.plan) {
        ImGui::TextColored(colour::kBad, "%s", state.t(state.plan_error_key.c_str()));
        ImGui::TextWrapped("%s", state.plan_error_detail.c_str());
        field(state.t("plan.archivo"), state.plan_source);
    } else {
        draw_plan_card(state);
        draw_thresholds(state);
        draw_applied_plan(state);
    }
    ImGui::EndChild();
    ImGui::End();
}

}  // namespace planlang::web
