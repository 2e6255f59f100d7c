// Screen 1, Entrada (site-and-cards.md §2): what planlang is; one row per bundled run (the run on screen with
// its verdict, id and number of cases; the others with a button that opens them); the opened run's headline
// figures, each naming where it comes from; and a tile per other screen with what it holds for this run.
#include <algorithm>
#include <string>

#include "core/views/headline.hpp"
#include "imgui.h"
#include "web/app/screens/screen_parts.hpp"
#include "web/app/ui_common.hpp"
#include "web/app/views.hpp"

namespace planlang::web {

namespace {

constexpr float kCardHeightLeader = 122.0f;
constexpr float kCardHeightExpert = 146.0f;
constexpr float kTileHeight = 126.0f;

void draw_intro(const AppState& state) {
    ImGui::SetWindowFontScale(1.3f);
    ImGui::TextUnformatted(state.t("entrada.titulo"));
    ImGui::SetWindowFontScale(1.0f);
    ImGui::Spacing();
    wrapped(state.t("entrada.que_es"));
    ImGui::Spacing();
    wrapped_muted(state.t("entrada.como_leer"));
}

// The bundled runs: only the one on screen is loaded, so only its verdict and size are known here.
void draw_runs(AppState& state) {
    section_title(state.t("entrada.corridas"));
    static const json::Value kNone;
    const json::Value& report = state.session.ok() ? state.session.report() : kNone;
    std::string to_open;
    if (begin_table("corridas", 4)) {
        setup_columns({{state.t("entrada.col_corrida"), 1.2f}, {state.t("entrada.col_casos"), 0.6f},
                       {state.t("entrada.col_veredicto"), 1.2f}, {"", 1.0f}});
        for (const BundledRun& r : bundled_runs()) {
            const bool on_screen = state.run_id == r.id && state.session.ok();
            ImGui::PushID(r.id);
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(r.id);
            ImGui::TableNextColumn();
            if (on_screen) {
                ImGui::TextUnformatted(report_number(at(at(at(report, "ficha_reproducibilidad"), "corrida"), "casos_ejecutados"),
                                                     state.language).c_str());
            } else {
                ImGui::TextColored(colour::kMuted, "—");
            }
            ImGui::TableNextColumn();
            if (on_screen) {
                state_chip(state, str(at(report, "veredicto"), "valor"));
            } else {
                    ImGui::TextColored(colour::kMuted, "%s", state.t("entrada.sin_abrir"));
            }
            ImGui::TableNextColumn();
            if (on_screen) {
                    ImGui::TextColored(colour::kAccent, "%s", state.t("entrada.en_pantalla"));
            } else {
                if (ImGui::SmallButton(state.t("entrada.abrir"))) to_open = r.id;
                state.remember_control(std::string("abrir:") + r.id);
            }
            ImGui::PopID();
        }
        ImGui::EndTable();
    }
    if (state.session.ok()) {
        wrapped_muted(fill(state.t("entrada.corridas_nota"), {state.session.compact().corrida_id}));
    } else {
        ImGui::TextColored(colour::kBad, "%s", state.t("error.corrida_rechazada"));
        for (const LoadReason& r : state.session.reasons()) wrapped_muted(r.codigo + " · " + r.elemento + " · " + pick(r.detalle, state.language));
    }
    if (!to_open.empty()) state.open_run(to_open);  // after the table: the rows above read the run on screen
}

void draw_headline(AppState& state) {
    const json::Value& report = state.session.report();
    const std::string run = state.session.compact().corrida_id;
    section_title(fill(state.t("entrada.cifras"), {run}).c_str());
    const float gap = 8.0f;
    const float w = (ImGui::GetContentRegionAvail().x - 3 * gap) / 4.0f;
    const float h = expert(state) ? kCardHeightExpert : kCardHeightLeader;
    wrapped_muted(fill(state.t("entrada.fuente_informe"), {run, state.session.folder()}));
    const std::string from_report;

    const views::Headline f = views::headline(report);
    figure_card(state, "c1", w, h, state_word(state, f.veredicto), state_colour(f.veredicto), state.t("entrada.cifra_veredicto"),
                fill(state.t("entrada.cifra_veredicto_detalle"), {std::to_string(f.bloqueantes), std::to_string(f.alertas)}), from_report,
                "informe.json · veredicto.valor");
    ImGui::SameLine(0.0f, gap);

    std::string ids;
    for (const std::string& id : f.criterios_no) ids += (ids.empty() ? "" : ", ") + id;
    figure_card(state, "c2", w, h, std::to_string(f.criterios_cumplen) + " / " + std::to_string(f.criterios_total),
                f.criterios_cumplen == f.criterios_total ? colour::kGood : colour::kSimulationLabel, state.t("entrada.cifra_criterios"),
                ids.empty() ? std::string(state.t("entrada.cifra_criterios_todos")) : fill(state.t("entrada.cifra_criterios_no"), {ids}),
                from_report, "informe.json · criterios[].estado");
    ImGui::SameLine(0.0f, gap);

    figure_card(state, "c3", w, h, report_number(f.casos_con_pausa, state.language), colour::kAccent, state.t("entrada.cifra_pausas"),
                fill(state.t("entrada.cifra_pausas_detalle"), {report_number(f.casos_ejecutados, state.language), f.rol_pausa}), from_report,
                "informe.json · contrato_de_grafo.pausas.casos_con_pausa");
    ImGui::SameLine(0.0f, gap);

    json::Array ids_with_gap;
    for (const std::string& id : f.casos_con_brecha) ids_with_gap.push_back(json::Value(id));
    const std::string cases = fill(state.t("entrada.cifra_brechas_casos"), {id_list(json::Value(ids_with_gap), 5)});
    figure_card(state, "c4", w, h, std::to_string(f.brechas), f.brechas == 0 ? colour::kGood : colour::kSimulationLabel,
                state.t("entrada.cifra_brechas"), f.brechas == 0 ? std::string(state.t("entrada.cifra_brechas_ninguna")) : cases,
                from_report, "informe.json · brechas_no_previstas.brechas");

    ImGui::Spacing();
    wrapped(pick_json(at(at(report, "resumen"), "texto"), state.language));
    ImGui::PushStyleColor(ImGuiCol_Text, colour::kAccent);
    wrapped(pick_json(at(at(report, "resumen"), "recomendacion"), state.language));
    ImGui::PopStyleColor();
    expert_source(state, "informe.json · resumen.texto, resumen.recomendacion");
}

struct Tile {
    Screen screen;
    const char* title;
    std::string line;
};

// The other screens as tiles: the button, what the screen holds, and a figure of this run on it.
void draw_tiles(AppState& state) {
    section_title(state.t("entrada.pantallas"));
    const bool ok = state.session.ok();
    std::vector<Tile> tiles;
    if (ok) {
        const plan::Plan& p = state.session.plan();
        const json::Value& report = state.session.report();
        tiles = {
            {Screen::plan, "entrada.ir_plan",
             fill(state.t("entrada.ir_plan_cifra"), {std::to_string(p.decisiones.size()), std::to_string(p.riesgos.size()),
                                                     std::to_string(p.criterios_aceptacion.size())})},
            {Screen::agente, "entrada.ir_agente",
             fill(state.t("entrada.ir_agente_cifra"), {std::to_string(items(at(at(report, "contrato_de_grafo"), "nodos")).size())})},
            {Screen::brecha, "entrada.ir_brecha",
             fill(state.t("entrada.ir_brecha_cifra"), {state_word(state, str(at(report, "veredicto"), "valor"))})},
            {Screen::playground, "entrada.ir_playground",
             fill(state.t("entrada.ir_playground_cifra"), {std::to_string(state.session.compact().umbrales.size())})},
            {Screen::casos, "entrada.ir_casos",
             fill(state.t("entrada.ir_casos_cifra"), {std::to_string(state.session.compact().casos.size())})},
            {Screen::fichas, "entrada.ir_fichas",
             fill(state.t("entrada.ir_fichas_cifra"), {p.id, p.version})},
        };
    }
    if (!ok) return;
    const float gap = 8.0f;
    const float w = (ImGui::GetContentRegionAvail().x - 2 * gap) / 3.0f;
    for (std::size_t i = 0; i < tiles.size(); ++i) {
        const Tile& t = tiles[i];
        if (i % 3) ImGui::SameLine(0.0f, gap);
        ImGui::PushID(static_cast<int>(i));
        ImGui::PushStyleColor(ImGuiCol_ChildBg, colour::kPanel);
        ImGui::BeginChild("tile", ImVec2(w, kTileHeight), true, ImGuiWindowFlags_NoScrollbar);
        const std::string label = std::string(state.t((std::string(t.title)).c_str()));
        if (ImGui::Button(label.c_str())) state.go(t.screen);
        state.remember_control(std::string("ir:") + std::string(screen_id(t.screen)));
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextUnformatted(state.t((std::string(t.title) + "_que").c_str()));
        ImGui::TextColored(colour::kAccent, "%s", t.line.c_str());
        ImGui::PopTextWrapPos();
        ImGui::EndChild();
        ImGui::PopStyleColor();
        ImGui::PopID();
    }
}

}  // namespace

void draw_home_screen(AppState& state) {
    draw_intro(state);
    draw_runs(state);
    if (!state.session.ok()) return;
    draw_headline(state);
    draw_tiles(state);
}

}  // namespace planlang::web
