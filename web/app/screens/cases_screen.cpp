// Screen 6, Casos (site-and-cards.md §2): every case of the run, not a subset — filterable by id, type and
// whether it changes path at the played thresholds — each opening its page (§4) with the replay.
#include <set>
#include <string>
#include <vector>

#include "core/json/canonical.hpp"
#include "core/json/number.hpp"
#include "core/report/display.hpp"
#include "imgui.h"
#include "web/app/screens/cases_parts.hpp"
#include "web/app/screens/playground_parts.hpp"
#include "web/app/screens/screen_parts.hpp"
#include "web/app/ui_common.hpp"
#include "web/app/views.hpp"

namespace planlang::web {

const char* case_verdict_word(const AppState& state, const std::string& veredicto) {
    if (veredicto == "correcto") return state.t("caso.veredicto.correcto");
    if (veredicto == "senalado") return state.t("caso.veredicto.senalado");
    if (veredicto == "incorrecto") return state.t("caso.veredicto.incorrecto");
    return state.t("caso.veredicto.sin_verdad");
}

ImVec4 case_verdict_colour(const std::string& veredicto) {
    if (veredicto == "correcto") return colour::kGood;
    if (veredicto == "senalado") return colour::kSimulationLabel;
    if (veredicto == "incorrecto") return colour::kBad;
    return colour::kMuted;
}

std::string recorded_value(const json::Value& v) { return report::display_value(v, report::Lang::en, report::recorded_words()); }

void marked_text(const std::string& text, const std::vector<views::Span>& marks) {
    // Pieces: plain and marked stretches in text order, then laid out word by word so they wrap together.
    struct Piece {
        std::string text;
        bool marked;
    };
    std::vector<Piece> pieces;
    std::size_t at = 0;
    for (const views::Span& m : marks) {
        if (m.inicio < at || m.fin > text.size() || m.fin <= m.inicio) continue;
        if (m.inicio > at) pieces.push_back({text.substr(at, m.inicio - at), false});
        pieces.push_back({"⚠ " + text.substr(m.inicio, m.fin - m.inicio), true});
        at = m.fin;
    }
    if (at < text.size()) pieces.push_back({text.substr(at), false});
    const float right = ImGui::GetContentRegionAvail().x + ImGui::GetCursorScreenPos().x;
    const float left = ImGui::GetCursorScreenPos().x;
    const float space = ImGui::CalcTextSize(" ").x;
    bool line_started = false;
    ImGui::BeginGroup();
    for (const Piece& p : pieces) {
        std::size_t i = 0;
        while (i < p.text.size()) {
            if (p.text[i] == '\n') {
                line_started = false;
                ++i;
                continue;
            }
            std::size_t j = p.text.find_first_of(" \n", i);
            if (j == std::string::npos) j = p.text.size();
            const std::string word = p.text.substr(i, j - i);
            i = j < p.text.size() && p.text[j] == ' ' ? j + 1 : j;
            if (word.empty()) continue;
            const float w = ImGui::CalcTextSize(word.c_str()).x;
            if (line_started) {
                ImGui::SameLine(0.0f, space);
                if (ImGui::GetCursorScreenPos().x + w > right && ImGui::GetCursorScreenPos().x > left + 1.0f) ImGui::NewLine();
            }
            if (p.marked) {
                const ImVec2 a = ImGui::GetCursorScreenPos();
                ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(a.x - 1, a.y), ImVec2(a.x + w + 1, a.y + ImGui::GetTextLineHeight()),
                                                          ImGui::GetColorU32(ImVec4(0.45f, 0.12f, 0.12f, 1.0f)));
                ImGui::TextColored(ImVec4(1.0f, 0.80f, 0.78f, 1.0f), "%s", word.c_str());
            } else {
                ImGui::TextUnformatted(word.c_str());
            }
            line_started = true;
        }
    }
    ImGui::EndGroup();
}

void draw_case_list(AppState& state) {
    Session& s = state.session;
    const playground::Compact& c = s.compact();
    std::vector<int> change_of(c.casos.size(), -1);
    for (std::size_t i = 0; i < s.replay().cambios.size(); ++i) change_of[s.replay().cambios[i].caso] = static_cast<int>(i);

    ImGui::TextUnformatted(fill(state.t("caso.lista_titulo"), {std::to_string(c.casos.size()), c.corrida_id}).c_str());
    wrapped_muted(state.t("caso.lista_que"));
    expert_source(state, c.corrida_id + " · manifiesto.json casos_ejecutados · " + state.t("caso.fuente_lista"));

    // Filters.
    char buffer[64] = {};
    state.case_filter.copy(buffer, sizeof buffer - 1);
    ImGui::SetNextItemWidth(180.0f);
    if (ImGui::InputTextWithHint("##filtro", state.t("caso.buscar"), buffer, sizeof buffer)) state.case_filter = buffer;
    state.remember_control("lista.buscar");
    ImGui::SameLine();
    std::set<std::string> types;
    for (const playground::Case& k : c.casos) types.insert(k.tipo);
    ImGui::SetNextItemWidth(200.0f);
    if (ImGui::BeginCombo("##tipo", state.case_type.empty() ? state.t("caso.todos_los_tipos") : enum_word(state, "tipo_caso", state.case_type).c_str())) {
        if (ImGui::Selectable(state.t("caso.todos_los_tipos"), state.case_type.empty())) state.case_type.clear();
        for (const std::string& t : types)
            if (ImGui::Selectable(enum_word(state, "tipo_caso", t).c_str(), state.case_type == t)) state.case_type = t;
        ImGui::EndCombo();
    }
    ImGui::SameLine();
    const char* outcomes[] = {state.t("caso.todos_los_desenlaces"), state.t("caso.filtro_persona"), state.t("caso.filtro_sin_persona"),
                              state.t("caso.filtro_escala_mal"), state.t("caso.filtro_error_proveedor")};
    ImGui::SetNextItemWidth(220.0f);
    ImGui::Combo("##desenlace", &state.case_outcome, outcomes, 5);
    state.remember_control("lista.desenlace");
    ImGui::SameLine();
    ImGui::Checkbox(fill(state.t("caso.solo_cambian"), {std::to_string(s.replay().cambios.size())}).c_str(), &state.only_changed);
    state.remember_control("lista.solo_cambian");

    std::vector<std::size_t> shown;
    for (std::size_t i = 0; i < c.casos.size(); ++i) {
        const playground::Case& k = c.casos[i];
        if (!state.case_filter.empty() && k.id.find(state.case_filter) == std::string::npos) continue;
        if (!state.case_type.empty() && k.tipo != state.case_type) continue;
        if (state.only_changed && change_of[i] < 0) continue;
        const bool to_person = k.a_persona;  // in the domain's sense (demo A: a pause; the adherence coach: escalated)
        if ((state.case_outcome == 1 && !to_person) || (state.case_outcome == 2 && to_person) ||
            (state.case_outcome == 3 && to_person == k.debe_escalar) || (state.case_outcome == 4 && !k.error_proveedor))
            continue;
        shown.push_back(i);
    }
    ImGui::TextColored(colour::kMuted, "%s", fill(state.t("caso.mostrados"), {std::to_string(shown.size()), std::to_string(c.casos.size())}).c_str());

    if (!begin_table("casos", 6)) return;
    setup_columns({{state.t("caso.col_caso"), 0.0f}, {state.t("caso.col_tipo"), 1.6f}, {state.t("caso.col_debia"), 1.4f},
                   {state.t("caso.col_paso"), 1.2f}, {state.t("caso.col_escala_bien"), 0.8f}, {state.t("caso.col_ajuste"), 2.0f}});
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(shown.size()));
    while (clipper.Step()) {
        for (int r = clipper.DisplayStart; r < clipper.DisplayEnd; ++r) {
            const std::size_t i = shown[static_cast<std::size_t>(r)];
            const playground::Case& k = c.casos[i];
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            if (ImGui::SmallButton(k.id.c_str())) state.open_case_at(k.id, 0, false);
            state.remember_control("caso:" + k.id);
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(enum_word(state, "tipo_caso", k.tipo).c_str());
            if (expert(state) && !k.subtipo.empty()) ImGui::TextColored(colour::kMuted, "%s", k.subtipo.c_str());
            ImGui::TableNextColumn();
            std::string should = k.debe_escalar ? state.t("pg.desenlace_persona") : state.t("pg.desenlace_solo");
            if (k.decision_verdad.is_string()) should += " · " + k.decision_verdad.as_string();
            ImGui::TextUnformatted(should.c_str());
            ImGui::TableNextColumn();
            std::string happened = outcome_text(state, k.a_persona ? playground::Outcome::persona : playground::Outcome::solo);
            if (k.error_proveedor) happened += std::string(" · ") + state.t("caso.error_proveedor");
            ImGui::TextUnformatted(happened.c_str());
            ImGui::TableNextColumn();
            const bool agrees = k.a_persona == k.debe_escalar;
            ImGui::TextColored(agrees ? colour::kGood : colour::kBad, "%s", agrees ? "✓" : "✗");
            ImGui::TableNextColumn();
            if (change_of[i] >= 0) {
                const playground::Change& ch = s.replay().cambios[static_cast<std::size_t>(change_of[i])];
                ImGui::Text("%s → %s", outcome_text(state, ch.antes), outcome_text(state, ch.ahora));
                ImGui::SameLine();
                chip(state.t(effect_key(ch.efecto).c_str()), effect_colour(ch.efecto));
            } else {
                ImGui::TextColored(colour::kMuted, "%s", state.t("caso.sin_cambio"));
            }
        }
    }
    ImGui::EndTable();
}

void draw_cases_screen(AppState& state) {
    if (!state.session.ok()) {
        ImGui::TextColored(colour::kMuted, "%s", state.t("caso.sin_corrida"));
        return;
    }
    if (state.open_case.empty())
        draw_case_list(state);
    else
        draw_case_page(state);
}

}  // namespace planlang::web
