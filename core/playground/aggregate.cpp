// spec/playground.md §6: every criterion (and, ours, every case-scope risk detector) aggregated over the
// per-case results of the paths in play. The recorded paths are added up once at load (MeasureTally); a move
// starts from there and adds up only the cases that diverge, so it costs the changes, not the run — with the
// same lists, counts and states as adding up every case (tests/unit/playground compares the two).
#include <algorithm>

#include "core/json/rounding.hpp"
#include "core/playground/internal/measures.hpp"
#include "core/verify/stats.hpp"
#include "core/verify/verdict_rules.hpp"

namespace planlang::playground::internal {

using json::Value;

namespace {

using plan::lower_is_better;

enum class Aggregation : std::uint8_t { todos_cumplen, tasa, pass_k, metrica, otra, riesgo };

Aggregation aggregation_of(const Measure& m) {
    if (m.kind == Measure::Kind::riesgo) return Aggregation::riesgo;
    if (m.agregacion == "todos_cumplen") return Aggregation::todos_cumplen;
    if (m.agregacion == "tasa") return Aggregation::tasa;
    if (m.agregacion == "pass^k") return Aggregation::pass_k;
    if (m.agregacion == "mediana" || m.agregacion == "promedio" || m.agregacion == "maximo") return Aggregation::metrica;
    return Aggregation::otra;
}

// What one case adds to a measure (§6 "Aggregation", the verifier's rules).
struct Contribution {
    bool poblacion = false, verdadero = false, incumple = false, no_evaluable = false;
};

struct Rule {
    Aggregation kind;
    std::optional<double> objetivo;
    bool lower;

    Contribution of(Result r, const std::optional<double>& value) const {
        Contribution c;
        if (r == Result::fuera || r == Result::nulo) return c;
        c.poblacion = true;
        c.verdadero = r == Result::v;
        switch (kind) {
            case Aggregation::metrica:
                // Population cases with a number count whatever their r; one without is not evaluable.
                if (value) {
                    c.incumple = objetivo && (lower ? *value > *objetivo : *value < *objetivo);
                    c.no_evaluable = r == Result::ne;
                } else {
                    c.no_evaluable = true;
                }
                return c;
            case Aggregation::todos_cumplen: c.incumple = r == Result::f; break;
            case Aggregation::tasa: c.incumple = r != Result::v; break;  // ne fails a rate (§6)
            case Aggregation::riesgo: c.incumple = r == Result::v; break;  // where the risk occurred
            default: break;
        }
        c.no_evaluable = r == Result::ne;
        return c;
    }
};

Rule rule_of(const Measure& m) {
    return Rule{aggregation_of(m), m.objetivo.is_number() ? std::optional<double>(m.objetivo.as_number()) : std::nullopt, lower_is_better(m.tipo)};
}

std::optional<double> metric_of(const Compact& c, const Measure& m, std::uint32_t row) {
    return m.con_metrica ? c.filas.metric(row, m.metrica) : std::nullopt;
}

std::uint32_t row_of(const Compact& c, const std::vector<std::int32_t>& camino, std::size_t ci) {
    return camino[ci] >= 0 ? c.caminos[static_cast<std::size_t>(camino[ci])].fila : c.casos[ci].fila_registrada;
}

// The median as verify::median gives it (the middle value, or the mean of the two middle ones), with
// nth_element instead of a sort: the same two elements, so the same double.
std::optional<double> median_of(std::vector<double>& values) {
    if (values.empty()) return std::nullopt;
    const std::size_t m = values.size() / 2;
    std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(m), values.end());
    if (values.size() % 2 == 1) return values[m];
    const double upper = values[m];
    const double lower = *std::max_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(m));
    return (lower + upper) / 2;
}

// The metric's aggregate over the population cases with a number, in run order.
std::optional<double> metric_aggregate(const Compact& c, std::size_t k, const std::vector<std::int32_t>& camino) {
    const Measure& m = c.medidas[k];
    std::vector<double> values;
    values.reserve(c.casos.size());
    for (std::size_t ci = 0; ci < c.casos.size(); ++ci) {
        const std::uint32_t row = row_of(c, camino, ci);
        const Result r = c.filas.result(row, k);
        if (r == Result::fuera || r == Result::nulo) continue;
        if (const std::optional<double> v = metric_of(c, m, row)) values.push_back(*v);
    }
    if (values.empty()) return std::nullopt;
    if (m.agregacion == "mediana") return median_of(values);
    if (m.agregacion == "maximo") return *std::max_element(values.begin(), values.end());
    double sum = 0;
    for (double v : values) sum += v;  // run order, as the verifier adds them
    return sum / static_cast<double>(values.size());
}

void add(MeasureTally& t, const Contribution& c, std::uint32_t ci) {
    t.n_poblacion += c.poblacion;
    t.verdaderos += c.verdadero;
    if (c.incumple) t.incumplen.push_back(ci);
    if (c.no_evaluable) t.no_evaluables.push_back(ci);
}

// `recorded` with the diverging cases' entries replaced by `now` (both lists in run order; `changed` the
// diverging cases, in run order, and `now[i]` whether changed[i] belongs in the list now).
std::vector<std::uint32_t> merged(const std::vector<std::uint32_t>& recorded, const std::vector<std::uint32_t>& changed, const std::vector<bool>& now) {
    std::vector<std::uint32_t> out;
    out.reserve(recorded.size() + changed.size());
    std::size_t a = 0, b = 0;
    while (a < recorded.size() || b < changed.size()) {
        if (b == changed.size() || (a < recorded.size() && recorded[a] < changed[b])) {
            out.push_back(recorded[a++]);
            continue;
        }
        if (a < recorded.size() && recorded[a] == changed[b]) ++a;  // its recorded entry goes
        if (now[b]) out.push_back(changed[b]);
        ++b;
    }
    return out;
}

MeasureResult finish(const Compact& c, std::size_t k, MeasureTally&& t, bool recalculado) {
    const Measure& m = c.medidas[k];
    const Aggregation kind = aggregation_of(m);
    MeasureResult res;
    res.medida = k;
    res.recalculado = recalculado;
    res.n_poblacion = t.n_poblacion;
    res.verdaderos = t.verdaderos;
    res.casos_que_incumplen = std::move(t.incumplen);
    res.no_evaluables = std::move(t.no_evaluables);
    const std::int64_t n = res.n_poblacion;
    const std::optional<double> objetivo = m.objetivo.is_number() ? std::optional<double>(m.objetivo.as_number()) : std::nullopt;
    if (m.empareja) {  // a paired rule: the report's while no case moves, then not known (Measure::empareja)
        res.estado = recalculado ? "indeterminado" : m.estado_informe;
        res.valor = recalculado ? Value() : m.valor_informe;
        res.casos_que_incumplen.clear();
        res.no_evaluables.clear();
        return res;
    }
    auto carried = [&] {  // the report's state stands (a malformed rule, a risk with no detector)
        res.estado = m.estado_informe;
        res.valor = m.valor_informe;
        res.casos_que_incumplen.clear();
        res.no_evaluables.clear();
    };
    if (kind == Aggregation::riesgo) {
        if (m.estado_informe == "mal_formado" || m.estado_informe == "no_detectable") {
            carried();
        } else if (n == 0) {
            res.estado = "sin_poblacion";
        } else {
            const bool tasa = m.tipo_detector == "tasa";
            const double exact = tasa ? static_cast<double>(res.verdaderos) / static_cast<double>(n) : static_cast<double>(res.verdaderos);
            const double v = tasa ? json::redondear(exact, 4) : exact;
            res.valor = Value(v);
            const std::optional<verify::Trigger> trigger = verify::read_trigger(m.ocurre_si);
            res.estado = !trigger ? "mal_formado" : verify::fires(*trigger, v) ? "ocurrio" : !res.no_evaluables.empty() ? "indeterminado" : "no_ocurrio";
        }
        return res;
    }
    if (m.estado_informe == "mal_formado") {
        carried();
    } else if (kind == Aggregation::metrica) {
        const std::optional<double>& agg = t.agregado;
        res.valor = agg ? Value(json::redondear(*agg, 3)) : Value();
        const bool lower = lower_is_better(m.tipo);
        if (n == 0) res.estado = "sin_poblacion";
        else if (!agg) res.estado = "indeterminado";
        else if (objetivo && (lower ? *agg > *objetivo : *agg < *objetivo)) res.estado = "incumple";
        else if (!res.no_evaluables.empty()) res.estado = "indeterminado";
        else res.estado = "cumple";
    } else if (kind == Aggregation::pass_k) {
        // Repetitions cannot be replayed: the report's state and value stand while no case moves.
        res.estado = recalculado ? "indeterminado" : m.estado_informe;
        res.valor = recalculado ? Value() : m.valor_informe;
        if (!recalculado) res.casos_que_incumplen.clear();
    } else if (n == 0) {
        res.estado = "sin_poblacion";
    } else if (kind == Aggregation::todos_cumplen) {
        res.valor = Value(res.casos_que_incumplen.empty() && res.no_evaluables.empty());
        res.estado = !res.casos_que_incumplen.empty() ? "incumple" : !res.no_evaluables.empty() ? "indeterminado" : "cumple";
    } else if (kind == Aggregation::tasa) {
        const double exact = static_cast<double>(res.verdaderos) / static_cast<double>(n);
        res.valor = Value(json::redondear(exact, 4));
        res.estado = objetivo && exact >= *objetivo ? "cumple" : "incumple";  // the unrounded rate decides
    } else {
        res.estado = "mal_formado";
        res.valor = m.valor_informe;
    }
    return res;
}

}  // namespace

MeasureTally tally(const Compact& c, std::size_t k, const std::vector<std::int32_t>& camino) {
    const Measure& m = c.medidas[k];
    const Rule rule = rule_of(m);
    MeasureTally t;
    for (std::size_t ci = 0; ci < c.casos.size(); ++ci) {
        const std::uint32_t row = row_of(c, camino, ci);
        add(t, rule.of(c.filas.result(row, k), metric_of(c, m, row)), static_cast<std::uint32_t>(ci));
    }
    if (rule.kind == Aggregation::metrica) t.agregado = metric_aggregate(c, k, camino);
    return t;
}

void prepare_tallies(Compact& c) {
    const std::vector<std::int32_t> recorded(c.casos.size(), -1);
    c.registradas.clear();
    for (std::size_t k = 0; k < c.medidas.size(); ++k) c.registradas.push_back(tally(c, k, recorded));
}

std::vector<MeasureResult> remeasure_full(const Compact& c, const std::vector<std::int32_t>& camino) {
    std::vector<MeasureResult> out;
    for (std::size_t k = 0; k < c.medidas.size(); ++k) {
        bool recalculado = false;
        for (std::size_t ci = 0; ci < c.casos.size() && !recalculado; ++ci) {
            const std::uint32_t row = row_of(c, camino, ci), rec = c.casos[ci].fila_registrada;
            recalculado = c.filas.result(row, k) != c.filas.result(rec, k) ||
                          metric_of(c, c.medidas[k], row) != metric_of(c, c.medidas[k], rec) ||
                          (c.medidas[k].empareja && camino[ci] >= 0);
        }
        out.push_back(finish(c, k, tally(c, k, camino), recalculado));
    }
    return out;
}

std::vector<MeasureResult> remeasure(const Compact& c, const std::vector<std::int32_t>& camino) {
    if (c.registradas.size() != c.medidas.size()) return remeasure_full(c, camino);
    std::vector<std::uint32_t> changed;
    for (std::size_t ci = 0; ci < c.casos.size(); ++ci)
        if (camino[ci] >= 0) changed.push_back(static_cast<std::uint32_t>(ci));
    std::vector<MeasureResult> out;
    out.reserve(c.medidas.size());
    std::vector<bool> incumple(changed.size()), no_evaluable(changed.size());
    for (std::size_t k = 0; k < c.medidas.size(); ++k) {
        const Measure& m = c.medidas[k];
        const Rule rule = rule_of(m);
        const MeasureTally& rec = c.registradas[k];
        bool recalculado = false;
        MeasureTally t;
        t.n_poblacion = rec.n_poblacion;
        t.verdaderos = rec.verdaderos;
        for (std::size_t i = 0; i < changed.size(); ++i) {
            const std::uint32_t ci = changed[i];
            const std::uint32_t row = row_of(c, camino, ci), was = c.casos[ci].fila_registrada;
            const Result r_now = c.filas.result(row, k), r_was = c.filas.result(was, k);
            const std::optional<double> m_now = metric_of(c, m, row), m_was = metric_of(c, m, was);
            if (r_now != r_was || m_now != m_was) recalculado = true;
            const Contribution before = rule.of(r_was, m_was), after = rule.of(r_now, m_now);
            t.n_poblacion += static_cast<std::int64_t>(after.poblacion) - static_cast<std::int64_t>(before.poblacion);
            t.verdaderos += static_cast<std::int64_t>(after.verdadero) - static_cast<std::int64_t>(before.verdadero);
            incumple[i] = after.incumple;
            no_evaluable[i] = after.no_evaluable;
        }
        if (m.empareja && !changed.empty()) recalculado = true;
        if (!recalculado) {
            t.incumplen = rec.incumplen;
            t.no_evaluables = rec.no_evaluables;
            t.agregado = rec.agregado;
        } else {
            t.incumplen = merged(rec.incumplen, changed, incumple);
            t.no_evaluables = merged(rec.no_evaluables, changed, no_evaluable);
            if (rule.kind == Aggregation::metrica) t.agregado = metric_aggregate(c, k, camino);
        }
        out.push_back(finish(c, k, std::move(t), recalculado));
    }
    return out;
}

}  // namespace planlang::playground::internal
