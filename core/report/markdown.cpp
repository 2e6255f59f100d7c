// spec/traces-and-verifier.md §14 "Markdown": title, quote line, nine sections. Wording ours, per language.
#include "core/report/markdown.hpp"

#include <cmath>
#include <map>

#include "core/json/number.hpp"
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

const json::Array& arr(const Value& v);

const Value& at(const Value& v, std::string_view key) {
    static const Value kNull;
    if (!v.is_object()) return kNull;
    const Value* x = v.find(key);
    return x ? *x : kNull;
}

const std::string& text(const Value& v, std::string_view key) {
    static const std::string kEmpty;
    const Value& x = at(v, key);
    return x.is_string() ? x.as_string() : kEmpty;
}

std::string Writer::bil(const Value& v) const {
    if (v.is_string()) return v.as_string();
    return text(v, es() ? "es" : "en");
}

std::string Writer::state(const std::string& key) const {
    static const std::map<std::string, std::pair<const char*, const char*>> kWords = {
        {"cumple", {"cumple", "met"}},
        {"incumple", {"incumple", "not met"}},
        {"incompleto", {"incompleto", "incomplete"}},
        {"indeterminado", {"indeterminado", "undetermined"}},
        {"sin_poblacion", {"sin población", "no population"}},
        {"mal_formado", {"mal formado", "malformed"}},
        {"ocurrio", {"ocurrió", "occurred"}},
        {"no_ocurrio", {"no ocurrió", "did not occur"}},
        {"no_detectable", {"no detectable en trazas", "not detectable in traces"}},
        {"confirmado", {"confirmado", "confirmed"}},
        {"refutado", {"refutado", "refuted"}},
        {"sin_probar", {"sin probar", "untested"}},
        {"cumple_con_alertas", {"cumple con alertas", "met with alerts"}},
        {"no_cumple", {"no cumple", "not met"}},
        {"ejecutado", {"ejecutado", "run"}},
        {"no_ejecutado", {"no ejecutado", "not run"}},
        {"no_ejecutado_opcional", {"no ejecutado (opcional en este corte)", "not run (optional at this cut)"}},
        {"sin_implementacion", {"sin implementación", "not implemented"}},
        {"bloqueante", {"bloqueante", "blocking"}},
        {"alerta", {"alerta", "alert"}},
        {"alta", {"alta", "high"}},
        {"media", {"media", "medium"}},
        {"baja", {"baja", "low"}},
    };
    auto it = kWords.find(key);
    if (it == kWords.end()) return key;
    return es() ? it->second.first : it->second.second;
}

std::string Writer::number(const Value& v) const {
    if (v.is_bool()) return v.as_bool() ? t("sí", "yes") : "no";
    if (!v.is_number()) return "—";
    const double x = v.as_number();
    if (std::floor(x) == x && std::fabs(x) < 1e15) return num(x, 0, m_lang);
    return num_corto(x, 4, m_lang);
}

std::string Writer::percent(const Value& v) const { return v.is_number() ? pct(v.as_number(), m_lang) : "—"; }

std::string Writer::list(const Value& ids, std::size_t max) const {
    if (!ids.is_array() || ids.as_array().empty()) return "—";
    std::string s;
    const auto& a = ids.as_array();
    for (std::size_t i = 0; i < a.size() && i < max; ++i) {
        if (i) s += ", ";
        s += a[i].is_string() ? a[i].as_string() : json::format_number(a[i].is_number() ? a[i].as_number() : 0);
    }
    if (a.size() > max) s += ", … (+" + std::to_string(a.size() - max) + ")";
    return s;
}

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
    for (const Value& c : arr(at(informe, "criterios"))) {
        const std::string& agg = text(c, "agregacion");
        const bool rate = agg == "tasa" || agg == "pass^k";
        const std::string value = rate ? w.percent(at(c, "valor_medido")) : w.number(at(c, "valor_medido"));
        const std::string target = rate && at(c, "objetivo").is_number() ? w.percent(at(c, "objetivo")) : w.number(at(c, "objetivo"));
        std::string k;
        if (at(c, "k").is_object())
            k = " (k " + w.number(at(at(c, "k"), "observado")) + "/" + w.number(at(at(c, "k"), "requerido")) +
                (at(at(c, "k"), "aplica") == Value(true) ? "" : w.t(", no aplica a este lote", ", not applicable to this batch")) + ")";
        w.line("| " + text(c, "id") + " | " + cell(w.bil(at(c, "enunciado"))) + " | " + cell(agg) + k + " | " + w.number(at(c, "n_poblacion")) +
               " | " + value + " | " + target + " | " + w.state(text(c, "estado")) + " | " + cell(w.list(at(c, "casos_que_incumplen"))) + " |");
        if (!at(c, "nota").is_null()) notes += "- " + text(c, "id") + ": " + w.bil(at(c, "nota")) + "\n";
        if (!arr(at(c, "no_evaluables")).empty())
            notes += "- " + text(c, "id") + ": " + std::to_string(arr(at(c, "no_evaluables")).size()) + w.t(" casos no evaluables", " cases not evaluable") + "\n";
        if (at(c, "fuera_por_senal_nula").is_number() && at(c, "fuera_por_senal_nula").as_number() > 0)
            notes += "- " + text(c, "id") + ": " + w.number(at(c, "fuera_por_senal_nula")) +
                     w.t(" casos fuera de la población por una señal nula", " cases out of the population through a null signal") + "\n";
    }
    if (!notes.empty()) {
        w.line();
        w.out += notes;
    }
}

void section_risks_and_contract(Writer& w, const Value& informe) {
    w.line(w.t("## 4. Riesgos y contrato de grafo", "## 4. Risks and graph contract"));
    w.line();
    w.line(w.t("| Id | Modo de falla | S·O·D | RPN | Prioridad | Detector | Valor | Ocurre si | Estado | Casos |",
               "| Id | Failure mode | S·O·D | RPN | Priority | Detector | Value | Occurs if | State | Cases |"));
    w.line("|---|---|---|---|---|---|---|---|---|---|");
    std::string notes;
    for (const Value& r : arr(at(informe, "riesgos"))) {
        const bool rate = text(r, "tipo_detector") == "tasa";
        std::string priority = w.state(text(r, "prioridad_de_accion"));
        if (text(r, "prioridad_de_accion") != text(r, "prioridad_de_tabla"))
            priority += std::string(" (") + w.t("tabla: ", "table: ") + w.state(text(r, "prioridad_de_tabla")) + w.t(", control legal)", ", legal control)");
        w.line("| " + text(r, "id") + " | " + cell(w.bil(at(r, "modo"))) + " | " + w.number(at(r, "severidad")) + "·" +
               w.number(at(r, "ocurrencia")) + "·" + w.number(at(r, "deteccion")) + " | " + w.number(at(r, "rpn")) + " | " + priority + " | " +
               (at(r, "tipo_detector").is_null() ? std::string("—") : text(r, "tipo_detector") + " · " + text(r, "ambito")) + " | " +
               (rate ? w.percent(at(r, "valor")) : w.number(at(r, "valor"))) + " | " + cell(text(r, "ocurre_si")) + " | " +
               w.state(text(r, "estado")) + " | " + cell(w.list(at(r, "casos"))) + " |");
        if (!at(r, "nota").is_null()) notes += "- " + text(r, "id") + ": " + w.bil(at(r, "nota")) + "\n";
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
        w.line("| " + text(n, "id") + " | " + text(n, "tipo") + " | " + w.number(at(n, "en_grafo")) + " | " + w.number(at(n, "visitas")) + " |");
    w.line();
    std::size_t complete = 0, total = 0;
    for (const Value& s : arr(at(g, "senales"))) {
        ++total;
        complete += at(s, "presente_en") == at(s, "de");
    }
    w.line(std::string("- ") + w.t("Señales obligatorias presentes en todas las trazas: ", "Required signals present in every trace: ") +
           std::to_string(complete) + "/" + std::to_string(total));
    const Value& p = at(g, "pausas");
    if (p.is_object())
        w.line(std::string("- ") + w.t("Pausa ", "Pause ") + text(p, "nodo") + " (" + text(p, "rol") + "): " + w.number(at(p, "casos_con_pausa")) +
               w.t(" casos con pausa, ", " cases with a pause, ") + w.number(at(p, "pausas_registradas")) + w.t(" pausas registradas", " recorded pauses"));
    w.line();
    w.line(w.t("| Corrida | Variante | Visitas | Discrepancias | Huella recomputada | Huella del archivo | Coincide |",
               "| Run | Variant | Visits | Discrepancies | Recomputed fingerprint | File fingerprint | Matches |"));
    w.line("|---|---|---|---|---|---|---|");
    for (const Value& r : arr(at(g, "rf_09_2"))) {
        const std::string& h = text(r, "huella_typescript");
        const std::string& f = text(r, "huella_python");
        w.line("| " + text(r, "corrida_id") + " | " + text(r, "variante") + " | " + w.number(at(r, "visitas")) + " | " + w.number(at(r, "discrepancias")) +
               " | " + (h.empty() ? std::string("—") : "`" + h.substr(0, 12) + "…`") + " | " + (f.empty() ? std::string("—") : "`" + f.substr(0, 12) + "…`") +
               " | " + w.number(at(r, "coincide")) + " |");
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
        w.line("| " + text(f, "codigo") + " | " + w.state(text(f, "severidad")) + " | " + text(f, "corrida_id") + " | " +
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
