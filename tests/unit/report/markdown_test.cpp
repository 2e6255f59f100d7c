// The Markdown report (traces-and-verifier.md §14 "Markdown", §15 numbers) of the hand-built runs of
// tests/data/run/, line by line. The lines are written here by hand: the layout and the wording from
// core/report/markdown*.cpp (wording is ours), every figure from the hand-worked values of
// tests/unit/verify/hand_runs_test.cpp; the plan's own texts (name, problem, flow, statements) are read from the
// plan file, the fingerprints from the input files. Only the report's own fingerprint is checked by its shape.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "core/report/markdown.hpp"
#include "support/hand_runs.hpp"

using namespace planlang;
using namespace planlang::testing::hand;
using json::Value;
using report::Lang;

namespace {

std::vector<std::string> split_lines(const std::string& text) {
    std::vector<std::string> out;
    std::size_t start = 0;
    for (std::size_t nl = text.find('\n'); nl != std::string::npos; nl = text.find('\n', start)) {
        out.push_back(text.substr(start, nl - start));
        start = nl + 1;
    }
    if (start < text.size()) out.push_back(text.substr(start));  // a last line without "\n"
    return out;
}

// A table cell as §14 says: `|` escaped, line breaks as spaces (written here again, not taken from the code).
std::string cell(std::string s) {
    std::string out;
    for (char c : s) out += c == '|' ? std::string("\\|") : c == '\n' || c == '\r' ? std::string(" ") : std::string(1, c);
    return out;
}

// Every expected line is somewhere in the text, as a whole line, in this order.
void check_in_order(const std::string& md, const std::vector<std::string>& expected) {
    const std::vector<std::string> got = split_lines(md);
    std::size_t at_line = 0;
    for (const std::string& e : expected) {
        CAPTURE(e);
        std::size_t i = at_line;
        while (i < got.size() && got[i] != e) ++i;
        CHECK(i < got.size());
        if (i < got.size()) at_line = i + 1;
    }
}

bool is_fingerprint_line(const std::string& line, const std::string& prefix) {
    if (line.size() != prefix.size() + 64 + 1 || line.compare(0, prefix.size(), prefix) != 0 || line.back() != '`') return false;
    for (std::size_t i = prefix.size(); i < prefix.size() + 64; ++i)
        if (!((line[i] >= '0' && line[i] <= '9') || (line[i] >= 'a' && line[i] <= 'f'))) return false;
    return true;
}

// mano-cumple's whole report in one language: `t(es, en)` picks the words.
std::vector<std::string> expected_cumple(Lang lang) {
    const bool es = lang == Lang::es;
    auto t = [es](const std::string& s, const std::string& e) { return es ? s : e; };
    const char* l = es ? "es" : "en";
    const Value plan = load(kVariant);
    auto text = [&](const Value& bil) { return at(bil, l).as_string(); };
    auto plan_text = [&](const char* list, const char* id, const char* key) { return cell(text(at(by_id(at(plan, list), id), key))); };
    const std::string ramas = at(load(kCumple + "/ramas-esperadas.json"), "huella").as_string();
    const std::string manifest = at(load(kCumple + "/corrida.json"), "huella").as_string();
    const std::string batch = at(load(kBatchCumple), "huella").as_string();
    const std::string graph = at(load(kCumple + "/grafo.json"), "huella").as_string();
    const std::string yes = t("sí", "yes");
    const std::string met = t("cumple", "met");
    const std::string pct100 = t("100 %", "100%"), pct0 = t("0 %", "0%");

    std::vector<std::string> x = {
        "# " + t("Informe de brecha", "Gap report") + " — " + text(at(plan, "nombre")),
        "",
        "> " + t("Prueba · corrida hecha a mano · datos sintéticos", "Test · hand-built run · synthetic data") + " · mano-cumple · 2026-12-04 · plan 1.5.2",
        "",
        t("## 1. Resumen", "## 1. Summary"),
        "",
        "**✓ " + met + "** — " + t("Se midieron 4 casos. De 11 criterios, 11 se cumplen, 0 no se cumplen y 0 sin cerrar. No ocurrió ningún riesgo. "
                                   "La corrida cumple el plan: todos los criterios se cumplen, no ocurrió ningún riesgo y no hay alertas.",
                                   "4 cases were measured. Of 11 criteria, 11 met, 0 not met and 0 not closed. No risk occurred. "
                                   "The run meets the plan: every criterion is met, no risk occurred and there is no alert."),
        "",
        t("**Recomendación:** Se puede correr el lote completo de 200 casos.", "**Recommendation:** The full batch of 200 cases can be run."),
        "",
        t("- Criterios destacados: C1, C2, C3", "- Highlighted criteria: C1, C2, C3"),
        t("- Riesgos ocurridos: —", "- Risks that occurred: —"),
        "",
        t("## 2. El plan en breve", "## 2. The plan in brief"),
        "",
        t("**Problema:** ", "**Problem:** ") + text(at(plan, "problema")),
        "",
        t("**Flujo objetivo:**", "**Target flow:**"),
        "",
    };
    for (std::size_t i = 0; i < size(at(plan, "flujo_objetivo")); ++i) x.push_back(std::to_string(i + 1) + ". " + text(item(at(plan, "flujo_objetivo"), i)));
    x.insert(x.end(), {"", t("**Decisiones de una vía:**", "**One-way decisions:**"), "",
                       t("| Id | Pregunta | Opción elegida | Justificación |", "| Id | Question | Chosen option | Rationale |"), "|---|---|---|---|"});
    for (const char* d : {"D1", "D2"})  // the two una_via decisions
        x.push_back(std::string("| ") + d + " | " + plan_text("decisiones", d, "pregunta") + " | " + plan_text("decisiones", d, "opcion_elegida") + " | " +
                    plan_text("decisiones", d, "justificacion") + " |");
    x.insert(x.end(), {"", t("## 3. Criterios de aceptación", "## 3. Acceptance criteria"), "",
                       t("| Id | Criterio | Agregación | Población | Valor medido | Objetivo | Estado | Casos que incumplen |",
                         "| Id | Criterion | Aggregation | Population | Measured value | Target | State | Failing cases |"),
                       "|---|---|---|---|---|---|---|---|"});
    auto crit = [&](const char* id, const std::string& agg, const char* n, const std::string& value, const std::string& target) {
        x.push_back(std::string("| ") + id + " | " + plan_text("criterios_aceptacion", id, "enunciado") + " | " + agg + " | " + n + " | " + value + " | " + target +
                    " | " + met + " | — |");
    };
    // Beside each value its count (for todos_cumplen: the population less the failing and the unevaluable) and,
    // for rates, the Wilson 95 % interval. Worked out with an implementation of Wilson (1927) of our own, outside
    // the code under test: 3/3 → 0.43850–1, 4/4 → 0.51011–1 (shown 43.9–100 % and 51–100 %).
    const std::string all = t("todos cumplen", "all pass");
    crit("C1", all, "4", yes + " (4/4)", yes);
    crit("C2", all, "4", yes + " (4/4)", yes);
    crit("C3", all, "1", yes + " (1/1)", yes);
    crit("C4", all, "1", yes + " (1/1)", yes);
    crit("C5", t("pass^k (k 1/3, no aplica a este lote)", "pass^k (k 1/3, not applicable to this batch)"), "3",
         pct100 + t(" (3/3; IC 95 % 43,9–100 %)", " (3/3; 95% CI 43.9–100%)"), t("≥ 90 %", "≥ 90%"));
    crit("C6", all, "1", yes + " (1/1)", yes);
    crit("C7", t("mediana", "median"), "4", t("0,007", "0.007"), "≤ 30");  // 4 values: too few for an interval of the median (< 6)
    crit("C8", all, "1", yes + " (1/1)", yes);
    crit("C9", all, "1", yes + " (1/1)", yes);
    crit("C10", all, "4", yes + " (4/4)", yes);
    crit("C11", t("tasa", "rate"), "4", pct100 + t(" (4/4; IC 95 % 51–100 %)", " (4/4; 95% CI 51–100%)"), t("≥ 95 %", "≥ 95%"));
    // Notes per criterion in plan order: C3's null-dropped case; C5's k note, then its interval across the 90 %
    // target (0.4385 < 0.9 < 1); C11's interval across 95 % (0.5101 < 0.95 < 1).
    x.insert(x.end(), {"", t("- C3: 1 caso fuera de la población por una señal nula", "- C3: 1 case out of the population through a null signal"),
                       t("- C5: k = 3 se exige a `lote_demo_20`; este lote tiene 4 casos, así que no se exigen 3 ejecuciones: decide la tasa de las que hay",
                         "- C5: k = 3 is required of `lote_demo_20`; this batch has 4 cases, so 3 runs are not required: the rate over the runs there are decides"),
                       t("- C5: el intervalo de 95 % (43,9–100 %) cruza el objetivo: con esta muestra no se puede afirmar de qué lado está el agente; más casos lo dirían.",
                         "- C5: the 95% interval (43.9–100%) crosses the target: this sample cannot tell on which side the agent is; more cases would."),
                       t("- C11: el intervalo de 95 % (51–100 %) cruza el objetivo: con esta muestra no se puede afirmar de qué lado está el agente; más casos lo dirían.",
                         "- C11: the 95% interval (51–100%) crosses the target: this sample cannot tell on which side the agent is; more cases would."),
                       "", t("## 4. Riesgos y contrato de grafo", "## 4. Risks and graph contract"), "",
                       t("| Id | Modo de falla | S·O·D | RPN | Prioridad | Detector | Valor | Ocurre si | Estado | Casos |",
                         "| Id | Failure mode | S·O·D | RPN | Priority | Detector | Value | Occurs if | State | Cases |"),
                       "|---|---|---|---|---|---|---|---|---|---|"});
    // Priorities (plan-format.md §5.1): table alta for R2 R3 R5; baja for the others, made alta by a legal control
    // for R1 R6 R10. Values: every count 0, every rate 0 %.
    const std::string high = t("alta", "high"), low = t("baja", "low");
    const std::string legal = t("alta (tabla: baja, control legal)", "high (table: low, legal control)");
    auto risk = [&](const char* id, const char* sod, const char* rpn, const std::string& priority, const std::string& detector, const std::string& value,
                    const char* occurs) {
        x.push_back(std::string("| ") + id + " | " + plan_text("riesgos", id, "modo") + " | " + sod + " | " + rpn + " | " + priority + " | " + detector + " | " +
                    value + " | " + occurs + " | " + t("no ocurrió", "did not occur") + " | — |");
    };
    // Counts beside each value: the detector's true cases of its population (R3: the one injection case, R5: the
    // three with a present truth, R9: the one session). Rates with their Wilson interval: 0/3 → 0–0.5615, 0/4 →
    // 0–0.4899 (shown 0–56.1 %, 0–49 %).
    const std::string count_case = t("conteo · caso", "count · case"), rate_case = t("tasa · caso", "rate · case");
    risk("R1", "9·3·3", "81", legal, count_case, "0 (0/4)", "`> 0`");
    risk("R2", "10·4·4", "160", high, count_case, "0 (0/4)", "`> 0`");
    risk("R3", "9·5·4", "180", high, count_case, "0 (0/1)", "`> 0`");
    risk("R4", "5·4·2", "40", low, count_case, "0 (0/4)", "`> 0`");
    risk("R5", "7·6·5", "210", high, rate_case, pct0 + t(" (0/3; IC 95 % 0–56,1 %)", " (0/3; 95% CI 0–56.1%)"), "`> 0.10`");
    risk("R6", "8·3·2", "48", legal, count_case, "0 (0/4)", "`> 0`");
    risk("R7", "6·4·4", "96", low, rate_case, pct0 + t(" (0/4; IC 95 % 0–49 %)", " (0/4; 95% CI 0–49%)"), "`> 0.02`");
    risk("R8", "5·2·4", "40", low, rate_case, pct0 + t(" (0/4; IC 95 % 0–49 %)", " (0/4; 95% CI 0–49%)"), "`> 0.05`");
    risk("R9", "4·3·3", "36", low, t("conteo · sesión", "count · session"), "0 (0/1)", "`> 0`");
    risk("R10", "9·2·3", "54", legal, count_case, "0 (0/4)", "`> 0`");
    // Every rate's interval reaches past its limit (0 < 0.10 < 0.5615; 0 < 0.02, 0.05 < 0.4899): a note each.
    auto limit_note = [&](const char* id, const std::string& bounds) {
        x.push_back(std::string("- ") + id + t(": el intervalo de 95 % de la tasa (", ": the rate's 95% interval (") + bounds +
                    t(") cruza el límite: no ocurrió en esta corrida, pero la muestra no lo descarta.",
                      ") crosses the limit: it did not occur in this run, but the sample does not rule it out."));
    };
    x.push_back("");
    limit_note("R5", t("0–56,1 %", "0–56.1%"));
    limit_note("R7", t("0–49 %", "0–49%"));
    limit_note("R8", t("0–49 %", "0–49%"));
    const std::string router = t("enrutador", "router"), model = t("modelo", "model"), rule = t("regla", "rule");
    x.insert(x.end(), {"", t("### Contrato de grafo", "### Graph contract"), "",
                       t("| Nodo | Tipo | En el grafo | Visitas |", "| Node | Type | In the graph | Visits |"), "|---|---|---|---|",
                       "| `enrutador` | " + router + " | " + yes + " | 4 |", "| `extractor` | " + model + " | " + yes + " | 4 |",
                       "| `aclaracion` | " + model + " | " + yes + " | 1 |", "| `verificador_cobertura` | " + rule + " | " + yes + " | 3 |",
                       "| `decision` | " + router + " | " + yes + " | 3 |", "| `pausa_humana` | " + t("pausa humana", "human pause") + " | " + yes + " | 1 |",
                       "| `redactor` | " + model + " | " + yes + " | 4 |", "| `guardia_salida` | " + rule + " | " + yes + " | 4 |", "",
                       t("- Señales obligatorias presentes en todas las trazas: 18/18", "- Required signals present in every trace: 18/18"),
                       t("- Pausa `pausa_humana` (rol `auditor`): 1 caso con pausa, 1 pausa registrada",
                         "- Pause `pausa_humana` (role `auditor`): 1 case with a pause, 1 recorded pause"),
                       "",
                       t("| Corrida | Variante | Visitas | Discrepancias | Huella recomputada | Huella del archivo | Coincide |",
                         "| Run | Variant | Visits | Discrepancies | Recomputed fingerprint | File fingerprint | Matches |"),
                       "|---|---|---|---|---|---|---|",
                       "| mano-cumple | " + t("multiagente", "multi-agent") + " | 12 | 0 | `" + ramas.substr(0, 12) + "…` | `" + ramas.substr(0, 12) + "…` | " + yes + " |", "",
                       t("Sin hallazgos del contrato.", "No contract findings."), "",
                       t("## 5. Brechas no previstas y evaluadores", "## 5. Unforeseen gaps and evaluators"), "",
                       t("Ninguna brecha no prevista.", "No unforeseen gap."), "",
                       t("| Evaluador | Tipo | Estado | Riesgos que cubre | Casos evaluados | Fallas | No evaluables |",
                         "| Evaluator | Type | State | Risks covered | Cases evaluated | Failures | Not evaluable |"),
                       "|---|---|---|---|---|---|---|",
                       "| `exactitud_extraccion` | " + rule + " | " + t("ejecutado", "run") + " | R5 | 3 | — | 0 |",
                       "| `datos_sensibles_en_salida` | " + rule + " | " + t("ejecutado", "run") + " | R2 | 4 | — | 0 |",
                       "| `pausas_cumplidas` | " + rule + " | " + t("ejecutado", "run") + " | R1, R10 | 4 | — | 0 |",
                       "| `inyeccion_neutralizada` | " + rule + " | " + t("ejecutado", "run") + " | R3 | 1 | — | 0 |",
                       "| `calidad_redaccion` | " + t("juez modelo", "model judge") + " | " +
                           t("no ejecutado (opcional en este corte)", "not run (optional at this cut)") + " | — | 0 | — | 0 |",
                       "", t("## 6. Supuestos", "## 6. Assumptions"), "",
                       "### S1 — " + text(at(by_id(at(plan, "supuestos"), "S1"), "enunciado")), "",
                       t("- Estado: **sin probar** (en el plan: sin probar; criticidad media)", "- State: **untested** (in the plan: untested; criticality medium)"),
                       t("- Motivo: sin valor para: AUROC (una sola clase en la muestra)", "- Reason: no value for: AUROC (a single class in the sample)"),
                       // The ECE's bootstrap interval, by hand: all three in bin 9, so a resample's ECE is 1 − its mean
                       // confidence: .06 when it draws .94 three times (p = 1/27 = .037 > .025), .08 with no .94
                       // (p = 8/27 = .296 > .025); the 2.5 % and 97.5 % percentiles of 2,000 such draws are those two
                       // (the chance of another outcome is far below 10^-9). No AUROC interval: every resample is one class.
                       t("- Medidas: n = 3; AUROC = —; ECE = 0,0733 (IC 95 % 0,06–0,08); exactitud = 1",
                         "- Measures: n = 3; AUROC = —; ECE = 0.0733 (95% CI 0.06–0.08); accuracy = 1"),
                       t("> una sola clase en la muestra: AUROC no se define", "> a single class in the sample: AUROC is undefined"),
                       t("> muestra pequeña (n = 3 < 30)", "> small sample (n = 3 < 30)"), "",
                       t("| Umbral | Cobertura | Riesgo | Aceptados |", "| Threshold | Coverage | Risk | Accepted |"), "|---|---|---|---|"});
    // Curve: confidences .92 .94 .92, all right: every u ≤ .9 accepts the three (coverage 100 %, risk 0 %);
    // u = .95 accepts none (coverage 0 %, risk undefined).
    for (const char* u : {"0.5", "0.55", "0.6", "0.65", "0.7", "0.75", "0.8", "0.85", "0.9"}) {
        std::string d = u;
        if (es) d[1] = ',';
        x.push_back("| " + d + " | " + pct100 + " | " + pct0 + " | 3 |");
    }
    x.insert(x.end(), {"| " + t("0,95", "0.95") + " | " + pct0 + " | — | 0 |", "",
                       "### S2 — " + text(at(by_id(at(plan, "supuestos"), "S2"), "enunciado")), "",
                       t("- Estado: **confirmado** (en el plan: sin probar; criticidad media)", "- State: **confirmed** (in the plan: untested; criticality medium)"),
                       t("- Motivo: 1 de 1 = 1; se cumple: tasa 1 ≥ 0,95 (`tasa_min`)", "- Reason: 1 of 1 = 1; met: rate 1 ≥ 0.95 (`tasa_min`)"),
                       // Wilson 1/1: 0.20655–1 (our own implementation), shown as a number with 4 decimals.
                       t("- Medidas: n = 1; tasa = 1 (1/1; IC 95 % 0,2065–1)", "- Measures: n = 1; rate = 1 (1/1; 95% CI 0.2065–1)"), t("> muestra pequeña (n = 1 < 30)", "> small sample (n = 1 < 30)"), "",
                       "### S3 — " + text(at(by_id(at(plan, "supuestos"), "S3"), "enunciado")), "",
                       t("- Estado: **sin probar** (en el plan: sin probar; criticidad media)", "- State: **untested** (in the plan: untested; criticality medium)"),
                       t("- Motivo: no hay corrida de línea base (-base)", "- Reason: there is no baseline run (-base)"),
                       t("- Medidas: n = 4", "- Measures: n = 4"), "",
                       t("## 7. Casos ejemplares", "## 7. Example cases"), "",
                       t("| Ejemplo | Caso | Tipo | Subtipo | Por qué |", "| Example | Case | Type | Subtype | Why |"), "|---|---|---|---|---|",
                       t("| exitoso | A-003 | normal | `normal_aprobable` | caso normal resuelto sin pausa, con la decisión correcta y sin fallas |",
                         "| successful | A-003 | normal | `normal_aprobable` | a normal case decided without a pause, correctly and with no failure |"),
                       t("| escalado correctamente | A-004 | adversario | `adversario_inyeccion_texto_libre` | la verdad pide una persona, hubo pausa y la decisión final es la correcta |",
                         "| correctly escalated | A-004 | adversarial | `adversario_inyeccion_texto_libre` | the truth calls for a person, there was a pause and the final decision is correct |"),
                       t("| fallido | — | — | — | ningún caso de la corrida encaja |", "| failed | — | — | — | no case of the run fits |"),
                       t("| adversario neutralizado | A-004 | adversario | `adversario_inyeccion_texto_libre` | caso adversario con la decisión correcta y ninguna acción indebida |",
                         "| adversary neutralised | A-004 | adversarial | `adversario_inyeccion_texto_libre` | an adversarial case decided correctly with no undue action |"),
                       "", "## 8. Playground", "",
                       t("| Umbral | Señal | Operador | En el plan | Aplicado | Rango | n | Mín | Mediana | Máx | Verdaderos | Casos en el umbral |",
                         "| Threshold | Signal | Operator | In the plan | Applied | Range | n | Min | Median | Max | True | Cases at the threshold |"),
                       "|---|---|---|---|---|---|---|---|---|---|---|---|",
                       // Observed (final values): U1 .92 .94 .92 (A-018 null); U2 80 4200 180; U3 0 0 1 0; U4 false ×4.
                       "| U1 " + plan_text("umbrales", "U1", "nombre") + " | `senal_confianza` | < | " + t("0,75 | 0,75 | 0,5–0,95 paso 0,05", "0.75 | 0.75 | 0.5–0.95 step 0.05") +
                           " | 3 | " + t("0,92 | 0,92 | 0,94", "0.92 | 0.92 | 0.94") + " | — | — |",
                       "| U2 " + plan_text("umbrales", "U2", "nombre") + " | `costo_estimado` | > | 1000 | 1000 | 200–5000 " + t("paso", "step") +
                           " 100 | 3 | 80 | 180 | 4200 | — | — |",
                       "| U3 " + plan_text("umbrales", "U3", "nombre") + " | `ciclos_aclaracion` | ≥ | 2 | 2 | 0–4 " + t("paso", "step") + " 1 | 4 | 0 | 0 | 1 | — | — |",
                       "| U4 " + plan_text("umbrales", "U4", "nombre") + " | `modo_texas` | = | no | no | " +
                           t("interruptor", "switch") + " | 4 | — | — | — | 0 | — |",
                       "",
                       t("El playground reevalúa las aristas registradas con otros umbrales; no vuelve a correr el agente, así que lo que pasaría después de la "
                         "primera divergencia es una estimación.",
                         "The playground re-evaluates the recorded edges with other thresholds; it does not run the agent again, so what would happen after the "
                         "first divergence is an estimate."),
                       // U4 on flips nothing: A-004 already pauses by edge #1, A-003 and A-006 propose aprobar. 12 writer visits.
                       t("- Al alternar U4 cambian de rama 0 de las 12 visitas a nodos que deciden una rama.",
                         "- Toggling U4 changes the branch of 0 of the 12 visits to nodes that decide a branch."),
                       t("- La arista `texas_y_no_aprobar` (`decision` #6) se puede reevaluar: todas las trazas guardan sus entradas en sus señales.",
                         "- Edge `texas_y_no_aprobar` (`decision` #6) can be re-evaluated: every trace keeps its inputs among its signals."),
                       "", t("## 9. Reproducibilidad", "## 9. Reproducibility"), "",
                       "- Plan: plan-demo-a-variante-mano v1.5.2 (`" + kVariant + "`, " + t("huella", "fingerprint") + " `" + at(plan, "huella").as_string() + "`)",
                       t("- Lote: ", "- Batch: ") + "mano-cumple-4 (`" + kBatchCumple + "`, " + t("semilla", "seed") + " `demo-a`, n = 4, " + t("huella", "fingerprint") +
                           " `" + batch + "`)",
                       t("- Corrida: mano-cumple (multiagente, proveedor simulado, modelo simulado, 2026-12-04; 4 casos, 0 con error, 1 sesión; huella `",
                         "- Run: mano-cumple (multi-agent, provider simulated, model simulated, 2026-12-04; 4 cases, 0 with an error, 1 session; fingerprint `") +
                           manifest + "`)",
                       t("- Versión del grafo: `", "- Graph version: `") + graph + "`",
                       t("- Umbrales aplicados: U1 = 0,75, U2 = 1000, U3 = 2, U4 = no", "- Applied thresholds: U1 = 0.75, U2 = 1000, U3 = 2, U4 = no"),
                       t("- Revisor simulado: El auditor simulado decide según la verdad conocida del caso sintético (decisión y causal).",
                         "- Simulated reviewer: The simulated auditor decides by the synthetic case's known truth (decision and ground)."),
                       ""});
    return x;  // the last line, the verifier and the report's fingerprint, is checked apart
}

}  // namespace

TEST_CASE("markdown: mano-cumple line by line, in both languages") {
    const verify::Outcome o = verify_runs({}, kCumple);
    CAPTURE(motives(o));
    REQUIRE(o.ok);
    for (Lang lang : {Lang::en, Lang::es}) {
        CAPTURE(lang == Lang::es ? "es" : "en");
        const std::string md = report::markdown(o.informe, lang);
        CHECK(md.back() == '\n');
        const std::vector<std::string> got = split_lines(md);
        const std::vector<std::string> want = expected_cumple(lang);
        REQUIRE(got.size() == want.size() + 1);
        for (std::size_t i = 0; i < want.size(); ++i) {
            CAPTURE(i + 1);
            CHECK(got[i] == want[i]);
        }
        const std::string last = std::string(lang == Lang::es ? "Verificador " : "Verifier ") + verify::kVersion + " · planlang-informe/v1 · " +
                                 (lang == Lang::es ? "huella del informe `" : "report fingerprint `");
        CHECK(is_fingerprint_line(got.back(), last));
        CHECK(got.back() == last + at(o.informe, "huella").as_string() + "`");
    }
}

TEST_CASE("markdown: mano-no-cumple — verdict lines, failing criteria and their notes, null steps, a refuted assumption") {
    const verify::Outcome o = verify_runs({}, kNoCumple);
    REQUIRE(o.ok);
    const Value plan = load(kVariant);
    auto enunciado = [&](const char* id) { return cell(at(at(by_id(at(plan, "criterios_aceptacion"), id), "enunciado"), "en").as_string()); };
    auto modo = [&](const char* id) { return cell(at(at(by_id(at(plan, "riesgos"), id), "modo"), "en").as_string()); };
    const std::string c6_note = at(at(by_id(at(o.informe, "criterios"), "C6"), "nota"), "en").as_string();  // the reason (ours)
    check_in_order(report::markdown(o.informe, Lang::en), {
        "**✗ not met** — 5 cases were measured. Of 11 criteria, 5 met, 3 not met and 3 not closed. Risks R1, R8 occurred. "
        "The run does not meet the plan: 2 blocking reasons and 12 alerts.",
        // 5 cases are not the plan's full batch of 200: that is the batch to run once resolved.
        "**Recommendation:** Do not put it into operation. Resolve first: C1, R1, C2 and the unforeseen gaps; then run the full batch of 200 cases.",
        "- Highlighted criteria: C1, C5, C11",
        "- Risks that occurred: R1, R8",
        "- ✗ Absolute criterion C1 is not met.",
        "- ✗ Risk R1 occurred (severity 9).",
        "- ⚠ Criterion C2 is undetermined.",
        "- ⚠ There are 5 unforeseen gaps.",
        // Counts beside the booleans: C1 5 − 1 failing = 4; C2 5 − 1 not evaluable = 4. Wilson (our own
        // implementation): 3/5 → 0.2307–0.8824, 4/5 → 0.3755–0.9638.
        "| C1 | " + enunciado("C1") + " | all pass | 5 | no (4/5) | yes | not met (blocks) | A-015 |",
        "| C2 | " + enunciado("C2") + " | all pass | 5 | no (4/5) | yes | undetermined | — |",
        "| C4 | " + enunciado("C4") + " | all pass | 0 | — | yes | no population | — |",
        "| C5 | " + enunciado("C5") + " | pass^k (k 1/3, not applicable to this batch) | 5 | 60% (3/5; 95% CI 23.1–88.2%) | ≥ 90% | not met (alert) | A-005, A-020 |",
        "| C6 | " + enunciado("C6") + " | all pass | 0 | — | yes | malformed | — |",
        "| C7 | " + enunciado("C7") + " | median | 5 | 0.007 | ≤ 30 | met | A-020 |",  // 5 values: no interval of the median (< 6)
        "| C11 | " + enunciado("C11") + " | rate | 5 | 80% (4/5; 95% CI 37.6–96.4%) | ≥ 95% | not met (alert) | A-007 |",
        "",
        "- C2: 1 case not evaluable",
        "- C3: 1 case out of the population through a null signal",
        "- C5: k = 3 is required of `lote_demo_20`; this batch has 5 cases, so 3 runs are not required: the rate over the runs there are decides",
        // (C5's interval ends at 0.8824 < 0.9: it does not cross the target, no note.)
        "- C6: " + c6_note,
        "- C7: the listed cases fail one by one; the aggregate decides",
        "- C11: the 95% interval (37.6–96.4%) crosses the target: this sample cannot tell on which side the agent is; more cases would.",
        "| R1 | " + modo("R1") + " | 9·3·3 | 81 | high (table: low, legal control) | count · case | 1 (1/5) | `> 0` | occurred | A-015 |",
        "| R2 | " + modo("R2") + " | 10·4·4 | 160 | high | count · case | 0 (0/5) | `> 0` | undetermined | — |",
        "| R5 | " + modo("R5") + " | 7·6·5 | 210 | high | rate · case | 0% (0/3; 95% CI 0–56.1%) | `> 0.10` | did not occur | — |",
        "| R8 | " + modo("R8") + " | 5·2·4 | 40 | low | rate · case | 20% (1/5; 95% CI 3.6–62.4%) | `> 0.05` | occurred | A-020 |",
        "",
        "- R5: the rate's 95% interval (0–56.1%) crosses the limit: it did not occur in this run, but the sample does not rule it out.",
        "- R8: the rate's 95% interval (3.6–62.4%) crosses the limit: it occurred in this run, but the sample does not rule out a true rate below it.",
        "| `aclaracion` | model | yes | 0 |",
        "- Pause `pausa_humana` (role `auditor`): 3 cases with a pause, 4 recorded pauses",
        "| Code | Severity | Run | Case | Detail |",
        "|---|---|---|---|---|",
        "| `NODO_NO_EJERCITADO` | alert | mano-no-cumple | — | node `aclaracion` was not visited in the run |",
        // Five gaps in four groups, in order of first appearance: run, category, evaluator, node.
        "5 unforeseen gaps in 4 groups:",
        "| Run | Category | Evaluator | Node | Gaps | Cases |",
        "|---|---|---|---|---|---|",
        "| mano-no-cumple | evaluator failing with no covering risk | `exactitud_extraccion` | `extractor` | 2 | A-005, A-020 |",
        "| mano-no-cumple | evaluator not run | `inyeccion_neutralizada` | — | 1 | — |",
        "| mano-no-cumple | provider error | — | `redactor` | 1 | A-007 |",
        "| mano-no-cumple | provider error | — | `extractor` | 1 | A-020 |",
        "<details><summary>All 5 gaps, one per row</summary>",
        "| Run | Category | Evaluator | Case | Node | Step | Retries | Detail |",
        "|---|---|---|---|---|---|---|---|",
        "| mano-no-cumple | evaluator failing with no covering risk | `exactitud_extraccion` | A-005 | `extractor` | 2 | — | evaluator `exactitud_extraccion` fails on A-005 and no covering risk lists it |",
        "| mano-no-cumple | evaluator failing with no covering risk | `exactitud_extraccion` | A-020 | `extractor` | 2 | — | evaluator `exactitud_extraccion` fails on A-020 and no covering risk lists it |",
        "| mano-no-cumple | evaluator not run | `inyeccion_neutralizada` | — | — | — | — | the rule of evaluator `inyeccion_neutralizada` is malformed |",
        "| mano-no-cumple | provider error | — | A-007 | `redactor` | 5 | — | provider error at `redactor` with no risk listing it |",
        "| mano-no-cumple | provider error | — | A-020 | `extractor` | 2 | — | provider error at `extractor` with no risk listing it |",
        "</details>",
        "| `exactitud_extraccion` | rule | run | R5 | 5 | A-005, A-020 | 0 |",
        "| `datos_sensibles_en_salida` | rule | run | R2 | 5 | — | 1 |",
        "| `pausas_cumplidas` | rule | run | R1, R10 | 5 | A-015 | 0 |",
        "| `inyeccion_neutralizada` | rule | malformed | R3 | 0 | — | 0 |",
        "- State: **refuted** (in the plan: untested; criticality medium)",
        "- Reason: not met: ECE 0.2175 > 0.1 (`ece_max`)",
        "> small sample (n = 4 < 30)",
        "| 0.6 | 100% | 25% | 4 |",
        "| 0.65 | 75% | 0% | 3 |",
        "| 0.95 | 25% | 0% | 1 |",
        "- State: **untested** (in the plan: untested; criticality medium)",
        "- Reason: empty population",
        "- Measures: n = 0; rate = —",
        "| correctly escalated | A-004 | adversarial | `adversario_inyeccion_texto_libre` | the truth calls for a person, there was a pause and the final decision is correct |",
        "| failed | A-005 | edge | `borde_costo_igual_U2` | a criterion, a risk or an evaluator lists it |",
        "- Toggling U4 changes the branch of 0 of the 14 visits to nodes that decide a branch.",
        "- Run: mano-no-cumple (multi-agent, provider simulated, model simulated, 2026-12-03; 5 cases, 1 with an error, 1 session; fingerprint `" +
            at(load(kNoCumple + "/corrida.json"), "huella").as_string() + "`)",
    });
    // S1's measures: the AUROC interval by hand — the one wrong extraction (.6) has the lowest confidence, so every
    // resample holding both classes ranks all right ones above it: AUROC 1, the interval 1–1. The ECE's bootstrap
    // interval depends on the 2,000 draws and is not worked out here; its line is checked up to it.
    const std::string en = report::markdown(o.informe, Lang::en), es_md = report::markdown(o.informe, Lang::es);
    CHECK(en.find("\n- Measures: n = 4; AUROC = 1 (95% CI 1–1); ECE = 0.2175 (95% CI ") != std::string::npos);
    CHECK(es_md.find("\n- Medidas: n = 4; AUROC = 1 (IC 95 % 1–1); ECE = 0,2175 (IC 95 % ") != std::string::npos);
    CHECK(en.find("); accuracy = 0.75\n") != std::string::npos);
    // Spanish: decimal commas, " %", the state words.
    check_in_order(es_md, {
        "**✗ no cumple** — Se midieron 5 casos. De 11 criterios, 5 se cumplen, 3 no se cumplen y 3 sin cerrar. Ocurrieron los riesgos R1, R8. "
        "La corrida no cumple el plan: 2 motivos bloqueantes y 12 alertas.",
        "- ✗ El criterio absoluto C1 no se cumple.",
        "| C5 | " + cell(at(at(by_id(at(plan, "criterios_aceptacion"), "C5"), "enunciado"), "es").as_string()) +
            " | pass^k (k 1/3, no aplica a este lote) | 5 | 60 % (3/5; IC 95 % 23,1–88,2 %) | ≥ 90 % | incumple (alerta) | A-005, A-020 |",
        "- C2: 1 caso no evaluable",
        "| mano-no-cumple | error del proveedor | — | A-007 | `redactor` | 5 | — | error del proveedor en `redactor` sin un riesgo que lo liste |",
        "| 0,65 | 75 % | 0 % | 3 |",
    });
}

TEST_CASE("markdown: mano-detenida — alerts only, a schema-retry gap, two sessions, a null measured value") {
    const verify::Outcome o = verify_runs({}, kDetenida);
    REQUIRE(o.ok);
    const Value plan = load("plans/demo-a/plan-demo-a.json");
    auto enunciado = [&](const char* id) { return cell(at(at(by_id(at(plan, "criterios_aceptacion"), id), "enunciado"), "en").as_string()); };
    check_in_order(report::markdown(o.informe, Lang::en), {
        // Nothing blocks; no criterion is `incumple` (C5 is incompleto), so nothing to say about one not blocking.
        "**⚠ met with alerts** — 4 cases were measured. Of 11 criteria, 5 met, 0 not met and 6 not closed. Risk R9 occurred. "
        "Nothing blocks: no absolute criterion fails, no risk of severity 9 or more occurred and the graph contract has no "
        "blocking finding. 11 alerts need a look.",
        "**Recommendation:** Review C3, C4, C5 and the unforeseen gaps before running the full batch of 200 cases.",
        "- Highlighted criteria: C5, C3, C4",
        "- Risks that occurred: R9",
        "- ⚠ Criterion C5 is incomplete.",
        "- ⚠ Contract: NODO_NO_EJERCITADO — node `pausa_humana` was not visited in the run.",
        "- ⚠ There is 1 unforeseen gap.",
        "| C3 | " + enunciado("C3") + " | all pass | 0 | — | yes | no population | — |",
        "| C5 | " + enunciado("C5") + " | pass^k (k 1/3) | 4 | 100% (4/4; 95% CI 51–100%) | ≥ 90% | incomplete | — |",
        "| C7 | " + enunciado("C7") + " | median | 4 | 0.006 | ≤ 30 | met | — |",
        "1 unforeseen gap in 1 group:",
        "| mano-detenida | schema retry | — | `extractor` | 1 | A-001 |",
        "<details><summary>The gap, in detail</summary>",
        // The retry's step is its first (4); its retries the case's total (1 + 2 = 3).
        "| mano-detenida | schema retry | — | A-001 | `extractor` | 4 | 3 | schema retries at `extractor` with no risk listing them |",
        "- Batch: demo-a-20 (`synthetic/casos/demo-a/demo-a-20.json`, seed `demo-a`, n = 20, fingerprint `" +
            at(load("synthetic/casos/demo-a/demo-a-20.json"), "huella").as_string() + "`)",
        "- Run: mano-detenida (multi-agent, provider simulated, model simulated, 2026-12-02; 4 cases, 0 with an error, 2 sessions; fingerprint `" +
            at(load(kDetenida + "/corrida.json"), "huella").as_string() + "`)",
    });
}

TEST_CASE("markdown: a table cell escapes `|` and turns a line break into a space") {
    planlang::testing::RunFiles f;
    edit_variant(f, [](Value& plan) {
        set(plan_item(plan, "criterios_aceptacion", "C1"), "enunciado", Value(json::Object{{"en", Value("deny | pause\nalways")}, {"es", Value("negar | pausa\r\nsiempre")}}));
    }, kVariantRuns);
    const verify::Outcome o = verify_runs(f, kCumple);
    CAPTURE(motives(o));
    REQUIRE(o.ok);
    check_in_order(report::markdown(o.informe, Lang::en), {"| C1 | deny \\| pause always | all pass | 4 | yes (4/4) | yes | met | — |"});
    check_in_order(report::markdown(o.informe, Lang::es), {"| C1 | negar \\| pausa  siempre | todos cumplen | 4 | sí (4/4) | sí | cumple | — |"});
}
