#include <string>

#include "imgui.h"
#include "web/app/screens/playground_parts.hpp"
#include "web/app/ui_common.hpp"
#include "web/app/views.hpp"
#include "web/platform/platform.hpp"

namespace planlang::web {

namespace {

constexpr const char* kTabKeys[] = {"pantalla.entrada", "pantalla.plan",  "pantalla.agente", "pantalla.brecha",
                                    "pantalla.playground", "pantalla.casos", "pantalla.fichas"};

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

ScreenRect last_rect() {
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    return ScreenRect{a.x, a.y, b.x, b.y};
}

// Two buttons, the selected one pressed; remembers where each was drawn.
bool toggle_pair(const char* id, int& value, const char* first, const char* second, ScreenRect rects[2]) {
    ImGui::PushID(id);
    const int before = value;
    const char* labels[2] = {first, second};
    for (int i = 0; i < 2; ++i) {
        if (i > 0) ImGui::SameLine(0.0f, 2.0f);
        const bool selected = value == i;
        ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(selected ? ImGuiCol_ButtonActive : ImGuiCol_FrameBg));
        ImGui::PushID(i);
        if (ImGui::Button(labels[i])) value = i;
        rects[i] = last_rect();
        ImGui::PopID();
        ImGui::PopStyleColor();
    }
    ImGui::PopID();
    return value != before;
}

void draw_header(AppState& state) {
    // The label (§1): always visible, first on every screen.
    ImGui::TextColored(colour::kSimulationLabel, "%s", state.t("app.etiqueta_simulacion"));
    ImGui::SameLine();
    ImGui::TextColored(colour::kMuted, "·  %s", state.t("app.titulo"));

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
    if (toggle_pair("idioma", lang, "ES", "EN", state.language_rects)) {
        state.language = lang == 0 ? Language::es : Language::en;
        state.preferences_dirty = true;
    }
    ImGui::SameLine(0.0f, 24.0f);
    ImGui::TextUnformatted(reading_label);
    ImGui::SameLine();
    int reading = state.reading == Reading::leader ? 0 : 1;
    if (toggle_pair("lectura", reading, leader, expert, state.reading_rects)) {
        state.reading = reading == 0 ? Reading::leader : Reading::expert;
        state.preferences_dirty = true;
    }
    if (state.font_missing) ImGui::TextColored(colour::kBad, "%s", state.t("error.fuente"));

    // The tabs, then the run on screen (the demo switch: bundled runs keep the screen).
    for (int i = 0; i < 7; ++i) {
        if (i > 0) ImGui::SameLine(0.0f, 4.0f);
        const bool selected = state.screen == kScreens[i];
        ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(selected ? ImGuiCol_ButtonActive : ImGuiCol_FrameBg));
        char label[96];
        std::snprintf(label, sizeof label, "%d · %s", i + 1, state.t(kTabKeys[i]));
        if (ImGui::Button(label)) {
            state.go(kScreens[i]);
            if (kScreens[i] == Screen::casos) state.open_case.clear(), state.open_step = -1;
        }
        state.tab_rects[i] = last_rect();
        ImGui::PopStyleColor();
    }
    ImGui::SameLine(0.0f, 24.0f);
    ImGui::AlignTextToFramePadding();
    ImGui::TextColored(colour::kMuted, "%s", state.t("app.corrida"));
    ImGui::SameLine();
    ImGui::SetNextItemWidth(190.0f);
    const std::string shown = state.run_id.empty() ? std::string(state.t("app.corrida_propia")) : state.run_id;
    const bool open = ImGui::BeginCombo("##corrida", shown.c_str());
    state.remember_control("app.corrida");
    if (open) {
        for (const BundledRun& r : bundled_runs()) {
            const bool chosen = ImGui::Selectable(r.id, state.run_id == r.id);
            state.remember_control(std::string("corrida:") + r.id);
            if (chosen && state.run_id != r.id) {
                const Screen keep = state.screen;
                state.open_run(r.id);
                state.screen = keep == Screen::casos ? Screen::casos : keep;
            }
        }
        ImGui::EndCombo();
    }
    // The screen as text (screen_text.hpp): the same Markdown the page's text region holds, as a file.
    ImGui::SameLine();
    if (ImGui::Button(state.t("app.texto")) && !state.screen_text.empty())
        state.status_line = offer_file("planlang-" + std::string(screen_id(state.screen)) + "-" + language_code(state.language) + ".md",
                                       "text/markdown", state.screen_text);
    state.remember_control("app.texto");
    ImGui::Separator();
}

void draw_load_error(AppState& state) {
    ImGui::TextColored(colour::kBad, "%s", state.t("error.corrida_rechazada"));
    ImGui::TextColored(colour::kMuted, "%s", state.session.folder().c_str());
    ImGui::Spacing();
    for (const LoadReason& r : state.session.reasons()) {
        ImGui::Bullet();
        ImGui::PushTextWrapPos(0.0f);
        ImGui::Text("%s · %s", r.codigo.c_str(), r.elemento.c_str());
        ImGui::TextUnformatted(pick(r.detalle, state.language).c_str());
        ImGui::PopTextWrapPos();
    }
}

}  // namespace

std::string status_text(AppState& state) {
    if (!state.texts.loaded() || !state.ready()) return {};
    std::string out = std::string(state.t(kTabKeys[static_cast<int>(state.screen)])) + " · ";
    if (!state.session.ok()) return out + fill(state.t("estado.rechazada"), {std::to_string(state.session.reasons().size())});
    out += state.session.compact().corrida_id + " · " + live_sentence(state);
    if (state.screen == Screen::casos && !state.open_case.empty()) {
        out += " · " + fill(state.t("estado.caso"), {state.open_case, std::to_string(state.open_step + 1)});
    }
    return out;
}

void draw_app(AppState& state, float width, float height) {
    ImGui::SetNextWindowPos(ImVec2(0, 0), ImGuiCond_Always);
    ImGui::SetNextWindowSize(ImVec2(width, height), ImGuiCond_Always);
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;
    ImGui::Begin("planlang", nullptr, flags);
    state.controls.clear();
    state.case_links.clear();
    if (!state.texts.loaded()) {
        draw_catalogue_error(state);
        ImGui::End();
        return;
    }
    draw_header(state);
    ImGui::BeginChild("contenido", ImVec2(0, 0), false);
    if (!state.session.ok() && state.screen != Screen::entrada) {
        draw_load_error(state);
    } else {
        switch (state.screen) {
            case Screen::entrada: draw_home_screen(state); break;
            case Screen::plan: draw_plan_screen(state); break;
            case Screen::agente: draw_agent_screen(state); break;
            case Screen::brecha: draw_gap_screen(state); break;
            case Screen::playground: draw_playground_screen(state); break;
            case Screen::casos: draw_cases_screen(state); break;
            case Screen::fichas: draw_cards_screen(state); break;
        }
    }
    ImGui::EndChild();
    ImGui::End();
}

}  // namespace planlang::web
