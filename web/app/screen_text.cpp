#include "web/app/screen_text.hpp"

#include <string>

#include "core/cards/chai.hpp"

#include "core/cards/repro.hpp"
#include "core/playground/text.hpp"
#include "core/report/markdown.hpp"
#include "core/views/case_page.hpp"
#include "web/app/screens/cases_parts.hpp"
#include "web/app/screens/diagram_view.hpp"
#include "web/app/screens/playground_parts.hpp"
#include "web/app/screens/screen_parts.hpp"
#include "web/app/ui_common.hpp"
#include "web/app/views.hpp"

namespace planlang::web {

namespace {

const char* kScreenKeys[] = {"pantalla.entrada", "pantalla.plan",  "pantalla.agente", "pantalla.brecha",
                             "pantalla.playground", "pantalla.casos", "pantalla.fichas"};

// The header every composed text starts with: the screen, the label, the run.
std::string heading(AppState& state) {
    std::string out = "# " + std::string(state.t(kScreenKeys[static_cast<int>(state.screen)])) + "\n\n";
    out += "*" + std::string(state.t("app.etiqueta_simulacion")) + "*\n\n";
    if (state.session.ok()) out += state.t("app.corrida") + std::string(": ") + state.session.compact().corrida_id + "\n\n";
    return out;
}

std::string line(const std::string& s) { return "- " + s + "\n"; }

// The report's section whose "## " heading starts with `number` ("9."), up to the next one.
std::string report_section(const std::string& md, const std::string& number) {
    const std::size_t at = md.find("\n## " + number);
    if (at == std::string::npos) return {};
    const std::size_t end = md.find("\n## ", at + 4);
    return md.substr(at + 1, end == std::string::npos ? std::string::npos : end - at);
}

std::string home_text(AppState& state) {
    std::string out = heading(state);
    out += std::string(state.t("texto.entrada_que")) + "\n\n";
    const std::string md = report::markdown(state.session.report(), state.language == Language::en ? report::Lang::en : report::Lang::es);
    out += report_section(md, "1.");
    out += "\n" + live_sentence(state) + "\n";
    return out;
}

std::string plan_text(AppState& state) {
    const plan::Plan& p = state.session.plan();
    const json::Value& report = state.session.report();
    const Language l = state.language;
    std::string out = heading(state);
    out += "## " + text_of(p.nombre, l) + "\n\n" + text_of(p.problema, l) + "\n\n";
    if (expert(state)) out += p.id + " · v" + p.version + " · " + p.dominio_id + " · " + p.huella.value_or("") + "\n\n";
    out += "### " + std::string(state.t("texto.decisiones")) + "\n\n";
    for (const plan::Decision& d : p.decisiones)
        out += line(d.id + " · " + text_of(d.pregunta, l) + (d.opcion_elegida ? " → " + text_of(*d.opcion_elegida, l) : "") + " (" +
                    enum_word(state, "reversibilidad", d.reversibilidad) + ")");
    out += "\n### " + std::string(state.t("texto.riesgos")) + "\n\n";
    for (const plan::Risk& r : p.riesgos) {
        const json::Value& measured = by_id(at(report, "riesgos"), r.id);
        out += line(r.id + " · " + text_of(r.modo, l) + " · S " + std::to_string(r.severidad) + ", O " + std::to_string(r.ocurrencia) + ", D " +
                    std::to_string(r.deteccion) + " · RPN " + std::to_string(r.severidad * r.ocurrencia * r.deteccion) +
                    (measured.is_object() ? " · " + state_word(state, str(measured, "estado")) : ""));
    }
    out += "\n### " + std::string(state.t("texto.supuestos")) + "\n\n";
    for (const plan::Assumption& a : p.supuestos) {
        const json::Value& measured = by_id(at(report, "supuestos"), a.id);
        out += line(a.id + " · " + text_of(a.enunciado, l) + " · " + state_word(state, measured.is_object() ? str(measured, "estado") : a.estado));
    }
    out += "\n### " + std::string(state.t("texto.criterios")) + "\n\n";
    for (const plan::Criterion& c : p.criterios_aceptacion) {
        const json::Value& measured = by_id(at(report, "criterios"), c.id);
        out += line(c.id + " · " + text_of(c.enunciado, l) + (measured.is_object() ? " · " + state_word(state, str(measured, "estado")) : ""));
    }
    out += "\n### " + std::string(state.t("texto.umbrales")) + "\n\n";
    for (const plan::Threshold& t : p.umbrales)
        out += line(t.id + " · " + text_of(t.nombre, l) + " · " + recorded_value(t.valor_en_plan) + " · " + text_of(t.descripcion_lider, l));
    return out;
}

std::string agent_text(AppState& state) {
    Session& s = state.session;
    const views::Diagram& d = s.diagram();
    const views::Paths& paths = s.paths();
    std::string out = heading(state);
    out += "## " + std::string(state.t("agente.diagrama")) + "\n\n";
    for (std::size_t i = 0; i < d.nodos.size(); ++i) {
        const views::DiagramNode& n = d.nodos[i];
        out += line(n.id + " · " + enum_word(state, "nodo", n.tipo) + " · " + (n.band == views::Band::extremo ? std::string() : std::string(band_word(state, n.band)) + " · ") + node_status_word(state, n.status) + " · " +
                    fill(state.t("texto.casos_n"), {std::to_string(i < paths.casos_por_nodo.size() ? paths.casos_por_nodo[i].size() : 0)}));
    }
    out += "\n### " + std::string(state.t("texto.flechas")) + "\n\n";
    for (std::size_t i = 0; i < d.flechas.size(); ++i) {
        const views::DiagramArrow& a = d.flechas[i];
        std::string rule = a.kind == views::ArrowKind::condicional ? std::to_string(a.orden) + " · " + a.regla
                                                                  : state.t(("agente.flecha." + std::string(views::arrow_kind_name(a.kind))).c_str());
        out += line(a.desde + " → " + a.hacia + " · " + rule + " · " +
                    fill(state.t("texto.casos_n"), {std::to_string(i < paths.casos_por_flecha.size() ? paths.casos_por_flecha[i].size() : 0)}));
    }
    out += "\n## " + fill(state.t("agente.recorridos"), {std::to_string(paths.recorridos.size())}) + "\n\n";
    for (const views::Recorrido& r : paths.recorridos) {
        std::string seq;
        for (const std::string& n : r.nodos) seq += (seq.empty() ? "" : " → ") + n;
        out += line(fill(state.t("texto.casos_n"), {std::to_string(r.n)}) + ": " + seq);
    }
    return out;
}

std::string cases_text(AppState& state) {
    Session& s = state.session;
    if (!state.open_case.empty()) {
        const views::CasePage& page = s.case_page(state.open_case);
        if (page.ok) return views::case_page_markdown(page, state.language == Language::en, expert(state));
    }
    const playground::Compact& c = s.compact();
    std::string out = heading(state);
    out += "| " + std::string(state.t("caso.col_caso")) + " | " + state.t("caso.col_tipo") + " | " + state.t("caso.col_debia") + " | " +
           state.t("caso.col_paso") + " |\n|---|---|---|---|\n";
    for (const playground::Case& k : c.casos)
        out += "| " + k.id + " | " + enum_word(state, "tipo_caso", k.tipo) + " | " +
               (k.debe_escalar ? state.t("pg.desenlace_persona") : state.t("pg.desenlace_solo")) + " | " +
               outcome_text(state, k.a_persona ? playground::Outcome::persona : playground::Outcome::solo) + " |\n";
    return out;
}

// The reproducibility card as `planlang card --kind repro` writes it (the leader's form without the commands).
std::string cards_text(AppState& state) {
    const bool en = state.language == Language::en;
    std::string out = heading(state);
    if (const std::optional<Issue>& problem = state.session.repro_problem())
        out += problem->code + " · " + problem->element + " · " + pick(problem->message, state.language) + "\n";
    else
        out += cards::repro_markdown(state.session.repro_card(), en, expert(state));
    const cards::ChaiCard& chai = state.session.chai_card(en);
    if (chai.problemas.empty()) out += "\n" + cards::chai_markdown(chai, expert(state));
    return out;
}

}  // namespace

std::string screen_text_key(const AppState& state) {
    return std::to_string(static_cast<int>(state.screen)) + "|" + std::to_string(static_cast<int>(state.language)) + "|" +
           std::to_string(static_cast<int>(state.reading)) + "|" + state.session.folder() + "|" + std::to_string(state.session.generation()) + "|" +
           state.open_case;
}

std::string screen_markdown(AppState& state) {
    if (!state.texts.loaded()) return {};
    if (!state.session.ok()) {
        std::string out = heading(state) + state.t("error.corrida_rechazada") + "\n\n";
        for (const LoadReason& r : state.session.reasons()) out += line(r.codigo + " · " + r.elemento + " · " + pick(r.detalle, state.language));
        return out;
    }
    switch (state.screen) {
        case Screen::entrada: return home_text(state);
        case Screen::plan: return plan_text(state);
        case Screen::agente: return agent_text(state);
        case Screen::brecha: return report::markdown(state.session.report(), state.language == Language::en ? report::Lang::en : report::Lang::es);
        case Screen::playground: return heading(state) + playground::replay_text(state.session.result(), state.language == Language::en);
        case Screen::casos: return cases_text(state);
        case Screen::fichas: return cards_text(state);
    }
    return {};
}

}  // namespace planlang::web
