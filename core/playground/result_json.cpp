// The playground's results as JSON: §3.7 change records, §4–§6 figures, §8 strip, ours under complementos.
#include "core/playground/result_json.hpp"

#include <algorithm>

#include "core/json/canonical.hpp"
#include "core/rules/edges.hpp"
#include "core/verify/stats.hpp"

namespace planlang::playground {

using json::Value;

namespace {

Value ids(const Compact& c, const std::vector<std::uint32_t>& cases) {
    json::Array a;
    a.reserve(cases.size());
    for (std::uint32_t i : cases) a.emplace_back(c.casos[i].id);
    return Value(std::move(a));
}

Value number_or_null(const std::optional<double>& x) { return x ? Value(*x) : Value(); }

Value bil(const Bilingual& b) { return json::Object{{"en", b.en}, {"es", b.es}}; }

Value wilson(std::int64_t k, std::int64_t n) {
    const std::optional<verify::Interval> w = verify::wilson(k, n);
    if (!w) return Value();
    return json::Object{{"alto", w->alto}, {"bajo", w->bajo}, {"k", static_cast<double>(k)}, {"n", static_cast<double>(n)}};
}

// A visit's rebuilt signals as an object (signal order as rebuilt), with the played values of bound signals.
Value visit_state(const Compact& c, const Visit& v, const Setting* played) {
    json::Object o;
    for (std::uint32_t s = v.senales_begin; s < v.senales_end; ++s) {
        const Signal& sig = c.senales[s];
        const std::string& name = c.nombres[sig.nombre];
        Value value = sig.valor;
        if (played)
            for (const auto& [signal, id] : c.ligaduras)
                if (signal == name)
                    for (std::size_t t = 0; t < c.umbrales.size(); ++t)
                        if (c.umbrales[t].id == id) value = played->valores[t];
        o.push_back({name, std::move(value)});
    }
    return Value(std::move(o));
}

Value record_json(rules::EdgeRecord record, std::int64_t paso, const std::string& rama) {
    record.paso = paso;
    record.rama_tomada = rama;
    return std::move(record).to_json();
}

}  // namespace

Value change_record(const Compact& c, const Replay& r, const Change& ch) {
    const Case& k = c.casos[ch.caso];
    const Visit& v = c.visitas[k.visitas_begin + ch.visita];
    const std::string& node = c.nombres[v.desde];
    const Value applied = applied_object(c, r.setting);
    const Value state = visit_state(c, v, &r.setting);
    const rules::Visit now = rules::decide(c.grafo, node, v.paso, state, applied);
    Value ahora_decide;
    if (const rules::EdgeRecord* t = now.trigger()) ahora_decide = t->to_json();
    Value ya_no_decide;
    if (!now.trigger()) {
        // The edge that decided at plan values (same bindings), judged with the played values.
        const Setting plan = plan_setting(c);
        const rules::Visit before = rules::decide(c.grafo, node, v.paso, visit_state(c, v, &plan), applied_object(c, plan));
        if (const rules::EdgeRecord* t = before.trigger())
            for (const rules::Edge* e : c.grafo.edges_of(node))
                if (e->orden == t->orden_arista) {
                    rules::EdgeOutcome again = rules::evaluate_edge(*e, state, applied);
                    if (!again.error) ya_no_decide = record_json(std::move(again.record), v.paso, now.rama);
                    break;
                }
    }
    return json::Object{{"ahora", std::string(outcome_name(ch.ahora))},
                        {"ahora_decide", std::move(ahora_decide)},
                        {"antes", std::string(outcome_name(ch.antes))},
                        {"efecto", std::string(effect_name(ch.efecto))},
                        {"exigida_por_texas", ch.exigida_por_texas},
                        {"id", k.id},
                        {"nodo", node},
                        {"paso", static_cast<double>(v.paso)},
                        {"rama_nueva", ch.rama_nueva},
                        {"senales", visit_state(c, v, nullptr)},
                        {"visita", static_cast<double>(ch.visita + 1)},
                        {"visitas_ahorradas", static_cast<double>(ch.visitas_ahorradas)},
                        {"ya_no_decide", std::move(ya_no_decide)}};
}

Value replay_json(const Compact& c, const Replay& r, bool strict, const Extras& extras) {
    json::Array umbrales;
    for (std::size_t t = 0; t < c.umbrales.size(); ++t)
        umbrales.push_back(json::Object{{"id", c.umbrales[t].id},
                                        {"movido", r.setting.valores[t] != c.umbrales[t].valor_en_plan},
                                        {"valor_en_plan", c.umbrales[t].valor_en_plan},
                                        {"valor_jugado", r.setting.valores[t]}});
    json::Array cambios;
    for (const Change& ch : r.cambios) cambios.push_back(change_record(c, r, ch));
    json::Array no_jugables;
    for (const NotPlayable& n : r.no_jugables)
        no_jugables.push_back(json::Object{{"caso_id", c.casos[n.caso].id},
                                           {"motivo", json::Object{{"codigo", n.motivo.code}, {"elemento", n.motivo.element}, {"mensaje", bil(n.motivo.message)}}}});
    json::Array criterios, riesgos, intervalos;
    for (const MeasureResult& m : r.medidas) {
        const Measure& d = c.medidas[m.medida];
        json::Object o{{"casos_que_incumplen", ids(c, m.casos_que_incumplen)},
                       {"estado", m.estado},
                       {"estado_informe", d.estado_informe},
                       {"id", d.id},
                       {"no_evaluables", ids(c, m.no_evaluables)},
                       {"recalculado", m.recalculado},
                       {"valor", m.valor},
                       {"valor_informe", d.valor_informe}};
        const bool rate = d.kind == Measure::Kind::criterio ? (d.agregacion == "tasa" || d.agregacion == "todos_cumplen") : d.tipo_detector == "tasa";
        if (rate && m.estado != "mal_formado" && m.n_poblacion > 0)
            intervalos.push_back(json::Object{{"id", d.id}, {"wilson95", wilson(m.verdaderos, m.n_poblacion)}});
        if (d.kind == Measure::Kind::criterio) criterios.emplace_back(std::move(o));
        else riesgos.emplace_back(std::move(o));
    }
    const std::int64_t n_cases = static_cast<std::int64_t>(c.casos.size() - r.no_jugables.size());
    intervalos.push_back(json::Object{{"id", "personas"}, {"wilson95", wilson(r.personas, n_cases)}});
    intervalos.push_back(json::Object{{"id", "personas_plan"}, {"wilson95", wilson(r.personas_plan, n_cases)}});
    intervalos.push_back(json::Object{{"id", "introducidos"}, {"wilson95", wilson(static_cast<std::int64_t>(r.introducidos.size()), n_cases)}});
    intervalos.push_back(json::Object{{"id", "evitados"}, {"wilson95", wilson(static_cast<std::int64_t>(r.evitados.size()), n_cases)}});

    json::Object o;
    o.push_back({"autocomprobacion", json::Object{{"motivo", c.autocomprobacion_motivo ? bil(*c.autocomprobacion_motivo) : Value()},
                                                  {"ok", c.autocomprobacion_ok}}});
    o.push_back({"cambios", Value(std::move(cambios))});
    o.push_back({"corrida_id", c.corrida_id});
    o.push_back({"criterios", Value(std::move(criterios))});
    o.push_back({"evitados", ids(c, r.evitados)});
    o.push_back({"franja_observada", observed_strip(c, r.setting)});
    o.push_back({"introducidos", ids(c, r.introducidos)});
    o.push_back({"minutos", number_or_null(r.minutos)});
    o.push_back({"minutos_plan", number_or_null(r.minutos_plan)});
    o.push_back({"no_jugables", Value(std::move(no_jugables))});
    o.push_back({"no_observados", ids(c, r.no_observados)});
    o.push_back({"personas", static_cast<double>(r.personas)});
    o.push_back({"personas_plan", static_cast<double>(r.personas_plan)});
    o.push_back({"umbrales", Value(std::move(umbrales))});
    o.push_back({"veredicto", json::Object{{"alertas", r.veredicto.alertas}, {"bloqueantes", r.veredicto.bloqueantes}, {"valor", r.veredicto.valor}}});
    if (!strict) {
        json::Object extra;
        extra.push_back({"etiqueta", bil({"Complementos nuestros (playground.md §10): no son parte de la reevaluación normativa.",
                                          "Our additions (playground.md §10): not part of the normative re-evaluation."})});
        if (extras.continuacion_simulada) extra.push_back({"continuacion_simulada", *extras.continuacion_simulada});
        if (extras.decisiones_simuladas) extra.push_back({"decisiones_simuladas", *extras.decisiones_simuladas});
        extra.push_back({"intervalos", Value(std::move(intervalos))});
        extra.push_back({"riesgos", Value(std::move(riesgos))});
        // What the verdict at this setting changes against the report's.
        const Value& reported = c.informe.find("veredicto") ? *c.informe.find("veredicto") : Value();
        json::Array nuevos, idos;
        for (const char* list : {"bloqueantes", "alertas"}) {
            const Value* theirs_v = reported.is_object() ? reported.find(list) : nullptr;
            const json::Array empty;
            const json::Array& theirs = theirs_v && theirs_v->is_array() ? theirs_v->as_array() : empty;
            const json::Array& mine = std::string(list) == "bloqueantes" ? r.veredicto.bloqueantes : r.veredicto.alertas;
            for (const Value& m : mine)
                if (std::find(theirs.begin(), theirs.end(), m) == theirs.end()) nuevos.push_back(json::Object{{"lista", list}, {"mensaje", m}});
            for (const Value& t : theirs)
                if (std::find(mine.begin(), mine.end(), t) == mine.end()) idos.push_back(json::Object{{"lista", list}, {"mensaje", t}});
        }
        extra.push_back({"veredicto", json::Object{{"del_informe", reported},
                                                   {"mensajes_que_aparecen", Value(std::move(nuevos))},
                                                   {"mensajes_que_desaparecen", Value(std::move(idos))},
                                                   {"nota", bil({"El veredicto a este ajuste es nuestro: criterios y riesgos de caso rejugados; repeticiones, supuestos, contrato y brechas tal como los midió el verificador.",
                                                                 "The verdict at this setting is ours: criteria and case risks replayed; repetitions, assumptions, contract and gaps as the verifier measured them."})}}});
        if (extras.verdad_en_este_ajuste) extra.push_back({"verdad_en_este_ajuste", *extras.verdad_en_este_ajuste});
        o.push_back({"complementos", Value(std::move(extra))});
    }
    std::sort(o.begin(), o.end(), [](const json::Member& a, const json::Member& b) { return a.key < b.key; });
    return Value(std::move(o));
}

}  // namespace planlang::playground
