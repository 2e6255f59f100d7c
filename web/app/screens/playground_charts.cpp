// The Playground's charts and our additions. Axes, points and labels are drawn with imgui's draw list from
// core values: the report's `supuestos[].curva` (risk–coverage over U1's positions), the sweep of
// core/playground/sweep.hpp, and `complementos` of the playground result.
#include <algorithm>
#include <cmath>
#include <string>

#include "core/json/canonical.hpp"
#include "core/json/number.hpp"
#include "core/verify/stats.hpp"
#include "imgui.h"
#include "web/app/screens/playground_parts.hpp"
#include "web/app/screens/screen_parts.hpp"
#include "web/app/ui_common.hpp"
#include "web/app/views.hpp"

namespace planlang::web {

namespace {

struct Plot {
    ImVec2 origin, size;  // the plotting area in screen pixels
    double x0, x1, y0, y1;
    ImVec2 at(double x, double y) const {
        const double fx = x1 > x0 ? (x - x0) / (x1 - x0) : 0.5;
        const double fy = y1 > y0 ? (y - y0) / (y1 - y0) : 0.5;
        return ImVec2(origin.x + static_cast<float>(fx) * size.x, origin.y + size.y - static_cast<float>(fy) * size.y);
    }
};

// Reserves the chart's area and draws its frame, axis titles and end labels.
Plot begin_plot(const char* x_title, const char* y_title, double x0, double x1, double y0, double y1, Language lang, float height) {
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const float w = std::max(200.0f, ImGui::GetContentRegionAvail().x - 20.0f);
    ImGui::InvisibleButton("plot", ImVec2(w, height));
    Plot plot{ImVec2(p.x + 56.0f, p.y + 10.0f), ImVec2(w - 76.0f, height - 46.0f), x0, x1, y0, y1};
    ImDrawList* d = ImGui::GetWindowDrawList();
    const ImU32 axis = ImGui::GetColorU32(colour::kMuted);
    d->AddRect(plot.origin, ImVec2(plot.origin.x + plot.size.x, plot.origin.y + plot.size.y), axis);
    auto label = [&](ImVec2 at, const std::string& s) { d->AddText(at, axis, s.c_str()); };
    label(ImVec2(plot.origin.x, plot.origin.y + plot.size.y + 4), display_number(x0, lang));
    const std::string xr = display_number(x1, lang);
    label(ImVec2(plot.origin.x + plot.size.x - ImGui::CalcTextSize(xr.c_str()).x, plot.origin.y + plot.size.y + 4), xr);
    label(ImVec2(plot.origin.x + plot.size.x * 0.5f - ImGui::CalcTextSize(x_title).x * 0.5f, plot.origin.y + plot.size.y + 18), x_title);
    const std::string yt = display_number(y1, lang), yb = display_number(y0, lang);
    label(ImVec2(plot.origin.x - 8 - ImGui::CalcTextSize(yt.c_str()).x, plot.origin.y - 6), yt);
    label(ImVec2(plot.origin.x - 8 - ImGui::CalcTextSize(yb.c_str()).x, plot.origin.y + plot.size.y - 10), yb);
    label(ImVec2(p.x, plot.origin.y + plot.size.y * 0.5f - 8), y_title);
    return plot;
}

void point(const ImVec2& at, const ImVec4& c, float r, bool ring) {
    ImDrawList* d = ImGui::GetWindowDrawList();
    if (ring) d->AddCircle(at, r + 3.0f, ImGui::GetColorU32(c), 0, 2.0f);
    else d->AddCircleFilled(at, r, ImGui::GetColorU32(c));
}

double number_at(const json::Value& o, const char* key) {
    const json::Value* v = o.find(key);
    return v && v->is_number() ? v->as_number() : std::nan("");
}

void legend(const AppState& state) {
    ImGui::TextColored(colour::kSimulationLabel, "●");
    ImGui::SameLine(0.0f, 4.0f);
    ImGui::TextUnformatted(state.t("pg.punto_plan"));
    ImGui::SameLine(0.0f, 16.0f);
    ImGui::TextColored(colour::kAccent, "◯");
    ImGui::SameLine(0.0f, 4.0f);
    ImGui::TextUnformatted(state.t("pg.punto_actual"));
}

}  // namespace

void draw_risk_coverage(AppState& state) {
    Session& s = state.session;
    const playground::Compact& c = s.compact();
    // The curve belongs to the assumption whose curve's `umbral` runs over the first threshold's positions.
    const json::Value* supuestos = s.report().find("supuestos");
    const json::Value* curve = nullptr;
    std::string assumption;
    if (supuestos && supuestos->is_array())
        for (const json::Value& a : supuestos->as_array())
            if (const json::Value* k = a.find("curva"); k && k->is_array() && !k->as_array().empty()) {
                curve = k;
                assumption = a.find("id") && a.find("id")->is_string() ? a.find("id")->as_string() : "";
                break;
            }
    if (!curve || c.umbrales.empty() || c.umbrales[0].booleano) {
        ImGui::TextColored(colour::kMuted, "%s", state.t("pg.sin_curva"));
        return;
    }
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(fill(state.t("pg.curva_explicacion"), {c.umbrales[0].id}).c_str());
    ImGui::PopTextWrapPos();
    if (state.reading == Reading::expert) ImGui::TextColored(colour::kMuted, "[informe.json · supuestos[%s].curva]", assumption.c_str());
    legend(state);
    double rmax = 0;
    for (const json::Value& p : curve->as_array()) rmax = std::max(rmax, number_at(p, "riesgo"));
    rmax = std::max(0.05, std::ceil(rmax * 20.0) / 20.0);
    const Plot plot = begin_plot(state.t("pg.eje_cobertura"), state.t("pg.eje_riesgo"), 0.0, 1.0, 0.0, rmax, state.language,
                                 std::min(300.0f, ImGui::GetContentRegionAvail().y - 10.0f));
    ImDrawList* d = ImGui::GetWindowDrawList();
    const double plan_u = c.umbrales[0].valor_en_plan.as_number();
    const double played_u = s.setting().valores[0].as_number();
    ImVec2 prev;
    bool first = true;
    for (const json::Value& p : curve->as_array()) {
        const ImVec2 at = plot.at(number_at(p, "cobertura"), number_at(p, "riesgo"));
        if (!first) d->AddLine(prev, at, ImGui::GetColorU32(colour::kMuted), 1.5f);
        point(at, colour::kMuted, 2.5f, false);
        const double u = number_at(p, "umbral");
        if (std::fabs(u - plan_u) < 1e-9) point(at, colour::kSimulationLabel, 5.0f, false);
        if (std::fabs(u - played_u) < 1e-9) point(at, colour::kAccent, 6.0f, true);
        prev = at;
        first = false;
    }
}

void draw_calibration(AppState& state) {
    Session& s = state.session;
    const playground::Compact& c = s.compact();
    const verify::CalibrationOutcome& cal = s.calibration();
    if (!cal.ok || cal.calibraciones.empty() || cal.calibraciones.front().muestras.empty()) {
        ImGui::TextColored(colour::kMuted, "%s", state.t("pg.sin_calibracion"));
        for (const run::Motive& m : cal.motivos) ImGui::TextColored(colour::kMuted, "%s · %s", m.codigo.c_str(), m.archivo.c_str());
        return;
    }
    const verify::Calibration& k = cal.calibraciones.front();
    const verify::Reliability r = verify::reliability(k.muestras);
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(fill(state.t("pg.calibracion_explicacion"), {k.supuesto, std::to_string(k.muestras.size())}).c_str());
    ImGui::PopTextWrapPos();
    // The ECE of these samples against the report's: the diagram shows what the report measured.
    const json::Value& reported = at(at(by_id(at(s.report(), "supuestos"), k.supuesto), "metricas"), "ece");
    const std::optional<double> mine = verify::ece(k.muestras);
    const bool same = mine && reported.is_number() && *mine == reported.as_number();
    ImGui::TextColored(same ? colour::kGood : colour::kBad, "%s",
                       fill(state.t(same ? "pg.calibracion_ece_igual" : "pg.calibracion_ece_distinto"),
                            {mine ? display_number(*mine, state.language) : "—", report_number(reported, state.language)}).c_str());
    if (expert(state)) ImGui::TextColored(colour::kMuted, "[verify::calibration · %s · informe.json supuestos[%s].metricas.ece]", c.corrida_id.c_str(), k.supuesto.c_str());
    legend(state);
    const Plot plot = begin_plot(state.t("pg.eje_confianza"), state.t("pg.eje_aciertos"), 0.0, 1.0, 0.0, 1.0, state.language,
                                 std::min(300.0f, std::max(200.0f, ImGui::GetContentRegionAvail().y - 10.0f)));
    state.remember_control("calibracion.grafico");
    const bool hovered = ImGui::IsItemHovered();
    ImDrawList* d = ImGui::GetWindowDrawList();
    d->AddLine(plot.at(0, 0), plot.at(1, 1), ImGui::GetColorU32(colour::kMuted), 1.0f);
    // U1 at the plan's value and as played: the cases left of the line go to a person.
    if (!c.umbrales.empty() && !c.umbrales[0].booleano) {
        const double plan_u = c.umbrales[0].valor_en_plan.as_number(), played_u = s.setting().valores[0].as_number();
        d->AddLine(plot.at(plan_u, 0), plot.at(plan_u, 1), ImGui::GetColorU32(colour::kSimulationLabel), 2.0f);
        d->AddLine(plot.at(played_u, 0), plot.at(played_u, 1), ImGui::GetColorU32(colour::kAccent), 2.0f);
    }
    std::int64_t most = 1;
    for (const verify::ReliabilityBin& b : r.bins) most = std::max(most, b.n);
    ImVec2 prev;
    bool first = true;
    std::string tip;
    for (std::size_t i = 0; i < 10; ++i) {
        const verify::ReliabilityBin& b = r.bins[i];
        // The bin's span on the x axis, shaded by how many samples fall in it.
        const float share = static_cast<float>(b.n) / static_cast<float>(most);
        d->AddRectFilled(plot.at(0.1 * static_cast<double>(i), 0), plot.at(0.1 * static_cast<double>(i + 1), 0.1 * share),
                         ImGui::GetColorU32(ImVec4(0.35f, 0.45f, 0.60f, 0.8f)));
        if (b.n == 0) continue;
        const double conf = b.suma_confianza / static_cast<double>(b.n);
        const double acc = static_cast<double>(b.correctas) / static_cast<double>(b.n);
        const ImVec2 at = plot.at(conf, acc);
        if (!first) d->AddLine(prev, at, ImGui::GetColorU32(colour::kOurs), 1.5f);
        d->AddCircleFilled(at, 3.0f + 5.0f * std::sqrt(share), ImGui::GetColorU32(colour::kOurs));
        const std::string n = std::to_string(b.n);
        d->AddText(ImVec2(at.x + 8.0f, at.y - 8.0f), ImGui::GetColorU32(colour::kMuted), n.c_str());
        const ImVec2 mouse = ImGui::GetIO().MousePos;
        if (hovered && std::fabs(mouse.x - at.x) < 10 && std::fabs(mouse.y - at.y) < 10)
            tip = fill(state.t("pg.calibracion_tramo"), {display_number(0.1 * static_cast<double>(i), state.language),
                                                         display_number(0.1 * static_cast<double>(i + 1), state.language), n,
                                                         std::to_string(b.correctas)});
        prev = at;
        first = false;
    }
    if (!tip.empty()) ImGui::SetTooltip("%s", tip.c_str());
    if (r.fuera > 0) ImGui::TextColored(colour::kMuted, "%s", fill(state.t("pg.calibracion_fuera"), {std::to_string(r.fuera)}).c_str());
}

void draw_pareto(AppState& state) {
    Session& s = state.session;
    const playground::Sweep* sw = s.sweep();
    ImGui::TextUnformatted(state.t("pg.pareto_titulo"));
    ImGui::SameLine();
    badge(state.t("pg.nuestro"), colour::kOurs);
    if (!sw) {
        ImGui::TextColored(colour::kMuted, "%s", state.t("pg.sin_pareto"));
        return;
    }
    const playground::Compact& c = s.compact();
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(colour::kMuted, "%s",
                       fill(state.t("pg.pareto_explicacion"), {c.umbrales[sw->a.umbral].id, c.umbrales[sw->b.umbral].id,
                                                               std::to_string(sw->puntos.size()), std::to_string(sw->frente_pareto.size())})
                           .c_str());
    ImGui::PopTextWrapPos();
    legend(state);
    double xmax = 1, ymax = 1;
    for (const playground::SweepPoint& p : sw->puntos) {
        xmax = std::max(xmax, p.minutos.value_or(static_cast<double>(p.personas)));
        ymax = std::max(ymax, static_cast<double>(p.errores_totales));
    }
    const bool minutes = !sw->puntos.empty() && sw->puntos.front().minutos.has_value();
    const Plot plot = begin_plot(state.t(minutes ? "pg.eje_minutos" : "pg.eje_personas"), state.t("pg.eje_errores"), 0.0, xmax, 0.0, ymax,
                                 state.language, std::min(300.0f, ImGui::GetContentRegionAvail().y - 40.0f));
    const bool hovered = ImGui::IsItemHovered();
    const bool clicked = ImGui::IsItemClicked();
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    ImDrawList* d = ImGui::GetWindowDrawList();
    auto where = [&](const playground::SweepPoint& p) {
        return plot.at(p.minutos.value_or(static_cast<double>(p.personas)), static_cast<double>(p.errores_totales));
    };
    std::size_t nearest = sw->puntos.size();
    float best = 12.0f * 12.0f;
    for (std::size_t i = 0; i < sw->puntos.size(); ++i) {
        const ImVec2 at = where(sw->puntos[i]);
        point(at, ImVec4(0.5f, 0.52f, 0.56f, 0.6f), 2.0f, false);
        const float dx = at.x - mouse.x, dy = at.y - mouse.y;
        if (dx * dx + dy * dy < best) best = dx * dx + dy * dy, nearest = i;
    }
    for (std::size_t i : sw->frente_pareto) point(where(sw->puntos[i]), colour::kGood, 4.5f, false);
    if (sw->plan) point(where(sw->puntos[*sw->plan]), colour::kSimulationLabel, 5.0f, false);
    // The current point: the sweep's grid point at the played U1 and U2.
    const auto& setting = s.setting().valores;
    for (const playground::SweepPoint& p : sw->puntos)
        if (p.setting.valores[sw->a.umbral] == setting[sw->a.umbral] && p.setting.valores[sw->b.umbral] == setting[sw->b.umbral])
            point(where(p), colour::kAccent, 6.0f, true);
    if (hovered && nearest < sw->puntos.size()) {
        const playground::SweepPoint& p = sw->puntos[nearest];
        d->AddCircle(where(p), 7.0f, ImGui::GetColorU32(ImVec4(1, 1, 1, 1)));
        ImGui::BeginTooltip();
        ImGui::Text("%s = %s · %s = %s", c.umbrales[sw->a.umbral].id.c_str(),
                    display_number(p.setting.valores[sw->a.umbral].as_number(), state.language).c_str(), c.umbrales[sw->b.umbral].id.c_str(),
                    display_number(p.setting.valores[sw->b.umbral].as_number(), state.language).c_str());
        ImGui::TextUnformatted(fill(state.t("pg.pareto_punto"), {std::to_string(p.errores_totales), p.minutos ? display_number(*p.minutos, state.language) : "—",
                                                                 std::to_string(p.errores_introducidos), std::to_string(p.errores_evitados)})
                                   .c_str());
        ImGui::TextColored(colour::kMuted, "%s", state.t("pg.pareto_clic"));
        ImGui::EndTooltip();
        if (clicked) {  // the sliders move to the point (§2: click a point → sliders move there)
            playground::Setting moved = s.setting();
            moved.valores[sw->a.umbral] = p.setting.valores[sw->a.umbral];
            moved.valores[sw->b.umbral] = p.setting.valores[sw->b.umbral];
            if (s.set(moved)) state.link_dirty = true;
        }
    }
    if (state.reading == Reading::expert)
        ImGui::TextColored(colour::kMuted, "[planlang sweep %s · errores_totales, minutos, frente_pareto]", s.folder().c_str());
}

void draw_additions(AppState& state) {
    Session& s = state.session;
    const json::Value& result = s.result();
    const json::Value* comp = result.find("complementos");
    badge(state.t("pg.nuestro"), colour::kOurs);
    ImGui::SameLine();
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(state.t("pg.complementos_explicacion"));
    ImGui::PopTextWrapPos();
    if (!comp) return;
    if (const json::Value* truth = comp->find("verdad_en_este_ajuste"); truth && truth->is_object()) {
        section_title(state.t("pg.verdad_en_este_ajuste"));
        const json::Value* here = truth->find("deben_escalar");
        const json::Value* plan = truth->find("deben_escalar_con_verdad_congelada");
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextUnformatted(fill(state.t("pg.verdad_frase"), {here ? json::format_number(here->as_number()) : "—",
                                                                 plan ? json::format_number(plan->as_number()) : "—"})
                                   .c_str());
        ImGui::PopTextWrapPos();
    }
    if (const json::Value* cont = comp->find("continuacion_simulada"); cont && cont->is_object()) {
        section_title(state.t("pg.continuacion"));
        const json::Value* casos = cont->find("lista");
        const std::size_t n = casos && casos->is_array() ? casos->as_array().size() : 0;
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextUnformatted(fill(state.t("pg.continuacion_frase"), {std::to_string(n)}).c_str());
        if (const json::Value* other = cont->find("decisiones_distintas_de_la_verdad"); n && other && other->is_number())
            ImGui::TextUnformatted(fill(state.t("pg.continuacion_contra_verdad"), {json::format_number(other->as_number()), std::to_string(n)}).c_str());
        ImGui::PopTextWrapPos();
        if (n && ImGui::BeginTable("continuacion", 5, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) {
            ImGui::TableSetupColumn(state.t("pg.col_caso"));
            ImGui::TableSetupColumn(state.t("pg.col_desenlace_simulado"));
            ImGui::TableSetupColumn(state.t("pg.col_efecto"));
            ImGui::TableSetupColumn(state.t("pg.col_decision_simulada"));
            ImGui::TableSetupColumn(state.t("pg.col_decision_verdad"));
            ImGui::TableHeadersRow();
            for (const json::Value& k : casos->as_array()) {
                ImGui::TableNextRow();
                for (const char* key : {"id", "desenlace", "efecto", "decision_final", "decision_verdad"}) {
                    ImGui::TableNextColumn();
                    const json::Value* v = k.find(key);
                    ImGui::TextUnformatted(v && v->is_string() ? v->as_string().c_str() : "—");
                }
            }
            ImGui::EndTable();
        }
    }
    if (const json::Value* dec = comp->find("decisiones_simuladas"); dec && dec->is_object()) {
        section_title(state.t("pg.decisiones_simuladas"));
        auto number = [&](const char* key) {
            const json::Value* v = dec->find(key);
            return v && v->is_number() ? json::format_number(v->as_number()) : std::string("—");
        };
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextUnformatted(fill(state.t("pg.decisiones_frase"), {number("casos"), number("errores_introducidos"), number("errores_evitados"),
                                                                     number("distintas_de_la_verdad"), number("traspasos")})
                                   .c_str());
        ImGui::PopTextWrapPos();
        const json::Value* lista = dec->find("lista");
        if (lista && lista->is_array() && !lista->as_array().empty() &&
            ImGui::BeginTable("decisiones", 5, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) {
            ImGui::TableSetupColumn(state.t("pg.col_caso"));
            ImGui::TableSetupColumn(state.t("pg.col_efecto"));
            ImGui::TableSetupColumn(state.t("pg.col_decision_registrada"));
            ImGui::TableSetupColumn(state.t("pg.col_decision_simulada"));
            ImGui::TableSetupColumn(state.t("pg.col_decision_verdad"));
            ImGui::TableHeadersRow();
            for (const json::Value& k : lista->as_array()) {
                ImGui::TableNextRow();
                for (const char* key : {"id", "efecto", "decision_registrada", "decision_final", "decision_verdad"}) {
                    ImGui::TableNextColumn();
                    const json::Value* v = k.find(key);
                    ImGui::TextUnformatted(v && v->is_string() ? v->as_string().c_str() : "—");
                }
            }
            ImGui::EndTable();
        }
    }
    if (state.reading == Reading::expert) {
        section_title("complementos");
        ImGui::PushTextWrapPos(0.0f);
        std::string text = json::disk_form(*comp);
        if (text.size() > 6000) text = text.substr(0, 6000) + "…";
        ImGui::TextUnformatted(text.c_str());
        ImGui::PopTextWrapPos();
    }
}

}  // namespace planlang::web
