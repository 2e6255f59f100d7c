// Screen 3, Agente (site-and-cards.md §2, §3): the agent card (what it is for, what it never does), the
// diagram of the graph that actually ran — select a node or an arrow to see what it does, its rule and the
// real cases that passed there —, the paths the cases took (select one to light it), and the early
// prototype: the single-agent baseline's graph against the contract, its required-but-missing nodes dashed.
#include <algorithm>
#include <string>
#include <vector>

#include "core/json/number.hpp"
#include "imgui.h"
#include "web/app/screens/cases_parts.hpp"
#include "web/app/screens/diagram_view.hpp"
#include "web/app/screens/screen_parts.hpp"
#include "web/app/ui_common.hpp"
#include "web/app/views.hpp"

namespace planlang::web {

namespace {

constexpr std::size_t kCaseButtons = 24;  // case links shown under a selection before "+ n more"

void draw_card(AppState& state) {
    const plan::Plan& p = state.session.plan();
    const views::Diagram& d = state.session.diagram();
    ImGui::TextUnformatted(text_of(p.nombre, state.language).c_str());
    expert_source(state, p.id + " · v" + p.version);
    ImGui::TextColored(colour::kAccent, "%s", state.t("agente.para_que"));
    wrapped(text_of(p.problema, state.language));
    std::vector<const plan::Risk*> hard;
    for (const plan::Risk& r : p.riesgos)
        if (r.control_legal.value_or(false)) hard.push_back(&r);
    if (!hard.empty()) {
        ImGui::TextColored(colour::kAccent, "%s", state.t("agente.nunca"));
        for (const plan::Risk* r : hard) {
            ImGui::Bullet();
            wrapped(fill(state.t("agente.nunca_item"), {text_of(r->modo, state.language)}));
            expert_source(state, r->id + " · control_legal");
        }
    }
    std::size_t arrows = d.flechas.size(), missing = 0;
    for (const views::DiagramNode& n : d.nodos) missing += n.status == views::NodeStatus::requerido_ausente;
    std::size_t nodes = 0;
    for (const views::DiagramNode& n : d.nodos) nodes += n.band != views::Band::extremo && n.status != views::NodeStatus::requerido_ausente;
    wrapped_muted(fill(state.t("agente.grafo_resumen"), {std::to_string(nodes), std::to_string(arrows),
                                                         std::to_string(state.session.run_header().casos_ejecutados.size()),
                                                         std::to_string(state.session.paths().recorridos.size())}));
    expert_source(state, state.session.run_header().corrida_id + " · grafo.json · " + fingerprint(state, state.session.run_header().grafo.huella));
    if (missing > 0) ImGui::TextColored(colour::kBad, "%s", fill(state.t("agente.faltan"), {std::to_string(missing)}).c_str());
}

// The step (0-based) of `caso` at node `nodo` (or leaving it by the arrow to `hacia`): where its link opens.
int step_at(AppState& state, const std::string& caso, const std::string& nodo, const std::string* hacia) {
    const run::CaseWalk* w = state.session.walk_of(caso);
    if (!w) return 0;
    for (std::size_t k = 0; k < w->nodos.size(); ++k) {
        if (w->nodos[k] != nodo) continue;
        if (!hacia || (k + 1 < w->nodos.size() && w->nodos[k + 1] == *hacia) || (k + 1 == w->nodos.size() && *hacia == "__end__")) return static_cast<int>(k);
    }
    return 0;
}

void case_buttons(AppState& state, const std::vector<std::string>& cases, const std::string& nodo, const std::string* hacia) {
    for (std::size_t i = 0; i < cases.size() && i < kCaseButtons; ++i) {
        if (i > 0) {
            ImGui::SameLine();
            if (ImGui::GetCursorPosX() + 60.0f > ImGui::GetContentRegionMax().x) ImGui::NewLine();
        }
        if (ImGui::SmallButton(cases[i].c_str())) state.open_case_at(cases[i], step_at(state, cases[i], nodo, hacia));
        state.remember_control("seleccion.caso:" + cases[i]);
    }
    if (cases.size() > kCaseButtons) {
        ImGui::SameLine();
        ImGui::TextColored(colour::kMuted, "%s", fill(state.t("agente.y_mas"), {std::to_string(cases.size() - kCaseButtons)}).c_str());
    }
}

const plan::Edge* plan_edge(const plan::Plan& p, const std::string& desde, int orden) {
    for (const plan::Edge& e : p.contrato_de_grafo.aristas_condicionales)
        if (e.desde == desde && e.orden == orden) return &e;
    return nullptr;
}

void draw_threshold_of(AppState& state, const plan::Edge& e) {
    if (e.is_function || !e.valor.is_string() || e.valor.as_string().rfind("umbral.", 0) != 0) return;
    const std::string id = e.valor.as_string().substr(7);
    const plan::Threshold* t = state.session.plan().threshold(id);
    if (!t) return;
    const int i = state.session.threshold_index(id);
    std::string played = i >= 0 ? recorded_value(state.session.setting().valores[static_cast<std::size_t>(i)]) : "—";
    wrapped(fill(state.t("agente.umbral"), {id, text_of(t->nombre, state.language), recorded_value(t->valor_en_plan), played}));
    wrapped_muted(text_of(t->descripcion_lider, state.language));
    if (ImGui::SmallButton(state.t("agente.ir_playground"))) state.go(Screen::playground);
}

void draw_node_detail(AppState& state, int index) {
    const views::Diagram& d = state.session.diagram();
    const views::DiagramNode& n = d.nodos[static_cast<std::size_t>(index)];
    const plan::Plan& p = state.session.plan();
    ImGui::Text("%s", n.band == views::Band::extremo ? (n.tipo == "inicio" ? "START" : "END") : n.id.c_str());
    ImGui::SameLine();
    ImGui::TextColored(colour::kMuted, "%s · %s", enum_word(state, "nodo", n.tipo).c_str(), node_status_word(state, n.status));
    wrapped(state.t(("agente.hace." + n.tipo).c_str()));
    if (n.status == views::NodeStatus::fuera_de_contrato && !n.tipo_en_contrato.empty())
        wrapped_muted(fill(state.t("agente.tipo_en_contrato"), {n.tipo_en_contrato}));
    // Its rules, in the order the graph tries them, then where it goes otherwise.
    std::vector<const views::DiagramArrow*> out;
    for (const views::DiagramArrow& a : d.flechas)
        if (a.desde == n.id) out.push_back(&a);
    if (!out.empty()) {
        ImGui::TextColored(colour::kAccent, "%s", state.t("agente.sus_reglas"));
        for (const views::DiagramArrow* a : out) {
            ImGui::Bullet();
            if (a->kind == views::ArrowKind::condicional) {
                const plan::Edge* e = plan_edge(p, a->desde, a->orden);
                std::string line = fill(state.t("agente.regla_linea"), {std::to_string(a->orden), a->regla, a->hacia});
                wrapped(line);
                if (e && e->nota) wrapped_muted(text_of(*e->nota, state.language));
            } else {
                wrapped(fill(state.t(a->kind == views::ArrowKind::por_defecto ? "agente.por_defecto_linea" : "agente.luego_linea"), {a->hacia}));
            }
        }
    }
    for (const plan::Pause& pause : p.contrato_de_grafo.pausas_humanas)
        if (pause.nodo == n.id) {
            wrapped(fill(state.t("agente.pausa_rol"), {pause.rol}));
            wrapped_muted(fill(state.t("agente.politica"), {text_of(pause.politica_simulada, state.language)}));
        }
    const views::Paths& paths = state.session.paths();
    const std::vector<std::string>& cases = paths.casos_por_nodo[static_cast<std::size_t>(index)];
    ImGui::TextColored(colour::kAccent, "%s", fill(state.t("agente.casos_nodo"), {std::to_string(cases.size())}).c_str());
    case_buttons(state, cases, n.id, nullptr);
}

void draw_arrow_detail(AppState& state, int index) {
    const views::DiagramArrow& a = state.session.diagram().flechas[static_cast<std::size_t>(index)];
    ImGui::Text("%s → %s", a.desde.c_str(), a.hacia.c_str());
    ImGui::SameLine();
    ImGui::TextColored(colour::kMuted, "%s", state.t(("agente.flecha." + std::string(views::arrow_kind_name(a.kind))).c_str()));
    if (a.kind == views::ArrowKind::condicional) {
        wrapped(fill(state.t("agente.regla_linea"), {std::to_string(a.orden), a.regla, a.hacia}));
        if (const plan::Edge* e = plan_edge(state.session.plan(), a.desde, a.orden)) {
            if (e->nota) wrapped_muted(text_of(*e->nota, state.language));
            draw_threshold_of(state, *e);
        }
    }
    const std::vector<std::string>& cases = state.session.paths().casos_por_flecha[static_cast<std::size_t>(index)];
    ImGui::TextColored(colour::kAccent, "%s", fill(state.t("agente.casos_flecha"), {std::to_string(cases.size())}).c_str());
    case_buttons(state, cases, a.desde, &a.hacia);
}

void draw_paths(AppState& state) {
    const views::Paths& paths = state.session.paths();
    const std::size_t total = state.session.run_header().casos_ejecutados.size();
    wrapped_muted(state.t("agente.recorridos_que"));
    if (!begin_table("recorridos", 3)) return;
    setup_columns({{state.t("agente.col_casos"), 0.0f}, {state.t("agente.col_recorrido"), 4.0f}, {state.t("agente.col_ejemplos"), 1.6f}});
    for (std::size_t i = 0; i < paths.recorridos.size(); ++i) {
        const views::Recorrido& r = paths.recorridos[i];
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::PushID(static_cast<int>(i));
        const std::string count = std::to_string(r.n) + " · " + report_percent(json::Value(total ? static_cast<double>(r.n) / static_cast<double>(total) : 0.0), state.language);
        if (ImGui::Selectable(count.c_str(), state.agent_path == static_cast<int>(i), ImGuiSelectableFlags_SpanAllColumns))
            state.agent_path = state.agent_path == static_cast<int>(i) ? -1 : static_cast<int>(i), state.agent_node = state.agent_arrow = -1;
        state.remember_control("recorrido:" + std::to_string(i));
        ImGui::TableNextColumn();
        std::string seq;
        for (const std::string& n : r.nodos) seq += (seq.empty() ? "" : " → ") + n;
        wrapped(seq);
        ImGui::TableNextColumn();
        for (std::size_t k = 0; k < r.casos.size() && k < 3; ++k) {
            if (k > 0) ImGui::SameLine();
            if (ImGui::SmallButton(r.casos[k].c_str())) state.open_case_at(r.casos[k], 0, false);
        }
        ImGui::PopID();
    }
    ImGui::EndTable();
    if (!paths.sin_flecha.empty())
        ImGui::TextColored(colour::kBad, "%s", fill(state.t("agente.sin_flecha"), {id_list(json::Value(json::Array(paths.sin_flecha.begin(), paths.sin_flecha.end())))}).c_str());
}

void draw_prototype(AppState& state) {
    const views::Diagram* base = state.session.baseline_diagram();
    if (!base) {
        wrapped_muted(state.t("agente.sin_prototipo"));
        for (const LoadReason& r : state.session.baseline_problems()) wrapped_muted(r.codigo + " · " + r.elemento + " · " + pick(r.detalle, state.language));
        return;
    }
    std::string missing, outside;
    for (const views::DiagramNode& n : base->nodos) {
        if (n.status == views::NodeStatus::requerido_ausente) missing += (missing.empty() ? "" : ", ") + n.id;
        if (n.status == views::NodeStatus::fuera_de_contrato) outside += (outside.empty() ? "" : ", ") + n.id;
    }
    wrapped(fill(state.t("agente.prototipo_que"), {state.session.baseline_id()}));
    if (!missing.empty()) wrapped(fill(state.t("agente.prototipo_faltan"), {missing}));
    if (!outside.empty()) wrapped(fill(state.t("agente.prototipo_fuera"), {outside}));
    expert_source(state, state.session.baseline_id() + " · grafo.json");
    draw_diagram(state, "diagrama_prototipo", *base, DiagramMarks{}, ImGui::GetContentRegionAvail().x);
}

}  // namespace

void draw_agent_screen(AppState& state) {
    Session& s = state.session;
    if (!s.ok()) {
        ImGui::TextColored(colour::kMuted, "%s", state.t("caso.sin_corrida"));
        return;
    }
    draw_card(state);
    ImGui::Spacing();
    ImGui::TextColored(colour::kAccent, "%s", state.t("agente.diagrama"));
    wrapped_muted(state.t("agente.diagrama_que"));
    const views::Diagram& d = s.diagram();
    const views::Paths& paths = s.paths();
    DiagramMarks marks;
    marks.selected_node = state.agent_node;
    marks.selected_arrow = state.agent_arrow;
    if (state.agent_path >= 0 && state.agent_path < static_cast<int>(paths.recorridos.size())) {
        const views::Recorrido& r = paths.recorridos[static_cast<std::size_t>(state.agent_path)];
        marks.nodos.assign(d.nodos.size(), false);
        marks.flechas.assign(d.flechas.size(), false);
        for (const std::string& n : r.nodos)
            if (const int k = d.node_index(n); k >= 0) marks.nodos[static_cast<std::size_t>(k)] = true;
        for (std::size_t f : r.flechas)
            if (f < marks.flechas.size()) marks.flechas[f] = true;
    }
    const DiagramPick picked = draw_diagram(state, "diagrama", d, marks, ImGui::GetContentRegionAvail().x);
    if (picked.node >= 0) state.agent_node = picked.node == state.agent_node ? -1 : picked.node, state.agent_arrow = -1;
    if (picked.arrow >= 0) state.agent_arrow = picked.arrow == state.agent_arrow ? -1 : picked.arrow, state.agent_node = -1;
    for (const Issue& i : d.avisos) ImGui::TextColored(colour::kBad, "⚠ %s · %s", i.element.c_str(), pick(i.message, state.language).c_str());

    // The selection's panel: as tall as what it holds (imgui 1.86 children do not size to their content, so
    // the background goes on a channel below the content once the content's extent is known).
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->ChannelsSplit(2);
    dl->ChannelsSetCurrent(1);
    const float panel_w = ImGui::GetContentRegionAvail().x;
    ImGui::SetCursorPos(ImVec2(ImGui::GetCursorPosX() + 10.0f, ImGui::GetCursorPosY() + 8.0f));
    ImGui::BeginGroup();
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + panel_w - 20.0f);
    if (state.agent_node >= 0 && state.agent_node < static_cast<int>(d.nodos.size()))
        draw_node_detail(state, state.agent_node);
    else if (state.agent_arrow >= 0 && state.agent_arrow < static_cast<int>(d.flechas.size()))
        draw_arrow_detail(state, state.agent_arrow);
    else
        wrapped_muted(state.t("agente.elija"));
    ImGui::PopTextWrapPos();
    ImGui::EndGroup();
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    dl->ChannelsSetCurrent(0);
    dl->AddRectFilled(ImVec2(a.x - 10.0f, a.y - 8.0f), ImVec2(a.x - 10.0f + panel_w, b.y + 8.0f), ImGui::GetColorU32(colour::kPanel), 6.0f);
    dl->ChannelsMerge();
    ImGui::Dummy(ImVec2(0.0f, 8.0f));

    if (section(fill(state.t("agente.recorridos"), {std::to_string(paths.recorridos.size())}).c_str(), true)) draw_paths(state);
    if (section(state.t("agente.trazas"), true)) {
        wrapped_muted(fill(state.t("agente.trazas_que"), {std::to_string(s.run_header().casos_ejecutados.size())}));
        if (ImGui::Button(state.t("agente.ir_casos"))) state.go(Screen::casos);
        for (const std::string& p : s.walk_problems()) ImGui::TextColored(colour::kBad, "⚠ %s", p.c_str());
    }
    if (section(state.t("agente.prototipo"), false)) draw_prototype(state);
}

}  // namespace planlang::web
