// spec/traces-and-verifier.md §10 (assumptions: rate, calibration, single-agent baseline) and plan-format.md §6.
#include <algorithm>
#include <map>
#include <numeric>
#include <set>

#include "core/json/number.hpp"
#include "core/json/unicode.hpp"
#include "core/verify/internal/stages.hpp"
#include "core/verify/stats.hpp"

namespace planlang::verify::internal {

using json::Value;

namespace {

std::string fmt(double v) { return json::format_number(v); }
// The same number for a Spanish sentence: decimal comma (traces-and-verifier.md §15).
std::string fmt_es(double v) { return json::with_decimal_comma(json::format_number(v)); }

// A metric's name for people; the keys themselves stay in the report's `metricas`.
std::string metric_word(const std::string& metric, bool es) {
    static const std::vector<std::pair<const char*, std::pair<const char*, const char*>>> kWords = {
        {"tasa", {"tasa", "rate"}}, {"exactitud", {"exactitud", "accuracy"}}, {"ece", {"ECE", "ECE"}}, {"auroc", {"AUROC", "AUROC"}}};
    for (const auto& [k, w] : kWords)
        if (metric == k) return es ? w.first : w.second;
    return "`" + metric + "`";
}

struct Decision {
    std::string estado;
    Bilingual motivo;
};

// Deciding with umbral_confirmacion (§10): keys sorted; _min → ≥, _max → ≤, otherwise a minimum.
// `why_missing`: for a metric without a value, why it has none (AUROC with one class), said beside its name.
Decision decide(const std::vector<std::pair<std::string, double>>& keys, const std::map<std::string, std::optional<double>>& metrics,
                const std::map<std::string, Bilingual>& why_missing = {}) {
    if (keys.empty()) return {"sin_probar", {"el plan no fija umbral de confirmación", "the plan sets no confirmation threshold"}};
    std::vector<std::pair<std::string, double>> sorted = keys;
    std::sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return json::utf16_less(a.first, b.first); });
    std::string failed_es, failed_en, missing_es, missing_en;
    std::string ok_es, ok_en;
    for (const auto& [key, limit] : sorted) {
        std::string metric = key;
        bool maximum = false;
        if (key.size() > 4 && key.compare(key.size() - 4, 4, "_min") == 0) metric = key.substr(0, key.size() - 4);
        else if (key.size() > 4 && key.compare(key.size() - 4, 4, "_max") == 0) {
            metric = key.substr(0, key.size() - 4);
            maximum = true;
        }
        auto it = metrics.find(metric);
        if (it == metrics.end() || !it->second) {
            const auto why = why_missing.find(metric);
            missing_es += (missing_es.empty() ? "" : ", ") + metric_word(metric, true) + (why == why_missing.end() ? "" : " (" + why->second.es + ")");
            missing_en += (missing_en.empty() ? "" : ", ") + metric_word(metric, false) + (why == why_missing.end() ? "" : " (" + why->second.en + ")");
            continue;
        }
        const double v = *it->second;
        const bool good = maximum ? v <= limit : v >= limit;
        const std::string rel_es = good ? (maximum ? " ≤ " : " ≥ ") : (maximum ? " > " : " < ");
        std::string& es = good ? ok_es : failed_es;
        std::string& en = good ? ok_en : failed_en;
        es += (es.empty() ? "" : "; ") + metric_word(metric, true) + " " + fmt_es(v) + rel_es + fmt_es(limit) + " (`" + key + "`)";
        en += (en.empty() ? "" : "; ") + metric_word(metric, false) + " " + fmt(v) + rel_es + fmt(limit) + " (`" + key + "`)";
    }
    // Refuted by what was measured; a metric without a value is still named, so the motive says all it knows.
    if (!failed_es.empty())
        return {"refutado", {"no se cumple: " + failed_es + (missing_es.empty() ? "" : "; sin valor para: " + missing_es),
                             "not met: " + failed_en + (missing_en.empty() ? "" : "; no value for: " + missing_en)}};
    if (!missing_es.empty()) return {"sin_probar", {"sin valor para: " + missing_es, "no value for: " + missing_en}};
    return {"confirmado", {"se cumple: " + ok_es, "met: " + ok_en}};
}

bool calibration_family(const plan::MeasurableInTraces& m) {
    for (const std::string& k : m.metricas)
        if (k == "ece" || k == "auroc" || k == "curva_riesgo_cobertura") return true;
    return false;
}

bool lists(const plan::MeasurableInTraces& m, const char* metric) {
    return std::find(m.metricas.begin(), m.metricas.end(), metric) != m.metricas.end();
}

// §10 rate: a condition `<signal> <= c` / `< c` that a pause edge makes impossible to fail.
bool cannot_fail(const plan::Plan& plan, const rules::Node* condition, const json::Value& applied) {
    if (!condition || condition->kind != rules::NodeKind::binary) return false;
    if (condition->op != rules::BinaryOp::le && condition->op != rules::BinaryOp::lt) return false;
    const rules::Node& l = condition->children[0];
    const rules::Node& r = condition->children[1];
    if (l.kind != rules::NodeKind::path || r.kind != rules::NodeKind::number_literal) return false;
    for (const plan::Edge& e : plan.contrato_de_grafo.aristas_condicionales) {
        if (e.is_function || e.senal != l.text) continue;
        const plan::Node* target = plan.node(e.si_verdadero);
        if (!target || target->tipo != "pausa_humana") continue;
        if (!(e.operador == "mayor_o_igual_que" || (e.operador == "mayor_que" && e.inclusivo))) continue;
        Value bound = e.valor;
        if (bound.is_string() && bound.as_string().rfind("umbral.", 0) == 0) {
            const Value* a = applied.find(bound.as_string().substr(7));
            bound = a ? *a : Value();
        }
        if (!bound.is_number()) continue;
        if (condition->op == rules::BinaryOp::le ? bound.as_number() <= r.number : bound.as_number() < r.number) return true;
    }
    return false;
}

Value budget_json(const Budget& b) {
    return json::Object{{"costo_nominal_usd", redondear(b.costo)},
                        {"llamadas_al_modelo", static_cast<double>(b.llamadas)},
                        {"tokens", static_cast<double>(b.tokens)}};
}

std::optional<double> median_latency(const RunState& s) {
    std::vector<double> v;
    for (const CaseRecord& c : s.casos)
        if (c.latencia) v.push_back(*c.latencia);
    auto med = median(v);
    return med ? std::optional<double>(redondear(*med, 3)) : std::nullopt;
}

double accuracy(const RunState& s) {
    std::int64_t ok = 0;
    for (const CaseRecord& c : s.casos) ok += c.correcta_base;
    return s.casos.empty() ? 0.0 : redondear(static_cast<double>(ok) / static_cast<double>(s.casos.size()));
}

}  // namespace

namespace {

// The branch of §10 an assumption measured in traces takes: compared with the baseline, a malformed rule,
// calibration, or a rate.
bool measured_by_calibration(const Measurer& m, std::size_t i) {
    const plan::Assumption& a = m.plan->supuestos[i];
    if (!a.medible_en_trazas) return false;
    const plan::MeasurableInTraces& mt = *a.medible_en_trazas;
    if (mt.comparacion && *mt.comparacion == "linea_base_agente_unico") return false;
    if (main_run(m).supuestos[i].result().mal_formada) return false;
    return calibration_family(mt);
}

// The main run's (confidence, correct) pairs of assumption i, by case id in UTF-16 order; correct = judged
// true (RunState::confianzas).
std::vector<Sample> calibration_samples(const Measurer& m, std::size_t i) {
    const std::vector<RunState::Confidence>& conf = main_run(m).confianzas[i];
    // Sorted only when run order is not case id order already (our committed runs number their cases with
    // padded digits, so nothing moves there); stable, so that equal ids keep their run order on every
    // platform's standard library.
    std::vector<std::size_t> order(conf.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    const auto by_id = [&conf](std::size_t x, std::size_t y) { return json::utf16_less(conf[x].caso_id, conf[y].caso_id); };
    if (!std::is_sorted(order.begin(), order.end(), by_id)) std::stable_sort(order.begin(), order.end(), by_id);
    std::vector<Sample> samples;
    samples.reserve(conf.size());
    for (const std::size_t k : order) samples.push_back(Sample{conf[k].confianza, conf[k].correcta});
    return samples;
}

std::string bootstrap_seed_of(const Measurer& m, std::size_t i) {
    return "bootstrap/" + main_run(m).header->corrida_id + "/" + m.plan->supuestos[i].id;
}

}  // namespace

std::vector<CalibrationBootstrap> calibration_bootstraps(const Measurer& m) {
    std::vector<CalibrationBootstrap> out;
    for (std::size_t i = 0; i < m.plan->supuestos.size(); ++i) {
        if (!measured_by_calibration(m, i)) continue;
        std::vector<Sample> samples = calibration_samples(m, i);
        if (samples.empty()) continue;
        out.push_back(CalibrationBootstrap{i, std::move(samples), bootstrap_seed_of(m, i), std::nullopt, std::nullopt});
    }
    return out;
}

void draw_bootstrap(CalibrationBootstrap& b, Statistic statistic) {
    if (statistic == Statistic::ece) b.ece = bootstrap_calibration(b.samples, Statistic::ece, b.seed + "/ece");
    else b.auroc = bootstrap_calibration(b.samples, Statistic::auroc, b.seed + "/auroc");
}

namespace {

// What §10 found for one assumption, filled by the branch it takes; the report object is built from it.
struct AssumptionFinding {
    Decision d{"sin_probar", {"sin medición en trazas", "no measurement in traces"}};
    std::int64_t n = 0;
    json::Object metricas;
    Value curva, comparacion;
    json::Array limitaciones;
    json::Object extra;  // complementos.supuestos[i] (ours)

    void limitation(Bilingual text) { limitaciones.push_back(bil(text)); }
    void note_small_sample() {
        if (n > 0 && n < 30)
            limitation({"muestra pequeña (n = " + std::to_string(n) + " < 30)", "small sample (n = " + std::to_string(n) + " < 30)"});
    }
};

// Ours (§18 items 1–2, 8): a run's accuracy as k of n with its Wilson interval, and its median latency's
// order-statistic interval (null without latencies).
std::pair<Value, Value> counted_accuracy(const RunState& r) {
    std::int64_t ok = 0;
    std::vector<double> latencies;
    for (const CaseRecord& c : r.casos) {
        ok += c.correcta_base;
        if (c.latencia) latencies.push_back(*c.latencia);
    }
    const auto n_cases = static_cast<std::int64_t>(r.casos.size());
    json::Object o{{"verdaderos", static_cast<double>(ok)}, {"n", static_cast<double>(n_cases)}};
    if (auto w = wilson(ok, n_cases)) o.push_back({"wilson95", json::Object{{"alto", w->alto}, {"bajo", w->bajo}}});
    json::Object lat;
    if (auto ci = median_interval(latencies)) lat = json::Object{{"alto", ci->alto}, {"bajo", ci->bajo}};
    return {Value(std::move(o)), lat.empty() ? Value() : Value(std::move(lat))};
}

// §10's limitations of a baseline comparison, in its order (after the unknown tolerance keys).
void baseline_limitations(const RunState& main, const RunState& base, bool respected, AssumptionFinding& f) {
    std::set<std::string> ids_main, ids_base;
    for (const CaseRecord& c : main.casos) ids_main.insert(c.id);
    for (const CaseRecord& c : base.casos) ids_base.insert(c.id);
    std::int64_t only = 0;
    for (const auto& id : ids_main) only += !ids_base.count(id);
    for (const auto& id : ids_base) only += !ids_main.count(id);
    if (only > 0) f.limitation({std::to_string(only) + " casos corridos por un solo lado", std::to_string(only) + " cases run by one side only"});
    if (!respected)
        f.limitation({"la línea base gastó más llamadas o costo que la corrida multiagente",
                      "the baseline spent more calls or cost than the multi-agent run"});
    std::int64_t base_errors = 0, unusable_base = 0, unusable_main = 0;
    for (const CaseRecord& c : base.casos) {
        base_errors += c.error_proveedor;
        unusable_base += c.respuesta_inutil;
    }
    for (const CaseRecord& c : main.casos) unusable_main += c.respuesta_inutil;
    if (base_errors > 0)
        f.limitation({std::to_string(base_errors) + " casos de la línea base con error del proveedor",
                      std::to_string(base_errors) + " baseline cases with a provider error"});
    if (unusable_base > 0)
        f.limitation({std::to_string(unusable_base) + " respuestas inservibles en la línea base",
                      std::to_string(unusable_base) + " unusable replies in the baseline"});
    if (unusable_main > 0)
        f.limitation({std::to_string(unusable_main) + " respuestas inservibles en la corrida multiagente",
                      std::to_string(unusable_main) + " unusable replies in the multi-agent run"});
}

// The cases the two sides judged differently, in UTF-16 id order.
std::vector<std::string> judged_differently(const RunState& main, const RunState& base) {
    std::map<std::string, bool> right_main, right_base;
    for (const CaseRecord& c : main.casos) right_main[c.id] = c.correcta_base;
    for (const CaseRecord& c : base.casos) right_base[c.id] = c.correcta_base;
    std::vector<std::string> distintos;
    for (const auto& [id, ok] : right_main)
        if (right_base.count(id) && right_base[id] != ok) distintos.push_back(id);
    std::sort(distintos.begin(), distintos.end(), [](const auto& x, const auto& y) { return json::utf16_less(x, y); });
    return distintos;
}

// §10, comparison with the single-agent baseline: accuracy difference and median latency ratio.
void measure_against_baseline(const RunState& main, const RunState* base, const std::vector<std::pair<std::string, double>>& keys,
                              AssumptionFinding& f) {
    f.n = static_cast<std::int64_t>(main.casos.size());
    if (!base) {
        f.d = {"sin_probar", {"no hay corrida de línea base (-base)", "there is no baseline run (-base)"}};
        return;
    }
    double dif_min = 0, razon_max = 1;
    std::vector<std::string> unknown;
    for (const auto& [k, v] : keys) {
        if (k == "exactitud_dif_min") dif_min = v;
        else if (k == "latencia_mediana_razon_max") razon_max = v;
        else unknown.push_back(k);
    }
    const double acc = accuracy(main), acc_base = accuracy(*base);
    const auto lat = median_latency(main), lat_base = median_latency(*base);
    f.metricas = {{"exactitud", acc}, {"exactitud_base", acc_base}, {"latencia_mediana", number_or_null(lat)},
                  {"latencia_mediana_base", number_or_null(lat_base)}};
    const auto [acc_main, lat_main] = counted_accuracy(main);
    const auto [acc_b, lat_b] = counted_accuracy(*base);
    f.extra.push_back({"exactitud", acc_main});
    f.extra.push_back({"exactitud_base", acc_b});
    f.extra.push_back({"latencia_mediana_intervalo95", lat_main});
    f.extra.push_back({"latencia_mediana_base_intervalo95", lat_b});
    const double dif = redondear(acc - acc_base);
    const bool acc_ok = dif >= dif_min;
    if (!lat || !lat_base) {
        f.d = {"sin_probar", {"falta la mediana de latencia", "the median latency is missing"}};
    } else {
        const bool lat_ok = *lat <= *lat_base * razon_max;
        const char* acc_rel = acc_ok ? " ≥ " : " < ";
        const char* lat_rel = lat_ok ? " ≤ " : " > ";
        f.d.estado = acc_ok && lat_ok ? "confirmado" : "refutado";
        f.d.motivo = {"exactitud " + fmt_es(acc) + " frente a " + fmt_es(acc_base) + " (diferencia " + fmt_es(dif) + acc_rel + fmt_es(dif_min) +
                          "); latencia mediana " + fmt_es(*lat) + lat_rel + fmt_es(razon_max) + " × " + fmt_es(*lat_base) + " s",
                      "accuracy " + fmt(acc) + " against " + fmt(acc_base) + " (difference " + fmt(dif) + acc_rel + fmt(dif_min) +
                          "); median latency " + fmt(*lat) + lat_rel + fmt(razon_max) + " × " + fmt(*lat_base) + " s"};
    }
    // Limitations, in §10's order.
    for (const std::string& k : unknown) f.limitation({"clave de tolerancia desconocida: " + k, "unknown tolerance key: " + k});
    const bool respected = !(base->presupuesto.llamadas > main.presupuesto.llamadas || base->presupuesto.costo > main.presupuesto.costo);
    baseline_limitations(main, *base, respected, f);
    f.note_small_sample();
    f.comparacion = json::Object{
        {"casos_distintos", ids(judged_differently(main, *base))},
        {"corrida_base", base->header->corrida_id},
        {"exactitud", json::Object{{"agente_unico", acc_base}, {"multiagente", acc}}},
        {"latencia_mediana_s", json::Object{{"agente_unico", number_or_null(lat_base)}, {"multiagente", number_or_null(lat)}}},
        {"presupuesto", json::Object{{"agente_unico", budget_json(base->presupuesto)}, {"multiagente", budget_json(main.presupuesto)}}},
        {"presupuesto_respetado", respected}};
}

// The risk–coverage curve over the first confidence threshold with a numeric range (null when none).
Value coverage_curve(const plan::Plan& plan, const std::string& score, const std::vector<Sample>& samples) {
    for (const plan::Threshold& u : plan.umbrales) {
        if (u.senal != score || u.rango_jugable.boolean) continue;
        json::Array points;
        for (const CoveragePoint& p : risk_coverage(samples, u.rango_jugable.min, u.rango_jugable.max, u.rango_jugable.paso,
                                                    u.operador, u.inclusivo))
            points.push_back(json::Object{{"aceptados", static_cast<double>(p.aceptados)},
                                          {"cobertura", p.cobertura},
                                          {"riesgo", number_or_null(p.riesgo)},
                                          {"umbral", p.umbral}});
        return Value(std::move(points));
    }
    return Value();
}

// §10, calibration: ECE, AUROC and accuracy of the (confidence, correct) pairs, with bootstrap intervals.
void measure_calibration(const Measurer& m, std::size_t i, const std::vector<std::pair<std::string, double>>& keys,
                         const std::vector<CalibrationBootstrap>& bootstraps, AssumptionFinding& f) {
    const plan::MeasurableInTraces& mt = *m.plan->supuestos[i].medible_en_trazas;
    // The intervals verify() drew on tasks of its own, else drawn here.
    const auto found = std::find_if(bootstraps.begin(), bootstraps.end(), [i](const CalibrationBootstrap& b) { return b.supuesto == i; });
    CalibrationBootstrap own;
    if (found == bootstraps.end()) {
        own = CalibrationBootstrap{i, calibration_samples(m, i), bootstrap_seed_of(m, i), std::nullopt, std::nullopt};
        if (!own.samples.empty()) {
            draw_bootstrap(own, Statistic::ece);
            draw_bootstrap(own, Statistic::auroc);
        }
    }
    const CalibrationBootstrap& drawn = found == bootstraps.end() ? own : *found;
    const std::vector<Sample>& samples = drawn.samples;
    f.n = static_cast<std::int64_t>(samples.size());
    f.metricas = {{"auroc", lists(mt, "auroc") ? number_or_null(auroc(samples)) : Value()},
                  {"ece", lists(mt, "ece") ? number_or_null(ece(samples)) : Value()},
                  {"exactitud", number_or_null(exactitud(samples))}};
    std::map<std::string, std::optional<double>> values;
    for (const json::Member& mm : f.metricas)
        values[mm.key] = mm.value.is_number() ? std::optional<double>(mm.value.as_number()) : std::nullopt;
    std::int64_t good = 0;
    for (const Sample& sm : samples) good += sm.correcta;
    const bool single_class = f.n > 0 && (good == 0 || good == f.n);
    std::map<std::string, Bilingual> why_missing;
    if (f.n == 0)
        for (const char* metric : {"auroc", "ece", "exactitud"}) why_missing[metric] = {"muestra vacía", "empty sample"};
    else if (single_class)
        why_missing["auroc"] = {"una sola clase en la muestra", "a single class in the sample"};
    f.d = decide(keys, values, why_missing);
    if (single_class) f.limitation({"una sola clase en la muestra: AUROC no se define", "a single class in the sample: AUROC is undefined"});
    f.note_small_sample();
    if (lists(mt, "curva_riesgo_cobertura")) f.curva = coverage_curve(*m.plan, m.dominio->senal_de_puntaje, samples);
    if (!samples.empty()) {
        json::Object boot;
        if (drawn.ece) boot.push_back({"ece", json::Object{{"alto", drawn.ece->alto}, {"bajo", drawn.ece->bajo}}});
        if (drawn.auroc) boot.push_back({"auroc", json::Object{{"alto", drawn.auroc->alto}, {"bajo", drawn.auroc->bajo}}});
        f.extra.push_back({"bootstrap95", std::move(boot)});
    }
}

// §10, rate: the share of the population where the condition holds.
void measure_rate(const Measurer& m, std::size_t i, const rules::RuleMeasure& res, const std::vector<std::pair<std::string, double>>& keys,
                  AssumptionFinding& f) {
    f.n = static_cast<std::int64_t>(res.poblacion.size());
    const rules::Node* condition = m.supuestos[i].condicion.ast ? &*m.supuestos[i].condicion.ast : nullptr;
    if (cannot_fail(*m.plan, condition, main_run(m).header->umbrales_aplicados)) {
        f.d = {"sin_probar", {"la condición no puede fallar: una arista a la pausa ya la garantiza",
                              "the condition cannot fail: an edge to the pause already guarantees it"}};
    } else if (f.n == 0) {
        f.d = {"sin_probar", {"población vacía", "empty population"}};
        f.metricas = {{"tasa", Value()}};
    } else {
        const auto t = static_cast<std::int64_t>(res.verdaderos.size());
        const double tasa = redondear(static_cast<double>(t) / static_cast<double>(f.n));
        f.metricas = {{"tasa", tasa}};
        f.d = decide(keys, {{"tasa", tasa}});
        f.d.motivo.es = std::to_string(t) + " de " + std::to_string(f.n) + " = " + fmt_es(tasa) + "; " + f.d.motivo.es;
        f.d.motivo.en = std::to_string(t) + " of " + std::to_string(f.n) + " = " + fmt(tasa) + "; " + f.d.motivo.en;
        json::Object e{{"verdaderos", static_cast<double>(t)}, {"n", static_cast<double>(f.n)}};
        if (auto w = wilson(t, f.n)) e.push_back({"wilson95", json::Object{{"alto", w->alto}, {"bajo", w->bajo}}});
        f.extra.push_back({"tasa", std::move(e)});
    }
    f.note_small_sample();
}

// One assumption through the branch of §10 it takes.
AssumptionFinding measure_assumption(const Measurer& m, std::size_t i, const std::vector<CalibrationBootstrap>& bootstraps) {
    const plan::Assumption& a = m.plan->supuestos[i];
    AssumptionFinding f;
    f.extra = json::Object{{"id", a.id}};
    if (!a.medible_en_trazas) return f;
    const plan::MeasurableInTraces& mt = *a.medible_en_trazas;
    const rules::RuleMeasure& res = main_run(m).supuestos[i].result();
    const std::vector<std::pair<std::string, double>> keys = mt.umbral_confirmacion.value_or(std::vector<std::pair<std::string, double>>{});
    if (mt.comparacion && *mt.comparacion == "linea_base_agente_unico") measure_against_baseline(main_run(m), baseline(m), keys, f);
    else if (res.mal_formada) f.d = {"sin_probar", {"regla mal formada: " + res.mal_formada->es, "malformed rule: " + res.mal_formada->en}};
    else if (calibration_family(mt)) measure_calibration(m, i, keys, bootstraps, f);
    else measure_rate(m, i, res, keys, f);
    return f;
}

}  // namespace

Value assumptions(const Measurer& m, const std::vector<CalibrationBootstrap>& bootstraps, json::Array& complementos) {
    json::Array out;
    const Value& documents = member(m.inputs->plan.document, "supuestos");
    for (std::size_t i = 0; i < m.plan->supuestos.size(); ++i) {
        const plan::Assumption& a = m.plan->supuestos[i];
        AssumptionFinding f = measure_assumption(m, i, bootstraps);
        json::Object o;
        o.push_back({"id", a.id});
        o.push_back({"enunciado", member(documents.as_array()[i], "enunciado")});
        o.push_back({"criticidad", a.criticidad});
        o.push_back({"estado_en_plan", a.estado});
        o.push_back({"estado", f.d.estado});
        o.push_back({"motivo", bil(f.d.motivo)});
        o.push_back({"n", static_cast<double>(f.n)});
        o.push_back({"metricas", std::move(f.metricas)});
        o.push_back({"curva", f.curva});
        o.push_back({"comparacion", f.comparacion});
        o.push_back({"limitaciones", std::move(f.limitaciones)});
        out.emplace_back(std::move(o));
        complementos.emplace_back(std::move(f.extra));
    }
    return out;
}

}  // namespace planlang::verify::internal
