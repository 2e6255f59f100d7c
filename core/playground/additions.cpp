// spec/playground.md §10.1 (simulated continuation) and §10.2 (truth per setting), ours.
#include "core/playground/additions.hpp"

#include "core/playground/truth_at_setting.hpp"

namespace planlang::playground {

using json::Value;

Effect effect_with_truth(const Change& ch, bool debe_escalar) {
    if (ch.ahora == Outcome::no_observado) return Effect::no_observado;
    if (ch.ahora == ch.antes) return Effect::mismo_destino;
    if (ch.antes == Outcome::persona) return debe_escalar || ch.adversa ? Effect::error_introducido : Effect::revision_ahorrada;
    return debe_escalar ? Effect::error_evitado : Effect::revision_de_mas;
}

std::optional<bool> must_escalate_at(const Compact& c, std::size_t caso, const Value& applied) {
    const std::shared_ptr<const CaseTruth>& truth = c.casos[caso].verdad_por_ajuste;
    if (!truth) return std::nullopt;
    const std::optional<TruthAtSetting> t = truth->at(applied);
    if (!t) return std::nullopt;
    return t->debe_escalar;
}

Additions::Additions(const Loaded& loaded) : m_compact(loaded.compacto) {
    if (loaded.entradas && loaded.corrida) m_continuation = Continuation::make(*loaded.entradas, *loaded.corrida, &m_sin_continuacion);
}

namespace {

Value bil(const Bilingual& b) { return json::Object{{"en", b.en}, {"es", b.es}}; }

// What the truth at a setting is for this run's domain.
Value truth_note(const Compact& c) {
    const bool fixed = !c.casos.empty() && c.casos.front().verdad_sin_umbrales;
    if (fixed)
        return bil({"En este dominio la verdad no depende de ningún umbral (plans/adherencia/dominio.md §3): la verdad a este ajuste es la congelada del lote. «errores»: casos que salen sin persona y deben escalar; aquí el propio agente escala las banderas rojas agudas sin persona, así que la cifra se lee frente a su valor en el plan, no como errores de la corrida.",
                    "In this domain the truth depends on no threshold (plans/adherencia/dominio.md §3): the truth at this setting is the batch's frozen one. “errores”: cases leaving without a person that must escalate; here the agent itself escalates acute red flags without a person, so read the figure against its plan value, not as the run's errors."});
    return bil({"Verdad recalculada con las reglas del generador a este ajuste (Texas como cambio de regla); los efectos normativos usan la verdad congelada del lote. «errores»: casos que salen sin persona y deben escalar.",
                "Truth recomputed with the generator's rules at this setting (Texas as a rule change); the normative effects use the batch's frozen truth. “errores”: cases leaving without a person that must escalate."});
}

// Our decision check of every diverging case: §4's effects only say whether a person sees the case, so an
// out-of-corpus question now answered alone is "review saved" or "same destination". Here the decision the
// simulated agent reaches at the played thresholds is set against the truth's decision and against the
// decision the run recorded: an error introduced when the recorded decision was the truth's and the new one
// is not, avoided the other way round. A hand-off the demo manifest names (`decision_de_traspaso`) is counted
// apart: the adherence coach's truth does not depend on U3, a hand-off is judged separately (dominio.md §3).
Value decisions_json(const Compact& c, const Replay& r, const std::vector<std::optional<SimulatedCase>>& simulated_of) {
    std::int64_t simulados = 0, introducidos = 0, evitados = 0, distintas = 0, traspasos = 0;
    json::Array lista;
    const std::optional<std::string>& handoff = c.opciones.decision_de_traspaso;
    for (std::size_t i = 0; i < r.cambios.size(); ++i) {
        const std::optional<SimulatedCase>& s = simulated_of[i];
        if (!s || s->desenlace == "detenido") continue;
        const Case& k = c.casos[r.cambios[i].caso];
        ++simulados;
        // A hand-off to a person outside the graph is judged apart (the demo manifest names it).
        if (handoff && s->decision_final == Value(*handoff)) {
            ++traspasos;
            continue;
        }
        const bool before = k.decision_registrada == k.decision_verdad;
        const bool now = s->decision_final == k.decision_verdad;
        distintas += !now;
        const char* efecto = before && !now ? "error_introducido" : !before && now ? "error_evitado" : before ? "sigue_correcta" : "sigue_incorrecta";
        introducidos += before && !now;
        evitados += !before && now;
        if (before == now) continue;  // only the cases whose correctness changes are listed
        lista.push_back(json::Object{{"decision_final", s->decision_final},
                                     {"decision_registrada", k.decision_registrada},
                                     {"decision_verdad", k.decision_verdad},
                                     {"efecto", efecto},
                                     {"id", k.id}});
    }
    return json::Object{
        {"casos", static_cast<double>(simulados)},
        {"distintas_de_la_verdad", static_cast<double>(distintas)},
        {"errores_evitados", static_cast<double>(evitados)},
        {"errores_introducidos", static_cast<double>(introducidos)},
        {"etiqueta", "simulado"},
        {"lista", Value(std::move(lista))},
        {"nota", bil({"Decisión de cada caso que cambia de camino, con el agente simulado a estos umbrales, frente a la decisión de la verdad y a la registrada: nuestra, no parte de la reevaluación.",
                      "Each diverging case's decision by the simulated agent at these thresholds, against the truth's decision and the recorded one: ours, not part of the replay."})},
        {"traspasos", static_cast<double>(traspasos)}};
}

Value strings(const std::vector<std::string>& v) {
    json::Array a;
    for (const std::string& s : v) a.emplace_back(s);
    return Value(std::move(a));
}

}  // namespace

Extras Additions::at(const Replay& r) const {
    const Compact& c = *m_compact;
    Extras out;
    const Value applied = applied_object(c, r.setting);

    // Every diverging case run once by the simulated agent at the played thresholds (when it can run): the
    // continuation reads the not-observed ones, the decision check all of them.
    std::vector<std::optional<SimulatedCase>> simulated_of(r.cambios.size());
    std::vector<Issues> why_of(r.cambios.size());
    if (m_continuation)
        for (std::size_t i = 0; i < r.cambios.size(); ++i)
            simulated_of[i] = m_continuation->run_case(c.casos[r.cambios[i].caso].id, applied, &why_of[i]);

    // §10.1: the cases the replay cannot follow, run on by the simulated agent.
    json::Object sim{{"etiqueta", "simulado"}};
    if (!m_continuation) {
        sim.push_back({"disponible", false});
        sim.push_back({"motivo", m_sin_continuacion.empty() ? Value() : bil(m_sin_continuacion.front().message)});
    } else {
        std::int64_t personas = 0, solos = 0, detenidos = 0, introducidos = 0, evitados = 0, introducidos_aqui = 0, evitados_aqui = 0;
        // The simulated decision against the case's truth decision: §4's effects look only at whether a
        // person sees the case, so an out-of-corpus question now answered alone is "the same destination";
        // this says whether what the agent decided is what the truth expects.
        std::int64_t distintas = 0;
        json::Array casos;
        for (std::size_t i = 0; i < r.cambios.size(); ++i) {
            const Change& ch = r.cambios[i];
            if (ch.ahora != Outcome::no_observado) continue;
            const Case& k = c.casos[ch.caso];
            const Issues& why = why_of[i];
            const std::optional<SimulatedCase>& s = simulated_of[i];
            if (!s) {
                casos.push_back(json::Object{{"desenlace", Value()}, {"id", k.id}, {"motivo", why.empty() ? Value() : bil(why.front().message)}});
                continue;
            }
            Change simulated = ch;
            simulated.ahora = s->desenlace == "persona" ? Outcome::persona : Outcome::solo;
            Value efecto, efecto_aqui;
            if (s->desenlace == "detenido") ++detenidos;
            else {
                (simulated.ahora == Outcome::persona ? personas : solos) += 1;
                const Effect e = effect_with_truth(simulated, k.debe_escalar);
                introducidos += e == Effect::error_introducido;
                evitados += e == Effect::error_evitado;
                efecto = std::string(effect_name(e));
                // The same against the truth at this setting (§10.2), when the case's truth can be read.
                if (const std::optional<bool> here = must_escalate_at(c, ch.caso, applied)) {
                    const Effect h = effect_with_truth(simulated, *here);
                    introducidos_aqui += h == Effect::error_introducido;
                    evitados_aqui += h == Effect::error_evitado;
                    efecto_aqui = std::string(effect_name(h));
                }
            }
            Value coincide;
            if (s->desenlace != "detenido") {
                coincide = Value(s->decision_final == k.decision_verdad);
                distintas += s->decision_final != k.decision_verdad;
            }
            casos.push_back(json::Object{{"coincide_con_la_verdad", std::move(coincide)},
                                         {"decision_final", s->decision_final},
                                         {"decision_verdad", k.decision_verdad},
                                         {"desenlace", s->desenlace},
                                         {"efecto", std::move(efecto)},
                                         {"efecto_en_este_ajuste", std::move(efecto_aqui)},
                                         {"id", k.id},
                                         {"motivo", s->motivo ? bil(*s->motivo) : Value()},
                                         {"nodos_visitados", strings(s->nodos_visitados)}});
        }
        sim.push_back({"disponible", true});
        sim.push_back({"casos", static_cast<double>(casos.size())});
        sim.push_back({"personas", static_cast<double>(personas)});
        sim.push_back({"solo", static_cast<double>(solos)});
        sim.push_back({"detenidos", static_cast<double>(detenidos)});
        sim.push_back({"decisiones_distintas_de_la_verdad", static_cast<double>(distintas)});
        sim.push_back({"errores_introducidos", static_cast<double>(introducidos)});
        sim.push_back({"errores_evitados", static_cast<double>(evitados)});
        sim.push_back({"errores_introducidos_en_este_ajuste", static_cast<double>(introducidos_aqui)});
        sim.push_back({"errores_evitados_en_este_ajuste", static_cast<double>(evitados_aqui)});
        if (c.minutos_por_persona) sim.push_back({"minutos", static_cast<double>(personas) * *c.minutos_por_persona});
        sim.push_back({"lista", Value(std::move(casos))});
    }
    sim.push_back({"nota", bil({"Continuación con el agente simulado determinista a partir de la divergencia: una estimación nuestra, no parte de la reevaluación.",
                                "Continuation by the deterministic simulated agent from the divergence: our estimate, not part of the replay."})});
    out.continuacion_simulada = Value(std::move(sim));
    if (m_continuation) out.decisiones_simuladas = decisions_json(c, r, simulated_of);

    // §10.2: truth at this setting beside the frozen truth.
    std::int64_t deben = 0, deben_congelada = 0, errores = 0, errores_congelada = 0, sin_verdad = 0, introducidos = 0, evitados = 0;
    std::vector<bool> diverged(c.casos.size(), false), broken(c.casos.size(), false);
    std::vector<Outcome> now(c.casos.size());
    for (std::size_t i = 0; i < c.casos.size(); ++i) now[i] = c.casos[i].registrado;
    for (const Change& ch : r.cambios) {
        diverged[ch.caso] = true;
        now[ch.caso] = ch.ahora;
    }
    for (const NotPlayable& n : r.no_jugables) broken[n.caso] = true;
    json::Array distintos;
    std::size_t next_change = 0;
    for (std::size_t i = 0; i < c.casos.size(); ++i) {
        const Case& k = c.casos[i];
        const std::optional<bool> here = must_escalate_at(c, i, applied);
        if (!here) {
            ++sin_verdad;
            continue;
        }
        deben += *here;
        deben_congelada += k.debe_escalar;
        if (!broken[i] && now[i] == Outcome::solo) {
            errores += *here;
            errores_congelada += k.debe_escalar;
        }
        while (next_change < r.cambios.size() && r.cambios[next_change].caso < i) ++next_change;
        if (next_change < r.cambios.size() && r.cambios[next_change].caso == i) {
            const Change& ch = r.cambios[next_change];
            const Effect e = effect_with_truth(ch, *here);
            introducidos += e == Effect::error_introducido;
            evitados += e == Effect::error_evitado;
            if (e != ch.efecto)
                distintos.push_back(json::Object{{"efecto", std::string(effect_name(ch.efecto))},
                                                 {"efecto_en_este_ajuste", std::string(effect_name(e))},
                                                 {"id", k.id}});
        }
    }
    out.verdad_en_este_ajuste = Value(json::Object{
        {"casos_sin_verdad_legible", static_cast<double>(sin_verdad)},
        {"cambios_con_otro_efecto", Value(std::move(distintos))},
        {"deben_escalar", static_cast<double>(deben)},
        {"deben_escalar_con_verdad_congelada", static_cast<double>(deben_congelada)},
        {"errores", static_cast<double>(errores)},
        {"errores_con_verdad_congelada", static_cast<double>(errores_congelada)},
        {"errores_evitados", static_cast<double>(evitados)},
        {"errores_introducidos", static_cast<double>(introducidos)},
        {"nota", truth_note(c)}});
    return out;
}

}  // namespace planlang::playground
