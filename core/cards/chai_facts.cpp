// The CHAI card's TrustIngredients, Resources and Bibliography (site-and-cards.md §7.2, §7.3).
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "core/cards/internal/chai_parts.hpp"
#include "core/report/words.hpp"
#include "core/run/reader.hpp"

namespace planlang::cards::internal {

namespace {

using json::array_items;

std::string code(const std::string& s) { return "`" + s + "`"; }

std::string join_words(const std::vector<std::string>& items, report::Lang lang) {
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i > 0) out += i + 1 == items.size() ? pick(lang, " y ", " and ") : ", ";
        out += items[i];
    }
    return out;
}

const std::string kContract = "/contrato_de_grafo";

ChaiElement ai_system_facts(const Docs& docs, report::Lang lang) {
    LeafWriter w(docs, lang);
    std::vector<ChaiElement> out;

    // OutcomesAndOutputs: where the edges and defaults lead, and how many cases went to a person.
    std::vector<std::string> targets;
    std::set<std::string> seen;
    const json::Array& edges = array_items(w.peek(Doc::plan, kContract + "/aristas_condicionales"));
    for (std::size_t i = 0; i < edges.size(); ++i) {
        const json::Value& t = json::member_or_null(edges[i], "si_verdadero");
        if (t.is_string() && seen.insert(t.as_string()).second)
            targets.push_back(code(w.value(Doc::plan, kContract + "/aristas_condicionales" + index_step(i) + "/si_verdadero")));
    }
    w.say("Destinos a los que llevan las aristas condicionales del plan: ", "Where the plan's conditional edges lead: ").put(join_words(targets, lang)).put(".");
    const json::Array& required_signals = array_items(w.peek(Doc::plan, kContract + "/senales_obligatorias_en_traza"));
    for (std::size_t i = 0; i < required_signals.size(); ++i) {
        if (!(required_signals[i] == json::Value("decision_final"))) continue;
        w.say(" Cada caso registra su decisión final en la señal ", " Each case records its final decision in signal ")
            .put(code(w.value(Doc::plan, kContract + "/senales_obligatorias_en_traza" + index_step(i)))).put(".");
    }
    w.say("\n\nEn esta corrida, ", "\n\nIn this run, ").put(w.value(Doc::informe, "/contrato_de_grafo/pausas/casos_con_pausa"));
    w.say(" de ", " of ").put(w.value(Doc::informe, "/ficha_reproducibilidad/corrida/casos_ejecutados"));
    w.say(" casos fueron a una persona (nodo ", " cases went to a person (node ").put(code(w.value(Doc::informe, "/contrato_de_grafo/pausas/nodo")));
    w.say(", rol ", ", role ").put(code(w.value(Doc::informe, "/contrato_de_grafo/pausas/rol")));
    w.say("; pausas registradas: ", "; pauses recorded: ").put(w.value(Doc::informe, "/contrato_de_grafo/pausas/pausas_registradas")).put(").");
    out.push_back(w.leaf("OutcomesAndOutputs", Origin::derivado));

    // ModelType: the node type mix.
    std::map<std::string, int> counts;
    std::vector<std::string> order;
    const json::Array& nodes = array_items(w.peek(Doc::plan, kContract + "/nodos_esperados"));
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        const std::string tipo = w.value(Doc::plan, kContract + "/nodos_esperados" + index_step(i) + "/tipo");
        if (counts[tipo]++ == 0) order.push_back(tipo);
    }
    std::vector<std::string> mix;
    for (const std::string& t : order) mix.push_back(std::to_string(counts[t]) + " " + code(t));
    w.say("Grafo de agentes (variante ", "Agent graph (variant ").put(code(w.value(Doc::corrida, "/variante"))).put("): ");
    w.put(std::to_string(nodes.size())).say(" nodos — ", " nodes — ").put(join_words(mix, lang)).put(".");
    out.push_back(w.leaf("ModelType", Origin::derivado));

    // FoundationModels: the run's provider and model; the plan's for its real batches.
    w.say("Esta corrida: proveedor ", "This run: provider ").put(code(w.value(Doc::corrida, "/proveedor")));
    w.say(", modelo ", ", model ").put(code(w.value(Doc::corrida, "/modelo"))).put(".");
    if (w.peek(Doc::corrida, "/modelo") == json::Value("simulado"))
        w.say(" Ningún modelo fundacional intervino: el agente es el simulado determinista de planlang.",
              " No foundation model took part: the agent is planlang's deterministic simulated one.");
    // A plan whose batches name the simulated provider has no real batch to speak of (the adherence coach).
    if (w.peek(Doc::plan, "/lotes/proveedor") == json::Value("simulado")) {
        w.say(" El plan no nombra un proveedor real: también sus lotes completos los corre el agente simulado (proveedor ",
              " The plan names no real provider: its full batches too are run by the simulated agent (provider ")
            .put(code(w.value(Doc::plan, "/lotes/proveedor")));
        w.say(", alias de modelo ", ", model alias ").put(code(w.value(Doc::plan, "/lotes/modelo_alias"))).put(").");
    } else {
        w.say(" El plan prevé para sus lotes reales (fuera de CI) el proveedor ", " For its real batches (outside CI) the plan names provider ")
            .put(code(w.value(Doc::plan, "/lotes/proveedor")));
        w.say(" con el alias de modelo ", " with model alias ").put(code(w.value(Doc::plan, "/lotes/modelo_alias"))).put(".");
    }
    out.push_back(w.leaf("FoundationModels", Origin::derivado));

    // InputDataSource: the synthetic batch and world.
    w.say("Lote sintético ", "Synthetic batch ").put(code(w.value(Doc::corrida, "/casos/id")));
    w.put(" (n = ").put(w.value(Doc::corrida, "/casos/n_lote")).say(", semilla ", ", seed ").put(code(w.value(Doc::corrida, "/casos/semilla")));
    w.say(", huella ", ", fingerprint ").put(short_huella(w.value(Doc::corrida, "/casos/huella")));
    w.say(", generado con el plan v", ", generated with plan v").put(w.value(Doc::informe, "/ficha_reproducibilidad/casos/plan_de_generacion/version")).put(")");
    // The world under the manifest's own key (traces-and-verifier.md §1; base_conocimiento: plans/adherencia/dominio.md §1).
    for (const run::WorldKey& key : run::world_keys()) {
        const std::string at = "/" + std::string(key.clave);
        if (w.peek(Doc::corrida, at).is_null()) continue;
        w.say("; " + key.nombre.es + " ", "; " + key.nombre.en + " ").put(code(w.value(Doc::corrida, at + "/id")));
        w.put(" v").put(w.value(Doc::corrida, at + "/version"));
        w.say(" (huella ", " (fingerprint ").put(short_huella(w.value(Doc::corrida, at + "/huella"))).put(")");
    }
    w.say(". Sin datos de personas reales.", ". No data of real people.");
    out.push_back(w.leaf("InputDataSource", Origin::derivado));

    // OutputAndInputDataTypes.
    w.say("Trazas en formato ", "Traces in format ").put(code(w.value(Doc::corrida, "/formato")));
    w.say(", una por caso, con las señales obligatorias del plan: ", ", one per case, with the plan's required signals: ");
    std::vector<std::string> signals;
    const json::Array& required = array_items(w.peek(Doc::plan, kContract + "/senales_obligatorias_en_traza"));
    for (std::size_t i = 0; i < required.size(); ++i)
        signals.push_back(code(w.value(Doc::plan, kContract + "/senales_obligatorias_en_traza" + index_step(i))));
    w.put(join_words(signals, lang)).say(". Informe en formato ", ". Report in format ").put(code(w.value(Doc::informe, "/formato"))).put(".");
    out.push_back(w.leaf("OutputAndInputDataTypes", Origin::derivado));

    w.put(w.text(Doc::declarado, "/entrenamiento"));
    out.push_back(w.leaf("DevelopmentDataCharacterization", Origin::declarado));

    // BiasMitigationApproaches: the evaluators' covered risks and the human pauses.
    const json::Array& evaluators = array_items(w.peek(Doc::plan, kContract + "/evaluadores_requeridos"));
    const json::Array& pauses = array_items(w.peek(Doc::plan, kContract + "/pausas_humanas"));
    if (evaluators.empty() && pauses.empty()) {
        w.say("Ninguna específica: el plan no declara evaluadores ni pausas humanas.", "None specific: the plan declares no evaluators and no human pauses.");
    } else {
        w.say("Evaluadores requeridos por el plan y los riesgos que cubren:", "Evaluators the plan requires and the risks they cover:");
        for (std::size_t i = 0; i < evaluators.size(); ++i) {
            const std::string p = kContract + "/evaluadores_requeridos" + index_step(i);
            w.put("\n- ").put(code(w.value(Doc::plan, p + "/id"))).put(" (").put(report::enum_word_or_key("evaluador", w.value(Doc::plan, p + "/tipo"), lang)).put("): ");
            std::vector<std::string> covered;
            const json::Array& risks = array_items(w.peek(Doc::plan, p + "/riesgos_cubiertos"));
            for (std::size_t k = 0; k < risks.size(); ++k) covered.push_back(w.value(Doc::plan, p + "/riesgos_cubiertos" + index_step(k)));
            if (covered.empty()) w.say("no cubre ningún riesgo", "covers no risk");
            else w.put(join_words(covered, lang));
        }
        for (std::size_t i = 0; i < pauses.size(); ++i) {
            const std::string p = kContract + "/pausas_humanas" + index_step(i);
            w.say("\n\nUna persona (rol ", "\n\nA person (role ").put(code(w.value(Doc::plan, p + "/rol")));
            w.say(") revisa en ", ") reviews at ").put(code(w.value(Doc::plan, p + "/nodo")));
            w.say(" los casos que las aristas envían allí.", " the cases the edges send there.");
        }
    }
    out.push_back(w.leaf("BiasMitigationApproaches", Origin::derivado));

    // OngoingMaintenance: nothing is deployed; what is re-verified.
    w.say("No aplica — no hay despliegue que mantener: ", "Not applicable — there is no deployment to maintain: ").put(w.text(Doc::informe, "/etiqueta")).put(".");
    w.say(" Cada versión del plan se verifica de nuevo (esta: v", " Each plan version is verified again (this one: v").put(w.value(Doc::plan, "/version")).put(")");
    w.say("; repeticiones en este informe: ", "; repetitions in this report: ")
        .put(std::to_string(array_items(w.read(Doc::informe, "/ficha_reproducibilidad/repeticiones")).size()));
    w.say("; línea base: ", "; baseline: ");
    if (w.peek(Doc::informe, "/ficha_reproducibilidad/linea_base").is_null()) w.say("ninguna", "none");
    else w.put(code(w.value(Doc::informe, "/ficha_reproducibilidad/linea_base/corrida_id")));
    w.put(".");
    out.push_back(w.leaf("OngoingMaintenance", Origin::no_aplica));

    // Security: deterministic rule nodes, recomputed branches, fingerprints, no network.
    std::vector<std::string> rule_nodes;
    for (std::size_t i = 0; i < nodes.size(); ++i)
        if (json::member_or_null(nodes[i], "tipo") == json::Value("regla")) {
            w.read(Doc::plan, kContract + "/nodos_esperados" + index_step(i) + "/tipo");
            rule_nodes.push_back(code(w.value(Doc::plan, kContract + "/nodos_esperados" + index_step(i) + "/id")));
        }
    w.say("Nodos de reglas deterministas (sin modelo): ", "Deterministic rule nodes (no model): ").put(join_words(rule_nodes, lang)).put(".");
    w.say(" El verificador no usa red ni claves: comprueba la huella SHA-256 de cada archivo y recalcula cada rama registrada (RF-09.2):",
          " The verifier uses no network and no keys: it checks the SHA-256 fingerprint of every file and recomputes every recorded branch (RF-09.2):");
    const json::Array& rf = array_items(w.peek(Doc::informe, "/contrato_de_grafo/rf_09_2"));
    for (std::size_t i = 0; i < rf.size(); ++i) {
        const std::string p = "/contrato_de_grafo/rf_09_2" + index_step(i);
        w.put("\n- ").put(code(w.value(Doc::informe, p + "/corrida_id"))).put(": ").put(w.value(Doc::informe, p + "/visitas"));
        w.say(" visitas, ", " visits, ").put(w.value(Doc::informe, p + "/discrepancias")).say(" discrepancias", " mismatches");
    }
    out.push_back(w.leaf("Security", Origin::derivado));

    // Transparency: fingerprints, verifier, the plan itself.
    w.say("Huellas SHA-256: plan ", "SHA-256 fingerprints: plan ").put(short_huella(w.value(Doc::corrida, "/plan/huella")));
    w.say(", lote ", ", batch ").put(short_huella(w.value(Doc::corrida, "/casos/huella")));
    w.say(", corrida ", ", run ").put(short_huella(w.value(Doc::corrida, "/huella")));
    w.say(", grafo ", ", graph ").put(short_huella(w.value(Doc::corrida, "/version_grafo")));
    w.say(", informe ", ", report ").put(short_huella(w.value(Doc::informe, "/huella"))).put(".");
    w.say(" Verificador ", " Verifier ").put(code(w.value(Doc::informe, "/version_verificador")));
    w.say("; verificar de nuevo la misma corrida da el mismo informe byte a byte. El plan entero (criterios, riesgos, umbrales, contrato de grafo) está en ",
          "; verifying the same run again gives the same report byte for byte. The whole plan (criteria, risks, thresholds, graph contract) is in ")
        .put(code(w.value(Doc::corrida, "/plan/archivo"))).put(".");
    out.push_back(w.leaf("Transparency", Origin::derivado));
    return section("AISystemFacts", std::move(out));
}

ChaiElement transparency_information(const Docs& docs, report::Lang lang) {
    LeafWriter w(docs, lang);
    std::vector<ChaiElement> out;
    w.put(w.text(Doc::declarado, "/financiacion"));
    out.push_back(w.leaf("FundingSource", Origin::declarado));
    const json::Array& deps = array_items(w.peek(Doc::declarado, "/terceros"));
    for (std::size_t i = 0; i < deps.size(); ++i) {
        const std::string p = "/terceros" + index_step(i);
        if (i > 0) w.put("\n");
        w.put("- ").put(w.value(Doc::declarado, p + "/nombre")).put(" ").put(w.value(Doc::declarado, p + "/version")).put(": ");
        w.put(w.text(Doc::declarado, p + "/uso"));
    }
    out.push_back(w.leaf("ThirdPartyInformation", Origin::declarado));
    w.put(w.text(Doc::declarado, "/partes_interesadas_consultadas"));
    out.push_back(w.leaf("StakeholdersConsulted", Origin::declarado));
    return section("TransparencyInformation", std::move(out));
}

}  // namespace

ChaiElement trust_ingredients(const Docs& docs, report::Lang lang) {
    std::vector<ChaiElement> out;
    out.push_back(ai_system_facts(docs, lang));
    out.push_back(transparency_information(docs, lang));
    return section("TrustIngredients", std::move(out));
}

ChaiElement resources(const Docs& docs, report::Lang lang) {
    LeafWriter w(docs, lang);
    std::vector<ChaiElement> out;
    w.say("Informe de verificación ", "Verification report ").put(code(w.value(Doc::informe, "/formato")));
    w.say(" de la corrida ", " of run ").put(code(w.value(Doc::informe, "/corrida_id")));
    w.put(" (").put(w.value(Doc::informe, "/fecha")).say("), huella SHA-256 ", "), SHA-256 fingerprint ");
    w.put(w.value(Doc::informe, "/huella")).say("; verificador ", "; verifier ").put(code(w.value(Doc::informe, "/version_verificador"))).put(".");
    out.push_back(w.leaf("EvaluationReferences", Origin::derivado));
    w.put(w.text(Doc::declarado, "/ensayos_clinicos"));
    out.push_back(w.leaf("ClinicalTrial", Origin::declarado));
    w.put(w.text(Doc::declarado, "/publicaciones_revisadas"));
    out.push_back(w.leaf("PeerReviewedPublications", Origin::declarado));
    w.say("No aplica — no es un producto ni un servicio facturable: ", "Not applicable — not a billable product or service: ").put(w.text(Doc::informe, "/etiqueta")).put(".");
    out.push_back(w.leaf("ReimbursementStatus", Origin::no_aplica));
    w.say("No aplica — no hay pacientes: todos los casos son sintéticos (lote ", "Not applicable — there are no patients: every case is synthetic (batch ")
        .put(code(w.value(Doc::corrida, "/casos/id")));
    w.say("). Aun así, cada respuesta lleva su aviso de IA en los dos idiomas (", "). Even so, every reply carries its AI notice in both languages (")
        .put(code("salida_final.aviso_ia")).put(").");
    out.push_back(w.leaf("PatientConsentOrDisclosure", Origin::no_aplica));
    return section("Resources", std::move(out));
}

ChaiElement bibliography(const Docs& docs, report::Lang lang) {
    LeafWriter w(docs, lang);
    w.put(w.text(Doc::declarado, "/bibliografia"));
    return w.leaf("Bibliography", Origin::declarado);
}

}  // namespace planlang::cards::internal
