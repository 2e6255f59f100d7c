// A case's page (site-and-cards.md §4): the header (should have vs happened, the case verdict, what the played
// thresholds change), receives → does → delivers, the step-by-step replay (case_replay.cpp), the human
// pause, and the sources. Every value comes from views::CasePage (the core reads the trace again through the
// reader's checks); recorded texts are shown as recorded, with their language.
#include <string>

#include "core/json/canonical.hpp"
#include "imgui.h"
#include "web/app/screens/cases_parts.hpp"
#include "web/app/screens/playground_parts.hpp"
#include "web/app/screens/screen_parts.hpp"
#include "web/app/ui_common.hpp"
#include "web/app/views.hpp"
#include "web/platform/platform.hpp"

namespace planlang::web {

namespace {

std::string recorded_language(const AppState& state, const views::CasePage& page) {
    return page.idioma_de_corrida ? fill(state.t("caso.registrado_en"), {*page.idioma_de_corrida}) : std::string(state.t("caso.registrado"));
}

// Moves to the previous or next case of the run, in the run's order.
void case_neighbours(AppState& state) {
    const playground::Compact& c = state.session.compact();
    std::size_t at = c.casos.size();
    for (std::size_t i = 0; i < c.casos.size(); ++i)
        if (c.casos[i].id == state.open_case) at = i;
    if (ImGui::Button(state.t("caso.volver"))) {
        state.open_case.clear(), state.open_step = -1, state.replay_playing = false, state.link_dirty = true;
        return;
    }
    state.remember_control("caso.volver");
    ImGui::SameLine();
    ImGui::BeginDisabled(at == 0 || at >= c.casos.size());
    if (ImGui::Button(state.t("caso.anterior"))) state.open_case_at(c.casos[at - 1].id, 0, false);
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::BeginDisabled(at + 1 >= c.casos.size());
    if (ImGui::Button(state.t("caso.siguiente"))) state.open_case_at(c.casos[at + 1].id, 0, false);
    ImGui::EndDisabled();
}

void draw_header(AppState& state, const views::CasePage& page) {
    const views::CaseHeader& h = page.cabecera;
    ImGui::Text("%s", fill(state.t("caso.titulo"), {h.caso_id}).c_str());
    ImGui::SameLine();
    chip(case_verdict_word(state, h.veredicto), case_verdict_colour(h.veredicto));
    if (h.tipo) {
        ImGui::SameLine();
        ImGui::TextColored(colour::kMuted, "%s%s", enum_word(state, "tipo_caso", *h.tipo).c_str(), h.subtipo ? (" · " + *h.subtipo).c_str() : "");
    }
    wrapped(state.t(("caso.veredicto_frase." + h.veredicto).c_str()));

    if (begin_table("debia_paso", 3)) {
        setup_columns({{"", 1.0f}, {state.t("caso.debia"), 1.5f}, {state.t("caso.paso_de_verdad"), 1.5f}});
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextColored(colour::kMuted, "%s", state.t("caso.fila_decision"));
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(h.debia_decision ? h.debia_decision->c_str() : "—");
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(h.decision_final ? h.decision_final->c_str() : "—");
        if (h.coincide_decision) ImGui::SameLine(), ImGui::TextColored(*h.coincide_decision ? colour::kGood : colour::kBad, "%s", *h.coincide_decision ? "✓" : "✗");
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextColored(colour::kMuted, "%s", state.t("caso.fila_persona"));
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(h.debia_escalar ? (*h.debia_escalar ? state.t("caso.a_persona") : state.t("caso.sin_persona")) : "—");
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(h.a_persona ? state.t("caso.a_persona") : state.t("caso.sin_persona"));
        if (h.coincide_escalamiento)
            ImGui::SameLine(), ImGui::TextColored(*h.coincide_escalamiento ? colour::kGood : colour::kBad, "%s", *h.coincide_escalamiento ? "✓" : "✗");
        if (!h.motivos_escalamiento.empty() || h.esperado) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextColored(colour::kMuted, "%s", state.t("caso.fila_por_que"));
            ImGui::TableNextColumn();
            std::string why;
            for (const std::string& m : h.motivos_escalamiento) why += (why.empty() ? "" : ", ") + m;
            if (h.esperado) why += (why.empty() ? "" : " · ") + pick(*h.esperado, state.language);
            wrapped(why);
            ImGui::TableNextColumn();
            if (h.resultado) ImGui::TextUnformatted(fill(state.t("caso.resultado_traza"), {*h.resultado}).c_str());
            if (h.error_proveedor) ImGui::TextColored(colour::kBad, "%s", fill(state.t("caso.error_proveedor_fue"), {*h.error_proveedor}).c_str());
        }
        ImGui::EndTable();
    }
    if (h.a_persona) wrapped_muted(pick(views::kSimulatedPeople, state.language));
    if (!h.senalado_por.empty()) {
        std::string who;
        for (const views::Listing& l : h.senalado_por) who += (who.empty() ? "" : ", ") + l.id + " (" + state.t(("caso.fuente." + l.fuente).c_str()) + ")";
        wrapped(fill(state.t("caso.senalado_por"), {who}));
    }
    for (const views::CaseGap& g : h.brechas) {
        std::string text = fill(state.t("caso.brecha"), {enum_word(state, "categoria", g.categoria), g.nodo.value_or("—"),
                                                        g.paso ? std::to_string(*g.paso) : "—"});
        if (g.detalle) text += " · " + pick(*g.detalle, state.language);
        ImGui::TextColored(colour::kBad, "⚠");
        ImGui::SameLine();
        wrapped(text);
    }

    // What the played thresholds do to this case (the playground's change record, when it diverges).
    const Session& s = state.session;
    for (const playground::Change& ch : s.replay().cambios) {
        const playground::Case& k = s.compact().casos[ch.caso];
        if (k.id != h.caso_id) continue;
        const std::int64_t paso = s.compact().visitas[k.visitas_begin + ch.visita].paso;
        ImGui::TextColored(colour::kAccent, "%s", fill(state.t("caso.cambia_aqui"), {std::to_string(paso), outcome_text(state, ch.antes),
                                                                                      outcome_text(state, ch.ahora)}).c_str());
        ImGui::SameLine();
        chip(state.t(effect_key(ch.efecto).c_str()), effect_colour(ch.efecto));
        ImGui::SameLine();
        if (ImGui::SmallButton(fill(state.t("caso.ir_al_paso"), {std::to_string(paso)}).c_str()))
            state.open_step = static_cast<int>(paso - 1), state.link_dirty = true;
    }
}

void draw_receives(AppState& state, const views::CasePage& page) {
    const views::Receives& r = page.recibe;
    ImGui::TextColored(colour::kAccent, "%s", state.t("caso.recibe"));
    // A conversation (the adherence coach): each turn, the person's text and the coach's envelope and reply.
    for (const views::ConversationTurn& t : r.conversacion) {
        ImGui::TextColored(colour::kMuted, "%s", fill(state.t("caso.turno"), {std::to_string(t.turno), t.locale}).c_str());
        wrapped(t.usuario);
        std::string reply = t.tipo;
        for (const std::string& c : t.citas) reply += " · " + c;
        if (t.revisada) reply += std::string(" · ") + state.t("caso.revisada");
        field(state.t("caso.acompanante"), reply);
        wrapped_muted(t.texto);
    }
    if (r.nota) {
        ImGui::TextColored(colour::kMuted, "%s · %s", state.t("caso.nota_medica"), recorded_language(state, page).c_str());
        const bool en = state.language == Language::en;
        marked_text(en ? r.nota->texto.en : r.nota->texto.es, en ? r.nota->marcas_en : r.nota->marcas_es);
    }
    if (r.tipo_atencion || r.codigo_procedimiento) {
        std::string order = r.tipo_atencion.value_or("—") + " · " + r.codigo_procedimiento.value_or("—");
        if (r.servicio) order += " · " + pick(*r.servicio, state.language);
        field(state.t("caso.orden"), order);
    }
    if (r.observaciones) {
        ImGui::TextColored(colour::kMuted, "%s", state.t("caso.observaciones"));
        const bool en = state.language == Language::en;
        marked_text(en ? r.observaciones->texto.en : r.observaciones->texto.es, en ? r.observaciones->marcas_en : r.observaciones->marcas_es);
    }
    if (!r.afiliado.empty()) {
        ImGui::TextColored(colour::kMuted, "%s", state.t("caso.afiliado"));
        for (const views::MemberField& f : r.afiliado)
            field(f.campo.c_str(), f.enmascarado ? std::string(state.t("caso.protegido")) : recorded_value(f.valor));
    }
    if (r.adversario) {
        const views::Adversary& a = *r.adversario;
        ImGui::TextColored(colour::kBad, "⚠ %s", state.t("caso.adversario"));
        if (a.intenta) wrapped(fill(state.t("caso.intenta"), {pick(*a.intenta, state.language)}));
        if (expert(state) && a.vector) field(state.t("caso.vector"), *a.vector);
        if (!a.marcada) wrapped_muted(state.t("caso.carga_no_marcada"));
    }
}

void draw_does(AppState& state, const views::CasePage& page) {
    ImGui::TextColored(colour::kAccent, "%s", state.t("caso.hace"));
    wrapped_muted(fill(state.t("caso.hace_que"), {std::to_string(page.pasos.size())}));
    for (std::size_t i = 0; i < page.hace.size(); ++i) {
        const views::ChainNode& n = page.hace[i];
        if (i > 0) {
            ImGui::SameLine(0.0f, 4.0f);
            ImGui::TextColored(colour::kMuted, "→");
            ImGui::SameLine(0.0f, 4.0f);
            if (ImGui::GetCursorPosX() + ImGui::CalcTextSize(n.nodo.c_str()).x + 16.0f > ImGui::GetContentRegionMax().x) ImGui::NewLine();
        }
        ImGui::PushID(static_cast<int>(i));
        const bool current = static_cast<int>(n.indice_paso) == state.open_step;
        if (current) ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0.45f, 0.36f, 0.10f, 1.0f));
        if (ImGui::SmallButton(n.nodo.c_str())) state.open_step = static_cast<int>(n.indice_paso), state.replay_playing = false, state.link_dirty = true;
        if (current) ImGui::PopStyleColor();
        ImGui::PopID();
    }
}

void draw_delivers(AppState& state, const views::CasePage& page) {
    const views::Delivers& d = page.entrega;
    ImGui::TextColored(colour::kAccent, "%s", state.t("caso.entrega"));
    if (d.respuesta) {
        ImGui::TextColored(colour::kMuted, "%s", state.t("caso.respuesta"));
        wrapped(pick(*d.respuesta, state.language));
    } else {
        wrapped_muted(state.t("caso.sin_respuesta"));
    }
    if (d.aviso_ia) {
        ImGui::TextColored(colour::kMuted, "%s", state.t("caso.aviso_ia"));
        wrapped(pick(*d.aviso_ia, state.language));
    }
    if (d.aviso_inexacto) {
        if (*d.aviso_inexacto) {
            chip(state.t("caso.aviso_inexacto"), ImVec4(0.45f, 0.12f, 0.12f, 1.0f));
            for (const views::NoticeClaim& cl : d.afirmaciones)
                if (cl.contradice && cl.idioma == (state.language == Language::en ? "en" : "es")) wrapped(pick(cl.por_que, state.language));
        } else {
            ImGui::TextColored(colour::kGood, "✓ %s", state.t("caso.aviso_exacto"));
        }
    }
    if (d.documento) {
        const views::AdverseSummary& a = *d.documento;
        ImGui::TextColored(colour::kMuted, "%s", state.t("caso.documento_adverso"));
        std::string text = a.decision.value_or("—");
        if (a.causal) text += " · " + fill(state.t("caso.causal"), {*a.causal});
        if (a.regla_disparada) text += " · " + fill(state.t("caso.regla"), {*a.regla_disparada});
        wrapped(text);
        if (a.decidido_por) wrapped_muted(pick(*a.decidido_por, state.language));
    }
    if (!d.senales.empty()) {
        ImGui::TextColored(colour::kMuted, "%s", fill(state.t("caso.senales"), {std::to_string(d.senales.size() - d.senales_faltantes.size()),
                                                                                 std::to_string(d.senales.size())}).c_str());
        if (!d.senales_faltantes.empty()) {
            std::string missing;
            for (const std::string& m : d.senales_faltantes) missing += (missing.empty() ? "" : ", ") + m;
            ImGui::TextColored(colour::kBad, "%s", fill(state.t("caso.senales_faltan"), {missing}).c_str());
        }
        if (expert(state) && begin_table("senales", 2)) {
            setup_columns({{state.t("caso.col_senal"), 1.0f}, {state.t("caso.col_valor"), 1.2f}});
            for (const views::SignalRow& r : d.senales) {
                ImGui::TableNextRow();
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(r.senal.c_str());
                ImGui::TableNextColumn();
                if (r.presente)
                    ImGui::TextUnformatted(recorded_value(r.valor).c_str());
                else
                    ImGui::TextColored(colour::kBad, "%s", state.t("caso.ausente"));
            }
            ImGui::EndTable();
        }
    }
}

void evidence_list(const AppState& state, const char* title, const std::vector<views::EvidenceItem>& items) {
    if (items.empty()) return;
    ImGui::TextColored(colour::kMuted, "%s", title);
    for (const views::EvidenceItem& e : items) {
        ImGui::Bullet();
        wrapped((e.clave ? *e.clave + ": " : std::string()) + pick(e.texto, state.language));
    }
}

void draw_pauses(AppState& state, const views::CasePage& page) {
    if (page.pausas.empty()) return;
    if (!section(state.t("caso.pausa"), true)) return;
    wrapped_muted(pick(views::kSimulatedPeople, state.language));
    for (const views::PauseView& p : page.pausas) {
        ImGui::PushID(&p);
        ImGui::Text("%s", fill(state.t("caso.pausa_en"), {p.nodo, std::to_string(p.paso), p.rol}).c_str());
        if (p.arista) {
            const views::EdgeRow& e = *p.arista;
            const std::string rule = e.tipo == "funcion" ? e.funcion : e.senal + " " + operator_symbol(e.operador, e.inclusivo) + " " + recorded_value(e.umbral_aplicado);
            wrapped(fill(state.t("caso.pausa_por"), {std::to_string(e.orden), rule, recorded_value(e.valor_observado)}));
        }
        if (p.motivo) wrapped(fill(state.t("caso.motivo"), {pick(*p.motivo, state.language)}));
        evidence_list(state, state.t("caso.evidencia"), p.evidencia);
        evidence_list(state, state.t("caso.contraevidencia"), p.contraevidencia);
        if (p.decision) {
            ImGui::TextUnformatted(fill(state.t("caso.respuesta_simulada"), {*p.decision}).c_str());
            if (p.politica) ImGui::SameLine(), ImGui::TextColored(colour::kMuted, "· %s", p.politica->c_str());
        }
        if (p.politica_simulada) wrapped_muted(fill(state.t("caso.politica_simulada"), {pick(*p.politica_simulada, state.language)}));
        if (expert(state) && !p.payload.is_null() && ImGui::TreeNode(state.t("caso.payload"))) {
            wrapped(json::canonical(p.payload));
            ImGui::TreePop();
        }
        ImGui::PopID();
    }
}

}  // namespace

void draw_case_page(AppState& state) {
    case_neighbours(state);
    if (state.open_case.empty()) return;
    const views::CasePage& page = state.session.case_page(state.open_case);
    if (!page.ok) {
        ImGui::TextColored(colour::kBad, "%s", fill(state.t("caso.sin_pagina"), {state.open_case}).c_str());
        for (const Issue& i : page.problemas) {
            ImGui::Bullet();
            wrapped(i.code + " · " + i.element + " · " + pick(i.message, state.language));
        }
        return;
    }
    if (state.open_step < 0 || state.open_step >= static_cast<int>(page.pasos.size())) {
        state.open_step = page.pasos.empty() ? -1 : 0;
        state.link_dirty = true;
    }
    ImGui::SameLine();
    if (ImGui::Button(state.t("caso.exportar_md"))) {
        const std::string md = views::case_page_markdown(page, state.language == Language::en, expert(state));
        state.status_line = offer_file("caso-" + page.caso_id + ".md", "text/markdown", md);
    }
    ImGui::Separator();
    draw_header(state, page);
    ImGui::Spacing();
    const float w = ImGui::GetContentRegionAvail().x;
    if (ImGui::BeginTable("recibe_hace_entrega", 3, ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchSame)) {
        ImGui::TableSetupColumn("r", ImGuiTableColumnFlags_WidthStretch, 1.0f);
        ImGui::TableSetupColumn("h", ImGuiTableColumnFlags_WidthStretch, w > 1000 ? 0.8f : 0.7f);
        ImGui::TableSetupColumn("e", ImGuiTableColumnFlags_WidthStretch, 1.0f);
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        draw_receives(state, page);
        ImGui::TableNextColumn();
        draw_does(state, page);
        ImGui::TableNextColumn();
        draw_delivers(state, page);
        ImGui::EndTable();
    }
    ImGui::Spacing();
    draw_case_replay(state, page);
    draw_pauses(state, page);
    if (expert(state) && section(state.t("caso.fuentes"), false)) {
        field(state.t("caso.fuente_traza"), page.fuente_traza);
        field(state.t("caso.fuente_lote"), page.fuente_lote);
        field(state.t("caso.fuente_informe"), page.fuente_informe);
    }
}

}  // namespace planlang::web
