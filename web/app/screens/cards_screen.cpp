// Screen 7, Fichas (site-and-cards.md §2, §5): the reproducibility card of the run on screen, as the core builds
// it (core/cards/repro.hpp, the card `planlang card --kind repro` prints): its rows (plan, batch, run, graph,
// repetitions, baseline, environment, execution, simulated reviewer, verifier, report), applied against plan
// thresholds, and, for the expert, the commands that rebuild the run and its report with the byte-identical
// statement; then the CHAI model card (§7, core/cards/chai.hpp, what `planlang card --kind chai` writes): one
// collapsible section per CHAI section, each field with its value and origin (derived, declared, not
// applicable) and, for the expert, the pointers it was read from. This view only draws the cards' values. The
// showcase cards (§6) come later; the screen says so.
#include <string>

#include "core/cards/chai.hpp"
#include "core/cards/repro.hpp"
#include "imgui.h"
#include "web/app/screens/screen_parts.hpp"
#include "web/app/ui_common.hpp"
#include "web/app/views.hpp"

namespace planlang::web {

namespace {

const std::string& text(const AppState& state, const Bilingual& b) { return pick(b, state.language); }

void draw_rows(const AppState& state, const cards::ReproCard& card) {
    const cards::ReproHeadings& h = cards::kReproHeadings;
    if (!begin_table("identidad", 5)) return;
    setup_columns({{text(state, h.what).c_str(), 0.9f}, {text(state, h.id).c_str(), 0.9f}, {text(state, h.version).c_str(), 0},
                   {text(state, h.huella).c_str(), 1.3f}, {text(state, h.detail).c_str(), 2.0f}});
    for (const cards::ReproRow& r : card.rows) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        wrapped(text(state, r.what));
        ImGui::TableNextColumn();
        wrapped(r.id.empty() ? "—" : r.id);
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(r.version.empty() ? "—" : r.version.c_str());
        ImGui::TableNextColumn();
        wrapped(fingerprint(state, r.huella));
        ImGui::TableNextColumn();
        wrapped(text(state, r.detail));
        if (expert(state)) wrapped_muted("[" + r.source + "]");
    }
    ImGui::EndTable();
}

void draw_thresholds(const AppState& state, const cards::ReproCard& card) {
    const cards::ReproHeadings& h = cards::kReproHeadings;
    section_title(text(state, h.thresholds).c_str());
    if (!card.thresholds.empty() &&
        ImGui::BeginTable("umbrales", 4, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingStretchSame, ImVec2(620.0f, 0))) {
        setup_columns({{text(state, h.threshold).c_str(), 1}, {text(state, h.in_plan).c_str(), 1}, {text(state, h.applied).c_str(), 1}, {"", 1.2f}});
        for (const cards::ThresholdRow& t : card.thresholds) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(t.id.c_str());
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(text(state, t.in_plan_text).c_str());
            ImGui::TableNextColumn();
            ImGui::TextColored(t.differs ? colour::kBad : ImGui::GetStyleColorVec4(ImGuiCol_Text), "%s", text(state, t.applied_text).c_str());
            ImGui::TableNextColumn();
            if (t.differs) badge(text(state, h.differs).c_str(), colour::kBad);
            else ImGui::TextColored(colour::kGood, "%s", text(state, h.same).c_str());
        }
        ImGui::EndTable();
    }
    wrapped_muted(text(state, card.thresholds_note));
    expert_source(state, "informe.json · ficha_reproducibilidad.umbrales_aplicados, umbrales_del_plan");
}

void draw_commands(AppState& state, const cards::ReproCard& card) {
    section_title(text(state, cards::kReproHeadings.commands).c_str());
    wrapped_muted(text(state, card.commands_note));
    std::string all;
    for (const cards::ReproCommand& c : card.commands) all += "# " + text(state, c.what) + "\n" + c.line + "\n";
    if (ImGui::SmallButton(state.t("fichas.copiar"))) {
        ImGui::SetClipboardText(all.c_str());
        state.status_line = state.t("fichas.copiado");
    }
    state.remember_control("copiar_comandos");
    ImGui::PushStyleColor(ImGuiCol_ChildBg, colour::kPanel);
    const float line = ImGui::GetTextLineHeightWithSpacing();
    float height = 16.0f;
    for (const cards::ReproCommand& c : card.commands) {
        const float w = ImGui::GetContentRegionAvail().x - 24.0f;
        height += line + ImGui::CalcTextSize(c.line.c_str(), nullptr, false, w).y + 4.0f;
    }
    ImGui::BeginChild("comandos", ImVec2(0.0f, height), true, ImGuiWindowFlags_NoScrollbar);
    for (const cards::ReproCommand& c : card.commands) {
        ImGui::TextColored(colour::kMuted, "# %s", text(state, c.what).c_str());
        wrapped(c.line);
    }
    ImGui::EndChild();
    ImGui::PopStyleColor();
    wrapped(text(state, card.byte_identical));
}

// A CHAI section: its leaves in a table (field, value, origin), its subsections nested.
void draw_chai_section(AppState& state, const cards::ChaiElement& e, const std::string& path) {
    bool has_leaf = false;
    for (const cards::ChaiElement& c : e.hijos) has_leaf = has_leaf || c.hoja;
    if (!has_leaf) {
        for (const cards::ChaiElement& c : e.hijos)
            if (ImGui::TreeNodeEx((c.nombre + "##" + path).c_str(), ImGuiTreeNodeFlags_DefaultOpen)) {
                draw_chai_section(state, c, path + "/" + c.nombre);
                ImGui::TreePop();
            }
        return;
    }
    if (!begin_table(("chai" + path).c_str(), 3)) return;
    setup_columns({{state.t("fichas.col_campo"), 0.8f}, {state.t("fichas.col_valor"), 3.0f}, {state.t("fichas.col_origen"), 0.7f}});
    auto row = [&](const std::string& name, const cards::ChaiElement& leaf) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        wrapped(name);
        ImGui::TableNextColumn();
        wrapped(leaf.texto);
        if (expert(state))
            for (const cards::Source& f : leaf.fuentes) wrapped_muted(std::string(cards::doc_name(f.documento)) + " " + f.puntero);
        ImGui::TableNextColumn();
        wrapped_muted(state.t(("fichas.origen." + std::string(cards::origin_name(leaf.origen))).c_str()));
    };
    for (const cards::ChaiElement& c : e.hijos) {
        if (c.hoja) row(c.nombre, c);
        else  // a repeated block (MetricResult, Keyword): its leaves, named by the block
            for (const cards::ChaiElement& inner : c.hijos)
                if (inner.hoja) row(c.nombre + "/" + inner.nombre, inner);
    }
    ImGui::EndTable();
}

void draw_chai(AppState& state) {
    const cards::ChaiCard& card = state.session.chai_card(state.language == Language::en);
    section_title(state.t("fichas.chai_titulo"));
    wrapped_muted(state.t("fichas.chai_que"));
    if (!card.problemas.empty()) {
        for (const Issue& i : card.problemas) ImGui::TextColored(colour::kBad, "%s · %s · %s", i.code.c_str(), i.element.c_str(), pick(i.message, state.language).c_str());
        return;
    }
    for (const cards::ChaiElement& section : card.raiz.hijos) {
        state.remember_control("chai." + section.nombre);
        if (ImGui::CollapsingHeader((section.nombre + "##chai").c_str())) draw_chai_section(state, section, section.nombre);
    }
}

}  // namespace

void draw_cards_screen(AppState& state) {
    const cards::ReproCard& card = state.session.repro_card();
    ImGui::SetWindowFontScale(1.25f);
    ImGui::TextUnformatted(text(state, card.title).c_str());
    ImGui::SetWindowFontScale(1.0f);
    wrapped_muted(text(state, cards::kReproHeadings.intro));
    if (const std::optional<Issue>& problem = state.session.repro_problem()) {
        // As `planlang card` refuses it: no card from a run whose own record of its environment does not read.
        ImGui::TextColored(colour::kBad, "%s · %s · %s", problem->code.c_str(), problem->element.c_str(), pick(problem->message, state.language).c_str());
    } else {
        draw_rows(state, card);
        draw_thresholds(state, card);
        if (expert(state)) draw_commands(state, card);
    }
    draw_chai(state);
    section_title(state.t("fichas.otras"));
    wrapped_muted(state.t("fichas.otras_pendientes"));
}

}  // namespace planlang::web
