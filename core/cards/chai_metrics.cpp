// The CHAI card's KeyMetrics (site-and-cards.md §7.2, §7.3, §8's honesty rules): three blocks of criteria
// from the report — task criteria (plan `tipo` tasa | latencia | costo) under UsefulnessUsabilityEfficacy,
// absolute criteria (the ones whose failure blocks the verdict, traces-and-verifier.md §13) with the risk
// detectors, pass^k stability and RF-09.2 under SafetyReliability, and per-locale or subgroup criteria (their
// population reads a declared `claves_de_subgrupo` key) under FairnessEquity, which is otherwise "not
// applicable": aggregate numbers are never reused there. Every label keeps n and k and says whether the
// figure gates the verdict; "no value" is written null, never 0.
#include <string>
#include <vector>

#include "core/cards/internal/chai_parts.hpp"
#include "core/report/words.hpp"
#include "core/json/canonical.hpp"
#include "core/json/number.hpp"

namespace planlang::cards::internal {

namespace {

using json::array_items;

std::string code(const std::string& s) { return "`" + s + "`"; }

// The index in a report list (`criterios`, `complementos/criterios`…) of the entry with this id.
std::optional<std::size_t> index_of(const Docs& d, const std::string& list, const std::string& id) {
    const json::Value* v = d.informe ? resolve(*d.informe, list) : nullptr;
    if (!v) return std::nullopt;
    const json::Array& items = array_items(*v);
    for (std::size_t i = 0; i < items.size(); ++i)
        if (json::member_or_null(items[i], "id") == json::Value(id)) return i;
    return std::nullopt;
}

// One figure of a block, as v0.2's MetricResult and v0.1's Result line.
struct Metric {
    ChaiElement label;
    ChaiElement value_json;
    std::string value_text;  // the value in the card's language (v0.1)
};

std::string quoted(const std::string& s) { return json::canonical(json::Value(s)); }

// {"kind":"single","value":N,"unit":U} or {"kind":"estimate_ci","estimate":…,"lower":…,"upper":…,"level":95,"unit":U}
// (§7.1), keys in that order; a null value stays null. `interval`: the report's complementos pointer to an
// object with `bajo` and `alto` (only where the verifier computed one).
void write_value(LeafWriter& w, const std::string& value_pointer, const std::string& interval, const std::string& unit, Metric& m,
                 bool proportion) {
    const json::Value& v = w.read(Doc::informe, value_pointer);
    const std::string number = v.is_number() ? json::format_number(v.as_number()) : "null";
    const std::string unit_member = unit.empty() ? std::string() : ",\"unit\":" + quoted(unit);
    const bool ci = !interval.empty() && v.is_number() && w.peek(Doc::informe, interval + "/bajo").is_number() &&
                    w.peek(Doc::informe, interval + "/alto").is_number();
    const std::string unit_text = unit == "s" ? " s" : "";
    auto shown = [&](double x) { return proportion ? report::pct(x, w.lang()) : report::num_corto(x, 3, w.lang()) + unit_text; };
    if (!v.is_number()) m.value_text = pick(w.lang(), "sin valor", "no value");
    else m.value_text = shown(v.as_number());
    if (ci) {
        const double lo = w.read(Doc::informe, interval + "/bajo").as_number();
        const double hi = w.read(Doc::informe, interval + "/alto").as_number();
        w.put("{\"kind\":\"estimate_ci\",\"estimate\":" + number + ",\"lower\":" + json::format_number(lo) + ",\"upper\":" +
              json::format_number(hi) + ",\"level\":95" + unit_member + "}");
        m.value_text += std::string(pick(w.lang(), " (IC 95 % ", " (95% CI ")) + shown(lo) + "–" + shown(hi) + ")";
    } else {
        w.put("{\"kind\":\"single\",\"value\":" + number + unit_member + "}");
    }
}

class Block {
public:
    Block(const Docs& docs, report::Lang lang) : m_docs(docs), m_lang(lang), m_goal(docs, lang), m_interp(docs, lang), m_pop(docs, lang) {}

    bool empty() const { return m_metrics.empty(); }

    // Runs measured: the main run and each repetition (the k of a figure that is not pass^k).
    std::string runs() const {
        const json::Value* r = m_docs.informe ? resolve(*m_docs.informe, "/ficha_reproducibilidad/repeticiones") : nullptr;
        return std::to_string(1 + (r ? array_items(*r).size() : 0));
    }

    void criterion(std::size_t plan_index) {
        const std::string pp = "/criterios_aceptacion" + index_step(plan_index);
        const json::Value& id_value = m_goal.peek(Doc::plan, pp + "/id");
        if (!id_value.is_string()) return;
        const std::optional<std::size_t> ri = index_of(m_docs, "/criterios", id_value.as_string());
        if (!ri) return;
        const std::string rp = "/criterios" + index_step(*ri);
        const std::optional<std::size_t> ci = index_of(m_docs, "/complementos/criterios", id_value.as_string());
        const std::string cp = ci ? "/complementos/criterios" + index_step(*ci) : std::string();

        const std::string id = m_goal.value(Doc::plan, pp + "/id");
        const std::string agregacion = m_goal.peek(Doc::informe, rp + "/agregacion").is_string()
                                           ? m_goal.peek(Doc::informe, rp + "/agregacion").as_string() : std::string();
        const std::string tipo = m_goal.peek(Doc::informe, rp + "/tipo").is_string() ? m_goal.peek(Doc::informe, rp + "/tipo").as_string() : std::string();
        const bool condition = agregacion == "todos_cumplen";
        const bool proportion = agregacion == "tasa" || agregacion == "pass^k";
        const bool lower_is_better = plan::lower_is_better(tipo);
        const bool gating = tipo == "absoluto";

        // MetricGoal line.
        const json::Value& objetivo = m_goal.peek(Doc::informe, rp + "/objetivo");
        m_goal.put(m_goal.empty() ? "" : "\n").put(id).put(": ").put(m_goal.text(Doc::plan, pp + "/enunciado"));
        if (objetivo.is_number()) {
            m_goal.say(" (objetivo ", " (target ").put(lower_is_better ? "≤ " : "≥ ");
            m_goal.put(proportion ? report::pct(m_goal.read(Doc::informe, rp + "/objetivo").as_number(), m_lang)
                                  : report::num_corto(m_goal.read(Doc::informe, rp + "/objetivo").as_number(), 3, m_lang));
            m_goal.put(")");
        }

        // Label: id, aggregation, n, k, gating.
        Metric m;
        LeafWriter w(m_docs, m_lang);
        w.put(id).put(" · ").put(report::enum_word_or_key("agregacion", w.value(Doc::informe, rp + "/agregacion"), m_lang)).put(" · n = ").put(w.value(Doc::informe, rp + "/n_poblacion"));
        const json::Value& k = w.peek(Doc::informe, rp + "/k");
        std::string k_text;
        if (k.is_object()) {
            k_text = w.value(Doc::informe, rp + "/k/observado") + pick(m_lang, " de ", " of ") + w.value(Doc::informe, rp + "/k/requerido");
            if (w.read(Doc::informe, rp + "/k/aplica") == json::Value(false))
                k_text += pick(m_lang, " (no exigido a este lote)", " (not required of this batch)");
        } else {
            k_text = runs();
            w.read(Doc::informe, "/ficha_reproducibilidad/repeticiones");
        }
        w.put(" · k = ").put(k_text).put(" · ");
        w.say(gating ? "bloquea el veredicto si falla" : "solo alerta si falla", gating ? "blocks the verdict if not met" : "alert only if not met");
        m.label = w.leaf("Label", Origin::derivado);

        // ValueJson.
        if (condition) {
            // A count we compute from the report's list of failing cases; null when the report has no value.
            const json::Value& measured = w.read(Doc::informe, rp + "/valor_medido");
            const std::size_t failing = array_items(w.read(Doc::informe, rp + "/casos_que_incumplen")).size();
            const std::string unit = pick(m_lang, "casos que incumplen", "failing cases");
            if (measured.is_null()) {
                w.put("{\"kind\":\"single\",\"value\":null,\"unit\":" + quoted(unit) + "}");
                m.value_text = pick(m_lang, "sin valor", "no value");
            } else {
                w.put("{\"kind\":\"single\",\"value\":" + std::to_string(failing) + ",\"unit\":" + quoted(unit) + "}");
                m.value_text = std::to_string(failing) + " " + unit;
            }
        } else {
            std::string interval;
            if (!cp.empty() && !w.peek(Doc::informe, cp + "/tasa/wilson95").is_null()) interval = cp + "/tasa/wilson95";
            if (!cp.empty() && !w.peek(Doc::informe, cp + "/intervalo95").is_null()) interval = cp + "/intervalo95";
            const std::string unit = proportion ? pick(m_lang, "proporción", "proportion") : tipo == "latencia" ? "s" : "";
            write_value(w, rp + "/valor_medido", interval, unit, m, proportion);
        }
        m.value_json = w.leaf("ValueJson", Origin::derivado);
        m_metrics.push_back(std::move(m));

        // Interpretation line.
        const std::string estado = m_interp.value(Doc::informe, rp + "/estado");
        const json::Value& measured = m_interp.read(Doc::informe, rp + "/valor_medido");
        line(condition ? tag_computed(m_lang) : tag_measured(m_lang));
        m_interp.put(id).put(": ");
        if (condition && !measured.is_null()) {
            m_interp.put(std::to_string(array_items(m_interp.read(Doc::informe, rp + "/casos_que_incumplen")).size()));
            m_interp.say(" de ", " of ").put(m_interp.value(Doc::informe, rp + "/n_poblacion")).say(" casos incumplen", " cases fail");
        } else if (measured.is_number()) {
            m_interp.put(m_metrics.back().value_text);
            if (objetivo.is_number()) m_interp.say(" frente al objetivo ", " against target ").put(lower_is_better ? "≤ " : "≥ ").put(
                proportion ? report::pct(objetivo.as_number(), m_lang) : report::num_corto(objetivo.as_number(), 3, m_lang));
        } else {
            m_interp.say("sin valor (n = ", "no value (n = ").put(m_interp.value(Doc::informe, rp + "/n_poblacion")).put(")");
        }
        m_interp.put(" → ").put(criterion_state(estado, m_lang));
        if (estado != "cumple")
            m_interp.put(gating && estado == "incumple" ? pick(m_lang, " (bloquea el veredicto)", " (blocks the verdict)")
                                                        : pick(m_lang, " (alerta, no bloquea)", " (alert, does not block)"));
        m_interp.put(".");

        // Population, for TestingDataDescription.
        m_pop.put(m_pop.empty() ? "" : "; ").put(id).put(" ").put(code(m_pop.value(Doc::informe, rp + "/poblacion")));
        m_pop.put(" (n = ").put(m_pop.value(Doc::informe, rp + "/n_poblacion")).put(")");
    }

    // A case-scope or session-scope risk detector of the report (SafetyReliability).
    void risk(std::size_t report_index) {
        const std::string rp = "/riesgos" + index_step(report_index);
        if (m_goal.peek(Doc::informe, rp + "/tipo_detector").is_null()) return;
        const std::string id = m_goal.value(Doc::informe, rp + "/id");
        const bool rate = m_goal.peek(Doc::informe, rp + "/tipo_detector") == json::Value("tasa");
        const json::Value& s = m_goal.peek(Doc::informe, rp + "/severidad");
        const bool gating = s.is_number() && s.as_number() >= 9;
        m_goal.put(m_goal.empty() ? "" : "\n").put(id).say(": que no ocurra «", ": that this does not occur: \"").put(m_goal.text(Doc::informe, rp + "/modo"));
        m_goal.say("» (ocurre si ", "\" (occurs if ").put(m_goal.value(Doc::informe, rp + "/ocurre_si")).put(")");

        Metric m;
        LeafWriter w(m_docs, m_lang);
        w.put(id).say(" · detector ", " · detector ").put(report::enum_word_or_key("detector", w.value(Doc::informe, rp + "/tipo_detector"), m_lang));
        w.put(" (").put(report::enum_word_or_key("ambito", w.value(Doc::informe, rp + "/ambito"), m_lang)).put(") · n = ").put(w.value(Doc::informe, rp + "/n_poblacion"));
        w.read(Doc::informe, "/ficha_reproducibilidad/repeticiones");
        w.put(" · k = ").put(runs()).put(" · ");
        w.say(gating ? "bloquea el veredicto si ocurre (S ≥ 9)" : "solo alerta si ocurre", gating ? "blocks the verdict if it occurs (S ≥ 9)" : "alert only if it occurs");
        m.label = w.leaf("Label", Origin::derivado);
        const std::optional<std::size_t> ci = index_of(m_docs, "/complementos/riesgos", id);
        std::string interval;
        if (ci && !w.peek(Doc::informe, "/complementos/riesgos" + index_step(*ci) + "/conteo_exacto/wilson95").is_null())
            interval = "/complementos/riesgos" + index_step(*ci) + "/conteo_exacto/wilson95";
        write_value(w, rp + "/valor", rate ? interval : std::string(), rate ? pick(m_lang, "proporción", "proportion") : pick(m_lang, "casos", "cases"), m, rate);
        m.value_json = w.leaf("ValueJson", Origin::derivado);
        m_metrics.push_back(std::move(m));

        line(tag_measured(m_lang));
        m_interp.put(id).put(": ").put(m_metrics.back().value_text).say(" frente a «ocurre si ", " against \"occurs if ");
        m_interp.put(m_interp.value(Doc::informe, rp + "/ocurre_si")).say("» → ", "\" → ").put(risk_state(m_interp.value(Doc::informe, rp + "/estado"), m_lang)).put(".");
        m_pop.put(m_pop.empty() ? "" : "; ").put(id).put(" (n = ").put(m_pop.value(Doc::informe, rp + "/n_poblacion")).put(")");
    }

    // RF-09.2 per run: visits recomputed and mismatches (a mismatch is a blocking contract finding).
    void branches(std::size_t report_index) {
        const std::string rp = "/contrato_de_grafo/rf_09_2" + index_step(report_index);
        const std::string run = m_goal.value(Doc::informe, rp + "/corrida_id");
        if (report_index == 0)
            m_goal.put(m_goal.empty() ? "" : "\n").say("RF-09.2: cada rama registrada se puede recalcular igual desde sus registros.",
                                                       "RF-09.2: every recorded branch recomputes the same from its records.");
        Metric m;
        LeafWriter w(m_docs, m_lang);
        w.say("RF-09.2 ", "RF-09.2 ").put(w.value(Doc::informe, rp + "/corrida_id")).say(" · visitas recalculadas · n = ", " · recomputed visits · n = ");
        w.put(w.value(Doc::informe, rp + "/visitas")).say(" · k = 1 · bloquea el veredicto si hay discrepancias", " · k = 1 · blocks the verdict on any mismatch");
        m.label = w.leaf("Label", Origin::derivado);
        write_value(w, rp + "/discrepancias", std::string(), pick(m_lang, "discrepancias", "mismatches"), m, false);
        m.value_json = w.leaf("ValueJson", Origin::derivado);
        m_metrics.push_back(std::move(m));
        line(tag_measured(m_lang));
        m_interp.say("RF-09.2 ", "RF-09.2 ").put(code(run)).put(": ").put(m_interp.value(Doc::informe, rp + "/discrepancias"));
        m_interp.say(" discrepancias en ", " mismatches in ").put(m_interp.value(Doc::informe, rp + "/visitas")).say(" visitas.", " visits.");
    }

    // pass^k stability of the criteria that ask for k > 1.
    void stability(std::size_t report_index) {
        const std::string rp = "/criterios" + index_step(report_index);
        line(tag_measured(m_lang));
        m_interp.say("Estabilidad pass^k de ", "pass^k stability of ").put(m_interp.value(Doc::informe, rp + "/id")).put(": k = ");
        m_interp.put(m_interp.value(Doc::informe, rp + "/k/observado")).say(" de ", " of ").put(m_interp.value(Doc::informe, rp + "/k/requerido"));
        m_interp.say(" corridas", " runs");
        if (m_interp.read(Doc::informe, rp + "/k/aplica") == json::Value(false))
            m_interp.say("; el plan exige k a ", "; the plan requires k of ").put(code(m_interp.value(Doc::informe, rp + "/k/aplica_a")))
                .say(", no a este lote", ", not of this batch");
        m_interp.put(".");
    }

    void add_interval_note() {
        // Intervals shown are the verifier's own (complementos); none is made here.
        for (const Metric& m : m_metrics)
            if (m.value_json.texto.find("estimate_ci") != std::string::npos) {
                line(tag_computed(m_lang));
                m_interp.say("Los intervalos de 95 % son los que calculó el verificador (", "The 95% intervals are the ones the verifier computed (")
                    .put(code("complementos")).say(" del informe).", " of the report).");
                return;
            }
    }

    std::vector<ChaiElement> elements(ChaiSchema schema) {
        std::vector<ChaiElement> out;
        out.push_back(m_goal.leaf("MetricGoal", Origin::derivado));
        if (schema == ChaiSchema::v0_2) {
            std::vector<ChaiElement> results;
            for (Metric& m : m_metrics) results.push_back(section("MetricResult", {std::move(m.label), std::move(m.value_json)}));
            out.push_back(section("Results", std::move(results)));
        } else {
            ChaiElement result;
            result.nombre = "Result";
            result.hoja = true;
            for (Metric& m : m_metrics) {
                result.texto += (result.texto.empty() ? "" : "\n") + std::string("- ") + m.label.texto + ": " + m.value_text;
                for (Source& s : m.label.fuentes) result.fuentes.push_back(std::move(s));
                for (Source& s : m.value_json.fuentes) result.fuentes.push_back(std::move(s));
            }
            out.push_back(std::move(result));
        }
        out.push_back(m_interp.leaf("Interpretation", Origin::derivado));
        LeafWriter w(m_docs, m_lang);
        w.say("Verificación interna determinista de corridas sintéticas registradas: proveedor ",
              "Internal deterministic verification of recorded synthetic runs: provider ")
            .put(code(w.value(Doc::corrida, "/proveedor")));
        w.say(", verificador ", ", verifier ").put(code(w.value(Doc::informe, "/version_verificador")));
        w.say("; sin red ni claves. Prueba que las reglas y los umbrales del plan se cumplen en estas trazas; no prueba el comportamiento de un modelo real.",
              "; no network and no keys. It proves the plan's rules and thresholds hold on these traces; it does not prove how a real model behaves.");
        out.push_back(w.leaf("TestType", Origin::derivado));
        w.say("Corrida ", "Run ").put(code(w.value(Doc::informe, "/corrida_id"))).say(" del ", " of ").put(w.value(Doc::informe, "/fecha"));
        w.say(" sobre el lote sintético ", " on synthetic batch ").put(code(w.value(Doc::informe, "/ficha_reproducibilidad/casos/id")));
        w.say(" (semilla ", " (seed ").put(code(w.value(Doc::informe, "/ficha_reproducibilidad/casos/semilla"))).put("): ");
        w.put(w.value(Doc::informe, "/ficha_reproducibilidad/corrida/casos_ejecutados")).say(" casos ejecutados, ", " cases executed, ");
        w.put(w.value(Doc::informe, "/ficha_reproducibilidad/corrida/casos_con_error")).say(" con error. Poblaciones: ", " with an error. Populations: ");
        w.put(m_pop.text_so_far()).put(".");
        ChaiElement testing = w.leaf("TestingDataDescription", Origin::derivado);
        for (Source& s : m_pop.leaf("TestingDataDescription", Origin::derivado).fuentes) testing.fuentes.push_back(std::move(s));
        out.push_back(std::move(testing));
        w.say("Verificador ", "Verifier ").put(code(w.value(Doc::informe, "/ficha_reproducibilidad/verificador/version")));
        w.say(", formato ", ", format ").put(code(w.value(Doc::informe, "/ficha_reproducibilidad/verificador/formato"))).say(". Umbrales aplicados: ", ". Applied thresholds: ");
        const json::Value& applied = w.read(Doc::informe, "/ficha_reproducibilidad/umbrales_aplicados");
        const json::Value& planned = w.read(Doc::informe, "/ficha_reproducibilidad/umbrales_del_plan");
        if (applied.is_object())
            for (std::size_t i = 0; i < applied.as_object().size(); ++i)
                w.put(i ? ", " : "").put(applied.as_object()[i].key).put(" = ").put(plain(applied.as_object()[i].value));
        w.say(applied == planned ? "; iguales a los del plan." : "; DISTINTOS de los del plan.", applied == planned ? "; equal to the plan's." : "; DIFFERENT from the plan's.");
        w.say(" Un criterio absoluto incumplido o un riesgo de severidad 9 o más que ocurre bloquea el veredicto; los demás estados solo alertan. Veredicto: ",
              " A failed absolute criterion or an occurred risk of severity 9 or more blocks the verdict; every other state only alerts. Verdict: ")
            .put(code(w.value(Doc::informe, "/veredicto/valor"))).put(".");
        out.push_back(w.leaf("ValidationProcessAndJustification", Origin::derivado));
        return out;
    }

private:
    void line(std::string_view tag) { m_interp.put(m_interp.empty() ? "" : "\n").put(tag).put(" "); }

    const Docs& m_docs;
    report::Lang m_lang;
    LeafWriter m_goal, m_interp, m_pop;
    std::vector<Metric> m_metrics;
};

// All six fields "not applicable" with one reason (a block with no figure); v0.2's Results holds one
// MetricResult whose value is null (no value, never 0).
std::vector<ChaiElement> not_applicable(LeafWriter& w, const std::string& reason, ChaiSchema schema) {
    std::vector<ChaiElement> out;
    for (const char* name : {"MetricGoal", "Result", "Interpretation", "TestType", "TestingDataDescription", "ValidationProcessAndJustification"}) {
        if (std::string(name) == "Result" && schema == ChaiSchema::v0_2) {
            w.put(reason);
            ChaiElement label = w.leaf("Label", Origin::no_aplica);
            w.put("{\"kind\":\"single\",\"value\":null}");
            ChaiElement value = w.leaf("ValueJson", Origin::no_aplica);
            out.push_back(section("Results", {section("MetricResult", {std::move(label), std::move(value)})}));
            continue;
        }
        w.put(reason);
        out.push_back(w.leaf(name, Origin::no_aplica));
    }
    return out;
}

}  // namespace

ChaiElement key_metrics(const Docs& docs, report::Lang lang, ChaiSchema schema) {
    const std::vector<std::size_t> fair = fairness_criteria(docs);
    auto is_fair = [&](std::size_t i) {
        for (std::size_t f : fair)
            if (f == i) return true;
        return false;
    };
    const json::Value* criteria_v = docs.plan ? resolve(*docs.plan, "/criterios_aceptacion") : nullptr;
    const json::Array& criteria = criteria_v ? array_items(*criteria_v) : array_items(json::Value());

    Block useful(docs, lang), fairness(docs, lang), safety(docs, lang);
    for (std::size_t i = 0; i < criteria.size(); ++i) {
        const bool absolute = json::member_or_null(criteria[i], "tipo") == json::Value("absoluto");
        if (is_fair(i)) fairness.criterion(i);
        else if (absolute) safety.criterion(i);
        else useful.criterion(i);
    }
    const json::Value* risks = docs.informe ? resolve(*docs.informe, "/riesgos") : nullptr;
    for (std::size_t i = 0; risks && i < array_items(*risks).size(); ++i) safety.risk(i);
    const json::Value* report_criteria = docs.informe ? resolve(*docs.informe, "/criterios") : nullptr;
    for (std::size_t i = 0; report_criteria && i < array_items(*report_criteria).size(); ++i)
        if (json::member_or_null(array_items(*report_criteria)[i], "agregacion") == json::Value("pass^k")) safety.stability(i);
    const json::Value* rf = docs.informe ? resolve(*docs.informe, "/contrato_de_grafo/rf_09_2") : nullptr;
    for (std::size_t i = 0; rf && i < array_items(*rf).size(); ++i) safety.branches(i);

    std::vector<ChaiElement> out;
    auto block = [&](const char* name, Block& b, const char* es, const char* en) {
        if (!b.empty()) {
            b.add_interval_note();
            out.push_back(section(name, b.elements(schema)));
            return;
        }
        // The reason rests on the criteria's populations: recorded as the first field's sources.
        const json::Value* list = docs.plan ? resolve(*docs.plan, "/criterios_aceptacion") : nullptr;
        const std::string reason = pick(lang, es, en);
        LeafWriter fields(docs, lang);
        for (std::size_t i = 0; list && i < array_items(*list).size(); ++i)
            fields.read(Doc::plan, "/criterios_aceptacion" + index_step(i) + "/regla_de_medicion/poblacion");
        std::vector<ChaiElement> leaves = not_applicable(fields, reason, schema);
        out.push_back(section(name, std::move(leaves)));
    };
    block("UsefulnessUsabilityEfficacy", useful, "No aplica — el plan no define criterios de tarea (tasa, latencia o costo).",
          "Not applicable — the plan defines no task criteria (rate, latency or cost).");
    block("FairnessEquity", fairness,
          "No aplica — ningún criterio del plan se mide por idioma o subgrupo: ninguna población lee una clave de subgrupo declarada; "
          "las cifras agregadas no se reutilizan aquí.",
          "Not applicable — no criterion of the plan is measured per locale or subgroup: no population reads a declared subgroup key; "
          "aggregate figures are not reused here.");
    block("SafetyReliability", safety, "No aplica — el plan no define criterios absolutos ni detectores de riesgo.",
          "Not applicable — the plan defines no absolute criteria and no risk detectors.");
    return section("KeyMetrics", std::move(out));
}

}  // namespace planlang::cards::internal
