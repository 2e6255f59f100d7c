// The Playground's live figures, leader sentence and expert live rule. Figures come from the replay
// (core/playground/replay.hpp) at the played setting; each names its key in `planlang playground --json`.
#include <cmath>
#include <string>

#include "core/json/number.hpp"
#include "core/plan/slider_positions.hpp"
#include "imgui.h"
#include "web/app/screens/playground_parts.hpp"
#include "web/app/ui_common.hpp"
#include "web/app/views.hpp"

namespace planlang::web {

std::vector<double> slider_positions_of(const playground::Threshold& u) { return plan::slider_positions(u.min, u.max, u.paso); }

namespace {

struct Figures {
    std::size_t casos = 0, cambios = 0, no_jugables = 0, no_observados = 0;
    std::size_t introducidos = 0, evitados = 0;
    std::int64_t personas = 0, personas_plan = 0;
    std::optional<double> minutos, minutos_plan;
    int criterios = 0, cumplen = 0, cumplen_plan = 0;
};

int criteria_met(const playground::Compact& c, const playground::Replay& r, int* total) {
    int met = 0, n = 0;
    for (const playground::MeasureResult& m : r.medidas) {
        if (c.medidas[m.medida].kind != playground::Measure::Kind::criterio) continue;
        ++n;
        if (m.estado == "cumple") ++met;
    }
    if (total) *total = n;
    return met;
}

Figures figures(const Session& s) {
    const playground::Replay& r = s.replay();
    Figures f;
    f.casos = s.compact().casos.size();
    f.cambios = r.cambios.size();
    f.no_jugables = r.no_jugables.size();
    f.no_observados = r.no_observados.size();
    f.introducidos = r.introducidos.size();
    f.evitados = r.evitados.size();
    f.personas = r.personas;
    f.personas_plan = r.personas_plan;
    f.minutos = r.minutos;
    f.minutos_plan = r.minutos_plan;
    f.cumplen = criteria_met(s.compact(), r, &f.criterios);
    f.cumplen_plan = criteria_met(s.compact(), s.at_plan(), nullptr);
    return f;
}

std::string signed_number(double x, Language lang) {
    if (x > 0) return "+" + display_number(x, lang);
    if (x < 0) return "−" + display_number(-x, lang);
    return "±0";
}

// One figure card: a big number, a caption, a detail line and (expert) its source.
// `aside`: a short figure beside the big number, in the muted colour (our simulated reading of the same figure).
void figure_card(AppState& state, const char* id, float width, const std::string& big, const char* caption, const std::string& detail,
                 const std::string& source, const ImVec4& big_colour, const std::string& aside = {}) {
    ImGui::PushStyleColor(ImGuiCol_ChildBg, colour::kPanel);
    const float h = state.reading == Reading::expert ? 142.0f : 122.0f;
    ImGui::BeginChild(id, ImVec2(width, h), true, ImGuiWindowFlags_NoScrollbar);
    ImGui::SetWindowFontScale(1.6f);
    ImGui::TextColored(big_colour, "%s", big.c_str());
    ImGui::SetWindowFontScale(1.0f);
    if (!aside.empty()) {
        ImGui::SameLine(0.0f, 10.0f);
        ImGui::AlignTextToFramePadding();
        ImGui::TextColored(colour::kMuted, "%s", aside.c_str());
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", state.t("pg.decisiones_en_tarjeta_ayuda"));
    }
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(caption);
    ImGui::TextColored(colour::kMuted, "%s", detail.c_str());
    if (state.reading == Reading::expert) ImGui::TextColored(colour::kMuted, "[%s]", source.c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndChild();
    ImGui::PopStyleColor();
}

std::string minutes_text(const std::optional<double>& m, Language lang) { return m ? display_number(*m, lang) : std::string("—"); }

}  // namespace

void draw_live_figures(AppState& state) {
    const Figures f = figures(state.session);
    const Language lang = state.language;
    const std::string run = state.session.compact().corrida_id;
    const float w = (ImGui::GetContentRegionAvail().x - 3 * 8.0f) / 4.0f;
    std::string detail = fill(state.t("pg.de_casos"), {std::to_string(f.casos)});
    if (f.no_jugables) detail += " · " + fill(state.t("pg.no_jugables_n"), {std::to_string(f.no_jugables)});
    if (f.no_observados) detail += " · " + fill(state.t("pg.no_observados_n"), {std::to_string(f.no_observados)});
    // Beside the replay's errors, our decision check when the run has one (labelled simulated): a near miss the
    // replay leaves "not observed" and the agent now answers is an error there, not here.
    std::string simulated;
    const json::Value* extras = state.session.result().find("complementos");
    const json::Value* decided = extras && extras->is_object() ? extras->find("decisiones_simuladas") : nullptr;
    if (decided && decided->is_object()) {
        const json::Value* in = decided->find("errores_introducidos");
        const json::Value* out = decided->find("errores_evitados");
        if (in && out && in->is_number() && out->is_number())
            simulated = fill(state.t("pg.decisiones_en_tarjeta"), {json::format_number(in->as_number()), json::format_number(out->as_number())});
    }
    figure_card(state, "f1", w, std::to_string(f.cambios), state.t("pg.cifra_cambian"), detail, "cambios · " + run,
                f.cambios ? colour::kAccent : colour::kGood);
    ImGui::SameLine(0.0f, 8.0f);
    figure_card(state, "f2", w, std::to_string(f.introducidos) + " / " + std::to_string(f.evitados), state.t("pg.cifra_errores"),
                state.t("pg.introducidos_evitados"), "introducidos, evitados · " + run, f.introducidos ? colour::kBad : colour::kGood, simulated);
    ImGui::SameLine(0.0f, 8.0f);
    std::string delta = "—";
    if (f.minutos && f.minutos_plan) delta = signed_number(*f.minutos - *f.minutos_plan, lang);
    figure_card(state, "f3", w, minutes_text(f.minutos, lang) + " min", state.t("pg.cifra_minutos"),
                fill(state.t("pg.minutos_detalle"), {delta, std::to_string(f.personas), std::to_string(f.personas_plan)}),
                "minutos, minutos_plan, personas · " + run, colour::kAccent);
    ImGui::SameLine(0.0f, 8.0f);
    figure_card(state, "f4", w, std::to_string(f.cumplen) + " / " + std::to_string(f.criterios), state.t("pg.cifra_criterios"),
                fill(state.t("pg.criterios_detalle"), {std::to_string(f.cumplen_plan)}), "criterios[].estado · " + run,
                f.cumplen < f.cumplen_plan ? colour::kBad : colour::kGood);
}

std::string live_sentence(AppState& state) {
    if (!state.session.ok()) return {};
    const Figures f = figures(state.session);
    const Language lang = state.language;
    std::string delta = "—";
    if (f.minutos && f.minutos_plan) delta = signed_number(*f.minutos - *f.minutos_plan, lang);
    if (!state.session.any_moved())
        return fill(state.t("pg.frase_plan"), {std::to_string(f.personas), minutes_text(f.minutos, lang), std::to_string(f.cumplen),
                                               std::to_string(f.criterios)});
    return fill(state.t("pg.frase"), {std::to_string(f.cambios), std::to_string(f.casos), std::to_string(f.introducidos),
                                      std::to_string(f.evitados), std::to_string(f.personas), minutes_text(f.minutos, lang), delta,
                                      std::to_string(f.cumplen), std::to_string(f.criterios)});
}

void draw_leader_sentence(AppState& state) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(live_sentence(state).c_str());
    ImGui::PopTextWrapPos();
}

namespace {

// An edge's value as played: "umbral.U1" shows U1's played value, underlined when it is moved.
void edge_value(AppState& state, const json::Value& valor) {
    const Session& s = state.session;
    if (valor.is_string() && valor.as_string().rfind("umbral.", 0) == 0) {
        const std::string id = valor.as_string().substr(7);
        const int t = s.threshold_index(id);
        if (t >= 0) {
            const json::Value& v = s.setting().valores[t];
            const std::string text = id + " = " + (v.is_bool() ? (v.as_bool() ? "true" : "false") : display_number(v.as_number(), state.language));
            ImGui::SameLine(0.0f, 4.0f);
            ImGui::TextColored(s.moved(t) ? colour::kAccent : colour::kSimulationLabel, "%s", text.c_str());
            const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
            ImGui::GetWindowDrawList()->AddLine(ImVec2(a.x, b.y), ImVec2(b.x, b.y), ImGui::GetColorU32(colour::kSimulationLabel), 1.0f);
            return;
        }
    }
    ImGui::SameLine(0.0f, 4.0f);
    const std::string text = valor.is_string() ? "'" + valor.as_string() + "'"
                             : valor.is_bool() ? (valor.as_bool() ? "true" : "false")
                             : valor.is_number() ? json::format_number(valor.as_number())
                                                 : "null";
    ImGui::TextUnformatted(text.c_str());
}

}  // namespace

void draw_live_rule(AppState& state) {
    const playground::Compact& c = state.session.compact();
    ImGui::TextColored(colour::kMuted, "%s", state.t(state.reading == Reading::expert ? "pg.regla_viva" : "pg.nodos_que_deciden"));
    if (state.reading == Reading::leader) {
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextUnformatted(state.t("pg.nodos_que_deciden_lider"));
        ImGui::PopTextWrapPos();
    }
    for (const std::string& node : c.nodos_jugables) {
        ImGui::Bullet();
        ImGui::TextUnformatted(node.c_str());
        if (state.reading != Reading::expert) continue;
        for (std::size_t n = 0; n < c.nombres.size(); ++n) {
            if (c.nombres[n] != node || n >= c.rutas.size()) continue;
            const playground::Compact::NodeRoute& route = c.rutas[n];
            ImGui::Indent();
            for (const rules::Edge* e : route.aristas) {
                ImGui::Text("#%lld", static_cast<long long>(e->orden));
                if (e->is_function) {
                    std::string call = e->funcion_nombre + "(";
                    for (std::size_t k = 0; k < e->funcion_entradas.size(); ++k) call += (k ? ", " : "") + e->funcion_entradas[k];
                    ImGui::SameLine(0.0f, 6.0f);
                    ImGui::TextUnformatted((call + ")").c_str());
                } else {
                    ImGui::SameLine(0.0f, 6.0f);
                    ImGui::TextUnformatted((e->senal + " " + e->operador).c_str());
                    edge_value(state, e->valor);
                }
                ImGui::SameLine(0.0f, 6.0f);
                ImGui::TextColored(colour::kMuted, "→ %s", e->si_verdadero.c_str());
            }
            if (route.por_defecto) ImGui::TextColored(colour::kMuted, "%s → %s", state.t("pg.si_no"), route.por_defecto->c_str());
            ImGui::Unindent();
        }
    }
}

}  // namespace planlang::web
