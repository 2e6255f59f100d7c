// spec/playground.md §6 (criteria re-measured), the same for case-scope risk detectors and the verdict at
// the played setting (ours), §8 (observed strip, self-check).
#include <algorithm>

#include "core/json/canonical.hpp"
#include "core/json/rounding.hpp"
#include "core/playground/internal/measures.hpp"
#include "core/verify/stats.hpp"
#include "core/verify/verdict_rules.hpp"

namespace planlang::playground {

using json::Value;

namespace {

const Value& member(const Value& object, std::string_view key) { return json::member_or_null(object, key); }

std::uint32_t row_of(const Compact& c, const std::vector<std::int32_t>& camino, std::size_t ci) {
    return camino[ci] >= 0 ? c.caminos[static_cast<std::size_t>(camino[ci])].fila : c.casos[ci].fila_registrada;
}

}  // namespace

namespace internal {

namespace {

// §13 steps 1–3 at a setting: criteria and case-scope risks from the replay, every other risk as reported.
void steps_1_to_3(const Compact& c, const std::vector<MeasureResult>& medidas, const std::vector<std::int32_t>& camino, json::Array& bloqueantes,
                  json::Array& alertas) {
    std::vector<verify::CriterionState> criterios;
    std::vector<verify::DroppedByNull> descartes_c, descartes_r;
    for (const MeasureResult& r : medidas) {
        const Measure& m = c.medidas[r.medida];
        const bool criterion = m.kind == Measure::Kind::criterio;
        if (criterion) criterios.push_back({m.id, r.estado, m.tipo == "absoluto"});
        if ((criterion && m.tipo != "absoluto") || r.estado == "mal_formado" || m.estado_informe == "mal_formado") continue;
        std::size_t k = 0;
        for (const std::uint32_t ci : c.con_error_proveedor) k += c.filas.result(row_of(c, camino, ci), r.medida) == Result::nulo;
        if (k) (criterion ? descartes_c : descartes_r).push_back({m.id, !criterion, k});
    }
    descartes_c.insert(descartes_c.end(), descartes_r.begin(), descartes_r.end());
    std::vector<verify::RiskState> riesgos;
    const Value& reported = member(c.informe, "riesgos");
    for (const Value& item : json::array_items(reported)) {
        verify::RiskState s;
        s.id = member(item, "id").is_string() ? member(item, "id").as_string() : "";
        s.estado = member(item, "estado").is_string() ? member(item, "estado").as_string() : "";
        s.severidad = member(item, "severidad").is_number() ? static_cast<int>(member(item, "severidad").as_number()) : 0;
        for (const MeasureResult& r : medidas)
            if (c.medidas[r.medida].kind == Measure::Kind::riesgo && c.medidas[r.medida].id == s.id) s.estado = r.estado;
        riesgos.push_back(std::move(s));
    }
    verify::verdict_steps_1_to_3(criterios, descartes_c, riesgos, bloqueantes, alertas);
}

}  // namespace

Verdict verdict_at(const Compact& c, const std::vector<MeasureResult>& medidas, const std::vector<std::int32_t>& camino) {
    Verdict v;
    steps_1_to_3(c, medidas, camino, v.bloqueantes, v.alertas);
    v.bloqueantes.insert(v.bloqueantes.end(), c.llevado_bloqueantes.begin(), c.llevado_bloqueantes.end());
    v.alertas.insert(v.alertas.end(), c.llevado_alertas.begin(), c.llevado_alertas.end());
    v.valor = verify::verdict_value(v.bloqueantes, v.alertas);
    return v;
}

}  // namespace internal

json::Value observed_strip(const Compact& c, const Setting& setting) {
    json::Array out;
    for (std::size_t t = 0; t < c.umbrales.size(); ++t) {
        const Threshold& u = c.umbrales[t];
        std::vector<double> numbers;
        std::int64_t n = 0, verdaderos = 0;
        json::Array at;
        for (std::size_t ci = 0; ci < c.casos.size(); ++ci) {
            const Value& x = c.senal_de_umbral(ci, t);
            if (x.is_number()) {
                ++n;
                numbers.push_back(x.as_number());
                if (setting.valores[t].is_number() && x.as_number() == setting.valores[t].as_number()) at.emplace_back(c.casos[ci].id);
            } else if (x.is_bool()) {
                ++n;
                verdaderos += x.as_bool();
            }
        }
        const std::optional<double> med = verify::median(numbers);
        out.push_back(json::Object{
            {"id", u.id},
            {"n", static_cast<double>(n)},
            {"min", numbers.empty() ? Value() : Value(*std::min_element(numbers.begin(), numbers.end()))},
            {"mediana", med ? Value(json::redondear(*med, 3)) : Value()},
            {"max", numbers.empty() ? Value() : Value(*std::max_element(numbers.begin(), numbers.end()))},
            {"verdaderos", u.booleano ? Value(static_cast<double>(verdaderos)) : Value()},
            {"casos_en_el_umbral", Value(std::move(at))}});
    }
    return Value(std::move(out));
}

SelfCheck self_check(const Compact& c) { return SelfCheck{c.autocomprobacion_ok, c.autocomprobacion_motivo}; }

namespace {

std::string shown(const Value& v) { return json::canonical(v); }

// pass^k is not replayed (§6: the report's state and value stand while no case moves), so at plan values the
// comparison with the report holds by construction. What the main run does allow is checked instead against
// the report's own figures (traces-and-verifier.md §8): the same population; every population case that fails
// in the main run among casos_que_incumplen (a case passes only if it passes in the main run and in every
// repetition); the value redondear((n − |casos_que_incumplen|) / n, 4); and the state that rate gives.
std::optional<Bilingual> pass_k_difference(const Compact& c, const MeasureResult& m) {
    const Measure& d = c.medidas[m.medida];
    if (d.kind != Measure::Kind::criterio || d.agregacion != "pass^k" || d.estado_informe == "mal_formado") return std::nullopt;
    const Value* item = nullptr;
    for (const Value& x : json::array_items(member(c.informe, "criterios")))
        if (member(x, "id") == Value(d.id)) item = &x;
    if (!item) return std::nullopt;
    auto differs = [&](const std::string& es, const std::string& en) {
        return Bilingual{"el criterio " + d.id + " (pass^k) del informe no cuadra con la corrida principal: " + es,
                         "criterion " + d.id + " (pass^k) of the report does not agree with the main run: " + en};
    };
    const Value& n_report = member(*item, "n_poblacion");
    if (!n_report.is_number() || n_report.as_number() != static_cast<double>(m.n_poblacion))
        return differs("población " + shown(n_report) + " en el informe, " + std::to_string(m.n_poblacion) + " en la corrida",
                       "population " + shown(n_report) + " in the report, " + std::to_string(m.n_poblacion) + " in the run");
    if (m.n_poblacion == 0) return std::nullopt;  // sin_poblacion: the equality above decided
    const json::Array& failing = json::array_items(member(*item, "casos_que_incumplen"));
    for (std::size_t ci = 0; ci < c.casos.size(); ++ci) {
        const Result r = c.filas.result(c.casos[ci].fila_registrada, m.medida);
        if (r == Result::v || r == Result::fuera || r == Result::nulo) continue;
        if (std::find(failing.begin(), failing.end(), Value(c.casos[ci].id)) == failing.end())
            return differs("el caso " + c.casos[ci].id + " no pasa en la corrida principal y no está entre los casos que incumplen",
                           "case " + c.casos[ci].id + " does not pass in the main run and is not among the failing cases");
    }
    const double n = static_cast<double>(m.n_poblacion);
    const double exact = (n - static_cast<double>(failing.size())) / n;
    const Value valor(json::redondear(exact, 4));
    if (member(*item, "valor_medido") != valor)
        return differs("valor " + shown(member(*item, "valor_medido")) + ", y sus casos que incumplen dan " + shown(valor),
                       "value " + shown(member(*item, "valor_medido")) + ", and its failing cases give " + shown(valor));
    const Value& k = member(*item, "k");
    std::string estado = "cumple";
    if (!d.objetivo.is_number() || exact < d.objetivo.as_number()) estado = "incumple";
    else if (member(k, "aplica") == Value(true) && member(k, "observado").is_number() && member(k, "requerido").is_number() &&
             member(k, "observado").as_number() < member(k, "requerido").as_number())
        estado = "incompleto";
    if (d.estado_informe != estado)
        return differs("estado «" + d.estado_informe + "», y su tasa " + shown(valor) + " da «" + estado + "»",
                       "state “" + d.estado_informe + "”, and its rate " + shown(valor) + " gives “" + estado + "”");
    return std::nullopt;
}

std::optional<Bilingual> first_difference(const Compact& c) {
    const Setting plan = plan_setting(c);
    const Replay r = play(c, plan);
    if (!r.no_jugables.empty()) {
        const NotPlayable& n = r.no_jugables.front();
        return Bilingual{"a los valores del plan el caso " + c.casos[n.caso].id + " no se puede rejugar: " + n.motivo.message.es,
                         "at plan values case " + c.casos[n.caso].id + " cannot be replayed: " + n.motivo.message.en};
    }
    if (!r.cambios.empty()) {
        const Change& ch = r.cambios.front();
        const Case& k = c.casos[ch.caso];
        const Visit& v = c.visitas[k.visitas_begin + ch.visita];
        return Bilingual{std::to_string(r.cambios.size()) + " casos divergen a los valores del plan (el primero, " + k.id + ", en " + c.nombres[v.desde] +
                             "@" + std::to_string(v.paso) + " va a " + ch.rama_nueva + "): la corrida no se aplicó con los umbrales del plan",
                         std::to_string(r.cambios.size()) + " cases diverge at plan values (the first, " + k.id + ", at " + c.nombres[v.desde] + "@" +
                             std::to_string(v.paso) + " goes to " + ch.rama_nueva + "): the run was not made with the plan's thresholds"};
    }
    for (const MeasureResult& m : r.medidas) {
        const Measure& d = c.medidas[m.medida];
        if (std::optional<Bilingual> why = pass_k_difference(c, m)) return why;
        if (m.estado == d.estado_informe && m.valor == d.valor_informe) continue;
        const std::string what = d.kind == Measure::Kind::criterio ? "criterio " : "riesgo ";
        const std::string what_en = d.kind == Measure::Kind::criterio ? "criterion " : "risk ";
        return Bilingual{"el " + what + d.id + " da «" + m.estado + "» (" + shown(m.valor) + ") a los valores del plan y el informe dice «" + d.estado_informe +
                             "» (" + shown(d.valor_informe) + ")",
                         what_en + d.id + " gives “" + m.estado + "” (" + shown(m.valor) + ") at plan values and the report says “" + d.estado_informe +
                             "” (" + shown(d.valor_informe) + ")"};
    }
    if (!c.llevado_ok)
        return Bilingual{"el veredicto del informe no empieza por lo que dan sus propios criterios y riesgos",
                         "the report's verdict does not begin with what its own criteria and risks give"};
    const Value& reported = member(c.informe, "veredicto");
    const Value mine(json::Object{{"alertas", r.veredicto.alertas}, {"bloqueantes", r.veredicto.bloqueantes}, {"valor", r.veredicto.valor}});
    if (json::canonical(mine) != json::canonical(reported))
        return Bilingual{"el veredicto a los valores del plan («" + r.veredicto.valor + "») no es el del informe",
                         "the verdict at plan values (“" + r.veredicto.valor + "”) is not the report's"};
    // The observed strip against the report's playground section.
    const Value strip = observed_strip(c, plan);
    const Value& section = member(member(c.informe, "playground"), "umbrales");
    for (const Value& mine_t : strip.as_array()) {
        const Value* theirs = nullptr;
        for (const Value& t : json::array_items(section))
            if (member(t, "id") == member(mine_t, "id")) theirs = &t;
        const std::string id = member(mine_t, "id").as_string();
        if (!theirs) return Bilingual{"el informe no tiene el umbral " + id + " en su sección playground", "the report's playground section lacks threshold " + id};
        const Value& obs = member(*theirs, "observados");
        for (const char* key : {"n", "min", "mediana", "max", "verdaderos"})
            if (member(obs, key) != member(mine_t, key))
                return Bilingual{"franja observada de " + id + ": " + key + " = " + shown(member(mine_t, key)) + ", el informe dice " + shown(member(obs, key)),
                                 "observed strip of " + id + ": " + key + " = " + shown(member(mine_t, key)) + ", the report says " + shown(member(obs, key))};
        if (member(*theirs, "casos_en_el_umbral") != member(mine_t, "casos_en_el_umbral"))
            return Bilingual{"franja observada de " + id + ": los casos en el umbral no son los del informe",
                             "observed strip of " + id + ": the cases at the threshold are not the report's"};
    }
    return std::nullopt;
}

}  // namespace

void check_at_load(Compact& c) {
    c.con_error_proveedor.clear();
    for (std::size_t ci = 0; ci < c.casos.size(); ++ci)
        if (c.casos[ci].error_proveedor) c.con_error_proveedor.push_back(static_cast<std::uint32_t>(ci));
    internal::prepare_tallies(c);
    prepare_shortcuts(c);
    // The carried verdict: the report's messages after those its own criteria and risks give (steps 1–3).
    const std::vector<std::int32_t> recorded(c.casos.size(), -1);
    json::Array b13, a13;
    internal::steps_1_to_3(c, internal::remeasure(c, recorded), recorded, b13, a13);
    const Value& veredicto = member(c.informe, "veredicto");
    const Value& bloq = member(veredicto, "bloqueantes");
    const Value& alert = member(veredicto, "alertas");
    auto starts_with = [](const Value& list, const json::Array& prefix) {
        if (!list.is_array() || list.as_array().size() < prefix.size()) return false;
        for (std::size_t i = 0; i < prefix.size(); ++i)
            if (json::canonical(list.as_array()[i]) != json::canonical(prefix[i])) return false;
        return true;
    };
    c.llevado_ok = starts_with(bloq, b13) && starts_with(alert, a13);
    c.llevado_bloqueantes.clear();
    c.llevado_alertas.clear();
    if (c.llevado_ok) {
        c.llevado_bloqueantes.assign(bloq.as_array().begin() + static_cast<std::ptrdiff_t>(b13.size()), bloq.as_array().end());
        c.llevado_alertas.assign(alert.as_array().begin() + static_cast<std::ptrdiff_t>(a13.size()), alert.as_array().end());
    }
    c.autocomprobacion_motivo = first_difference(c);
    c.autocomprobacion_ok = !c.autocomprobacion_motivo;
}

}  // namespace planlang::playground
