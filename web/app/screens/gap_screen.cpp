// Screen 4, Brecha (site-and-cards.md §2): the gap report in the nine sections of traces-and-verifier.md §14,
// in order — verdict; plan in brief; criteria; risks, graph contract and RF-09.2 (gap_sections.cpp);
// unforeseen gaps and evaluators; assumptions; example cases; what the playground can explore;
// reproducibility. The values are the report object's (session.report(), `planlang verify --json`); the
// wording of the sections is the catalogue's. Expert reading adds each figure's key and our `complementos`.
#include <string>

#include "imgui.h"
#include "web/app/screens/gap_parts.hpp"
#include "web/app/screens/screen_parts.hpp"
#include "web/app/ui_common.hpp"
#include "web/app/views.hpp"

namespace planlang::web {

void report_source(const AppState& state, const std::string& key) { expert_source(state, "informe.json · " + key); }

void ours_badge(const AppState& state) {
    badge(state.t("brecha.nuestro"), colour::kOurs);
    ImGui::SameLine();
}

void case_button(AppState& state, const std::string& caso_id) {
    if (caso_id.empty()) {
        ImGui::TextColored(colour::kMuted, "—");
        return;
    }
    ImGui::PushID(caso_id.c_str());
    if (ImGui::SmallButton(caso_id.c_str())) state.open_case_at(caso_id, 0, false);
    state.remember_control("caso:" + caso_id);
    ImGui::PopID();
}

namespace {

std::string numbered(const AppState& state, int n, const char* key) { return std::to_string(n) + " · " + state.t(key); }

void bullet_list(const AppState& state, const json::Value& messages, const ImVec4& c, const char* mark, const char* none_key) {
    const json::Array& list = items(messages);
    if (list.empty()) {
        ImGui::TextColored(colour::kMuted, "%s", state.t(none_key));
        return;
    }
    for (const json::Value& m : list) {
        ImGui::TextColored(c, "%s", mark);
        ImGui::SameLine();
        wrapped(pick_json(m, state.language));
    }
}

// 1 · the verdict, the summary, the recommendation, the highlighted criteria, blocking reasons and alerts.
void draw_verdict(AppState& state, const json::Value& report) {
    if (!section(numbered(state, 1, "brecha.s1").c_str(), true)) return;
    const json::Value& veredicto = at(report, "veredicto");
    const json::Value& resumen = at(report, "resumen");
    ImGui::SetWindowFontScale(1.3f);
    state_chip(state, str(veredicto, "valor"));
    ImGui::SetWindowFontScale(1.0f);
    report_source(state, "veredicto.valor");
    wrapped(pick_json(at(resumen, "texto"), state.language));
    ImGui::PushStyleColor(ImGuiCol_Text, colour::kAccent);
    wrapped(pick_json(at(resumen, "recomendacion"), state.language));
    ImGui::PopStyleColor();
    report_source(state, "resumen.recomendacion");
    ImGui::Spacing();
    field(state.t("brecha.destacados"), id_list(at(resumen, "criterios_destacados")));
    report_source(state, "resumen.criterios_destacados");
    field(state.t("brecha.riesgos_ocurridos"), id_list(at(resumen, "riesgos_ocurridos")));
    report_source(state, "resumen.riesgos_ocurridos");
    ImGui::Spacing();
    ImGui::TextColored(colour::kMuted, "%s", fill(state.t("brecha.bloqueantes"), {std::to_string(items(at(veredicto, "bloqueantes")).size())}).c_str());
    report_source(state, "veredicto.bloqueantes");
    bullet_list(state, at(veredicto, "bloqueantes"), colour::kBad, "✗", "brecha.ninguno");
    ImGui::TextColored(colour::kMuted, "%s", fill(state.t("brecha.alertas"), {std::to_string(items(at(veredicto, "alertas")).size())}).c_str());
    report_source(state, "veredicto.alertas");
    bullet_list(state, at(veredicto, "alertas"), colour::kSimulationLabel, "⚠", "brecha.ninguna");
}

// 2 · the plan in brief: problem, flow and the one-way decisions.
void draw_plan_brief(AppState& state, const json::Value& report) {
    if (!section(numbered(state, 2, "brecha.s2").c_str(), false)) return;
    const json::Value& p = at(report, "plan_en_breve");
    ImGui::TextUnformatted(fill(state.t("brecha.plan_version"), {pick_json(at(p, "nombre"), state.language), str(p, "id"), str(p, "version")}).c_str());
    report_source(state, "plan_en_breve");
    wrapped_muted(pick_json(at(p, "problema"), state.language));
    ImGui::Spacing();
    int i = 0;
    for (const json::Value& step : items(at(p, "flujo"))) {
        ImGui::TextColored(colour::kMuted, "%d.", ++i);
        ImGui::SameLine();
        wrapped(pick_json(step, state.language));
    }
    ImGui::Spacing();
    ImGui::TextColored(colour::kMuted, "%s", state.t("brecha.una_via"));
    if (!begin_table("una_via", 4)) return;
    setup_columns({{state.t("plan.col_id"), 0}, {state.t("plan.col_pregunta"), 1.2f}, {state.t("brecha.col_elegida"), 1.6f},
                   {state.t("brecha.col_justificacion"), 2.0f}});
    for (const json::Value& d : items(at(p, "decisiones_una_via"))) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(str(d, "id").c_str());
        ImGui::TableNextColumn();
        wrapped(pick_json(at(d, "pregunta"), state.language));
        ImGui::TableNextColumn();
        const std::string chosen = pick_json(at(d, "opcion_elegida"), state.language);
        if (chosen.empty()) ImGui::TextColored(colour::kMuted, "—");
        else wrapped(chosen);
        ImGui::TableNextColumn();
        wrapped_muted(pick_json(at(d, "justificacion"), state.language));
    }
    ImGui::EndTable();
}

// A criterion's measured value and target as the report shows them (rates as percentages).
std::string criterion_figure(const AppState& state, const json::Value& c, const json::Value& v) {
    const std::string& agg = str(c, "agregacion");
    return agg == "tasa" || agg == "pass^k" ? report_percent(v, state.language) : report_number(v, state.language);
}

// Our additions beside a criterion: exact k/n and the Wilson interval of a rate, the median's interval, the
// cases a null signal left out.
std::string criterion_additions(const AppState& state, const json::Value& extra) {
    std::string s;
    const json::Value& rate = at(extra, "tasa");
    if (rate.is_object()) {
        s = fill(state.t("brecha.k_de_n"), {report_number(at(rate, "verdaderos"), state.language), report_number(at(rate, "n"), state.language)});
        const std::string b = report_bounds(at(rate, "wilson95"), true, state.language);
        if (!b.empty()) s += " · " + fill(state.t("brecha.wilson"), {b});
        if (at(rate, "redondeo_cambia_la_comparacion").is_bool() && at(rate, "redondeo_cambia_la_comparacion").as_bool())
            s += " · " + std::string(state.t("brecha.redondeo_cambia"));
    }
    const std::string interval = report_bounds(at(extra, "intervalo95"), false, state.language);
    if (!interval.empty()) s += (s.empty() ? "" : " · ") + fill(state.t("brecha.intervalo"), {interval});
    const json::Value& missing = at(at(extra, "faltantes"), "fuera_por_senal_nula");
    if (missing.is_number() && missing.as_number() > 0)
        s += (s.empty() ? "" : " · ") + fill(state.t("brecha.fuera_por_nula"), {report_number(missing, state.language)});
    return s;
}

// 3 · criteria.
void draw_criteria(AppState& state, const json::Value& report) {
    const json::Array& criteria = items(at(report, "criterios"));
    if (!section(numbered(state, 3, "brecha.s3").c_str(), false)) return;
    const bool ex = expert(state);
    if (begin_table("criterios", ex ? 8 : 7)) {
        if (ex)
            setup_columns({{state.t("plan.col_id"), 0}, {state.t("plan.col_enunciado"), 2.2f}, {state.t("brecha.col_medido"), 0.6f},
                           {state.t("brecha.col_objetivo"), 0.6f}, {"n", 0}, {state.t("plan.col_estado"), 0.75f},
                           {state.t("brecha.col_incumplen"), 1.0f}, {state.t("brecha.col_complementos"), 1.4f}});
        else
            setup_columns({{state.t("plan.col_id"), 0}, {state.t("plan.col_enunciado"), 2.2f}, {state.t("brecha.col_medido"), 0.6f},
                           {state.t("brecha.col_objetivo"), 0.6f}, {"n", 0}, {state.t("plan.col_estado"), 0.75f},
                           {state.t("brecha.col_incumplen"), 1.0f}});
        for (const json::Value& c : criteria) {
            const std::string& id = str(c, "id");
            ImGui::PushID(id.c_str());
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(id.c_str());
            ImGui::TableNextColumn();
            wrapped(pick_json(at(c, "enunciado"), state.language));
            if (ex) wrapped_muted("criterios[" + id + "] · " + enum_word(state, "agregacion", str(c, "agregacion")));
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(criterion_figure(state, c, at(c, "valor_medido")).c_str());
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(criterion_figure(state, c, at(c, "objetivo")).c_str());
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(report_number(at(c, "n_poblacion"), state.language).c_str());
            ImGui::TableNextColumn();
            state_chip(state, str(c, "estado"));
            ImGui::TableNextColumn();
            wrapped(id_list(at(c, "casos_que_incumplen"), 6));
            if (ex) {
                ImGui::TableNextColumn();
                const json::Value& k = at(c, "k");
                if (k.is_object())
                    wrapped_muted(fill(state.t("brecha.k_detalle"), {report_number(at(k, "requerido"), state.language), report_number(at(k, "observado"), state.language),
                                                                     str(k, "aplica_a"), report_number(at(k, "aplica"), state.language)}));
                const std::string extra = criterion_additions(state, by_id(at(at(report, "complementos"), "criterios"), id));
                if (!extra.empty()) {
                    ours_badge(state);
                    wrapped(extra);
                }
            }
            ImGui::PopID();
        }
        ImGui::EndTable();
    }
    for (const json::Value& c : criteria) {
        const std::string note = pick_json(at(c, "nota"), state.language);
        if (note.empty()) continue;
        wrapped_muted(str(c, "id") + ": " + note);
    }
}

// 7 · one example case per kind, each a link to its page.
void draw_examples(AppState& state, const json::Value& report) {
    if (!section(numbered(state, 7, "brecha.s7").c_str(), false)) return;
    wrapped_muted(state.t("brecha.ejemplares_nota"));
    static const char* const kKinds[] = {"exitoso", "escalado_correctamente", "fallido", "adversario_neutralizado"};
    if (!begin_table("ejemplares", 4)) return;
    setup_columns({{state.t("brecha.col_clase"), 1.0f}, {state.t("brecha.col_caso"), 0.5f}, {state.t("brecha.col_tipo"), 1.2f},
                   {state.t("brecha.col_por_que"), 2.4f}});
    for (const char* kind : kKinds) {
        const json::Value& e = at(at(report, "casos_ejemplares"), kind);
        ImGui::PushID(kind);
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        wrapped(state.t((std::string("brecha.ejemplar.") + kind).c_str()));
        ImGui::TableNextColumn();
        if (e.is_null()) {
            ImGui::TextColored(colour::kMuted, "—");
            ImGui::TableNextColumn();
            ImGui::TableNextColumn();
            ImGui::TextColored(colour::kMuted, "%s", state.t("brecha.sin_ejemplar"));
        } else {
            case_button(state, str(e, "caso_id"));
            ImGui::TableNextColumn();
            wrapped(enum_word(state, "tipo_caso", str(e, "tipo")) + " · " + str(e, "subtipo"));
            ImGui::TableNextColumn();
            wrapped(pick_json(at(e, "por_que"), state.language));
        }
        ImGui::PopID();
    }
    ImGui::EndTable();
    report_source(state, "casos_ejemplares");
}

// 8 · what the playground can explore: its limits, and each threshold as the report observed it.
void draw_playground(AppState& state, const json::Value& report) {
    if (!section(numbered(state, 8, "brecha.s8").c_str(), false)) return;
    const json::Value& pg = at(report, "playground");
    for (const json::Value& limit : items(at(pg, "limites"))) {
        ImGui::Bullet();
        wrapped(pick_json(limit, state.language));
    }
    report_source(state, "playground.limites");
    ImGui::Spacing();
    if (begin_table("pg_umbrales", 6)) {
        setup_columns({{state.t("plan.col_id"), 0}, {state.t("plan.col_nombre"), 1.4f}, {state.t("brecha.col_plan_aplicado"), 0.9f},
                       {state.t("plan.col_rango"), 0.9f}, {state.t("brecha.col_observados"), 1.8f}, {state.t("brecha.col_en_el_umbral"), 0.8f}});
        for (const json::Value& u : items(at(pg, "umbrales"))) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(str(u, "id").c_str());
            ImGui::TableNextColumn();
            wrapped(pick_json(at(u, "nombre"), state.language));
            if (expert(state)) wrapped_muted(str(u, "senal") + " " + operator_symbol(str(u, "operador"), at(u, "inclusivo").is_bool() && at(u, "inclusivo").as_bool()));
            ImGui::TableNextColumn();
            auto value = [&](const json::Value& v) {
                return v.is_bool() ? std::string(state.t(v.as_bool() ? "plan.activado" : "plan.desactivado")) : report_number(v, state.language);
            };
            wrapped(value(at(u, "valor_en_plan")) + " / " + value(at(u, "valor_aplicado")));
            ImGui::TableNextColumn();
            const json::Value& r = at(u, "rango");
            if (r.is_object() && at(r, "min").is_number())
                wrapped(report_number(at(r, "min"), state.language) + "–" + report_number(at(r, "max"), state.language) + " (" +
                        report_number(at(r, "paso"), state.language) + ")");
            else
                ImGui::TextUnformatted(state.t("plan.rango_booleano"));
            ImGui::TableNextColumn();
            const json::Value& o = at(u, "observados");
            if (at(o, "verdaderos").is_number())
                wrapped(fill(state.t("brecha.observados_bool"), {report_number(at(o, "verdaderos"), state.language), report_number(at(o, "n"), state.language)}));
            else
                wrapped(fill(state.t("brecha.observados_num"), {report_number(at(o, "n"), state.language), report_number(at(o, "min"), state.language),
                                                                 report_number(at(o, "mediana"), state.language), report_number(at(o, "max"), state.language)}));
            ImGui::TableNextColumn();
            wrapped(id_list(at(u, "casos_en_el_umbral"), 4));
        }
        ImGui::EndTable();
    }
    report_source(state, "playground.umbrales");
    if (ImGui::Button(state.t("brecha.ir_playground"))) state.go(Screen::playground);
}

// 9 · reproducibility in brief; the whole card is on the Fichas screen.
void draw_reproducibility(AppState& state, const json::Value& report) {
    if (!section(numbered(state, 9, "brecha.s9").c_str(), false)) return;
    const json::Value& f = at(report, "ficha_reproducibilidad");
    const json::Value &plan = at(f, "plan"), &casos = at(f, "casos"), &corrida = at(f, "corrida");
    field(state.t("brecha.r_plan"), str(plan, "id") + " v" + str(plan, "version") + " · " + fingerprint(state, str(plan, "huella")));
    report_source(state, "ficha_reproducibilidad.plan");
    field(state.t("brecha.r_lote"), fill(state.t("brecha.r_lote_valor"), {str(casos, "id"), str(casos, "semilla"), report_number(at(casos, "n_lote"), state.language),
                                                                          fingerprint(state, str(casos, "huella"))}));
    report_source(state, "ficha_reproducibilidad.casos");
    field(state.t("brecha.r_corrida"), fill(state.t("brecha.r_corrida_valor"), {str(corrida, "id"), str(corrida, "fecha"), enum_word(state, "variante", str(corrida, "variante")),
                                                                                fingerprint(state, str(corrida, "huella"))}));
    report_source(state, "ficha_reproducibilidad.corrida");
    const json::Value& v = at(f, "verificador");
    field(state.t("brecha.r_verificador"), str(v, "version") + " · " + str(v, "formato") + " · " + fingerprint(state, str(report, "huella")));
    report_source(state, "ficha_reproducibilidad.verificador, huella");
    if (ImGui::Button(state.t("brecha.ir_fichas"))) state.go(Screen::fichas);
}

}  // namespace

void draw_gap_screen(AppState& state) {
    const json::Value& report = state.session.report();
    ImGui::SetWindowFontScale(1.25f);
    ImGui::TextUnformatted(fill(state.t("brecha.titulo"), {pick_json(at(at(report, "plan_en_breve"), "nombre"), state.language)}).c_str());
    ImGui::SetWindowFontScale(1.0f);
    ImGui::TextColored(colour::kMuted, "%s",
                       fill(state.t("brecha.subtitulo"), {pick_json(at(report, "etiqueta"), state.language), str(report, "corrida_id"), str(report, "fecha"),
                                                          str(at(report, "plan_en_breve"), "version")})
                           .c_str());
    if (expert(state)) wrapped_muted(state.t("brecha.nota_experto"));
    draw_verdict(state, report);
    draw_plan_brief(state, report);
    draw_criteria(state, report);
    draw_gap_risks_and_contract(state, report);
    draw_gap_unforeseen(state, report);
    draw_gap_assumptions(state, report);
    draw_examples(state, report);
    draw_playground(state, report);
    draw_reproducibility(state, report);
}

}  // namespace planlang::web
