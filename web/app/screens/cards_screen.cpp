// Screen 7, Fichas (site-and-cards.md §2, §5): the reproducibility card of the run on screen, from the
// report's `ficha_reproducibilidad` and the run's manifest: plan, batch, run, graph, repetitions, baseline
// with their fingerprints; environment; applied against plan thresholds; the simulated reviewer; verifier and
// report fingerprint; and, for the expert, the commands that rebuild the run and its report (native/README.md,
// spec/cli.md), every argument taken from the report, the manifest or the batch. The showcase and CHAI model
// cards (§6, §7) come later; the screen says so.
#include <string>
#include <vector>

#include "core/verify/verifier.hpp"
#include "imgui.h"
#include "web/app/screens/screen_parts.hpp"
#include "web/app/ui_common.hpp"
#include "web/app/views.hpp"

namespace planlang::web {

namespace {

// "synthetic/runs/demo-a/demo-a-20" → "synthetic/runs/demo-a": repetitions and baselines are the run
// folder's siblings named by their run id (traces-and-verifier.md §1).
std::string parent_of(const std::string& folder) {
    const std::size_t slash = folder.find_last_of('/');
    return slash == std::string::npos ? std::string() : folder.substr(0, slash);
}

std::string sibling(const std::string& folder, const std::string& run_id) {
    const std::string parent = parent_of(folder);
    return parent.empty() ? run_id : parent + "/" + run_id;
}

// A shell word: quoted when it holds anything but plain path characters.
std::string word(const std::string& s) {
    for (char c : s)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '/' || c == '.' || c == '-' || c == '_' || c == '^')) return "'" + s + "'";
    return s.empty() ? std::string("''") : s;
}

struct Command {
    const char* what;  // catalogue key of the step
    std::string line;
};

// validate plan → generate batch → simulate (main, repetitions, baseline) → verify → the report's fingerprint.
std::vector<Command> reproduction_commands(const Session& s) {
    const json::Value& f = at(s.report(), "ficha_reproducibilidad");
    const json::Value& manifest = s.run_header().manifest;
    const json::Value &casos = at(f, "casos"), &corrida = at(f, "corrida");
    const std::string verified_plan = str(at(f, "plan"), "archivo");
    const std::string run_plan = str(at(manifest, "plan"), "archivo").empty() ? verified_plan : str(at(manifest, "plan"), "archivo");
    const std::string world = s.inputs().world ? s.inputs().world->archivo : std::string();
    const std::string batch = str(casos, "archivo");
    const std::string folder = s.folder();
    std::vector<Command> out;
    out.push_back({"fichas.cmd_validar", "planlang validate " + word(verified_plan)});
    out.push_back({"fichas.cmd_comprobar", "planlang check " + word(verified_plan)});
    std::string generate = "planlang generate --plan " + word(run_plan) + (world.empty() ? "" : " --world " + word(world)) + " --seed " +
                           word(str(casos, "semilla")) + " --n " + report_number(at(casos, "n_lote"), Language::en);
    const std::string& receta = str(s.inputs().batch.document, "receta");
    if (!receta.empty() && receta != "estandar") generate += " --receta " + word(receta);
    generate += " --id " + word(str(casos, "id")) + " -o " + word(batch);
    out.push_back({"fichas.cmd_generar", generate});
    const std::string simulate = "planlang simulate --plan " + word(run_plan) + " --batch " + word(batch) + (world.empty() ? "" : " --world " + word(world));
    const std::string date = " --date " + word(str(corrida, "fecha"));
    out.push_back({"fichas.cmd_simular", simulate + " --variant " + word(str(corrida, "variante")) + date + " -o " + word(folder)});
    std::string verify = "planlang verify " + word(folder);
    for (const json::Value& rep : items(at(f, "repeticiones"))) {
        const std::string& id = str(rep, "corrida_id");
        const std::size_t r = id.rfind("-r");  // `simulate --repeat R` names the run "<id>-r<R>" (cmd_simulate.cpp)
        const std::string repeat = r == std::string::npos ? std::string("?") : id.substr(r + 2);
        out.push_back({"fichas.cmd_repeticion", simulate + " --variant " + word(str(corrida, "variante")) + " --repeat " + word(repeat) + date + " -o " +
                                                     word(sibling(folder, id))});
        verify += " --rep " + word(sibling(folder, id));
    }
    const json::Value& base = at(f, "linea_base");
    if (base.is_object()) {
        const auto& contract = s.plan().contrato_de_grafo.linea_base;
        const std::string variant = contract && contract->agente_unico ? "agente_unico" : str(corrida, "variante");
        out.push_back({"fichas.cmd_base", simulate + " --variant " + variant + date + " -o " + word(sibling(folder, str(base, "corrida_id")))});
        verify += " --base " + word(sibling(folder, str(base, "corrida_id")));
    }
    if (run_plan != verified_plan) verify += " --plan " + word(verified_plan);
    out.push_back({"fichas.cmd_verificar", verify});
    out.push_back({"fichas.cmd_huella", "planlang fingerprint " + word(folder + "/informe.json") + " --check"});
    return out;
}

void row(const AppState& state, const char* what, const std::string& id, const std::string& version, const std::string& huella,
         const std::string& detail, const std::string& source) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    wrapped(state.t(what));
    ImGui::TableNextColumn();
    wrapped(id.empty() ? "—" : id);
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(version.empty() ? "—" : version.c_str());
    ImGui::TableNextColumn();
    wrapped(fingerprint(state, huella));
    ImGui::TableNextColumn();
    wrapped(detail);
    if (expert(state)) wrapped_muted("[informe.json · ficha_reproducibilidad." + source + "]");
}

void draw_identity(const AppState& state, const json::Value& f) {
    section_title(state.t("fichas.identidad"));
    if (!begin_table("identidad", 5)) return;
    setup_columns({{state.t("fichas.col_que"), 0.9f}, {state.t("fichas.col_id"), 0.9f}, {state.t("fichas.col_version"), 0},
                   {state.t("fichas.col_huella"), 1.3f}, {state.t("fichas.col_detalle"), 2.0f}});
    const json::Value &plan = at(f, "plan"), &casos = at(f, "casos"), &corrida = at(f, "corrida");
    const std::string& plan_huella = str(plan, "huella");
    row(state, "fichas.plan_verificado", str(plan, "id"), str(plan, "version"), plan_huella, str(plan, "archivo"), "plan");
    const json::Value& ran = at(corrida, "plan_de_ejecucion");
    if (str(ran, "huella") == plan_huella)
        row(state, "fichas.plan_ejecutado", str(plan, "id"), str(ran, "version"), str(ran, "huella"), state.t("fichas.mismo_plan"), "corrida.plan_de_ejecucion");
    else
        row(state, "fichas.plan_ejecutado", "", str(ran, "version"), str(ran, "huella"), state.t("fichas.otro_plan"), "corrida.plan_de_ejecucion");
    const json::Value& gen = at(casos, "plan_de_generacion");
    row(state, "fichas.lote", str(casos, "id"), "", str(casos, "huella"),
        fill(state.t("fichas.lote_detalle"), {str(casos, "semilla"), report_number(at(casos, "n_lote"), state.language), str(gen, "version"),
                                              str(gen, "huella") == plan_huella ? state.t("fichas.el_verificado") : state.t("fichas.otro")}) +
            " · " + str(casos, "archivo"),
        "casos");
    row(state, "fichas.corrida", str(corrida, "id"), "", str(corrida, "huella"),
        fill(state.t("fichas.corrida_detalle"), {str(corrida, "fecha"), enum_word(state, "proveedor", str(corrida, "proveedor")), enum_word(state, "proveedor", str(corrida, "modelo")),
                                                 enum_word(state, "variante", str(corrida, "variante"))}),
        "corrida");
    row(state, "fichas.grafo", "", "", str(corrida, "version_grafo"), state.t("fichas.grafo_detalle"), "corrida.version_grafo");
    const json::Array& reps = items(at(f, "repeticiones"));
    if (reps.empty()) row(state, "fichas.repeticiones", "", "", "", state.t("fichas.sin_repeticiones"), "repeticiones");
    for (const json::Value& r : reps) row(state, "fichas.repeticion", str(r, "corrida_id"), "", str(r, "huella"), state.t("fichas.repeticion_detalle"), "repeticiones");
    const json::Value& base = at(f, "linea_base");
    if (base.is_object()) row(state, "fichas.linea_base", str(base, "corrida_id"), "", str(base, "huella"), state.t("fichas.linea_base_detalle"), "linea_base");
    else row(state, "fichas.linea_base", "", "", "", state.t("fichas.sin_linea_base"), "linea_base");
    ImGui::EndTable();
}

void draw_counts_and_environment(const AppState& state, const json::Value& f) {
    const json::Value& corrida = at(f, "corrida");
    section_title(state.t("fichas.ejecucion"));
    wrapped(fill(state.t("fichas.ejecucion_frase"),
                 {report_number(at(corrida, "sesiones"), state.language), report_number(at(corrida, "casos_ejecutados"), state.language),
                  report_number(at(corrida, "casos_con_error"), state.language), report_number(at(corrida, "limites_alcanzados"), state.language)}));
    expert_source(state, "informe.json · ficha_reproducibilidad.corrida");
    section_title(state.t("fichas.entorno"));
    field(state.t("fichas.entorno_app"), fill(state.t("fichas.entorno_app_valor"), {verify::kVersion, __VERSION__, IMGUI_VERSION}));
    const bool simulated = str(corrida, "proveedor") == "simulado";
    wrapped_muted(state.t(simulated ? "fichas.entorno_simulado" : "fichas.entorno_real"));
}

void draw_thresholds(const AppState& state, const json::Value& f) {
    section_title(state.t("fichas.umbrales"));
    const json::Value &applied = at(f, "umbrales_aplicados"), &planned = at(f, "umbrales_del_plan");
    if (!ImGui::BeginTable("umbrales", 4, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingStretchSame, ImVec2(620.0f, 0)))
        return;
    setup_columns({{state.t("fichas.col_umbral"), 1}, {state.t("fichas.col_del_plan"), 1}, {state.t("fichas.col_aplicado"), 1}, {"", 1.2f}});
    int differ = 0;
    auto value = [&](const json::Value& v) {
        return v.is_bool() ? std::string(state.t(v.as_bool() ? "plan.activado" : "plan.desactivado")) : report_number(v, state.language);
    };
    if (planned.is_object()) {
        for (const json::Member& m : planned.as_object()) {
            const json::Value& a = at(applied, m.key);
            const bool same = a == m.value;
            differ += same ? 0 : 1;
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(m.key.c_str());
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(value(m.value).c_str());
            ImGui::TableNextColumn();
            ImGui::TextColored(same ? ImGui::GetStyleColorVec4(ImGuiCol_Text) : colour::kBad, "%s", value(a).c_str());
            ImGui::TableNextColumn();
            if (same) ImGui::TextColored(colour::kGood, "%s", state.t("fichas.igual"));
            else badge(state.t("fichas.distinto"), colour::kBad);
        }
    }
    ImGui::EndTable();
    wrapped_muted(state.t(differ ? "fichas.umbrales_distintos" : "fichas.umbrales_iguales"));
    expert_source(state, "informe.json · ficha_reproducibilidad.umbrales_aplicados, umbrales_del_plan");
}

void draw_reviewer_and_verifier(const AppState& state, const json::Value& report, const json::Value& f) {
    section_title(state.t("fichas.revisor"));
    wrapped(pick_json(at(f, "revisor_simulado"), state.language));
    expert_source(state, "informe.json · ficha_reproducibilidad.revisor_simulado");
    section_title(state.t("fichas.verificador"));
    const json::Value& v = at(f, "verificador");
    field(state.t("fichas.version_formato"), str(v, "version") + " · " + str(v, "formato"));
    field(state.t("fichas.huella_informe"), fingerprint(state, str(report, "huella")));
    expert_source(state, "informe.json · huella");
}

void draw_commands(AppState& state) {
    section_title(state.t("fichas.comandos"));
    wrapped_muted(state.t("fichas.comandos_nota"));
    const std::vector<Command> commands = reproduction_commands(state.session);
    std::string all;
    for (const Command& c : commands) all += "# " + std::string(state.t(c.what)) + "\n" + c.line + "\n";
    if (ImGui::SmallButton(state.t("fichas.copiar"))) {
        ImGui::SetClipboardText(all.c_str());
        state.status_line = state.t("fichas.copiado");
    }
    state.remember_control("copiar_comandos");
    ImGui::PushStyleColor(ImGuiCol_ChildBg, colour::kPanel);
    const float line = ImGui::GetTextLineHeightWithSpacing();
    float height = 16.0f;
    for (const Command& c : commands) {
        const float w = ImGui::GetContentRegionAvail().x - 24.0f;
        height += line + ImGui::CalcTextSize(c.line.c_str(), nullptr, false, w).y + 4.0f;
    }
    ImGui::BeginChild("comandos", ImVec2(0.0f, height), true, ImGuiWindowFlags_NoScrollbar);
    for (const Command& c : commands) {
        ImGui::TextColored(colour::kMuted, "# %s", state.t(c.what));
        wrapped(c.line);
    }
    ImGui::EndChild();
    ImGui::PopStyleColor();
    wrapped(fill(state.t("fichas.byte_a_byte"), {state.session.folder(), str(state.session.report(), "huella")}));
}

}  // namespace

void draw_cards_screen(AppState& state) {
    const json::Value& report = state.session.report();
    const json::Value& f = at(report, "ficha_reproducibilidad");
    ImGui::SetWindowFontScale(1.25f);
    ImGui::TextUnformatted(fill(state.t("fichas.titulo"), {str(report, "corrida_id")}).c_str());
    ImGui::SetWindowFontScale(1.0f);
    wrapped_muted(state.t("fichas.que_es"));
    draw_identity(state, f);
    draw_counts_and_environment(state, f);
    draw_thresholds(state, f);
    draw_reviewer_and_verifier(state, report, f);
    if (expert(state)) draw_commands(state);
    section_title(state.t("fichas.otras"));
    wrapped_muted(state.t("fichas.otras_pendientes"));
}

}  // namespace planlang::web
