// Sections 4–6 of the Brecha screen: risks with the graph-contract check and the RF-09.2 branch
// recomputation; unforeseen gaps and evaluators; assumptions with their measures (AUROC, ECE, rates), the
// risk–coverage points and the baseline comparison (traces-and-verifier.md §9–§12, §14).
#include <string>

#include "imgui.h"
#include "web/app/screens/gap_parts.hpp"
#include "web/app/screens/screen_parts.hpp"
#include "web/app/ui_common.hpp"

namespace planlang::web {

namespace {

std::string numbered(const AppState& state, int n, const char* key) { return std::to_string(n) + " · " + state.t(key); }

void subtitle(const AppState& state, const char* key) {
    ImGui::Spacing();
    ImGui::TextColored(colour::kAccent, "%s", state.t(key));
}

const json::Value& additions(const json::Value& report, const char* section, const std::string& id) {
    return by_id(at(at(report, "complementos"), section), id);
}

void draw_risks(AppState& state, const json::Value& report) {
    const bool ex = expert(state);
    if (!begin_table("riesgos", ex ? 8 : 7)) return;
    if (ex)
        setup_columns({{state.t("plan.col_id"), 0}, {state.t("plan.col_modo"), 2.2f}, {state.t("brecha.col_valor"), 0.5f}, {state.t("brecha.col_ocurre_si"), 0.6f},
                       {"n", 0}, {state.t("plan.col_estado"), 0.75f}, {state.t("brecha.col_casos"), 0.9f}, {state.t("brecha.col_complementos"), 1.0f}});
    else
        setup_columns({{state.t("plan.col_id"), 0}, {state.t("plan.col_modo"), 2.2f}, {state.t("brecha.col_valor"), 0.5f}, {state.t("brecha.col_ocurre_si"), 0.6f},
                       {"n", 0}, {state.t("plan.col_estado"), 0.75f}, {state.t("brecha.col_casos"), 0.9f}});
    for (const json::Value& r : items(at(report, "riesgos"))) {
        const std::string& id = str(r, "id");
        ImGui::PushID(id.c_str());
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(id.c_str());
        ImGui::TableNextColumn();
        wrapped(pick_json(at(r, "modo"), state.language));
        if (ex)
            wrapped_muted("riesgos[" + id + "] · S" + report_number(at(r, "severidad"), state.language) + " · " +
                          enum_word(state, "detector", str(r, "tipo_detector")) + " " + enum_word(state, "ambito", str(r, "ambito")));
        ImGui::TableNextColumn();
        const bool rate = str(r, "tipo_detector") == "tasa";
        ImGui::TextUnformatted((rate ? report_percent(at(r, "valor"), state.language) : report_number(at(r, "valor"), state.language)).c_str());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(at(r, "ocurre_si").is_string() ? str(r, "ocurre_si").c_str() : "—");
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(report_number(at(r, "n_poblacion"), state.language).c_str());
        ImGui::TableNextColumn();
        state_chip(state, str(r, "estado"));
        ImGui::TableNextColumn();
        wrapped(id_list(at(r, "casos"), 5));
        if (ex) {
            ImGui::TableNextColumn();
            const json::Value& exact = at(additions(report, "riesgos", id), "conteo_exacto");
            if (exact.is_object()) {
                ours_badge(state);
                wrapped(fill(state.t("brecha.k_de_n"), {report_number(at(exact, "verdaderos"), state.language), report_number(at(exact, "n"), state.language)}));
            }
        }
        ImGui::PopID();
    }
    ImGui::EndTable();
    for (const json::Value& r : items(at(report, "riesgos"))) {
        const std::string note = pick_json(at(r, "nota"), state.language);
        if (!note.empty()) wrapped_muted(str(r, "id") + ": " + note);
    }
    // Risks that occurred in a repetition (ours: the report's verdict names them; complementos lists them).
    if (ex) {
        for (const json::Value& rep : items(at(at(report, "complementos"), "repeticiones"))) {
            ours_badge(state);
            ImGui::TextUnformatted(fill(state.t("brecha.repeticion_riesgos"), {str(rep, "corrida_id"), id_list(at(rep, "riesgos_ocurridos"))}).c_str());
        }
    }
}

void draw_contract(AppState& state, const json::Value& report) {
    const json::Value& c = at(report, "contrato_de_grafo");
    subtitle(state, "brecha.contrato");
    const json::Value& pausas = at(c, "pausas");
    wrapped(fill(state.t("brecha.pausas_frase"), {report_number(at(pausas, "casos_con_pausa"), state.language), str(pausas, "nodo"), str(pausas, "rol"),
                                                  report_number(at(pausas, "pausas_registradas"), state.language)}));
    report_source(state, "contrato_de_grafo.pausas");
    // Nodes: in the graph, visits in the main run.
    if (ImGui::BeginTable("nodos", 4, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingFixedFit)) {
        setup_columns({{state.t("plan.col_nodo"), 0}, {state.t("plan.col_tipo"), 0}, {state.t("brecha.col_en_grafo"), 0}, {state.t("plan.col_visitas"), 0}});
        for (const json::Value& n : items(at(c, "nodos"))) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(str(n, "id").c_str());
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(enum_word(state, "nodo", str(n, "tipo")).c_str());
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(report_number(at(n, "en_grafo"), state.language).c_str());
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(report_number(at(n, "visitas"), state.language).c_str());
        }
        ImGui::EndTable();
    }
    report_source(state, "contrato_de_grafo.nodos");
    // Required signals: the leader sees the ones some trace lacks; the expert every one with its count.
    std::string missing;
    for (const json::Value& s : items(at(c, "senales")))
        if (!(at(s, "presente_en") == at(s, "de"))) missing += (missing.empty() ? "" : ", ") + str(s, "senal");
    const std::size_t signals = items(at(c, "senales")).size();
    wrapped(missing.empty() ? fill(state.t("brecha.senales_todas"), {std::to_string(signals)})
                            : fill(state.t("brecha.senales_faltan"), {std::to_string(signals), missing}));
    if (expert(state)) {
        std::string all;
        for (const json::Value& s : items(at(c, "senales")))
            all += (all.empty() ? "" : " · ") + str(s, "senal") + " " + report_number(at(s, "presente_en"), state.language) + "/" +
                   report_number(at(s, "de"), state.language);
        wrapped_muted(all);
        report_source(state, "contrato_de_grafo.senales");
    }
    // RF-09.2: every decision re-computed from its records.
    subtitle(state, "brecha.rf092");
    wrapped_muted(state.t("brecha.rf092_nota"));
    const bool ex = expert(state);
    if (begin_table("rf092", ex ? 7 : 5)) {
        if (ex)
            setup_columns({{state.t("brecha.col_corrida"), 0.9f}, {state.t("brecha.col_variante"), 0.7f}, {state.t("brecha.col_visitas"), 0.5f},
                           {state.t("brecha.col_discrepancias"), 0.6f}, {state.t("brecha.col_coincide"), 0.5f}, {state.t("brecha.col_huella_recalculada"), 1.6f},
                           {state.t("brecha.col_huella_archivo"), 1.6f}});
        else
            setup_columns({{state.t("brecha.col_corrida"), 0.9f}, {state.t("brecha.col_variante"), 0.7f}, {state.t("brecha.col_visitas"), 0.5f},
                           {state.t("brecha.col_discrepancias"), 0.6f}, {state.t("brecha.col_coincide"), 0.5f}});
        for (const json::Value& r : items(at(c, "rf_09_2"))) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(str(r, "corrida_id").c_str());
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(enum_word(state, "variante", str(r, "variante")).c_str());
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(report_number(at(r, "visitas"), state.language).c_str());
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(report_number(at(r, "discrepancias"), state.language).c_str());
            ImGui::TableNextColumn();
            const bool same = at(r, "coincide").is_bool() && at(r, "coincide").as_bool();
            ImGui::TextColored(same ? colour::kGood : colour::kBad, "%s", report_number(at(r, "coincide"), state.language).c_str());
            if (ex) {
                ImGui::TableNextColumn();
                wrapped(str(r, "huella_typescript"));
                ImGui::TableNextColumn();
                wrapped(str(r, "huella_python"));
            }
        }
        ImGui::EndTable();
    }
    report_source(state, "contrato_de_grafo.rf_09_2");
    // Findings.
    subtitle(state, "brecha.hallazgos");
    const json::Array& findings = items(at(c, "hallazgos"));
    if (findings.empty()) ImGui::TextColored(colour::kGood, "%s", state.t("brecha.sin_hallazgos"));
    for (const json::Value& h : findings) {
        state_chip(state, str(h, "severidad"));
        ImGui::SameLine();
        std::string line = str(h, "codigo") + " · " + str(h, "corrida_id");
        if (at(h, "caso_id").is_string()) line += " · " + str(h, "caso_id");
        ImGui::TextUnformatted(line.c_str());
        wrapped_muted(pick_json(at(h, "detalle"), state.language));
    }
    report_source(state, "contrato_de_grafo.hallazgos");
}

}  // namespace

void draw_gap_risks_and_contract(AppState& state, const json::Value& report) {
    if (!section(numbered(state, 4, "brecha.s4").c_str(), false)) return;
    draw_risks(state, report);
    draw_contract(state, report);
}

void draw_gap_unforeseen(AppState& state, const json::Value& report) {
    if (!section(numbered(state, 5, "brecha.s5").c_str(), false)) return;
    const json::Value& b = at(report, "brechas_no_previstas");
    const json::Array& gaps = items(at(b, "brechas"));
    wrapped_muted(state.t("brecha.brechas_nota"));
    if (gaps.empty()) ImGui::TextColored(colour::kGood, "%s", state.t("brecha.sin_brechas"));
    else if (begin_table("brechas", 6)) {
        setup_columns({{state.t("brecha.col_caso"), 0}, {state.t("brecha.col_categoria"), 1.3f}, {state.t("brecha.col_evaluador"), 1.0f},
                       {state.t("plan.col_nodo"), 0.7f}, {state.t("brecha.col_paso"), 0}, {state.t("brecha.col_detalle"), 2.4f}});
        int row = 0;
        for (const json::Value& g : gaps) {
            ImGui::PushID(row++);
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            case_button(state, str(g, "caso_id"));
            ImGui::TableNextColumn();
            wrapped(enum_word(state, "categoria", str(g, "categoria")));
            ImGui::TableNextColumn();
            wrapped(str(g, "evaluador").empty() ? "—" : str(g, "evaluador"));
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(str(g, "nodo").empty() ? "—" : str(g, "nodo").c_str());
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(report_number(at(g, "paso"), state.language).c_str());
            ImGui::TableNextColumn();
            wrapped(pick_json(at(g, "detalle"), state.language));
            if (expert(state)) wrapped_muted(str(g, "corrida_id"));
            ImGui::PopID();
        }
        ImGui::EndTable();
    }
    report_source(state, "brechas_no_previstas.brechas");
    subtitle(state, "brecha.evaluadores");
    if (begin_table("evaluadores", 7)) {
        setup_columns({{state.t("brecha.col_evaluador"), 1.2f}, {state.t("plan.col_tipo"), 0.5f}, {state.t("plan.col_estado"), 1.75f},
                       {state.t("brecha.col_evaluados"), 0.45f}, {state.t("brecha.col_fallas"), 1.2f}, {state.t("brecha.col_no_evaluables"), 0.5f},
                       {state.t("brecha.col_cubre"), 0.45f}});
        for (const json::Value& e : items(at(b, "evaluadores"))) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(str(e, "id").c_str());
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(enum_word(state, "evaluador", str(e, "tipo")).c_str());
            ImGui::TableNextColumn();
            state_chip(state, str(e, "estado"));
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(report_number(at(e, "casos_evaluados"), state.language).c_str());
            ImGui::TableNextColumn();
            const json::Array& fails = items(at(e, "fallas"));
            wrapped(fails.empty() ? "0" : std::to_string(fails.size()) + ": " + id_list(at(e, "fallas"), 4));
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(report_number(at(e, "no_evaluables"), state.language).c_str());
            ImGui::TableNextColumn();
            wrapped(id_list(at(e, "riesgos_cubiertos")));
        }
        ImGui::EndTable();
    }
    report_source(state, "brechas_no_previstas.evaluadores");
}

namespace {

void draw_curve(const AppState& state, const json::Value& curve) {
    ImGui::TextColored(colour::kMuted, "%s", state.t("brecha.curva"));
    const float w = 480.0f;
    if (!ImGui::BeginTable("curva", 4, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingStretchSame, ImVec2(w, 0))) return;
    setup_columns({{state.t("brecha.col_umbral"), 1}, {state.t("brecha.col_cobertura"), 1}, {state.t("brecha.col_riesgo"), 1}, {state.t("brecha.col_aceptados"), 1}});
    for (const json::Value& p : items(curve)) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(report_number(at(p, "umbral"), state.language).c_str());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(report_percent(at(p, "cobertura"), state.language).c_str());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(report_percent(at(p, "riesgo"), state.language).c_str());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(report_number(at(p, "aceptados"), state.language).c_str());
    }
    ImGui::EndTable();
}

void draw_comparison(const AppState& state, const json::Value& cmp) {
    ImGui::TextColored(colour::kMuted, "%s", fill(state.t("brecha.comparacion"), {str(cmp, "corrida_base")}).c_str());
    if (!ImGui::BeginTable("comparacion", 3, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingStretchSame, ImVec2(560.0f, 0)))
        return;
    setup_columns({{"", 1.2f}, {state.t("brecha.palabra.variante.multiagente"), 1}, {state.t("brecha.palabra.variante.agente_unico"), 1}});
    auto row = [&](const char* key, const json::Value& pair, const char* sub) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextColored(colour::kMuted, "%s", state.t(key));
        for (const char* side : {"multiagente", "agente_unico"}) {
            ImGui::TableNextColumn();
            const json::Value& v = sub ? at(at(pair, side), sub) : at(pair, side);
            ImGui::TextUnformatted(report_number(v, state.language).c_str());
        }
    };
    row("brecha.cmp_exactitud", at(cmp, "exactitud"), nullptr);
    row("brecha.cmp_latencia", at(cmp, "latencia_mediana_s"), nullptr);
    row("brecha.cmp_llamadas", at(cmp, "presupuesto"), "llamadas_al_modelo");
    row("brecha.cmp_tokens", at(cmp, "presupuesto"), "tokens");
    row("brecha.cmp_costo", at(cmp, "presupuesto"), "costo_nominal_usd");
    ImGui::EndTable();
    wrapped(fill(state.t("brecha.cmp_presupuesto"), {report_number(at(cmp, "presupuesto_respetado"), state.language)}));
    wrapped_muted(fill(state.t("brecha.cmp_distintos"), {std::to_string(items(at(cmp, "casos_distintos")).size()), id_list(at(cmp, "casos_distintos"), 8)}));
}

// Our intervals beside an assumption's measures: bootstrap for AUROC and ECE, Wilson for rates and accuracy.
void draw_assumption_additions(const AppState& state, const json::Value& extra) {
    if (!extra.is_object()) return;
    std::string s;
    auto add = [&](const std::string& part) {
        if (!part.empty()) s += (s.empty() ? "" : " · ") + part;
    };
    const json::Value& boot = at(extra, "bootstrap95");
    for (const char* m : {"auroc", "ece"}) {
        const std::string b = report_bounds(at(boot, m), false, state.language);
        if (!b.empty()) add(fill(state.t("brecha.bootstrap"), {m == std::string("auroc") ? "AUROC" : "ECE", b}));
    }
    for (const char* m : {"tasa", "exactitud", "exactitud_base"}) {
        const json::Value& r = at(extra, m);
        if (!r.is_object()) continue;
        add(enum_word(state, "metrica", m) + " " + fill(state.t("brecha.k_de_n"), {report_number(at(r, "verdaderos"), state.language), report_number(at(r, "n"), state.language)}) +
            " · " + fill(state.t("brecha.wilson"), {report_bounds(at(r, "wilson95"), true, state.language)}));
    }
    for (const char* m : {"latencia_mediana", "latencia_mediana_base"}) {
        const std::string b = report_bounds(at(extra, std::string(m) + "_intervalo95"), false, state.language);
        if (!b.empty()) add(enum_word(state, "metrica", m) + " " + fill(state.t("brecha.intervalo"), {b}));
    }
    if (s.empty()) return;
    ours_badge(state);
    wrapped(s);
}

}  // namespace

void draw_gap_assumptions(AppState& state, const json::Value& report) {
    if (!section(numbered(state, 6, "brecha.s6").c_str(), false)) return;
    for (const json::Value& a : items(at(report, "supuestos"))) {
        const std::string& id = str(a, "id");
        ImGui::PushID(id.c_str());
        ImGui::Spacing();
        ImGui::TextColored(colour::kAccent, "%s", id.c_str());
        ImGui::SameLine();
        state_chip(state, str(a, "estado"));
        ImGui::SameLine();
        ImGui::TextColored(colour::kMuted, "%s", fill(state.t("brecha.criticidad"), {state_word(state, str(a, "criticidad")), state_word(state, str(a, "estado_en_plan"))}).c_str());
        report_source(state, "supuestos[" + id + "].estado");
        wrapped(pick_json(at(a, "enunciado"), state.language));
        wrapped_muted(pick_json(at(a, "motivo"), state.language));
        std::string measures = "n = " + report_number(at(a, "n"), state.language);
        if (at(a, "metricas").is_object())
            for (const json::Member& m : at(a, "metricas").as_object()) measures += " · " + enum_word(state, "metrica", m.key) + " " + report_number(m.value, state.language);
        ImGui::TextUnformatted(measures.c_str());
        report_source(state, "supuestos[" + id + "].metricas");
        for (const json::Value& l : items(at(a, "limitaciones"))) {
            ImGui::TextColored(colour::kSimulationLabel, "»");
            ImGui::SameLine();
            wrapped_muted(pick_json(l, state.language));
        }
        if (expert(state)) draw_assumption_additions(state, additions(report, "supuestos", id));
        if (!items(at(a, "curva")).empty()) {
            draw_curve(state, at(a, "curva"));
            report_source(state, "supuestos[" + id + "].curva");
        }
        if (at(a, "comparacion").is_object()) {
            draw_comparison(state, at(a, "comparacion"));
            report_source(state, "supuestos[" + id + "].comparacion");
        }
        ImGui::PopID();
    }
}

}  // namespace planlang::web
