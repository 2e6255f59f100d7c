// Sections 5–9 of the Markdown report (spec/traces-and-verifier.md §14).
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "core/json/number.hpp"
#include "core/report/internal/markdown_writer.hpp"
#include "core/report/markdown.hpp"

namespace planlang::report::internal {

using json::Value;

void section_gaps(Writer& w, const Value& informe) {
    const Value& b = at(informe, "brechas_no_previstas");
    const auto& brechas = arr(at(b, "brechas"));
    w.line(w.t("## 5. Brechas no previstas y evaluadores", "## 5. Unforeseen gaps and evaluators"));
    w.line();
    if (brechas.empty()) {
        w.line(w.t("Ninguna brecha no prevista.", "No unforeseen gap."));
    } else {
        // Grouped by run, category, evaluator and node, in order of first appearance: one line says what twelve
        // near-identical rows would; the rows themselves follow, folded.
        struct Group {
            std::string corrida, categoria, evaluador, nodo;
            json::Array casos;
            std::size_t n = 0;
        };
        std::vector<Group> groups;
        for (const Value& g : brechas) {
            Group key{text(g, "corrida_id"), text(g, "categoria"), text(g, "evaluador"), text(g, "nodo"), {}, 0};
            auto it = std::find_if(groups.begin(), groups.end(), [&](const Group& x) {
                return x.corrida == key.corrida && x.categoria == key.categoria && x.evaluador == key.evaluador && x.nodo == key.nodo;
            });
            if (it == groups.end()) it = groups.insert(groups.end(), key);
            ++it->n;
            if (at(g, "caso_id").is_string()) it->casos.push_back(at(g, "caso_id"));
        }
        w.line(w.count_of(brechas.size(), "brecha no prevista", "brechas no previstas", "unforeseen gap", "unforeseen gaps") + w.t(" en ", " in ") +
               w.count_of(groups.size(), "grupo", "grupos", "group", "groups") + ":");
        w.line();
        w.line(w.t("| Corrida | Categoría | Evaluador | Nodo | Brechas | Casos |", "| Run | Category | Evaluator | Node | Gaps | Cases |"));
        w.line("|---|---|---|---|---|---|");
        for (const Group& g : groups)
            w.line("| " + g.corrida + " | " + w.word("categoria", g.categoria) + " | " + Writer::code(g.evaluador) + " | " + Writer::code(g.nodo) + " | " +
                   std::to_string(g.n) + " | " + cell(w.list(Value(g.casos))) + " |");
        w.line();
        w.line(std::string("<details><summary>") +
               (brechas.size() == 1 ? w.t(std::string("La brecha, en detalle"), std::string("The gap, in detail"))
                                    : w.t("Las " + std::to_string(brechas.size()) + " brechas, una por fila",
                                          "All " + std::to_string(brechas.size()) + " gaps, one per row")) +
               "</summary>");
        w.line();
        w.line(w.t("| Corrida | Categoría | Evaluador | Caso | Nodo | Paso | Reintentos | Detalle |",
                   "| Run | Category | Evaluator | Case | Node | Step | Retries | Detail |"));
        w.line("|---|---|---|---|---|---|---|---|");
        for (const Value& g : brechas)
            w.line("| " + text(g, "corrida_id") + " | " + w.word("categoria", text(g, "categoria")) + " | " + Writer::code(text(g, "evaluador")) + " | " +
                   (at(g, "caso_id").is_null() ? "—" : text(g, "caso_id")) + " | " + Writer::code(text(g, "nodo")) + " | " + w.number(at(g, "paso")) +
                   " | " + w.number(at(g, "reintentos")) + " | " + cell(w.bil(at(g, "detalle"))) + " |");
        w.line();
        w.line("</details>");
    }
    w.line();
    w.line(w.t("| Evaluador | Tipo | Estado | Riesgos que cubre | Casos evaluados | Fallas | No evaluables |",
               "| Evaluator | Type | State | Risks covered | Cases evaluated | Failures | Not evaluable |"));
    w.line("|---|---|---|---|---|---|---|");
    for (const Value& e : arr(at(b, "evaluadores")))
        w.line("| " + Writer::code(text(e, "id")) + " | " + w.word("evaluador", text(e, "tipo")) + " | " + w.state(text(e, "estado")) + " | " +
               w.list(at(e, "riesgos_cubiertos")) + " | " + w.number(at(e, "casos_evaluados")) + " | " + cell(w.list(at(e, "fallas"))) + " | " +
               w.number(at(e, "no_evaluables")) + " |");
}

void section_assumptions(Writer& w, const Value& informe) {
    w.line(w.t("## 6. Supuestos", "## 6. Assumptions"));
    for (const Value& s : arr(at(informe, "supuestos"))) {
        w.line();
        w.line("### " + text(s, "id") + " — " + w.bil(at(s, "enunciado")));
        w.line();
        w.line(std::string("- ") + w.t("Estado: ", "State: ") + "**" + w.state(text(s, "estado")) + "** (" + w.t("en el plan: ", "in the plan: ") +
               w.state(text(s, "estado_en_plan")) + w.t("; criticidad ", "; criticality ") + w.state(text(s, "criticidad")) + ")");
        w.line(std::string("- ") + w.t("Motivo: ", "Reason: ") + w.bil(at(s, "motivo")));
        std::string measures = "n = " + w.number(at(s, "n"));
        // Keys sorted (the report object's members are in canonical order once written; sort here too); each
        // shown by its name, with its count and 95 % interval where complementos has them (ours).
        const Value& extra = addition(informe, "supuestos", text(s, "id"));
        std::vector<const json::Member*> keys;
        if (at(s, "metricas").is_object())
            for (const json::Member& m : at(s, "metricas").as_object()) keys.push_back(&m);
        std::sort(keys.begin(), keys.end(), [](const json::Member* a, const json::Member* b) { return a->key < b->key; });
        for (const json::Member* m : keys) {
            static const std::pair<const char*, std::pair<const char*, const char*>> kNames[] = {
                {"tasa", {"tasa", "rate"}},
                {"exactitud", {"exactitud", "accuracy"}},
                {"exactitud_base", {"exactitud de la línea base", "baseline accuracy"}},
                {"ece", {"ECE", "ECE"}},
                {"auroc", {"AUROC", "AUROC"}},
                {"latencia_mediana", {"latencia mediana (s)", "median latency (s)"}},
                {"latencia_mediana_base", {"latencia mediana de la línea base (s)", "baseline median latency (s)"}}};
            std::string name = Writer::code(m->key);
            for (const auto& [key, words] : kNames)
                if (m->key == key) name = w.es() ? words.first : words.second;
            std::string shown = name + " = " + w.number(m->value);
            const Value& counted = m->key == "tasa" || m->key == "exactitud" || m->key == "exactitud_base" ? at(extra, m->key) : Value();
            std::string beside;
            if (at(counted, "n").is_number())
                beside = w.number(at(counted, "verdaderos")) + "/" + w.number(at(counted, "n"));
            std::string ci;
            if (at(counted, "wilson95").is_object()) ci = w.interval(at(counted, "wilson95"), false);
            if (m->key == "ece" || m->key == "auroc") ci = w.interval(at(at(extra, "bootstrap95"), m->key), false);
            if (m->key == "latencia_mediana") ci = w.interval(at(extra, "latencia_mediana_intervalo95"), false);
            if (m->key == "latencia_mediana_base") ci = w.interval(at(extra, "latencia_mediana_base_intervalo95"), false);
            if (!beside.empty() || !ci.empty()) shown += " (" + beside + (beside.empty() || ci.empty() ? "" : "; ") + ci + ")";
            measures += "; " + shown;
        }
        w.line(std::string("- ") + w.t("Medidas: ", "Measures: ") + measures);
        for (const Value& l : arr(at(s, "limitaciones"))) w.line("> " + w.bil(l));
        if (at(s, "curva").is_array() && !arr(at(s, "curva")).empty()) {
            w.line();
            w.line(w.t("| Umbral | Cobertura | Riesgo | Aceptados |", "| Threshold | Coverage | Risk | Accepted |"));
            w.line("|---|---|---|---|");
            for (const Value& p : arr(at(s, "curva")))
                w.line("| " + w.number(at(p, "umbral")) + " | " + w.percent(at(p, "cobertura")) + " | " + w.percent(at(p, "riesgo")) + " | " +
                       w.number(at(p, "aceptados")) + " |");
        }
        const Value& c = at(s, "comparacion");
        if (c.is_object()) {
            w.line();
            w.line(w.t("| Medida | Multiagente | Agente único |", "| Measure | Multi-agent | Single agent |"));
            w.line("|---|---|---|");
            w.line(std::string("| ") + w.t("Exactitud", "Accuracy") + " | " + w.percent(at(at(c, "exactitud"), "multiagente")) + " | " +
                   w.percent(at(at(c, "exactitud"), "agente_unico")) + " |");
            w.line(std::string("| ") + w.t("Latencia mediana (s)", "Median latency (s)") + " | " + w.number(at(at(c, "latencia_mediana_s"), "multiagente")) +
                   " | " + w.number(at(at(c, "latencia_mediana_s"), "agente_unico")) + " |");
            const Value& p = at(c, "presupuesto");
            w.line(std::string("| ") + w.t("Llamadas al modelo", "Model calls") + " | " + w.number(at(at(p, "multiagente"), "llamadas_al_modelo")) + " | " +
                   w.number(at(at(p, "agente_unico"), "llamadas_al_modelo")) + " |");
            w.line(std::string("| Tokens | ") + w.number(at(at(p, "multiagente"), "tokens")) + " | " + w.number(at(at(p, "agente_unico"), "tokens")) + " |");
            w.line(std::string("| ") + w.t("Costo nominal (USD)", "Nominal cost (USD)") + " | " + w.number(at(at(p, "multiagente"), "costo_nominal_usd")) +
                   " | " + w.number(at(at(p, "agente_unico"), "costo_nominal_usd")) + " |");
            w.line();
            w.line(std::string("- ") + w.t("Línea base: ", "Baseline: ") + text(c, "corrida_base") + w.t("; presupuesto respetado: ", "; budget respected: ") +
                   w.number(at(c, "presupuesto_respetado")) + w.t("; casos acertados por un solo lado: ", "; cases right on one side only: ") +
                   w.list(at(c, "casos_distintos")));
        }
    }
}

void section_examples(Writer& w, const Value& informe) {
    w.line(w.t("## 7. Casos ejemplares", "## 7. Example cases"));
    w.line();
    w.line(w.t("| Ejemplo | Caso | Tipo | Subtipo | Por qué |", "| Example | Case | Type | Subtype | Why |"));
    w.line("|---|---|---|---|---|");
    const std::pair<const char*, std::pair<const char*, const char*>> kinds[] = {
        {"exitoso", {"exitoso", "successful"}},
        {"escalado_correctamente", {"escalado correctamente", "correctly escalated"}},
        {"fallido", {"fallido", "failed"}},
        {"adversario_neutralizado", {"adversario neutralizado", "adversary neutralised"}}};
    for (const auto& [key, words] : kinds) {
        const Value& c = at(at(informe, "casos_ejemplares"), key);
        const std::string label = w.es() ? words.first : words.second;
        if (c.is_null()) w.line("| " + label + " | — | — | — | " + w.t("ningún caso de la corrida encaja", "no case of the run fits") + " |");
        else
            w.line("| " + label + " | " + text(c, "caso_id") + " | " + w.word("tipo_caso", text(c, "tipo")) + " | " + Writer::code(text(c, "subtipo")) +
                   " | " + cell(w.bil(at(c, "por_que"))) + " |");
    }
}

void section_playground(Writer& w, const Value& informe) {
    const Value& p = at(informe, "playground");
    w.line(w.t("## 8. Playground", "## 8. Playground"));
    w.line();
    w.line(w.t("| Umbral | Señal | Operador | En el plan | Aplicado | Rango | n | Mín | Mediana | Máx | Verdaderos | Casos en el umbral |",
               "| Threshold | Signal | Operator | In the plan | Applied | Range | n | Min | Median | Max | True | Cases at the threshold |"));
    w.line("|---|---|---|---|---|---|---|---|---|---|---|---|");
    for (const Value& u : arr(at(p, "umbrales"))) {
        const Value& r = at(u, "rango");
        const std::string range = r == Value("booleano") ? w.t("interruptor", "switch")
                                                : w.number(at(r, "min")) + "–" + w.number(at(r, "max")) + w.t(" paso ", " step ") + w.number(at(r, "paso"));
        const Value& o = at(u, "observados");
        w.line("| " + text(u, "id") + " " + cell(w.bil(at(u, "nombre"))) + " | " + Writer::code(text(u, "senal")) + " | " +
               Writer::operator_symbol(text(u, "operador"), at(u, "inclusivo") == Value(true)) + " | " + w.number(at(u, "valor_en_plan")) + " | " +
               w.number(at(u, "valor_aplicado")) + " | " + range + " | " + w.number(at(o, "n")) + " | " + w.number(at(o, "min")) + " | " +
               w.number(at(o, "mediana")) + " | " + w.number(at(o, "max")) + " | " + w.number(at(o, "verdaderos")) + " | " +
               cell(w.list(at(u, "casos_en_el_umbral"))) + " |");
    }
    // limites: a fixed sentence, then one per switch and per function edge (§14), as a list.
    const auto& limites = arr(at(p, "limites"));
    w.line();
    for (std::size_t i = 0; i < limites.size(); ++i) w.line((i ? std::string("- ") : std::string()) + w.bil(limites[i]));
}

void section_reproducibility(Writer& w, const Value& informe) {
    const Value& f = at(informe, "ficha_reproducibilidad");
    w.line(w.t("## 9. Reproducibilidad", "## 9. Reproducibility"));
    w.line();
    const Value& plan = at(f, "plan");
    const Value& casos = at(f, "casos");
    const Value& corrida = at(f, "corrida");
    w.line(std::string("- ") + w.t("Plan: ", "Plan: ") + text(plan, "id") + " v" + text(plan, "version") + " (`" + text(plan, "archivo") + "`, " +
           w.t("huella ", "fingerprint ") + "`" + text(plan, "huella") + "`)");
    w.line(std::string("- ") + w.t("Lote: ", "Batch: ") + text(casos, "id") + " (`" + text(casos, "archivo") + "`, " + w.t("semilla ", "seed ") +
           Writer::code(text(casos, "semilla")) + ", n = " + w.number(at(casos, "n_lote")) + ", " + w.t("huella ", "fingerprint ") + "`" + text(casos, "huella") + "`)");
    const auto count = [&](const char* key) {
        const Value& v = at(corrida, key);
        return v.is_number() && v.as_number() >= 0 ? static_cast<std::size_t>(v.as_number()) : std::size_t{0};
    };
    w.line(std::string("- ") + w.t("Corrida: ", "Run: ") + text(corrida, "id") + " (" + w.word("variante", text(corrida, "variante")) + ", " +
           w.t("proveedor ", "provider ") + w.word("proveedor", text(corrida, "proveedor")) + w.t(", modelo ", ", model ") +
           w.word("proveedor", text(corrida, "modelo")) + ", " + text(corrida, "fecha") + "; " +
           w.count_of(count("casos_ejecutados"), "caso", "casos", "case", "cases") + ", " + w.number(at(corrida, "casos_con_error")) +
           w.t(" con error, ", " with an error, ") + w.count_of(count("sesiones"), "sesión", "sesiones", "session", "sessions") +
           w.t("; huella ", "; fingerprint ") + "`" + text(corrida, "huella") + "`)");
    w.line(std::string("- ") + w.t("Versión del grafo: ", "Graph version: ") + "`" + text(corrida, "version_grafo") + "`");
    for (const Value& r : arr(at(f, "repeticiones")))
        w.line(std::string("- ") + w.t("Repetición: ", "Repetition: ") + text(r, "corrida_id") + " (`" + text(r, "huella") + "`)");
    if (at(f, "linea_base").is_object())
        w.line(std::string("- ") + w.t("Línea base: ", "Baseline: ") + text(at(f, "linea_base"), "corrida_id") + " (`" + text(at(f, "linea_base"), "huella") + "`)");
    std::string applied;
    if (at(f, "umbrales_aplicados").is_object())
        for (const json::Member& m : at(f, "umbrales_aplicados").as_object()) applied += (applied.empty() ? "" : ", ") + m.key + " = " + w.number(m.value);
    w.line(std::string("- ") + w.t("Umbrales aplicados: ", "Applied thresholds: ") + applied);
    w.line(std::string("- ") + w.t("Revisor simulado: ", "Simulated reviewer: ") + w.bil(at(f, "revisor_simulado")));
    w.line();
    w.line(w.t("Verificador ", "Verifier ") + text(informe, "version_verificador") + " · " + text(at(f, "verificador"), "formato") +
           " · " + w.t("huella del informe ", "report fingerprint ") + "`" + text(informe, "huella") + "`");
}

}  // namespace planlang::report::internal
