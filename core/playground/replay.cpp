// spec/playground.md §3.5–§5: divergence, change records, effects and reviewer minutes at a played setting.
#include "core/playground/replay.hpp"

#include <algorithm>

#include "core/json/number.hpp"
#include "core/playground/internal/measures.hpp"
#include "core/rules/edges.hpp"

namespace planlang::playground {

using json::Value;

std::string_view effect_name(Effect effect) {
    switch (effect) {
        case Effect::no_observado: return "no_observado";
        case Effect::mismo_destino: return "mismo_destino";
        case Effect::error_introducido: return "error_introducido";
        case Effect::revision_ahorrada: return "revision_ahorrada";
        case Effect::error_evitado: return "error_evitado";
        case Effect::revision_de_mas: return "revision_de_mas";
    }
    return "mismo_destino";
}

Setting plan_setting(const Compact& compact) {
    Setting s;
    for (const Threshold& u : compact.umbrales) s.valores.push_back(u.valor_en_plan);
    return s;
}

json::Value applied_object(const Compact& compact, const Setting& setting) {
    json::Object o;
    for (std::size_t i = 0; i < compact.umbrales.size(); ++i) o.push_back({compact.umbrales[i].id, setting.valores[i]});
    return Value(std::move(o));
}

std::optional<Issue> set_threshold(const Compact& compact, Setting& setting, std::string_view assignment) {
    const std::string text(assignment);
    const std::size_t eq = text.find('=');
    auto bad = [&](std::string es, std::string en) { return Issue{"PLAYGROUND_AJUSTE_INVALIDO", text, {std::move(es), std::move(en)}}; };
    if (eq == std::string::npos || eq == 0) return bad("se espera UMBRAL=VALOR, p. ej. U1=0.8", "expected THRESHOLD=VALUE, e.g. U1=0.8");
    const std::string id = text.substr(0, eq);
    const std::string value = text.substr(eq + 1);
    for (std::size_t i = 0; i < compact.umbrales.size(); ++i) {
        const Threshold& u = compact.umbrales[i];
        if (u.id != id) continue;
        if (u.booleano) {
            if (value == "true" || value == "on" || value == "si" || value == "sí") setting.valores[i] = Value(true);
            else if (value == "false" || value == "off" || value == "no") setting.valores[i] = Value(false);
            else return bad(id + " es un interruptor: true o false", id + " is a switch: true or false");
            return std::nullopt;
        }
        const std::optional<double> x = json::parse_number(value);
        if (!x) return bad("«" + value + "» no es un número JSON", "“" + value + "” is not a JSON number");
        // The playable range, up to half a step past its end (the last slider position may pass max, slider_positions.hpp).
        if (*x < u.min - u.paso / 2 || *x > u.max + u.paso / 2)
            return bad(id + " se juega entre " + json::format_number(u.min) + " y " + json::format_number(u.max),
                       id + " is played between " + json::format_number(u.min) + " and " + json::format_number(u.max));
        setting.valores[i] = Value(*x);
        return std::nullopt;
    }
    return bad("el plan no tiene el umbral " + id, "the plan has no threshold " + id);
}

namespace {

// The played value bound to a signal (§3.2), or nullptr when it is not bound.
const Value* bound_value(const Compact& c, const Setting& s, std::string_view signal) {
    for (const auto& [sig, id] : c.ligaduras) {
        if (sig != signal) continue;
        for (std::size_t i = 0; i < c.umbrales.size(); ++i)
            if (c.umbrales[i].id == id) return &s.valores[i];
    }
    return nullptr;
}

const Value* visit_signal(const Compact& c, const Visit& v, std::string_view name) {
    for (std::uint32_t k = v.senales_begin; k < v.senales_end; ++k)
        if (c.nombres[c.senales[k].nombre] == name) return &c.senales[k].valor;
    return nullptr;
}

Outcome outcome_of_branch(const Compact& c, const std::string& rama) {
    for (const auto& [target, outcome] : c.desenlace_de_rama)
        if (target == rama) return outcome;
    return Outcome::no_observado;
}

}  // namespace

Replay play(const Compact& c, const Setting& setting, const PlayOptions& options) {
    Replay out;
    out.setting = setting;
    out.camino.assign(c.casos.size(), -1);
    const Value applied = applied_object(c, setting);
    // Per signal name index: the played value bound to it, if any (looked up once, not per visit).
    std::vector<const Value*> bound(c.nombres.size(), nullptr);
    for (std::size_t n = 0; n < c.nombres.size(); ++n) bound[n] = bound_value(c, setting, c.nombres[n]);
    rules::StateView state;
    const DemoOptions& o = c.opciones;
    const Value* partial_switch = o.parcial ? bound_value(c, setting, o.parcial->senal_que_exige_persona) : nullptr;
    // The thresholds played away from the plan's value (bit t: Compact::umbrales[t]; past 32, all).
    std::uint32_t moved = 0;
    for (std::size_t t = 0; t < c.umbrales.size(); ++t)
        if (setting.valores[t] != c.umbrales[t].valor_en_plan) moved |= t < 32 ? (1u << t) : 0xFFFFFFFFu;
    const bool shortcuts = options.atajos && c.plan_reproducido;

    for (std::uint32_t ci = 0; ci < c.casos.size(); ++ci) {
        const Case& k = c.casos[ci];
        bool diverged = false, broken = false;
        for (std::uint32_t vi = k.visitas_begin; vi < k.visitas_end && !diverged && !broken; ++vi) {
            const Visit& v = c.visitas[vi];
            if (!v.jugable) continue;
            const Compact::NodeRoute& route = c.rutas[v.desde];
            // Nothing this visit reads moved: its branch is the recorded one (the self-check replayed it).
            if (shortcuts && (route.mascara & moved) == 0) continue;
            state.clear();
            for (std::uint32_t s = v.senales_begin; s < v.senales_end; ++s) {
                const Signal& sig = c.senales[s];
                state.emplace_back(c.nombres[sig.nombre], bound[sig.nombre] ? bound[sig.nombre] : &sig.valor);
            }
            rules::Branch b;
            if (shortcuts) {
                // Only the edges that read a moved threshold are judged again, in `orden` (the first error is
                // then the one decide_branch would give: the others judged without error at plan values).
                for (std::size_t e = 0; e < route.aristas.size() && !b.error; ++e) {
                    bool result = (v.bits_plan >> e) & 1u;
                    if (route.dependencias[e] & moved) {
                        const rules::EdgeResult judged = rules::edge_result(*route.aristas[e], state, applied);
                        if (judged.error) b.error = judged.error;
                        result = judged.resultado;
                    }
                    if (result && !b.disparada) b.disparada = route.aristas[e];
                }
                if (!b.error) b.rama = b.disparada ? &b.disparada->si_verdadero : route.por_defecto;
                if (!b.error && !b.rama) b = rules::decide_branch(route.aristas, route.por_defecto, c.nombres[v.desde], state, applied);
            } else {
                b = rules::decide_branch(route.aristas, route.por_defecto, c.nombres[v.desde], state, applied);
            }
            if (b.error) {
                broken = true;
                Issue why = *b.error;
                why.element = k.id + " · " + c.nombres[v.desde] + "@" + std::to_string(v.paso) + " · " + why.element;
                out.no_jugables.push_back(NotPlayable{ci, std::move(why)});
                break;
            }
            if (v.rama != kNone && c.nombres[v.rama] == *b.rama) continue;
            diverged = true;
            Change ch;
            ch.caso = ci;
            ch.visita = vi - k.visitas_begin;
            ch.antes = k.registrado;
            ch.rama_nueva = *b.rama;
            ch.ahora = outcome_of_branch(c, ch.rama_nueva);
            for (std::uint32_t later = vi + 1; later < k.visitas_end; ++later) ch.visitas_ahorradas += c.visitas[later].desde == v.desde;
            // §4: the proposal at the diverging visit, and whether it is adverse.
            const Value* proposal = visit_signal(c, v, o.senal_propuesta);
            bool adverse = false, partial_on = false;
            if (proposal && o.parcial && *proposal == Value(o.parcial->valor)) {
                const Value* sw = partial_switch ? partial_switch : visit_signal(c, v, o.parcial->senal_que_exige_persona);
                partial_on = sw && *sw == Value(true);
                adverse = partial_on;
            } else if (proposal) {
                adverse = !(*proposal == Value(o.valor_favorable));
            }
            if (ch.ahora == Outcome::no_observado) ch.efecto = Effect::no_observado;
            else if (ch.ahora == ch.antes) ch.efecto = Effect::mismo_destino;
            else if (ch.antes == Outcome::persona) ch.efecto = k.debe_escalar || adverse ? Effect::error_introducido : Effect::revision_ahorrada;
            else ch.efecto = k.debe_escalar ? Effect::error_evitado : Effect::revision_de_mas;
            ch.adversa = adverse;
            ch.exigida_por_texas = ch.antes == Outcome::solo && ch.ahora == Outcome::persona && partial_on;
            // The path the criteria are read on.
            for (std::uint32_t p = k.caminos_begin; p < k.caminos_end; ++p)
                if (c.caminos[p].visita == ch.visita && c.caminos[p].desenlace == ch.ahora) out.camino[ci] = static_cast<std::int32_t>(p);
            if (ch.efecto == Effect::error_introducido) out.introducidos.push_back(ci);
            else if (ch.efecto == Effect::error_evitado) out.evitados.push_back(ci);
            else if (ch.efecto == Effect::no_observado) out.no_observados.push_back(ci);
            out.cambios.push_back(std::move(ch));
        }
        // §5: the same population on both sides; a case not playable here counts on neither (§11).
        if (broken) continue;
        const Outcome now = diverged ? out.cambios.back().ahora : k.registrado;
        out.personas += now == Outcome::persona;
        out.personas_plan += k.registrado == Outcome::persona && now != Outcome::no_observado;
    }
    if (c.minutos_por_persona) {
        out.minutos = static_cast<double>(out.personas) * *c.minutos_por_persona;
        out.minutos_plan = static_cast<double>(out.personas_plan) * *c.minutos_por_persona;
    }
    if (options.medidas) {
        out.medidas = internal::remeasure(c, out.camino);
        out.veredicto = internal::verdict_at(c, out.medidas, out.camino);
    }
    return out;
}

void prepare_shortcuts(Compact& c) {
    c.plan_reproducido = false;
    const Setting plan = plan_setting(c);
    const Value applied = applied_object(c, plan);
    std::vector<const Value*> bound(c.nombres.size(), nullptr);
    for (std::size_t n = 0; n < c.nombres.size(); ++n) bound[n] = bound_value(c, plan, c.nombres[n]);
    rules::StateView state;
    for (Visit& v : c.visitas) {
        if (!v.jugable) continue;
        const Compact::NodeRoute& route = c.rutas[v.desde];
        if (route.aristas.size() > 64) return;
        state.clear();
        for (std::uint32_t s = v.senales_begin; s < v.senales_end; ++s) {
            const Signal& sig = c.senales[s];
            state.emplace_back(c.nombres[sig.nombre], bound[sig.nombre] ? bound[sig.nombre] : &sig.valor);
        }
        v.bits_plan = 0;
        for (std::size_t e = 0; e < route.aristas.size(); ++e) {
            const rules::EdgeResult judged = rules::edge_result(*route.aristas[e], state, applied);
            if (judged.error) return;  // not reproducible at plan values: every move judges every edge
            if (judged.resultado) v.bits_plan |= std::uint64_t{1} << e;
        }
    }
    const Replay at_plan = play(c, plan, PlayOptions{false, false});
    c.plan_reproducido = at_plan.cambios.empty() && at_plan.no_jugables.empty();
}

}  // namespace planlang::playground
