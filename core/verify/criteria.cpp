// spec/traces-and-verifier.md §8 (acceptance criteria) and decisions.md E1 (pass^k).
#include <algorithm>
#include <cmath>
#include <set>

#include "core/json/number.hpp"
#include "core/verify/internal/stages.hpp"
#include "core/verify/stats.hpp"

namespace planlang::verify::internal {

using json::Value;

Value number_or_null(const std::optional<double>& v) { return v ? Value(*v) : Value(); }

const RunState& main_run(const Measurer& m) { return m.runs.front(); }

std::vector<const RunState*> repetitions(const Measurer& m) {
    std::vector<const RunState*> out;
    for (const RunState& s : m.runs)
        if (s.header->role == run::Role::repeticion) out.push_back(&s);
    return out;
}

const RunState* baseline(const Measurer& m) {
    for (const RunState& s : m.runs)
        if (s.header->role == run::Role::base) return &s;
    return nullptr;
}

namespace {

Value text_or_null(const std::optional<std::string>& t) { return t ? Value(*t) : Value(); }

using plan::lower_is_better;

// Exact count beside the rounded rate, its Wilson interval, and whether rounding changes the comparison.
Value exact_rate(std::int64_t k, std::int64_t n, double rounded, std::optional<double> objetivo, bool at_least) {
    json::Object o{{"verdaderos", static_cast<double>(k)}, {"n", static_cast<double>(n)}};
    if (n > 0) {
        const double exact = static_cast<double>(k) / static_cast<double>(n);
        if (auto w = wilson(k, n)) o.push_back({"wilson95", json::Object{{"alto", w->alto}, {"bajo", w->bajo}}});
        if (objetivo) {
            const bool by_exact = at_least ? exact >= *objetivo : exact <= *objetivo;
            const bool by_rounded = at_least ? rounded >= *objetivo : rounded <= *objetivo;
            o.push_back({"redondeo_cambia_la_comparacion", by_exact != by_rounded});
        }
    }
    return o;
}

std::vector<std::string> sorted_ids(std::vector<std::string> ids) {
    std::sort(ids.begin(), ids.end());
    return ids;
}

std::vector<std::string> sorted_ids(const std::vector<rules::NotEvaluable>& cases) {
    std::vector<std::string> ids;
    ids.reserve(cases.size());
    for (const rules::NotEvaluable& n : cases) ids.push_back(n.id);
    return sorted_ids(std::move(ids));
}

}  // namespace

Value criteria(const Measurer& m, json::Array& complementos) {
    json::Array out;
    const RunState& main = main_run(m);
    const std::vector<const RunState*> reps = repetitions(m);
    const Value& applied_n = member(member(main.header->manifest, "casos"), "n_lote");
    for (std::size_t i = 0; i < m.plan->criterios_aceptacion.size(); ++i) {
        const plan::Criterion& c = m.plan->criterios_aceptacion[i];
        const plan::MeasurementRule& r = c.regla_de_medicion;
        const rules::RuleMeasure& res = main.criterios[i].result();
        const bool metric_aggregation = r.agregacion == "mediana" || r.agregacion == "promedio" || r.agregacion == "maximo";
        const bool pass_k = r.agregacion == "pass^k";
        std::optional<double> objetivo = c.valor_objetivo.is_number() ? std::optional<double>(c.valor_objetivo.as_number()) : std::nullopt;

        std::string estado;
        Value valor;
        Value nota;
        std::vector<std::string> incumplen;
        Value no_eval = no_evaluables(res.no_evaluables);
        Value k = Value();
        json::Object extra{{"id", c.id}};

        std::optional<Bilingual> malformed = res.mal_formada;
        if (pass_k) {
            for (const RunState* rep : reps)
                if (!malformed && rep->criterios[i].result().mal_formada) malformed = rep->criterios[i].result().mal_formada;
            if (!malformed && r.k_aplica_a) {
                const std::string& a = *r.k_aplica_a;
                const std::string prefix = "lote_demo_";
                bool ok = a.size() > prefix.size() && a.compare(0, prefix.size(), prefix) == 0 &&
                          std::all_of(a.begin() + prefix.size(), a.end(), [](char ch) { return ch >= '0' && ch <= '9'; });
                if (!ok) malformed = Bilingual{"k_aplica_a no es lote_demo_<n>: " + a, "k_aplica_a is not lote_demo_<n>: " + a};
            }
        }
        const auto n_pop = static_cast<std::int64_t>(res.poblacion.size());
        if (malformed) {
            estado = "mal_formado";
            nota = bil(*malformed);
            no_eval = json::Array{};
        } else if (metric_aggregation) {
            std::vector<double> values;
            json::Array ne = no_eval.as_array();
            // Looked up once per population member: sorted, so that a 100,000-case run is not quadratic.
            const std::vector<std::string> listed_ids = sorted_ids(res.no_evaluables);
            for (std::size_t p = 0; p < res.poblacion.size(); ++p) {
                if (p < res.metrica.size() && res.metrica[p]) {
                    const double v = *res.metrica[p];
                    values.push_back(v);
                    if (objetivo && (lower_is_better(c.tipo) ? v > *objetivo : v < *objetivo)) incumplen.push_back(res.poblacion[p]);
                } else {
                    if (!std::binary_search(listed_ids.begin(), listed_ids.end(), res.poblacion[p])) {
                        Bilingual why = p < res.metrica_motivos.size() && res.metrica_motivos[p] ? *res.metrica_motivos[p]
                                                                                                   : Bilingual{"métrica no numérica", "metric not numeric"};
                        ne.push_back(json::Object{{"caso_id", res.poblacion[p]}, {"motivo", bil(why)}});
                    }
                }
            }
            no_eval = ne;
            std::optional<double> agg;
            if (!values.empty()) {
                if (r.agregacion == "mediana") agg = median(values);
                else if (r.agregacion == "maximo") agg = *std::max_element(values.begin(), values.end());
                else {
                    double sum = 0;
                    for (double v : values) sum += v;
                    agg = sum / static_cast<double>(values.size());
                }
            }
            valor = agg ? Value(redondear(*agg, 3)) : Value();
            // Ours (§18 item 2): the 95 % interval of the median (order statistics) or of the mean, unrounded.
            const std::optional<Interval> ci = r.agregacion == "mediana" ? median_interval(values)
                                               : r.agregacion == "promedio" ? mean_interval(values)
                                                                            : std::nullopt;
            if (ci)
                extra.push_back({"intervalo95", json::Object{{"alto", ci->alto},
                                                             {"bajo", ci->bajo},
                                                             {"metodo", r.agregacion == "mediana" ? "estadisticos_de_orden" : "normal"}}});
            if (n_pop == 0) estado = "sin_poblacion";
            else if (!agg) estado = "indeterminado";
            else if (objetivo && (lower_is_better(c.tipo) ? *agg > *objetivo : *agg < *objetivo)) estado = "incumple";
            else if (!no_eval.as_array().empty()) estado = "indeterminado";
            else estado = "cumple";
            // Said only where there is a listed case to say it of (as the original).
            if (!incumplen.empty())
                nota = bil({"los casos listados incumplen uno a uno; decide el agregado",
                            "the listed cases fail one by one; the aggregate decides"});
        } else if (n_pop == 0) {
            estado = "sin_poblacion";  // §8: no value, for every aggregation (an empty population is not a vacuous true)
        } else if (r.agregacion == "todos_cumplen") {
            incumplen = res.falsos;
            valor = res.falsos.empty() && res.no_evaluables.empty();
            estado = !res.falsos.empty() ? "incumple" : !res.no_evaluables.empty() ? "indeterminado" : "cumple";
        } else if (r.agregacion == "tasa") {
            const auto t = static_cast<std::int64_t>(res.verdaderos.size());
            const double exact = static_cast<double>(t) / static_cast<double>(n_pop);
            valor = redondear(exact);
            const std::vector<std::string> passing = sorted_ids(res.verdaderos);
            for (const std::string& id : res.poblacion)
                if (!std::binary_search(passing.begin(), passing.end(), id)) incumplen.push_back(id);
            estado = objetivo && exact >= *objetivo ? "cumple" : "incumple";
            extra.push_back({"tasa", exact_rate(t, n_pop, valor.as_number(), objetivo, true)});
        } else if (pass_k) {
            std::set<std::string> passing(res.verdaderos.begin(), res.verdaderos.end());
            for (const RunState* rep : reps) {
                const auto& v = rep->criterios[i].result().verdaderos;
                std::set<std::string> again(v.begin(), v.end());
                for (auto it = passing.begin(); it != passing.end();) it = again.count(*it) ? std::next(it) : passing.erase(it);
            }
            const auto t = static_cast<std::int64_t>(passing.size());
            const double exact = static_cast<double>(t) / static_cast<double>(n_pop);
            valor = redondear(exact);
            for (const std::string& id : res.poblacion)
                if (!passing.count(id)) incumplen.push_back(id);
            const std::int64_t k_req = r.k.value_or(1);
            bool aplica = true;
            if (r.k_aplica_a) {
                const std::string n_text = r.k_aplica_a->substr(std::string("lote_demo_").size());
                aplica = applied_n.is_number() && n_text == json::format_number(applied_n.as_number());
            }
            const auto observed = static_cast<std::int64_t>(1 + reps.size());
            k = json::Object{{"aplica", aplica},
                             {"aplica_a", text_or_null(r.k_aplica_a)},
                             {"observado", static_cast<double>(observed)},
                             {"requerido", static_cast<double>(k_req)}};
            if (!objetivo || exact < *objetivo) estado = "incumple";
            else if (aplica && observed < k_req) estado = "incompleto";
            else estado = "cumple";
            if (!aplica) {
                const std::string n_lote = applied_n.is_number() ? json::format_number(applied_n.as_number()) : "?";
                const std::string kk = std::to_string(k_req);
                nota = bil({"k = " + kk + " se exige a `" + *r.k_aplica_a + "`; este lote tiene " + n_lote + " casos, así que no se exigen " + kk +
                                " ejecuciones: decide la tasa de las que hay",
                            "k = " + kk + " is required of `" + *r.k_aplica_a + "`; this batch has " + n_lote + " cases, so " + kk +
                                " runs are not required: the rate over the runs there are decides"});
            }
            extra.push_back({"tasa", exact_rate(t, n_pop, valor.as_number(), objetivo, true)});
        } else {
            estado = "mal_formado";
            nota = bil({"agregación desconocida: " + r.agregacion, "unknown aggregation: " + r.agregacion});
        }
        if (malformed) incumplen.clear();

        json::Object o;
        o.push_back({"id", c.id});
        o.push_back({"enunciado", member(member(m.inputs->plan.document, "criterios_aceptacion").as_array()[i], "enunciado")});
        o.push_back({"tipo", c.tipo});
        o.push_back({"agregacion", r.agregacion});
        o.push_back({"poblacion", r.poblacion});
        o.push_back({"condicion", text_or_null(r.condicion)});
        o.push_back({"metrica", text_or_null(r.metrica)});
        o.push_back({"n_poblacion", malformed ? 0.0 : static_cast<double>(n_pop)});
        o.push_back({"fuera_por_senal_nula", malformed ? 0.0 : static_cast<double>(res.fuera_por_senal_nula.size())});  // a count (§8)
        o.push_back({"valor_medido", valor});
        o.push_back({"objetivo", c.valor_objetivo});
        o.push_back({"estado", estado});
        o.push_back({"casos_que_incumplen", ids(incumplen)});
        o.push_back({"no_evaluables", no_eval});
        o.push_back({"k", k});
        o.push_back({"nota", nota});
        out.emplace_back(std::move(o));
        extra.push_back({"faltantes", json::Object{{"fuera_por_senal_nula", static_cast<double>(malformed ? 0 : res.fuera_por_senal_nula.size())},
                                                   {"no_evaluables", static_cast<double>(no_eval.as_array().size())}}});
        // The ids beside the report's count (§8: lists of ids are ours).
        extra.push_back({"fuera_por_senal_nula", malformed ? Value(json::Array{}) : ids(res.fuera_por_senal_nula)});
        complementos.emplace_back(std::move(extra));
    }
    return out;
}

}  // namespace planlang::verify::internal
