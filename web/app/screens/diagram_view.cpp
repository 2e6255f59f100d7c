#include "web/app/screens/diagram_view.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <string>

#include "imgui.h"
#include "web/app/screens/screen_parts.hpp"
#include "web/app/ui_common.hpp"

namespace planlang::web {

namespace {

const ImVec4 kBandFill[2] = {{0.13f, 0.145f, 0.17f, 1.0f}, {0.115f, 0.125f, 0.15f, 1.0f}};
const ImVec4 kNodeFill{0.17f, 0.19f, 0.23f, 1.0f};
const ImVec4 kNodeBorder{0.55f, 0.60f, 0.68f, 1.0f};
const ImVec4 kArrow{0.62f, 0.68f, 0.76f, 1.0f};
const ImVec4 kText{0.90f, 0.92f, 0.95f, 1.0f};
const ImVec4 kCurrentText{0.08f, 0.09f, 0.11f, 1.0f};

ImU32 u32(const ImVec4& c, float alpha = 1.0f) { return ImGui::GetColorU32(ImVec4(c.x, c.y, c.z, c.w * alpha)); }

// A straight segment drawn as dashes (`dash` on, `gap` off, in pixels).
void dashed(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 col, float thickness, float dash, float gap) {
    const float dx = b.x - a.x, dy = b.y - a.y;
    const float length = std::sqrt(dx * dx + dy * dy);
    if (length <= 0.0f) return;
    const float ux = dx / length, uy = dy / length;
    for (float t = 0.0f; t < length; t += dash + gap) {
        const float e = std::min(t + dash, length);
        dl->AddLine(ImVec2(a.x + ux * t, a.y + uy * t), ImVec2(a.x + ux * e, a.y + uy * e), col, thickness);
    }
}

void dashed_rect(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 col, float thickness, float dash, float gap) {
    dashed(dl, a, ImVec2(b.x, a.y), col, thickness, dash, gap);
    dashed(dl, ImVec2(b.x, a.y), b, col, thickness, dash, gap);
    dashed(dl, b, ImVec2(a.x, b.y), col, thickness, dash, gap);
    dashed(dl, ImVec2(a.x, b.y), a, col, thickness, dash, gap);
}

void centred_text(ImDrawList* dl, float size, ImVec2 centre, ImU32 col, const std::string& text) {
    ImFont* font = ImGui::GetFont();
    const ImVec2 extent = font->CalcTextSizeA(size, FLT_MAX, 0.0f, text.c_str());
    dl->AddText(font, size, ImVec2(std::floor(centre.x - extent.x * 0.5f), std::floor(centre.y - extent.y * 0.5f)), col, text.c_str());
}

// The focus ring of the keyboard's current item (InvisibleButton draws none of its own).
void focus_ring(ImDrawList* dl) {
    if (!ImGui::IsItemFocused()) return;
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    dl->AddRect(ImVec2(a.x - 3, a.y - 3), ImVec2(b.x + 3, b.y + 3), u32(colour::kSimulationLabel), 4.0f, 0, 2.0f);
}

}  // namespace

const char* band_word(const AppState& state, views::Band band) {
    switch (band) {
        case views::Band::orquestacion: return state.t("agente.banda.orquestacion");
        case views::Band::agentes: return state.t("agente.banda.agentes");
        case views::Band::reglas: return state.t("agente.banda.reglas");
        case views::Band::pausa_humana: return state.t("agente.banda.pausa_humana");
        case views::Band::extremo: return "";
    }
    return "";
}

const char* node_status_word(const AppState& state, views::NodeStatus status) {
    switch (status) {
        case views::NodeStatus::implementado: return state.t("agente.estado.implementado");
        case views::NodeStatus::requerido_ausente: return state.t("agente.estado.requerido_ausente");
        case views::NodeStatus::fuera_de_contrato: return state.t("agente.estado.fuera_de_contrato");
    }
    return "";
}

std::string arrow_label(const AppState& state, const views::DiagramArrow& a) {
    switch (a.kind) {
        case views::ArrowKind::condicional: return std::to_string(a.orden) + " · " + a.regla;
        case views::ArrowKind::por_defecto: return state.t("agente.si_no");
        case views::ArrowKind::incondicional: return "";
    }
    return "";
}

DiagramPick draw_diagram(AppState& state, const char* id, const views::Diagram& d, const DiagramMarks& marks, float width) {
    DiagramPick pick;
    if (d.nodos.empty() || d.ancho <= 0 || width <= 0) return pick;
    const float scale = std::clamp(width / static_cast<float>(d.ancho), 0.7f, 1.0f);
    const ImVec2 extent(std::ceil(static_cast<float>(d.ancho) * scale), std::ceil(static_cast<float>(d.alto) * scale));
    const bool scrolls = extent.x > width;
    const float child_h = extent.y + (scrolls ? ImGui::GetStyle().ScrollbarSize : 0.0f) + 4.0f;
    ImGui::PushStyleColor(ImGuiCol_ChildBg, colour::kBackground);
    ImGui::BeginChild(id, ImVec2(width, child_h), false, ImGuiWindowFlags_HorizontalScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 o = ImGui::GetCursorScreenPos();
    auto at = [&](double x, double y) { return ImVec2(o.x + static_cast<float>(x) * scale, o.y + static_cast<float>(y) * scale); };
    const bool emphasis = !marks.nodos.empty() || !marks.flechas.empty();
    // Text never below what reads comfortably: at small scales labels may run a little past the box the layout
    // reserved for them (6 units per character at size 10).
    const float label_size = std::max(11.0f * scale, 10.5f);

    // Band columns behind everything, their names at the top.
    for (std::size_t i = 0; i < d.bandas.size(); ++i) {
        const views::DiagramBand& b = d.bandas[i];
        dl->AddRectFilled(at(b.x, 0), at(b.x + b.w, d.alto), u32(kBandFill[i % 2]));
        centred_text(dl, label_size + 1.0f, at(b.x + b.w / 2, 16), u32(colour::kMuted), band_word(state, b.band));
    }

    // Arrows, then their labels over them.
    for (std::size_t i = 0; i < d.flechas.size(); ++i) {
        const views::DiagramArrow& a = d.flechas[i];
        if (a.puntos.size() < 2) continue;
        const bool on = i < marks.flechas.size() && marks.flechas[i];
        const bool selected = static_cast<int>(i) == marks.selected_arrow;
        const float alpha = emphasis && !on && !selected ? 0.35f : 1.0f;
        const ImU32 col = on || selected ? u32(colour::kSimulationLabel) : u32(kArrow, alpha);
        const float thick = (selected ? 3.0f : on ? 2.5f : 1.4f) * std::max(scale, 0.8f);
        for (std::size_t k = 1; k < a.puntos.size(); ++k) {
            const ImVec2 p = at(a.puntos[k - 1].x, a.puntos[k - 1].y), q = at(a.puntos[k].x, a.puntos[k].y);
            if (a.kind == views::ArrowKind::por_defecto)
                dashed(dl, p, q, col, thick, 7.0f, 4.0f);
            else
                dl->AddLine(p, q, col, thick);
        }
        const ImVec2 p = at(a.puntos[a.puntos.size() - 2].x, a.puntos[a.puntos.size() - 2].y);
        const ImVec2 q = at(a.puntos.back().x, a.puntos.back().y);
        const float dx = q.x - p.x, dy = q.y - p.y, len = std::sqrt(dx * dx + dy * dy);
        if (len > 0.0f) {
            const float ux = dx / len, uy = dy / len, head = 9.0f * std::max(scale, 0.8f);
            dl->AddTriangleFilled(q, ImVec2(q.x - ux * head - uy * head * 0.5f, q.y - uy * head + ux * head * 0.5f),
                                  ImVec2(q.x - ux * head + uy * head * 0.5f, q.y - uy * head - ux * head * 0.5f), col);
        }
    }
    ImFont* font = ImGui::GetFont();
    std::vector<std::pair<ImVec2, ImVec2>> label_boxes(d.flechas.size());
    for (std::size_t i = 0; i < d.flechas.size(); ++i) {
        const views::DiagramArrow& a = d.flechas[i];
        const ImVec2 c = at(a.etiqueta.x, a.etiqueta.y);
        const std::string text = arrow_label(state, a);
        if (text.empty()) {
            label_boxes[i] = {ImVec2(c.x - 7, c.y - 7), ImVec2(c.x + 7, c.y + 7)};
            continue;
        }
        const bool on = (i < marks.flechas.size() && marks.flechas[i]) || static_cast<int>(i) == marks.selected_arrow;
        const float alpha = emphasis && !on ? 0.45f : 1.0f;
        const ImVec2 size = font->CalcTextSizeA(label_size, FLT_MAX, 0.0f, text.c_str());
        const ImVec2 a0(std::floor(c.x - size.x * 0.5f) - 3, std::floor(c.y - size.y * 0.5f) - 1), a1(a0.x + size.x + 6, a0.y + size.y + 2);
        dl->AddRectFilled(a0, a1, u32(colour::kBackground, 0.92f), 3.0f);
        if (on) dl->AddRect(a0, a1, u32(colour::kSimulationLabel), 3.0f);
        dl->AddText(font, label_size, ImVec2(a0.x + 3, a0.y + 1), u32(on ? colour::kSimulationLabel : kText, alpha), text.c_str());
        label_boxes[i] = {a0, a1};
    }

    // Nodes.
    for (std::size_t i = 0; i < d.nodos.size(); ++i) {
        const views::DiagramNode& n = d.nodos[i];
        const ImVec2 a = at(n.x, n.y), b = at(n.x + n.w, n.y + n.h);
        const bool current = static_cast<int>(i) == marks.current_node;
        const bool on = i < marks.nodos.size() && marks.nodos[i];
        const bool selected = static_cast<int>(i) == marks.selected_node;
        const float alpha = emphasis && !on && !current && !selected ? 0.45f : 1.0f;
        const float rounding = n.band == views::Band::extremo ? (b.y - a.y) * 0.5f : 6.0f;
        dl->AddRectFilled(a, b, current ? u32(colour::kSimulationLabel) : u32(kNodeFill, n.status == views::NodeStatus::requerido_ausente ? 0.4f : 1.0f), rounding);
        const ImU32 border = on || selected ? u32(colour::kSimulationLabel) : u32(kNodeBorder, alpha);
        const float thick = selected ? 3.0f : on ? 2.2f : 1.2f;
        if (n.status == views::NodeStatus::requerido_ausente)
            dashed_rect(dl, a, b, border, thick, 8.0f, 5.0f);
        else if (n.status == views::NodeStatus::fuera_de_contrato)
            dashed_rect(dl, a, b, border, thick, 2.0f, 3.0f);
        else
            dl->AddRect(a, b, border, rounding, 0, thick);
        const ImU32 text = current ? u32(kCurrentText) : u32(kText, alpha);
        const float name_size = std::max(14.0f * scale, 12.5f);
        const std::string name = n.band == views::Band::extremo ? (n.tipo == "inicio" ? "START" : "END") : n.id;
        if (n.band == views::Band::extremo) {
            centred_text(dl, name_size, ImVec2((a.x + b.x) * 0.5f, (a.y + b.y) * 0.5f), text, name);
        } else {
            centred_text(dl, name_size, ImVec2((a.x + b.x) * 0.5f, a.y + (b.y - a.y) * 0.36f), text, name);
            centred_text(dl, label_size, ImVec2((a.x + b.x) * 0.5f, a.y + (b.y - a.y) * 0.74f),
                         current ? u32(kCurrentText) : u32(colour::kMuted, alpha), enum_word(state, "nodo", n.tipo));
        }
    }

    // One item per node and arrow: hover tells, a click or Enter picks, Tab reaches each one.
    for (std::size_t i = 0; i < d.nodos.size(); ++i) {
        const views::DiagramNode& n = d.nodos[i];
        const ImVec2 a = at(n.x, n.y), b = at(n.x + n.w, n.y + n.h);
        ImGui::SetCursorScreenPos(a);
        ImGui::PushID(static_cast<int>(i));
        if (ImGui::InvisibleButton("nodo", ImVec2(std::max(b.x - a.x, 1.0f), std::max(b.y - a.y, 1.0f)))) pick.node = static_cast<int>(i);
        ImGui::PopID();
        state.remember_control("nodo:" + n.id);
        focus_ring(dl);
        if (ImGui::IsItemHovered() || ImGui::IsItemFocused()) {
            ImGui::BeginTooltip();
            ImGui::TextUnformatted(n.id.c_str());
            ImGui::TextColored(colour::kMuted, "%s · %s", enum_word(state, "nodo", n.tipo).c_str(), node_status_word(state, n.status));
            ImGui::EndTooltip();
        }
    }
    for (std::size_t i = 0; i < d.flechas.size(); ++i) {
        const views::DiagramArrow& a = d.flechas[i];
        const auto& [a0, a1] = label_boxes[i];
        ImGui::SetCursorScreenPos(a0);
        ImGui::PushID(static_cast<int>(1000 + i));
        if (ImGui::InvisibleButton("flecha", ImVec2(std::max(a1.x - a0.x, 1.0f), std::max(a1.y - a0.y, 1.0f)))) pick.arrow = static_cast<int>(i);
        ImGui::PopID();
        state.remember_control("flecha:" + std::to_string(i));
        focus_ring(dl);
        if (ImGui::IsItemHovered() || ImGui::IsItemFocused()) {
            ImGui::BeginTooltip();
            ImGui::Text("%s → %s", a.desde.c_str(), a.hacia.c_str());
            if (!a.regla.empty()) ImGui::TextColored(colour::kMuted, "%s", arrow_label(state, a).c_str());
            ImGui::EndTooltip();
        }
    }
    ImGui::SetCursorScreenPos(o);
    ImGui::Dummy(extent);
    ImGui::EndChild();
    ImGui::PopStyleColor();
    return pick;
}

}  // namespace planlang::web
