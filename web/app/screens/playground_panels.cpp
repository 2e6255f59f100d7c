// The Playground's panels, as tabs under the live figures: the changed cases (§3.7, with export and a link
// to each case at its diverging step), the criteria and the verdict at this setting beside the report's, the
// risk–coverage curve of the report with the plan and current points, the U1 × U2 Pareto view (ours: a click
// moves the sliders there), and our other additions (§10), each badged as ours.
#include <algorithm>
#include <cmath>
#include <string>

#include "core/json/number.hpp"
#include "core/playground/result_json.hpp"
#include "core/report/display.hpp"
#include "imgui.h"
#include "web/app/screens/playground_parts.hpp"
#include "web/app/ui_common.hpp"
#include "web/app/views.hpp"
#include "web/platform/platform.hpp"

namespace planlang::web {

const char* outcome_text(const AppState& state, playground::Outcome o) {
    switch (o) {
        case playground::Outcome::persona: return state.t("pg.desenlace_persona");
        case playground::Outcome::solo: return state.t("pg.desenlace_solo");
        case playground::Outcome::no_observado: return state.t("pg.desenlace_no_observado");
    }
    return "";
}

std::string effect_key(playground::Effect e) { return "pg.efecto_" + std::string(playground::effect_name(e)); }

ImVec4 effect_colour(playground::Effect e) {
    switch (e) {
        case playground::Effect::error_introducido: return colour::kBad;
        case playground::Effect::error_evitado: return colour::kGood;
        case playground::Effect::revision_ahorrada: return ImVec4(0.45f, 0.75f, 0.55f, 1.0f);
        case playground::Effect::revision_de_mas: return colour::kMovedChip;
        default: return colour::kPanel;
    }
}

namespace {

std::string value_text(const json::Value& v) {
    report::DisplayStyle style = report::json_words();
    style.compound = report::DisplayStyle::Compound::null_word;
    return report::display_value(v, report::Lang::en, style);
}

// Why the case takes its new branch: the edge that decides now (§3.7 `ahora_decide`), or "otherwise" when
// no edge holds any more (then `ya_no_decide` names the edge that decided at plan values).
std::string why_text(const AppState& state, const json::Value& record) {
    const json::Value* now = record.find("ahora_decide");
    const json::Value* gone = record.find("ya_no_decide");
    auto edge = [](const json::Value& e) {
        std::string s = value_text(*e.find("desde")) + " #" + value_text(*e.find("orden_arista")) + ": ";
        if (const json::Value* f = e.find("funcion"); f && f->is_string()) return s + f->as_string() + "(…)";
        s += value_text(*e.find("senal")) + " " + value_text(*e.find("operador")) + " ";
        const json::Value* declared = e.find("valor_declarado");
        const json::Value* applied = e.find("umbral_aplicado");
        s += declared ? value_text(*declared) : "";
        if (declared && applied && declared->is_string() && declared->as_string().rfind("umbral.", 0) == 0)
            s += " (" + value_text(*applied) + ")";
        if (const json::Value* obs = e.find("valor_observado")) s += " · " + value_text(*obs);
        return s;
    };
    if (now && now->is_object()) return edge(*now);
    if (gone && gone->is_object()) return std::string(state.t("pg.ya_no_decide")) + " " + edge(*gone);
    return state.t("pg.por_defecto");
}

struct Row {
    std::string caso, tipo, antes, ahora, por_que, efecto;
    playground::Effect efecto_valor = playground::Effect::mismo_destino;
    bool texas = false;
    int paso = -1;
};

std::vector<Row> change_rows(AppState& state) {
    Session& s = state.session;
    const playground::Compact& c = s.compact();
    const json::Value& result = s.result();
    const json::Value* records = result.find("cambios");
    std::vector<Row> rows;
    for (std::size_t i = 0; i < s.replay().cambios.size(); ++i) {
        const playground::Change& ch = s.replay().cambios[i];
        const playground::Case& k = c.casos[ch.caso];
        Row row;
        row.caso = k.id;
        row.tipo = k.tipo;
        row.antes = outcome_text(state, ch.antes);
        row.ahora = outcome_text(state, ch.ahora);
        row.efecto_valor = ch.efecto;
        row.efecto = state.t(effect_key(ch.efecto).c_str());
        row.texas = ch.exigida_por_texas;
        row.paso = static_cast<int>(c.visitas[k.visitas_begin + ch.visita].paso);
        if (records && records->is_array() && i < records->as_array().size()) row.por_que = why_text(state, records->as_array()[i]);
        rows.push_back(std::move(row));
    }
    return rows;
}

void draw_changes(AppState& state) {
    const std::vector<Row> rows = change_rows(state);
    state.case_links.clear();
    if (rows.empty()) {
        ImGui::TextColored(colour::kMuted, "%s", state.t("pg.sin_cambios"));
    } else {
        if (ImGui::Button(state.t("pg.exportar_csv"))) state.status_line = offer_file("cambios-" + state.session.compact().corrida_id + ".csv", "text/csv", changes_csv(state));
        ImGui::SameLine();
        if (ImGui::Button(state.t("pg.exportar_md")))
            state.status_line = offer_file("cambios-" + state.session.compact().corrida_id + ".md", "text/markdown", changes_markdown(state));
        ImGui::SameLine();
        ImGui::TextColored(colour::kMuted, "%s", fill(state.t("pg.n_cambios"), {std::to_string(rows.size())}).c_str());
    }
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingFixedFit;
    if (rows.empty() || !ImGui::BeginTable("cambios", 6, flags, ImVec2(0.0f, ImGui::GetContentRegionAvail().y))) return;
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn(state.t("pg.col_caso"));
    ImGui::TableSetupColumn(state.t("pg.col_tipo"));
    ImGui::TableSetupColumn(state.t("pg.col_antes_ahora"));
    ImGui::TableSetupColumn(state.t("pg.col_efecto"));
    ImGui::TableSetupColumn(state.t("pg.col_por_que"), ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableSetupColumn(state.t("pg.col_abrir"));
    ImGui::TableHeadersRow();
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(rows.size()));
    while (clipper.Step()) {
        for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
            const Row& r = rows[i];
            ImGui::PushID(i);
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(r.caso.c_str());
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(r.tipo.c_str());
            ImGui::TableNextColumn();
            ImGui::Text("%s → %s", r.antes.c_str(), r.ahora.c_str());
            ImGui::TableNextColumn();
            chip(r.efecto.c_str(), effect_colour(r.efecto_valor));
            if (r.texas) {
                ImGui::SameLine(0.0f, 4.0f);
                chip(state.t("pg.exigida_por_texas"), colour::kMovedChip);
            }
            ImGui::TableNextColumn();
            ImGui::PushTextWrapPos(0.0f);
            ImGui::TextUnformatted(r.por_que.c_str());
            ImGui::PopTextWrapPos();
            ImGui::TableNextColumn();
            const std::string link = fill(state.t("pg.abrir_paso"), {std::to_string(r.paso)});
            if (ImGui::SmallButton(link.c_str())) state.open_case_at(r.caso, r.paso - 1);  // orden is 1-based, the step address 0-based
            const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
            state.case_links.emplace_back(r.caso, ScreenRect{a.x, a.y, b.x, b.y});
            ImGui::PopID();
        }
    }
    ImGui::EndTable();
}

const char* state_colour_name(const std::string& estado) { return estado.c_str(); }

ImVec4 estado_colour(const std::string& estado) {
    if (estado == "cumple" || estado == "no_ocurrio") return colour::kGood;
    if (estado == "no_cumple" || estado == "ocurrio") return colour::kBad;
    return colour::kSimulationLabel;
}

void draw_criteria_and_verdict(AppState& state) {
    Session& s = state.session;
    const playground::Compact& c = s.compact();
    const playground::Replay& r = s.replay();
    const json::Value* reported = s.report().find("veredicto");
    const json::Value* reported_value = reported ? reported->find("valor") : nullptr;
    ImGui::TextUnformatted(state.t("pg.veredicto_aqui"));
    ImGui::SameLine();
    chip(r.veredicto.valor.c_str(), colour::kPanel);
    ImGui::SameLine();
    badge(state.t("pg.nuestro"), colour::kOurs);
    ImGui::SameLine(0.0f, 20.0f);
    ImGui::TextUnformatted(state.t("pg.veredicto_informe"));
    ImGui::SameLine();
    chip(reported_value ? value_text(*reported_value).c_str() : "—", colour::kPanel);
    if (state.reading == Reading::expert) source_note("informe.json · veredicto.valor");
    ImGui::TextColored(colour::kMuted, "%s", fill(state.t("pg.bloqueantes_alertas"), {std::to_string(r.veredicto.bloqueantes.size()),
                                                                                        std::to_string(r.veredicto.alertas.size())}).c_str());
    // What flipped, and why: the messages that appear or disappear against the report's verdict.
    const json::Value& result = s.result();
    const json::Value* comp = result.find("complementos");
    const json::Value* v = comp ? comp->find("veredicto") : nullptr;
    const std::pair<const char*, const char*> lists[] = {{"mensajes_que_aparecen", "pg.aparecen"}, {"mensajes_que_desaparecen", "pg.desaparecen"}};
    for (const auto& [key, title] : lists) {
        const json::Value* list = v ? v->find(key) : nullptr;
        if (!list || !list->is_array() || list->as_array().empty()) continue;
        ImGui::TextColored(colour::kMuted, "%s", state.t(title));
        for (const json::Value& m : list->as_array()) {
            ImGui::Bullet();
            ImGui::PushTextWrapPos(0.0f);
            const json::Value* text = m.find("mensaje");
            ImGui::TextUnformatted(pick_json(text ? *text : m, state.language).c_str());
            ImGui::PopTextWrapPos();
        }
    }
    ImGui::Spacing();
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingFixedFit;
    if (!ImGui::BeginTable("criterios", 5, flags, ImVec2(0.0f, ImGui::GetContentRegionAvail().y))) return;
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn(state.t("pg.col_id"));
    ImGui::TableSetupColumn(state.t("pg.col_enunciado"), ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableSetupColumn(state.t("pg.col_informe"));
    ImGui::TableSetupColumn(state.t("pg.col_aqui"));
    ImGui::TableSetupColumn(state.t("pg.col_valor"));
    ImGui::TableHeadersRow();
    for (const playground::MeasureResult& m : r.medidas) {
        const playground::Measure& measure = c.medidas[m.medida];
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(measure.id.c_str());
        ImGui::TableNextColumn();
        std::string statement;
        if (measure.kind == playground::Measure::Kind::criterio) {
            for (const plan::Criterion& k : s.plan().criterios_aceptacion)
                if (k.id == measure.id) statement = text_of(k.enunciado, state.language);
        } else if (const plan::Risk* risk = s.plan().risk(measure.id)) {
            statement = text_of(risk->modo, state.language);
        }
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextUnformatted(statement.c_str());
        ImGui::PopTextWrapPos();
        ImGui::TableNextColumn();
        ImGui::TextColored(estado_colour(measure.estado_informe), "%s", state_colour_name(measure.estado_informe));
        ImGui::TableNextColumn();
        ImGui::TextColored(estado_colour(m.estado), "%s%s", m.estado.c_str(), m.estado != measure.estado_informe ? "  ◀" : "");
        ImGui::TableNextColumn();
        std::string value = value_text(m.valor);
        if (m.n_poblacion > 0 && state.reading == Reading::expert)
            value += " (" + std::to_string(m.verdaderos) + "/" + std::to_string(m.n_poblacion) + ")";
        ImGui::TextUnformatted(value.c_str());
    }
    ImGui::EndTable();
}

}  // namespace

std::string changes_csv(AppState& state) {
    std::string out = "caso,tipo,antes,ahora,efecto,exigida_por_texas,paso,por_que\r\n";
    auto q = [](const std::string& s) {
        std::string r = "\"";
        for (char ch : s) r += ch == '"' ? std::string("\"\"") : std::string(1, ch);
        return r + "\"";
    };
    for (const Row& r : change_rows(state))
        out += q(r.caso) + "," + q(r.tipo) + "," + q(r.antes) + "," + q(r.ahora) + "," + q(r.efecto) + "," + (r.texas ? "true" : "false") + "," +
               std::to_string(r.paso) + "," + q(r.por_que) + "\r\n";
    return out;
}

std::string changes_markdown(AppState& state) {
    std::string out = "# " + fill(state.t("pg.md_titulo"), {state.session.compact().corrida_id}) + "\n\n";
    out += std::string(state.t("app.etiqueta_simulacion")) + "\n\n";
    out += live_sentence(state) + "\n\n";
    out += "| " + std::string(state.t("pg.col_caso")) + " | " + state.t("pg.col_tipo") + " | " + state.t("pg.col_antes_ahora") + " | " +
           state.t("pg.col_efecto") + " | " + state.t("pg.col_por_que") + " |\n|---|---|---|---|---|\n";
    for (const Row& r : change_rows(state)) {
        std::string why = r.por_que;
        for (std::size_t p = 0; (p = why.find('|', p)) != std::string::npos; p += 2) why.replace(p, 1, "\\|");
        out += "| " + r.caso + " | " + r.tipo + " | " + r.antes + " → " + r.ahora + " | " + r.efecto + (r.texas ? " (Texas)" : "") + " | " + why + " |\n";
    }
    return out;
}

void draw_playground_panels(AppState& state) {
    if (!ImGui::BeginTabBar("paneles")) return;
    const bool changes_open = ImGui::BeginTabItem(state.t("pg.tab_cambios"));
    state.remember_control("pestana.cambios");
    if (changes_open) {
        draw_changes(state);
        ImGui::EndTabItem();
    }
    if (ImGui::BeginTabItem(state.t("pg.tab_criterios"))) {
        draw_criteria_and_verdict(state);
        ImGui::EndTabItem();
    }
    if (ImGui::BeginTabItem(state.t("pg.tab_curva"))) {
        draw_risk_coverage(state);
        ImGui::EndTabItem();
    }
    const bool calibration_open = ImGui::BeginTabItem(state.t("pg.tab_calibracion"));
    state.remember_control("pestana.calibracion");
    if (calibration_open) {
        draw_calibration(state);
        ImGui::EndTabItem();
    }
    if (ImGui::BeginTabItem(state.t("pg.tab_pareto"))) {
        draw_pareto(state);
        ImGui::EndTabItem();
    }
    const bool additions_open = ImGui::BeginTabItem(state.t("pg.tab_complementos"));
    state.remember_control("pestana.complementos");
    if (additions_open) {
        draw_additions(state);
        ImGui::EndTabItem();
    }
    ImGui::EndTabBar();
}

}  // namespace planlang::web
