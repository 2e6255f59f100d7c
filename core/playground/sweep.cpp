// spec/playground.md §10.3 (ours): the sweep of two numeric thresholds, its Pareto front and its JSON.
#include "core/playground/sweep.hpp"

#include <algorithm>
#include <limits>

#include "core/json/number.hpp"
#include "core/plan/slider_positions.hpp"

namespace planlang::playground {

using json::Value;

namespace {

Issue grid_issue(const char* code, const std::string& text, std::string es, std::string en) {
    return Issue{code, text, {std::move(es), std::move(en)}};
}

std::vector<std::string> split(const std::string& text, char sep) {
    std::vector<std::string> parts;
    std::size_t at = 0;
    while (true) {
        const std::size_t next = text.find(sep, at);
        parts.push_back(text.substr(at, next == std::string::npos ? std::string::npos : next - at));
        if (next == std::string::npos) return parts;
        at = next + 1;
    }
}

bool in_range(const Threshold& u, double x) { return x >= u.min - u.paso / 2 && x <= u.max + u.paso / 2; }

std::optional<std::size_t> position_of(const std::vector<double>& values, const Value& x) {
    if (!x.is_number()) return std::nullopt;
    for (std::size_t i = 0; i < values.size(); ++i)
        if (values[i] == x.as_number()) return i;
    return std::nullopt;
}

}  // namespace

std::optional<Issue> parse_grid(const Compact& c, std::string_view text_view, GridAxis& out) {
    const std::string text(text_view);
    const char* bad = "PLAYGROUND_REJILLA_INVALIDA";
    const std::size_t eq = text.find('=');
    const std::vector<std::string> parts = eq == std::string::npos ? std::vector<std::string>{} : split(text.substr(eq + 1), ':');
    if (eq == std::string::npos || eq == 0 || parts.size() != 3)
        return grid_issue(bad, text, "se espera UMBRAL=desde:hasta:paso, p. ej. U1=0.5:0.95:0.05", "expected THRESHOLD=from:to:step, e.g. U1=0.5:0.95:0.05");
    const std::string id = text.substr(0, eq);
    double x[3];
    for (int i = 0; i < 3; ++i) {
        const std::optional<double> n = json::parse_number(parts[static_cast<std::size_t>(i)]);
        if (!n) return grid_issue(bad, text, "«" + parts[static_cast<std::size_t>(i)] + "» no es un número JSON", "“" + parts[static_cast<std::size_t>(i)] + "” is not a JSON number");
        x[i] = *n;
    }
    const double desde = x[0], hasta = x[1], paso = x[2];
    if (!(paso > 0)) return grid_issue(bad, text, "el paso debe ser mayor que 0", "the step must be greater than 0");
    if (desde > hasta) return grid_issue(bad, text, "«desde» no puede ser mayor que «hasta»", "“from” cannot be greater than “to”");
    std::optional<std::size_t> index;
    for (std::size_t i = 0; i < c.umbrales.size(); ++i)
        if (c.umbrales[i].id == id) index = i;
    if (!index) return grid_issue("PLAYGROUND_REJILLA_UMBRAL", text, "el plan no tiene el umbral " + id, "the plan has no threshold " + id);
    const Threshold& u = c.umbrales[*index];
    if (u.booleano)
        return grid_issue("PLAYGROUND_REJILLA_UMBRAL", text, id + " es un interruptor: se fija con --set, no se barre",
                          id + " is a switch: fix it with --set, it is not swept");
    const std::optional<std::int64_t> count = plan::slider_position_count(desde, hasta, paso);
    if (!count) return grid_issue(bad, text, "no es un intervalo con paso", "not a range with a step");
    if (*count > kMaxSweepPoints)
        return grid_issue("PLAYGROUND_REJILLA_DEMASIADO_GRANDE", text,
                          "la rejilla tendría " + std::to_string(*count) + " valores; el máximo es " + std::to_string(kMaxSweepPoints),
                          "the grid would have " + std::to_string(*count) + " values; the most is " + std::to_string(kMaxSweepPoints));
    std::vector<double> values = plan::slider_positions(desde, hasta, paso, kMaxSweepPoints);
    for (double v : values)
        if (!in_range(u, v))
            return grid_issue("PLAYGROUND_REJILLA_FUERA_DE_RANGO", text,
                              id + " se juega entre " + json::format_number(u.min) + " y " + json::format_number(u.max) + " (" + json::format_number(v) +
                                  " queda fuera)",
                              id + " is played between " + json::format_number(u.min) + " and " + json::format_number(u.max) + " (" +
                                  json::format_number(v) + " is outside)");
    out.umbral = *index;
    out.desde = desde;
    out.hasta = hasta;
    out.paso = paso;
    out.valores = std::move(values);
    return std::nullopt;
}

GridAxis full_axis(const Compact& c, std::size_t umbral) {
    const Threshold& u = c.umbrales[umbral];
    GridAxis a;
    a.umbral = umbral;
    a.desde = u.min;
    a.hasta = u.max;
    a.paso = u.paso;
    a.valores = plan::slider_positions(u.min, u.max, u.paso);
    return a;
}

std::optional<Issue> check_grid(const Compact& c, const GridAxis& a, const GridAxis& b) {
    const std::string& ia = c.umbrales[a.umbral].id;
    const std::string& ib = c.umbrales[b.umbral].id;
    if (a.umbral == b.umbral)
        return grid_issue("PLAYGROUND_REJILLA_INVALIDA", ia, "los dos ejes barren el mismo umbral " + ia, "both axes sweep the same threshold " + ia);
    const std::int64_t n = static_cast<std::int64_t>(a.valores.size()) * static_cast<std::int64_t>(b.valores.size());
    if (n > kMaxSweepPoints)
        return grid_issue("PLAYGROUND_REJILLA_DEMASIADO_GRANDE", ia + " × " + ib,
                          "la rejilla tendría " + std::to_string(n) + " puntos; el máximo es " + std::to_string(kMaxSweepPoints),
                          "the grid would have " + std::to_string(n) + " points; the most is " + std::to_string(kMaxSweepPoints));
    return std::nullopt;
}

std::vector<std::size_t> pareto_front(const std::vector<std::pair<std::int64_t, double>>& keys) {
    // Sorted by (errors, cost, index), a point is on the front when its cost is below every cost before it:
    // an earlier point has no more errors and no more cost, so it dominates a later one (or equals it and
    // comes first in grid order).
    std::vector<std::size_t> order(keys.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
        if (keys[x].first != keys[y].first) return keys[x].first < keys[y].first;
        if (keys[x].second != keys[y].second) return keys[x].second < keys[y].second;
        return x < y;
    });
    std::vector<std::size_t> front;
    double best = std::numeric_limits<double>::infinity();
    for (std::size_t i : order)
        if (keys[i].second < best) {
            best = keys[i].second;
            front.push_back(i);
        }
    std::sort(front.begin(), front.end());
    return front;
}

Sweep sweep(const Compact& c, const Setting& base, const GridAxis& a, const GridAxis& b, const EscalationAtSetting& truth, const SweepProgress& progress) {
    Sweep out;
    out.a = a;
    out.b = b;
    out.base = base;
    const std::size_t total = a.valores.size() * b.valores.size();
    out.puntos.reserve(total);
    // Per case: 0 solo, 1 persona, 2 left out (no_observado or not playable) at the current point.
    enum : std::uint8_t { kSolo, kPersona, kFuera };
    std::vector<std::uint8_t> now(c.casos.size());
    std::int64_t answered = 0, frozen = 0;
    for (double va : a.valores)
        for (double vb : b.valores) {
            SweepPoint p;
            p.setting = base;
            p.setting.valores[a.umbral] = Value(va);
            p.setting.valores[b.umbral] = Value(vb);
            const Replay r = play(c, p.setting, PlayOptions{.medidas = false});
            p.errores_introducidos = static_cast<std::int64_t>(r.introducidos.size());
            p.errores_evitados = static_cast<std::int64_t>(r.evitados.size());
            p.no_observados = static_cast<std::int64_t>(r.no_observados.size());
            p.no_jugables = static_cast<std::int64_t>(r.no_jugables.size());
            p.personas = r.personas;
            p.minutos = r.minutos;
            for (std::size_t ci = 0; ci < c.casos.size(); ++ci) now[ci] = c.casos[ci].registrado == Outcome::persona ? kPersona : kSolo;
            for (const Change& ch : r.cambios) now[ch.caso] = ch.ahora == Outcome::persona ? kPersona : ch.ahora == Outcome::solo ? kSolo : kFuera;
            for (const NotPlayable& n : r.no_jugables) now[n.caso] = kFuera;
            const Value applied = truth ? applied_object(c, p.setting) : Value();
            for (std::size_t ci = 0; ci < c.casos.size(); ++ci) {
                if (now[ci] != kSolo) continue;
                std::optional<bool> must = truth ? truth(ci, applied) : std::nullopt;
                if (must) ++answered;
                else {
                    ++frozen;
                    must = c.casos[ci].debe_escalar;
                }
                p.errores_totales += *must;
            }
            out.puntos.push_back(std::move(p));
            if (progress) progress(out.puntos.size(), total);
        }
    out.respuestas_congeladas = frozen;
    if (!truth) out.verdad = Sweep::Truth::congelada;
    else if (frozen == 0) out.verdad = Sweep::Truth::en_este_ajuste;
    else out.verdad = answered == 0 ? Sweep::Truth::congelada : Sweep::Truth::mixta;

    std::vector<std::pair<std::int64_t, double>> keys;
    keys.reserve(out.puntos.size());
    for (const SweepPoint& p : out.puntos) keys.emplace_back(p.errores_totales, p.minutos ? *p.minutos : static_cast<double>(p.personas));
    out.frente_pareto = pareto_front(keys);

    const Setting plan = plan_setting(c);
    bool others_at_plan = true;
    for (std::size_t t = 0; t < c.umbrales.size(); ++t)
        if (t != a.umbral && t != b.umbral && !(base.valores[t] == plan.valores[t])) others_at_plan = false;
    const std::optional<std::size_t> pa = position_of(a.valores, plan.valores[a.umbral]), pb = position_of(b.valores, plan.valores[b.umbral]);
    if (others_at_plan && pa && pb) out.plan = *pa * b.valores.size() + *pb;
    const std::optional<std::size_t> ca = position_of(a.valores, base.valores[a.umbral]), cb = position_of(b.valores, base.valores[b.umbral]);
    if (ca && cb) out.actual = *ca * b.valores.size() + *cb;
    return out;
}

json::Value sweep_json(const Compact& c, const Sweep& s) {
    auto index_or_null = [](const std::optional<std::size_t>& i) { return i ? Value(static_cast<double>(*i)) : Value(); };
    auto count = [](std::int64_t n) { return Value(static_cast<double>(n)); };
    json::Array ejes;
    for (const GridAxis* axis : {&s.a, &s.b}) {
        json::Array valores;
        for (double v : axis->valores) valores.emplace_back(v);
        ejes.push_back(json::Object{{"desde", axis->desde},
                                    {"hasta", axis->hasta},
                                    {"id", c.umbrales[axis->umbral].id},
                                    {"paso", axis->paso},
                                    {"valores", Value(std::move(valores))}});
    }
    json::Array puntos;
    puntos.reserve(s.puntos.size());
    for (const SweepPoint& p : s.puntos)
        puntos.push_back(json::Object{{"errores_evitados", count(p.errores_evitados)},
                                      {"errores_introducidos", count(p.errores_introducidos)},
                                      {"errores_totales", count(p.errores_totales)},
                                      {"minutos", p.minutos ? Value(*p.minutos) : Value()},
                                      {"no_jugables", count(p.no_jugables)},
                                      {"no_observados", count(p.no_observados)},
                                      {"personas", count(p.personas)},
                                      {"umbrales", applied_object(c, p.setting)}});
    json::Array frente;
    for (std::size_t i : s.frente_pareto) frente.emplace_back(static_cast<double>(i));
    const char* verdad = s.verdad == Sweep::Truth::en_este_ajuste ? "en_este_ajuste" : s.verdad == Sweep::Truth::congelada ? "congelada" : "mixta";
    return json::Object{
        {"actual", index_or_null(s.actual)},
        {"autocomprobacion", json::Object{{"motivo", c.autocomprobacion_motivo ? Value(json::Object{{"en", c.autocomprobacion_motivo->en},
                                                                                                      {"es", c.autocomprobacion_motivo->es}})
                                                                              : Value()},
                                          {"ok", c.autocomprobacion_ok}}},
        {"base", applied_object(c, s.base)},
        {"clave_de_coste", c.minutos_por_persona ? "minutos" : "personas"},
        {"corrida_id", c.corrida_id},
        {"ejes", Value(std::move(ejes))},
        {"etiqueta", json::Object{{"en", "Our addition (playground.md §10.3): not part of the normative re-evaluation."},
                                  {"es", "Complemento nuestro (playground.md §10.3): no es parte de la reevaluación normativa."}}},
        {"frente_pareto", Value(std::move(frente))},
        {"minutos_por_persona", c.minutos_por_persona ? Value(*c.minutos_por_persona) : Value()},
        {"plan", index_or_null(s.plan)},
        {"puntos", Value(std::move(puntos))},
        {"respuestas_congeladas", count(s.respuestas_congeladas)},
        {"verdad", verdad},
    };
}

}  // namespace planlang::playground
