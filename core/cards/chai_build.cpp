// The CHAI card's sections before and after KeyMetrics (site-and-cards.md §7.2, field → source table of
// §7.3). Every value comes through a LeafWriter, which records its document and pointer; sentences are ours,
// written per language.
#include <set>
#include <string>
#include <vector>

#include "core/cards/internal/chai_parts.hpp"
#include "core/report/words.hpp"
#include "core/run/reader.hpp"

namespace planlang::cards::internal {

namespace {

using json::array_items;

const json::Array& plan_list(const Docs& d, const char* key) {
    static const json::Array kNone;
    const json::Value* v = d.plan ? resolve(*d.plan, key_step(key)) : nullptr;
    return v ? array_items(*v) : kNone;
}

const json::Array& report_list(const Docs& d, const std::string& pointer) {
    static const json::Array kNone;
    const json::Value* v = d.informe ? resolve(*d.informe, pointer) : nullptr;
    return v ? array_items(*v) : kNone;
}

// "a, b y c" / "a, b and c".
std::string join_words(const std::vector<std::string>& items, report::Lang lang) {
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i > 0) out += i + 1 == items.size() ? pick(lang, " y ", " and ") : ", ";
        out += items[i];
    }
    return out;
}

// "a, b o c" / "a, b or c": any one of them.
std::string any_of_words(const std::vector<std::string>& items, report::Lang lang) {
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i > 0) out += i + 1 == items.size() ? pick(lang, " o ", " or ") : ", ";
        out += items[i];
    }
    return out;
}

std::string code(const std::string& s) { return "`" + s + "`"; }

// The label of the plan (its etiqueta_riesgo), or the report's label when the plan has none.
// A gap's category (traces-and-verifier.md §12) in words; an unknown code as written.
std::string gap_category(const std::string& code, report::Lang lang) {
    if (code == "evaluador") return internal::pick(lang, "evaluador", "evaluator");
    if (code == "error_proveedor") return internal::pick(lang, "error del proveedor", "provider error");
    if (code == "reintento_de_esquema") return internal::pick(lang, "reintento de esquema", "schema retry");
    return code;
}

std::string risk_label(LeafWriter& w) {
    if (!w.peek(Doc::plan, "/etiqueta_riesgo").is_null()) return w.text(Doc::plan, "/etiqueta_riesgo");
    return w.text(Doc::informe, "/etiqueta");
}

// A conditional edge of the plan as one line: "`desde` #orden: `senal` operador `valor` → `si_verdadero`".
std::string edge_line(LeafWriter& w, const std::string& p) {
    std::string line = code(w.value(Doc::plan, p + "/desde")) + " #" + w.value(Doc::plan, p + "/orden") + ": ";
    if (!w.peek(Doc::plan, p + "/senal").is_null()) {
        line += code(w.value(Doc::plan, p + "/senal")) + " " + w.value(Doc::plan, p + "/operador") + " " +
                code(w.value(Doc::plan, p + "/valor"));
    } else {
        std::vector<std::string> inputs;
        const json::Array& entradas = array_items(w.peek(Doc::plan, p + "/funcion/entradas"));
        for (std::size_t i = 0; i < entradas.size(); ++i)
            inputs.push_back(w.value(Doc::plan, p + "/funcion/entradas" + index_step(i)));
        line += code(w.value(Doc::plan, p + "/funcion/nombre")) + "(";
        for (std::size_t i = 0; i < inputs.size(); ++i) line += (i ? ", " : "") + inputs[i];
        line += ")";
    }
    return line + " → " + code(w.value(Doc::plan, p + "/si_verdadero"));
}

}  // namespace

ChaiElement basic_info(const Docs& docs, report::Lang lang) {
    LeafWriter w(docs, lang);
    std::vector<ChaiElement> out;
    w.put(w.text(Doc::plan, "/nombre")).put(" · ").put(w.value(Doc::plan, "/id"));
    out.push_back(w.leaf("ModelName", Origin::derivado));
    w.put(w.text(Doc::declarado, "/desarrollador"));
    out.push_back(w.leaf("ModelDeveloper", Origin::declarado));
    w.put(w.text(Doc::declarado, "/contacto"));
    out.push_back(w.leaf("DeveloperContact", Origin::declarado));
    return section("BasicInfo", std::move(out));
}

ChaiElement release_info(const Docs& docs, report::Lang lang) {
    LeafWriter w(docs, lang);
    std::vector<ChaiElement> out;

    const std::string estado = w.value(Doc::plan, "/estado_aprobacion");
    if (estado == "aprobado") w.say("Plan aprobado", "Approved plan");
    else w.say("Plan en borrador", "Draft plan");
    w.put(" (").put(code("estado_aprobacion: " + estado)).put("). ");
    w.say("Simulación sintética, no operativa: ", "Synthetic simulation, not operational: ").put(risk_label(w));
    out.push_back(w.leaf("ReleaseStage", Origin::derivado));

    if (!w.peek(Doc::plan, "/aprobado_el").is_null()) {
        w.put(w.value(Doc::plan, "/aprobado_el")).say(" (aprobación del plan); informe de verificación del ", " (plan approval); verification report of ");
    } else {
        w.say("Plan sin fecha de aprobación; informe de verificación del ", "Plan with no approval date; verification report of ");
    }
    w.put(w.value(Doc::informe, "/fecha")).put(".");
    out.push_back(w.leaf("ReleaseDate", Origin::derivado));

    w.put(w.value(Doc::plan, "/version")).say(" · huella del plan ", " · plan fingerprint ").put(short_huella(w.value(Doc::plan, "/huella")));
    out.push_back(w.leaf("ReleaseVersion", Origin::derivado));

    w.say("No aplica — no se ofrece como servicio en ninguna jurisdicción: es una vitrina sin conexión. ",
          "Not applicable — not offered as a service in any jurisdiction: an offline showcase. ")
        .put(risk_label(w));
    out.push_back(w.leaf("GlobalAvailability", Origin::no_aplica));

    // EHRCompatibility (v0.2, optional) is left out: "no EHR integration" is said under the limitations.
    // The risk label is a sentence that may end with its own full stop: never two.
    const std::string label = risk_label(w);
    const bool stopped = !label.empty() && label.back() == '.';
    w.say("Ninguna buscada ni obtenida. Restricciones regulatorias consideradas (nunca aprobaciones): ",
          "None sought or obtained. Regulatory constraints considered (never approvals): ")
        .put(label);
    std::vector<std::string> legal;
    const json::Array& risks = plan_list(docs, "riesgos");
    for (std::size_t i = 0; i < risks.size(); ++i) {
        if (!(json::member_or_null(risks[i], "control_legal") == json::Value(true))) continue;
        const std::string p = "/riesgos" + index_step(i);
        w.read(Doc::plan, p + "/control_legal");
        legal.push_back(w.value(Doc::plan, p + "/id") + " (" + w.text(Doc::plan, p + "/modo") + ")");
    }
    if (!legal.empty()) w.say(stopped ? " Controles legales del plan: " : ". Controles legales del plan: ", stopped ? " The plan's legal controls: " : ". The plan's legal controls: ").put(join_words(legal, lang)).put(".");
    else if (!stopped) w.put(".");
    out.push_back(w.leaf("RegulatoryApproval", Origin::derivado));
    return section("ReleaseInfo", std::move(out));
}

ChaiElement model_summary(const Docs& docs, report::Lang lang) {
    LeafWriter w(docs, lang);
    std::vector<ChaiElement> out;
    w.put(w.text(Doc::plan, "/problema"));
    const std::size_t steps = plan_list(docs, "flujo_objetivo").size();
    w.say("\n\nFlujo objetivo del plan en ", "\n\nThe plan's target workflow in ").put(std::to_string(steps));
    w.say(" pasos (ver IntendedUseAndWorkflow): ", " steps (see IntendedUseAndWorkflow): ");
    w.put(w.text(Doc::plan, "/flujo_objetivo/0"));
    out.push_back(w.leaf("Summary", Origin::derivado));

    std::vector<ChaiElement> keywords;
    w.put(w.value(Doc::plan, "/dominio_id"));
    keywords.push_back(w.leaf("Keyword", Origin::derivado));
    std::set<std::string> seen;
    const json::Array& nodes = array_items(w.peek(Doc::plan, "/contrato_de_grafo/nodos_esperados"));
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        const json::Value& tipo = json::member_or_null(nodes[i], "tipo");
        if (!tipo.is_string() || !seen.insert(tipo.as_string()).second) continue;
        w.put(report::enum_word_or_key("nodo", w.value(Doc::plan, "/contrato_de_grafo/nodos_esperados" + index_step(i) + "/tipo"), lang));
        keywords.push_back(w.leaf("Keyword", Origin::derivado));
    }
    out.push_back(section("Keywords", std::move(keywords)));
    return section("ModelSummary", std::move(out));
}

ChaiElement uses_and_directions(const Docs& docs, report::Lang lang) {
    LeafWriter w(docs, lang);
    std::vector<ChaiElement> out;
    const std::string cg = "/contrato_de_grafo";

    // IntendedUseAndWorkflow: target workflow, expected nodes, conditional edges, human pauses.
    w.say("Flujo objetivo:", "Target workflow:");
    const std::size_t steps = plan_list(docs, "flujo_objetivo").size();
    for (std::size_t i = 0; i < steps; ++i) w.put("\n" + std::to_string(i + 1) + ". " + w.text(Doc::plan, "/flujo_objetivo" + index_step(i)));
    w.say("\n\nNodos esperados (id, tipo): ", "\n\nExpected nodes (id, type): ");
    const json::Array& nodes = array_items(w.peek(Doc::plan, cg + "/nodos_esperados"));
    std::vector<std::string> node_words;
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        const std::string p = cg + "/nodos_esperados" + index_step(i);
        node_words.push_back(code(w.value(Doc::plan, p + "/id")) + " (" + report::enum_word_or_key("nodo", w.value(Doc::plan, p + "/tipo"), lang) + ")");
    }
    w.put(join_words(node_words, lang)).put(".");
    w.say("\n\nAristas condicionales (en orden; la primera que se cumple decide):", "\n\nConditional edges (in order; the first one met decides):");
    const json::Array& edges = array_items(w.peek(Doc::plan, cg + "/aristas_condicionales"));
    for (std::size_t i = 0; i < edges.size(); ++i) w.put("\n- " + edge_line(w, cg + "/aristas_condicionales" + index_step(i)));
    const json::Value& defaults = w.peek(Doc::plan, cg + "/ramas_por_defecto");
    if (defaults.is_object() && !defaults.as_object().empty()) {
        w.say("\n\nRamas por defecto: ", "\n\nDefault branches: ");
        std::vector<std::string> words;
        for (const json::Member& m : defaults.as_object())
            words.push_back(code(m.key) + " → " + code(w.value(Doc::plan, cg + "/ramas_por_defecto" + key_step(m.key))));
        w.put(join_words(words, lang)).put(".");
    }
    const json::Array& pauses = array_items(w.peek(Doc::plan, cg + "/pausas_humanas"));
    for (std::size_t i = 0; i < pauses.size(); ++i) {
        const std::string p = cg + "/pausas_humanas" + index_step(i);
        w.say("\n\nPausa humana en ", "\n\nHuman pause at ").put(code(w.value(Doc::plan, p + "/nodo")));
        w.say(", rol ", ", role ").put(code(w.value(Doc::plan, p + "/rol")));
        w.say("; la persona recibe como mínimo: ", "; the person receives at least: ");
        std::vector<std::string> keys;
        const json::Array& payload = array_items(w.peek(Doc::plan, p + "/payload_minimo"));
        for (std::size_t k = 0; k < payload.size(); ++k) keys.push_back(code(w.value(Doc::plan, p + "/payload_minimo" + index_step(k))));
        w.put(join_words(keys, lang)).put(".");
    }
    out.push_back(w.leaf("IntendedUseAndWorkflow", Origin::derivado));

    // PrimaryIntendedUsers: the plan's human actors; in this run they are simulated.
    w.say("Actores humanos del plan:", "The plan's human actors:");
    const json::Array& actors = plan_list(docs, "actores");
    for (std::size_t i = 0; i < actors.size(); ++i) {
        if (!(json::member_or_null(actors[i], "tipo") == json::Value("humano"))) continue;
        const std::string p = "/actores" + index_step(i);
        w.read(Doc::plan, p + "/tipo");
        w.put("\n- ").put(w.value(Doc::plan, p + key_step(lang_key(lang)))).put(" (").put(code(w.value(Doc::plan, p + "/id"))).put(")");
        if (json::member_or_null(actors[i], "rol_en_pausa") == json::Value(true)) {
            w.read(Doc::plan, p + "/rol_en_pausa");
            w.say(", decide en la pausa humana", ", decides at the human pause");
        }
    }
    w.say("\n\nEn esta corrida las decisiones humanas son simuladas. ", "\n\nIn this run the human decisions are simulated. ")
        .put(w.text(Doc::corrida, "/revisor_simulado"));
    out.push_back(w.leaf("PrimaryIntendedUsers", Origin::derivado));

    // HowToUse: the reproducibility steps, with this run's files (layout of decisions.md C5).
    const std::string plan_file = w.value(Doc::corrida, "/plan/archivo");
    const std::string batch_file = w.value(Doc::corrida, "/casos/archivo");
    // The world `generate` and `simulate` read, under the manifest's own key.
    std::string world_file;
    for (const run::WorldKey& key : run::world_keys()) {
        const std::string at = "/" + std::string(key.clave);
        if (world_file.empty() && !w.peek(Doc::corrida, at).is_null()) world_file = w.value(Doc::corrida, at + "/archivo");
    }
    const bool world = !world_file.empty();
    const std::string run_dir = "synthetic/runs/" + w.value(Doc::corrida, "/demo_id") + "/" + w.value(Doc::corrida, "/corrida_id");
    w.say("Pasos para repetir la corrida y su informe, sin red ni claves:", "Steps to repeat the run and its report, with no network and no keys:");
    w.say("\n1. Validar el plan: ", "\n1. Validate the plan: ").put(code("planlang check " + plan_file));
    w.say("\n2. Generar el lote: ", "\n2. Generate the batch: ")
        .put(code("planlang generate --plan " + plan_file + (world ? " --world " + world_file : std::string()) + " --seed " +
                  w.value(Doc::corrida, "/casos/semilla") + " --n " + w.value(Doc::corrida, "/casos/n_lote") + " -o " + batch_file));
    w.say("\n3. Correr el agente simulado: ", "\n3. Run the simulated agent: ")
        .put(code("planlang simulate --plan " + plan_file + " --batch " + batch_file + (world ? " --world " + world_file : std::string()) +
                  " --variant " + w.value(Doc::corrida, "/variante") + " --date " + w.value(Doc::corrida, "/fecha") + " -o " + run_dir));
    std::string verify = "planlang verify " + run_dir;
    for (std::size_t i = 0; i < report_list(docs, "/ficha_reproducibilidad/repeticiones").size(); ++i)
        verify += " --rep synthetic/runs/" + w.value(Doc::corrida, "/demo_id") + "/" +
                  w.value(Doc::informe, "/ficha_reproducibilidad/repeticiones" + index_step(i) + "/corrida_id");
    if (!w.peek(Doc::informe, "/ficha_reproducibilidad/linea_base").is_null())
        verify += " --base synthetic/runs/" + w.value(Doc::corrida, "/demo_id") + "/" +
                  w.value(Doc::informe, "/ficha_reproducibilidad/linea_base/corrida_id");
    w.say("\n4. Verificar las trazas y escribir el informe: ", "\n4. Verify the traces and write the report: ").put(code(verify));
    w.say("\n5. Escribir esta ficha: ", "\n5. Write this card: ").put(code("planlang card " + run_dir + " --kind chai"));
    out.push_back(w.leaf("HowToUse", Origin::derivado));

    w.say("No aplica — solo casos sintéticos, ninguna persona real: lote ", "Not applicable — synthetic cases only, no real person: batch ")
        .put(code(w.value(Doc::corrida, "/casos/id")));
    w.say(", semilla ", ", seed ").put(code(w.value(Doc::corrida, "/casos/semilla")));
    w.put(", n = ").put(w.value(Doc::corrida, "/casos/n_lote")).put(".");
    out.push_back(w.leaf("TargetedPatientPopulation", Origin::no_aplica));

    // CautionedOutOfScopeSettings: what it never does (the plan's legal-control risks, as the Agente screen
    // lists them) and the failure modes of severity ≥ 9.
    w.say("Cualquier uso operativo o con personas reales: ", "Any operational use or use with real people: ").put(w.text(Doc::informe, "/etiqueta")).put(".");
    const json::Array& risks = plan_list(docs, "riesgos");
    bool any = false;
    for (std::size_t i = 0; i < risks.size(); ++i) {
        if (!(json::member_or_null(risks[i], "control_legal") == json::Value(true))) continue;
        if (!any) w.say("\n\nLo que el agente nunca hace (riesgos del plan con control legal):", "\n\nWhat the agent never does (the plan's risks under legal control):");
        any = true;
        const std::string p = "/riesgos" + index_step(i);
        w.read(Doc::plan, p + "/control_legal");
        w.put("\n- ").put(w.value(Doc::plan, p + "/id")).put(": ").put(w.text(Doc::plan, p + "/modo"));
    }
    any = false;
    for (std::size_t i = 0; i < risks.size(); ++i) {
        const json::Value& s = json::member_or_null(risks[i], "severidad");
        if (!s.is_number() || s.as_number() < 9) continue;
        if (!any) w.say("\n\nModos de falla de severidad 9 o más:", "\n\nFailure modes of severity 9 or more:");
        any = true;
        const std::string p = "/riesgos" + index_step(i);
        w.put("\n- ").put(w.value(Doc::plan, p + "/id")).put(" (S").put(w.value(Doc::plan, p + "/severidad")).put("): ");
        w.put(w.text(Doc::plan, p + "/modo"));
    }
    out.push_back(w.leaf("CautionedOutOfScopeSettings", Origin::derivado));
    return section("UsesAndDirections", std::move(out));
}

ChaiElement warnings(const Docs& docs, report::Lang lang) {
    LeafWriter w(docs, lang);
    std::vector<ChaiElement> out;

    // KnownRisksAndLimitations.
    w.say("Riesgos del plan medidos en las trazas (S·O·D, detector, estado en el informe):",
          "The plan's risks measured in the traces (S·O·D, detector, state in the report):");
    const json::Array& risks = report_list(docs, "/riesgos");
    for (std::size_t i = 0; i < risks.size(); ++i) {
        const std::string p = "/riesgos" + index_step(i);
        w.put("\n- ").put(w.value(Doc::informe, p + "/id")).put(" ").put(w.text(Doc::informe, p + "/modo")).put(" · S·O·D ");
        w.put(w.value(Doc::informe, p + "/severidad")).put("·").put(w.value(Doc::informe, p + "/ocurrencia")).put("·");
        w.put(w.value(Doc::informe, p + "/deteccion")).put(" · ");
        if (w.peek(Doc::informe, p + "/tipo_detector").is_null()) {
            w.say("sin detector en las trazas", "no detector in the traces");
        } else {
            w.say("detector ", "detector ").put(report::enum_word_or_key("detector", w.value(Doc::informe, p + "/tipo_detector"), lang));
            w.say(", ocurre si ", ", occurs if ");
            w.put(w.value(Doc::informe, p + "/ocurre_si")).say(", valor ", ", value ");
            const json::Value& valor = w.read(Doc::informe, p + "/valor");
            w.put(valor.is_null() ? pick(lang, "sin valor", "no value") : plain(valor));
            w.put(" (n = ").put(w.value(Doc::informe, p + "/n_poblacion")).put(")");
        }
        w.put(" · ").put(risk_state(w.value(Doc::informe, p + "/estado"), lang));
    }
    std::vector<std::string> undetectable;
    const json::Array& plan_risks = plan_list(docs, "riesgos");
    for (std::size_t i = 0; i < plan_risks.size(); ++i) {
        const std::string p = "/riesgos" + index_step(i);
        if (!w.read(Doc::plan, p + "/detector_en_trazas").is_null()) continue;
        undetectable.push_back(w.value(Doc::plan, p + "/id") + ": " + w.text(Doc::plan, p + "/no_detectable_en_trazas"));
    }
    if (undetectable.empty()) {
        w.say("\n\nTodos los riesgos del plan tienen detector en las trazas.", "\n\nEvery risk of the plan has a detector in the traces.");
    } else {
        w.say("\n\nRiesgos que las trazas no pueden mostrar:", "\n\nRisks the traces cannot show:");
        for (const std::string& u : undetectable) w.put("\n- " + u);
    }

    const json::Array& gaps = report_list(docs, "/brechas_no_previstas/brechas");
    w.say("\n\nBrechas no previstas: ", "\n\nUnforeseen gaps: ").put(std::to_string(gaps.size()));
    for (std::size_t i = 0; i < gaps.size(); ++i) {
        const std::string p = "/brechas_no_previstas/brechas" + index_step(i);
        w.put(i == 0 ? " (" : ", ").put(w.value(Doc::informe, p + "/caso_id")).put(" ").put(gap_category(w.value(Doc::informe, p + "/categoria"), lang));
        if (!w.peek(Doc::informe, p + "/evaluador").is_null()) w.put(" ").put(code(w.value(Doc::informe, p + "/evaluador")));
        if (i + 1 == gaps.size()) w.put(")");
    }
    w.put(".");

    const json::Array& assumptions = report_list(docs, "/supuestos");
    bool any = false;
    for (std::size_t i = 0; i < assumptions.size(); ++i) {
        const std::string p = "/supuestos" + index_step(i);
        const json::Value& estado = json::member_or_null(assumptions[i], "estado");
        if (!(estado == json::Value("refutado") || estado == json::Value("sin_probar"))) continue;
        if (!any) w.say("\n\nSupuestos refutados o sin probar:", "\n\nRefuted or untested assumptions:");
        any = true;
        w.put("\n- ").put(w.value(Doc::informe, p + "/id")).put(" (").put(assumption_state(w.value(Doc::informe, p + "/estado"), lang));
        w.put(", n = ").put(w.value(Doc::informe, p + "/n")).put("): ").put(w.text(Doc::informe, p + "/enunciado"));
    }

    const json::Array& alerts = report_list(docs, "/veredicto/alertas");
    const json::Array& blocking = report_list(docs, "/veredicto/bloqueantes");
    w.say("\n\nVeredicto del informe: ", "\n\nThe report's verdict: ").put(code(w.value(Doc::informe, "/veredicto/valor"))).put(".");
    for (std::size_t i = 0; i < blocking.size(); ++i)
        w.say("\n- Bloquea: ", "\n- Blocking: ").put(w.text(Doc::informe, "/veredicto/bloqueantes" + index_step(i)));
    for (std::size_t i = 0; i < alerts.size(); ++i)
        w.say("\n- Alerta: ", "\n- Alert: ").put(w.text(Doc::informe, "/veredicto/alertas" + index_step(i)));

    const json::Array& limits = report_list(docs, "/playground/limites");
    if (!limits.empty()) w.say("\n\nLímites del playground:", "\n\nLimits of the playground:");
    for (std::size_t i = 0; i < limits.size(); ++i) w.put("\n- ").put(w.text(Doc::informe, "/playground/limites" + index_step(i)));

    w.say("\n\nEl revisor humano es simulado. ", "\n\nThe human reviewer is simulated. ").put(w.text(Doc::corrida, "/revisor_simulado"));
    w.say("\n\nSin integración con historias clínicas electrónicas (EHR): la aplicación solo lee archivos locales verificados.",
          "\n\nNo integration with electronic health records (EHR): the application reads local verified files only.");
    out.push_back(w.leaf("KnownRisksAndLimitations", Origin::derivado));

    // KnownBiasesOrEthicalConsiderations: assumptions about the data; subgroups.
    w.say("Supuestos del plan sobre los datos y el modelo, con su estado en el informe:",
          "The plan's assumptions about the data and the model, with their state in the report:");
    for (std::size_t i = 0; i < assumptions.size(); ++i) {
        const std::string p = "/supuestos" + index_step(i);
        w.put("\n- ").put(w.value(Doc::informe, p + "/id")).put(" (").put(assumption_state(w.value(Doc::informe, p + "/estado"), lang));
        w.put(", n = ").put(w.value(Doc::informe, p + "/n")).put("): ").put(w.text(Doc::informe, p + "/enunciado"));
    }
    const std::vector<std::size_t> fair = fairness_criteria(docs);
    std::vector<std::string> keys;
    const json::Array& declared_keys = array_items(w.peek(Doc::declarado, "/claves_de_subgrupo"));
    for (std::size_t i = 0; i < declared_keys.size(); ++i) keys.push_back(code(w.value(Doc::declarado, "/claves_de_subgrupo" + index_step(i))));
    if (fair.empty()) {
        w.say("\n\nNingún criterio del plan se mide por subgrupo o por idioma", "\n\nNo criterion of the plan is measured per subgroup or per locale");
        if (!keys.empty()) w.say(" (ninguna población lee ", " (no population reads ").put(any_of_words(keys, lang)).put(")");
        w.say(": no hay análisis por subgrupo, y las cifras agregadas no se presentan como tal.",
              ": there is no subgroup analysis, and aggregate figures are not presented as one.");
        const json::Array& criteria = plan_list(docs, "criterios_aceptacion");
        for (std::size_t i = 0; i < criteria.size(); ++i) w.read(Doc::plan, "/criterios_aceptacion" + index_step(i) + "/regla_de_medicion/poblacion");
    } else {
        w.say("\n\nCriterios medidos por subgrupo o idioma (ver FairnessEquity): ", "\n\nCriteria measured per subgroup or locale (see FairnessEquity): ");
        std::vector<std::string> ids;
        for (std::size_t i : fair) ids.push_back(w.value(Doc::plan, "/criterios_aceptacion" + index_step(i) + "/id"));
        w.put(join_words(ids, lang)).put(".");
    }
    out.push_back(w.leaf("KnownBiasesOrEthicalConsiderations", Origin::derivado));

    w.say("No aplica — no es un dispositivo médico: ", "Not applicable — not a medical device: ").put(risk_label(w));
    out.push_back(w.leaf("ClinicalRiskLevel", Origin::no_aplica));
    return section("Warnings", std::move(out));
}

}  // namespace planlang::cards::internal
