// spec/traces-and-verifier.md §14 "Markdown": title, quote line, nine sections. Wording ours, per language.
#include "core/report/markdown.hpp"

#include <optional>

#include "core/json/number.hpp"
#include "core/plan/model.hpp"
#include "core/report/internal/markdown_writer.hpp"

namespace planlang::report {

using json::Value;

std::string cell(const std::string& text) {
    std::string out;
    out.reserve(text.size());
    for (char c : text) {
        if (c == '|') out += "\\|";
        else if (c == '\n' || c == '\r') out += ' ';
        else out += c;
    }
    return out;
}

namespace internal {

void section_summary(Writer& w, const Value& informe) {
    const Value& v = at(informe, "veredicto");
    const std::string& valor = text(v, "valor");
    const char* symbol = valor == "cumple" ? "✓" : valor == "cumple_con_alertas" ? "⚠" : "✗";
    w.line(w.t("## 1. Resumen", "## 1. Summary"));
    w.line();
    w.line(std::string("**") + symbol + " " + w.state(valor) + "** — " + w.bil(at(at(informe, "resumen"), "texto")));
    w.line();
    w.line(std::string("**") + w.t("Recomendación", "Recommendation") + ":** " + w.bil(at(at(informe, "resumen"), "recomendacion")));
    w.line();
    w.line(std::string("- ") + w.t("Criterios destacados", "Highlighted criteria") + ": " + w.list(at(at(informe, "resumen"), "criterios_destacados")));
    w.line(std::string("- ") + w.t("Riesgos ocurridos", "Risks that occurred") + ": " + w.list(at(at(informe, "resumen"), "riesgos_ocurridos")));
    for (const Value& b : arr(at(v, "bloqueantes"))) w.line(std::string("- ✗ ") + w.bil(b));
    for (const Value& a : arr(at(v, "alertas"))) w.line(std::string("- ⚠ ") + w.bil(a));
}

void section_plan(Writer& w, const Value& informe) {
    const Value& p = at(informe, "plan_en_breve");
    w.line(w.t("## 2. El plan en breve", "## 2. The plan in brief"));
    w.line();
    w.line(std::string("**") + w.t("Problema", "Problem") + ":** " + w.bil(at(p, "problema")));
    w.line();
    w.line(std::string("**") + w.t("Flujo objetivo", "Target flow") + ":**");
    w.line();
    std::size_t i = 1;
    if (at(p, "flujo").is_array())
        for (const Value& step : arr(at(p, "flujo"))) w.line(std::to_string(i++) + ". " + w.bil(step));
    w.line();
    w.line(std::string("**") + w.t("Decisiones de una vía", "One-way decisions") + ":**");
    w.line();
    w.line(w.t("| Id | Pregunta | Opción elegida | Justificación |", "| Id | Question | Chosen option | Rationale |"));
    w.line("|---|---|---|---|");
    for (const Value& d : arr(at(p, "decisiones_una_via")))
        w.line("| " + text(d, "id") + " | " + cell(w.bil(at(d, "pregunta"))) + " | " +
               (at(d, "opcion_elegida").is_null() ? std::string("—") : cell(w.bil(at(d, "opcion_elegida")))) + " | " +
               cell(w.bil(at(d, "justificacion"))) + " |");
}

void section_criteria(Writer& w, const Value& informe) {
    w.line(w.t("## 3. Criterios de aceptación", "## 3. Acceptance criteria"));
    w.line();
    w.line(w.t("| Id | Criterio | Agregación | Población | Valor medido | Objetivo | Estado | Casos que incumplen |",
               "| Id | Criterion | Aggregation | Population | Measured value | Target | State | Failing cases |"));
    w.line("|---|---|---|---|---|---|---|---|");
    std::string notes;
    auto note = [&](const Value& c, const std::string& s) { notes += "- " + text(c, "id") + ": " + s + "\n"; };
    for (const Value& c : arr(at(informe, "criterios"))) {
        const std::string& id = text(c, "id");
        const std::string& agg = text(c, "agregacion");
        const std::string& estado = text(c, "estado");
        const bool rate = agg == "tasa" || agg == "pass^k";
        const bool lower = plan::lower_is_better(text(c, "tipo"));
        const Value& extra = addition(informe, "criterios", id);
        const Value& objetivo = at(c, "objetivo");
        // Measured value, with the exact count and the 95 % interval beside it (ours, from complementos).
        std::string value = rate ? w.percent(at(c, "valor_medido")) : w.number(at(c, "valor_medido"));
        const Value* bounds = nullptr;
        if (rate && at(extra, "tasa").is_object()) {
            const Value& k = at(extra, "tasa");
            value += " (" + w.number(at(k, "verdaderos")) + "/" + w.number(at(k, "n"));
            if (at(k, "wilson95").is_object()) {
                value += "; " + w.interval(at(k, "wilson95"), true);
                bounds = &at(k, "wilson95");
            }
            value += ")";
        } else if (agg == "todos_cumplen" && at(c, "valor_medido").is_bool() && at(c, "n_poblacion").is_number()) {
            const double n = at(c, "n_poblacion").as_number();
            const double passing = n - static_cast<double>(arr(at(c, "casos_que_incumplen")).size()) - static_cast<double>(arr(at(c, "no_evaluables")).size());
            value += " (" + w.number(Value(passing)) + "/" + w.number(Value(n)) + ")";
        } else if (at(extra, "intervalo95").is_object()) {
            value += " (" + w.interval(at(extra, "intervalo95"), false) + ")";
            bounds = &at(extra, "intervalo95");
        }
        std::string target = rate && objetivo.is_number() ? w.percent(objetivo) : w.number(objetivo);
        if (objetivo.is_number()) target = (lower ? "≤ " : "≥ ") + target;
        std::string k;
        if (at(c, "k").is_object())
            k = " (k " + w.number(at(at(c, "k"), "observado")) + "/" + w.number(at(at(c, "k"), "requerido")) +
                (at(at(c, "k"), "aplica") == Value(true) ? "" : w.t(", no aplica a este lote", ", not applicable to this batch")) + ")";
        std::string shown_state = w.state(estado);
        if (estado == "incumple" && text(c, "tipo") != "absoluto") shown_state += w.t(" (alerta)", " (alert)");
        if (estado == "incumple" && text(c, "tipo") == "absoluto") shown_state += w.t(" (bloquea)", " (blocks)");
        w.line("| " + id + " | " + cell(w.bil(at(c, "enunciado"))) + " | " + w.word("agregacion", agg) + k + " | " + w.number(at(c, "n_poblacion")) +
               " | " + value + " | " + target + " | " + shown_state + " | " + cell(w.list(at(c, "casos_que_incumplen"))) + " |");
        if (!at(c, "nota").is_null()) note(c, w.bil(at(c, "nota")));
        if (bounds && objetivo.is_number() && crosses(*bounds, objetivo.as_number()))
            note(c, w.t("el intervalo de 95 % (", "the 95% interval (") + w.bounds(*bounds, rate) +
                        w.t(") cruza el objetivo: con esta muestra no se puede afirmar de qué lado está el agente; más casos lo dirían.",
                            ") crosses the target: this sample cannot tell on which side the agent is; more cases would."));
        if (at(at(extra, "tasa"), "redondeo_cambia_la_comparacion") == Value(true))
            note(c, w.t("el redondeo a 4 decimales cambia la comparación con el objetivo (el estado sigue la regla de la especificación)",
                        "rounding to 4 decimals changes the comparison with the target (the state follows the spec's rule)"));
        if (!arr(at(c, "no_evaluables")).empty())
            note(c, w.count_of(arr(at(c, "no_evaluables")).size(), "caso no evaluable", "casos no evaluables", "case not evaluable", "cases not evaluable"));
        if (at(c, "fuera_por_senal_nula").is_number() && at(c, "fuera_por_senal_nula").as_number() > 0)
            note(c, w.count_of(static_cast<std::size_t>(at(c, "fuera_por_senal_nula").as_number()), "caso", "casos", "case", "cases") +
                        w.t(" fuera de la población por una señal nula", " out of the population through a null signal"));
    }
    if (!notes.empty()) {
        w.line();
        w.out += notes;
    }
}

// `ocurre_si` read as an operator and a number (plan-format.md §4: "> 0.10"), for the interval's note.
std::optional<double> trigger_limit(const std::string& ocurre_si) {
    std::size_t i = 0;
    while (i < ocurre_si.size() && (ocurre_si[i] == ' ' || ocurre_si[i] == '>' || ocurre_si[i] == '<' || ocurre_si[i] == '=')) ++i;
    return json::parse_number(ocurre_si.substr(i));
}

void section_risks_and_contract(Writer& w, const Value& informe) {
    w.line(w.t("## 4. Riesgos y contrato de grafo", "## 4. Risks and graph contract"));
    w.line();
    w.line(w.t("| Id | Modo de falla | S·O·D | RPN | Prioridad | Detector | Valor | Ocurre si | Estado | Casos |",
               "| Id | Failure mode | S·O·D | RPN | Priority | Detector | Value | Occurs if | State | Cases |"));
    w.line("|---|---|---|---|---|---|---|---|---|---|");
    std::string notes;
    for (const Value& r : arr(at(informe, "riesgos"))) {
        const std::string& id = text(r, "id");
        const bool rate = text(r, "tipo_detector") == "tasa";
        const Value& exact = at(addition(informe, "riesgos", id), "conteo_exacto");
        std::string priority = w.state(text(r, "prioridad_de_accion"));
        if (text(r, "prioridad_de_accion") != text(r, "prioridad_de_tabla"))
            priority += std::string(" (") + w.t("tabla: ", "table: ") + w.state(text(r, "prioridad_de_tabla")) + w.t(", control legal)", ", legal control)");
        std::string value = rate ? w.percent(at(r, "valor")) : w.number(at(r, "valor"));
        if (exact.is_object() && !at(r, "valor").is_null()) {
            value += " (" + w.number(at(exact, "verdaderos")) + "/" + w.number(at(exact, "n"));
            if (rate && at(exact, "wilson95").is_object()) value += "; " + w.interval(at(exact, "wilson95"), true);
            value += ")";
        }
        const std::string detector =
            at(r, "tipo_detector").is_null() ? std::string("—") : w.word("detector", text(r, "tipo_detector")) + " · " + w.word("ambito", text(r, "ambito"));
        w.line("| " + id + " | " + cell(w.bil(at(r, "modo"))) + " | " + w.number(at(r, "severidad")) + "·" + w.number(at(r, "ocurrencia")) + "·" +
               w.number(at(r, "deteccion")) + " | " + w.number(at(r, "rpn")) + " | " + priority + " | " + detector + " | " + value + " | " +
               (text(r, "ocurre_si").empty() ? std::string("—") : cell(Writer::code(text(r, "ocurre_si")))) + " | " + w.state(text(r, "estado")) +
               " | " + cell(w.list(at(r, "casos"))) + " |");
        if (!at(r, "nota").is_null()) notes += "- " + id + ": " + w.bil(at(r, "nota")) + "\n";
        const std::optional<double> limit = trigger_limit(text(r, "ocurre_si"));
        if (rate && limit && crosses(at(exact, "wilson95"), *limit))
            notes += "- " + id + ": " +
                     (text(r, "estado") == "ocurrio"
                          ? w.t("el intervalo de 95 % de la tasa (", "the rate's 95% interval (") + w.bounds(at(exact, "wilson95"), true) +
                                w.t(") cruza el límite: ocurrió en esta corrida, pero la muestra no descarta una tasa real por debajo.",
                                    ") crosses the limit: it occurred in this run, but the sample does not rule out a true rate below it.")
                          : w.t("el intervalo de 95 % de la tasa (", "the rate's 95% interval (") + w.bounds(at(exact, "wilson95"), true) +
                                w.t(") cruza el límite: no ocurrió en esta corrida, pero la muestra no lo descarta.",
                                    ") crosses the limit: it did not occur in this run, but the sample does not rule it out.")) +
                     "\n";
    }
    if (!notes.empty()) {
        w.line();
        w.out += notes;
    }
    const Value& g = at(informe, "contrato_de_grafo");
    w.line();
    w.line(w.t("### Contrato de grafo", "### Graph contract"));
    w.line();
    w.line(w.t("| Nodo | Tipo | En el grafo | Visitas |", "| Node | Type | In the graph | Visits |"));
    w.line("|---|---|---|---|");
    for (const Value& n : arr(at(g, "nodos")))
        w.line("| " + Writer::code(text(n, "id")) + " | " + w.word("nodo", text(n, "tipo")) + " | " + w.number(at(n, "en_grafo")) + " | " +
               w.number(at(n, "visitas")) + " |");
    w.line();
    std::size_t complete = 0, total = 0;
    for (const Value& s : arr(at(g, "senales"))) {
        ++total;
        complete += at(s, "presente_en") == at(s, "de");
    }
    w.line(std::string("- ") + w.t("Señales obligatorias presentes en todas las trazas: ", "Required signals present in every trace: ") +
           std::to_string(complete) + "/" + std::to_string(total));
    const Value& p = at(g, "pausas");
    if (p.is_object()) {
        const auto count = [&](const char* key) {
            const Value& v = at(p, key);
            return v.is_number() && v.as_number() >= 0 ? static_cast<std::size_t>(v.as_number()) : std::size_t{0};
        };
        w.line(std::string("- ") + w.t("Pausa ", "Pause ") + Writer::code(text(p, "nodo")) + w.t(" (rol ", " (role ") + Writer::code(text(p, "rol")) +
               "): " + w.count_of(count("casos_con_pausa"), "caso con pausa", "casos con pausa", "case with a pause", "cases with a pause") + ", " +
               w.count_of(count("pausas_registradas"), "pausa registrada", "pausas registradas", "recorded pause", "recorded pauses"));
    }
    w.line();
    w.line(w.t("| Corrida | Variante | Visitas | Discrepancias | Huella recomputada | Huella del archivo | Coincide |",
               "| Run | Variant | Visits | Discrepancies | Recomputed fingerprint | File fingerprint | Matches |"));
    w.line("|---|---|---|---|---|---|---|");
    for (const Value& r : arr(at(g, "rf_09_2"))) {
        const std::string& h = text(r, "huella_typescript");
        const std::string& f = text(r, "huella_python");
        w.line("| " + text(r, "corrida_id") + " | " + w.word("variante", text(r, "variante")) + " | " + w.number(at(r, "visitas")) + " | " +
               w.number(at(r, "discrepancias")) + " | " + (h.empty() ? std::string("—") : "`" + h.substr(0, 12) + "…`") + " | " +
               (f.empty() ? std::string("—") : "`" + f.substr(0, 12) + "…`") + " | " + w.number(at(r, "coincide")) + " |");
    }
    w.line();
    const auto& findings = arr(at(g, "hallazgos"));
    if (findings.empty()) {
        w.line(w.t("Sin hallazgos del contrato.", "No contract findings."));
        return;
    }
    w.line(w.t("| Código | Severidad | Corrida | Caso | Detalle |", "| Code | Severity | Run | Case | Detail |"));
    w.line("|---|---|---|---|---|");
    for (const Value& f : findings)
        w.line("| " + Writer::code(text(f, "codigo")) + " | " + w.state(text(f, "severidad")) + " | " + text(f, "corrida_id") + " | " +
               (at(f, "caso_id").is_null() ? std::string("—") : text(f, "caso_id")) + " | " + cell(w.bil(at(f, "detalle"))) + " |");
}

}  // namespace internal

std::string markdown(const Value& informe, Lang lang) {
    internal::Writer w(lang);
    using namespace internal;
    const std::string title = w.t("Informe de brecha", "Gap report");
    w.line("# " + title + " — " + w.bil(at(at(informe, "plan_en_breve"), "nombre")));
    w.line();
    w.line("> " + w.bil(at(informe, "etiqueta")) + " · " + text(informe, "corrida_id") + " · " + text(informe, "fecha") + " · plan " +
           text(at(informe, "plan_en_breve"), "version"));
    void (*sections[])(Writer&, const Value&) = {section_summary,  section_plan,     section_criteria,
                                                 section_risks_and_contract, section_gaps, section_assumptions,
                                                 section_examples, section_playground, section_reproducibility};
    for (auto* s : sections) {
        w.line();
        s(w, informe);
    }
    return w.out;
}

}  // namespace planlang::report
