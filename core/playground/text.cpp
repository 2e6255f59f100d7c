// The playground's result as text (ES/EN), from replay_json's object.
#include "core/playground/text.hpp"

#include "core/json/number.hpp"

namespace planlang::playground {

using json::Value;

namespace {

const Value& member(const Value& object, std::string_view key) { return json::member_or_null(object, key); }
const json::Array& list(const Value& v) { return json::array_items(v); }

std::string str(const Value& v) { return v.is_string() ? v.as_string() : ""; }

std::string num(double x, bool en) {
    const std::string s = json::format_number(x);
    return en ? s : json::with_decimal_comma(s);
}

std::string value_text(const Value& v, bool en) {
    if (v.is_null()) return "—";
    if (v.is_bool()) return v.as_bool() ? (en ? "yes" : "sí") : "no";
    if (v.is_number()) return num(v.as_number(), en);
    if (v.is_string()) return v.as_string();
    return "…";
}

std::string word(const std::string& code, bool en) {
    struct W {
        const char* code;
        const char* es;
        const char* en;
    };
    static const W kWords[] = {
        {"persona", "persona", "person"},
        {"solo", "sin persona", "no person"},
        {"no_observado", "no observado", "not observed"},
        {"mismo_destino", "mismo destino", "same destination"},
        {"error_introducido", "error introducido", "error introduced"},
        {"revision_ahorrada", "revisión ahorrada", "review saved"},
        {"error_evitado", "error evitado", "error avoided"},
        {"revision_de_mas", "revisión de más", "extra review"},
        {"cumple", "cumple", "met"},
        {"incumple", "no cumple", "not met"},
        {"indeterminado", "indeterminado", "undetermined"},
        {"sin_poblacion", "sin población", "no population"},
        {"mal_formado", "mal formado", "malformed"},
        {"incompleto", "incompleto", "incomplete"},
        {"ocurrio", "ocurrió", "occurred"},
        {"no_ocurrio", "no ocurrió", "did not occur"},
        {"no_detectable", "no detectable", "not detectable"},
        {"cumple_con_alertas", "cumple con alertas", "met with alerts"},
        {"no_cumple", "no cumple", "not met"},
    };
    for (const W& w : kWords)
        if (code == w.code) return en ? w.en : w.es;
    return code;
}

std::string ids(const Value& v, std::size_t limit = 12) {
    std::string out;
    std::size_t i = 0;
    for (const Value& id : list(v)) {
        if (i == limit) return out + ", …";
        out += (i++ ? ", " : "") + str(id);
    }
    return out;
}

std::string count_of(const Value& v) { return std::to_string(list(v).size()); }

}  // namespace

std::string replay_text(const Value& r, bool en) {
    std::string t;
    auto line = [&](const std::string& s) { t += s + "\n"; };
    const Value& check = member(r, "autocomprobacion");
    line((en ? "Playground · run " : "Playground · corrida ") + str(member(r, "corrida_id")) + (en ? " · self-check: " : " · autocomprobación: ") +
         (member(check, "ok") == Value(true) ? (en ? "passed" : "correcta") : (en ? "FAILED — " : "FALLIDA — ") + str(member(member(check, "motivo"), en ? "en" : "es"))));
    std::string thresholds = en ? "Thresholds:" : "Umbrales:";
    const char* separator = " ";
    for (const Value& u : list(member(r, "umbrales"))) {
        thresholds += separator + str(member(u, "id")) + " " + value_text(member(u, "valor_jugado"), en);
        if (member(u, "movido") == Value(true)) thresholds += " (plan " + value_text(member(u, "valor_en_plan"), en) + ")";
        separator = " · ";
    }
    line(thresholds);
    const auto& cambios = list(member(r, "cambios"));
    line((en ? "Cases that change path: " : "Casos que cambian de camino: ") + std::to_string(cambios.size()) +
         (en ? " · not playable at this setting: " : " · no jugables a este ajuste: ") + count_of(member(r, "no_jugables")));
    line((en ? "  errors introduced: " : "  errores introducidos: ") + count_of(member(r, "introducidos")) + (en ? " · errors avoided: " : " · errores evitados: ") +
         count_of(member(r, "evitados")) + (en ? " · not observed: " : " · no observados: ") + count_of(member(r, "no_observados")));
    std::string people = (en ? "  sent to a person: " : "  a una persona: ") + value_text(member(r, "personas"), en) + (en ? " (plan " : " (plan ") +
                         value_text(member(r, "personas_plan"), en) + ")";
    if (member(r, "minutos").is_number()) {
        const double d = member(r, "minutos").as_number() - member(r, "minutos_plan").as_number();
        people += (en ? " · reviewer minutes " : " · minutos de revisor ") + value_text(member(r, "minutos"), en) + " (plan " +
                  value_text(member(r, "minutos_plan"), en) + ", " + (d >= 0 ? "+" : "") + num(d, en) + ")";
    }
    line(people);
    if (!cambios.empty()) line(en ? "Changes:" : "Cambios:");
    // A screenful: a 100,000-case run may change thousands; the JSON lists them all.
    constexpr std::size_t kShown = 40;
    std::size_t shown = 0;
    for (const Value& c : cambios) {
        if (shown++ == kShown) {
            line((en ? "  … and " : "  … y ") + std::to_string(cambios.size() - kShown) + (en ? " more (--json lists every one)" : " más (--json los lista todos)"));
            break;
        }
        std::string s = "  " + str(member(c, "id")) + "  " + word(str(member(c, "antes")), en) + " → " + word(str(member(c, "ahora")), en) + (en ? "  at " : "  en ") +
                        str(member(c, "nodo")) + "@" + value_text(member(c, "paso"), en) + " → " + str(member(c, "rama_nueva")) + "  " +
                        word(str(member(c, "efecto")), en);
        if (member(c, "exigida_por_texas") == Value(true)) s += en ? " (the review Texas requires)" : " (la revisión que exige Texas)";
        line(s);
    }
    for (const Value& n : list(member(r, "no_jugables")))
        line((en ? "  not playable: " : "  no jugable: ") + str(member(n, "caso_id")) + " — " + str(member(member(member(n, "motivo"), "mensaje"), en ? "en" : "es")));
    line(en ? "Criteria at this setting:" : "Criterios a este ajuste:");
    for (const Value& c : list(member(r, "criterios"))) {
        std::string s = "  " + str(member(c, "id")) + "  " + word(str(member(c, "estado")), en) + " (" + value_text(member(c, "valor"), en) + ")" +
                        (en ? " · report: " : " · informe: ") + word(str(member(c, "estado_informe")), en) + " (" + value_text(member(c, "valor_informe"), en) + ")";
        if (member(c, "recalculado") == Value(true)) s += en ? " · re-measured" : " · recalculado";
        if (!list(member(c, "casos_que_incumplen")).empty()) s += (en ? " · failing: " : " · incumplen: ") + ids(member(c, "casos_que_incumplen"), 6);
        line(s);
    }
    const Value& v = member(r, "veredicto");
    line((en ? "Verdict at this setting (ours): " : "Veredicto a este ajuste (nuestro): ") + word(str(member(v, "valor")), en));
    for (const char* key : {"bloqueantes", "alertas"})
        for (const Value& m : list(member(v, key)))
            line(std::string("  ") + (std::string(key) == "bloqueantes" ? (en ? "blocking: " : "bloquea: ") : (en ? "alert: " : "alerta: ")) +
                 str(member(m, en ? "en" : "es")));
    line(en ? "Observed values of each threshold's signal:" : "Valores observados de la señal de cada umbral:");
    for (const Value& f : list(member(r, "franja_observada"))) {
        std::string s = "  " + str(member(f, "id")) + "  n " + value_text(member(f, "n"), en);
        if (member(f, "verdaderos").is_number()) s += (en ? " · true " : " · verdaderos ") + value_text(member(f, "verdaderos"), en);
        else
            s += (en ? " · min " : " · mín ") + value_text(member(f, "min"), en) + (en ? " · median " : " · mediana ") + value_text(member(f, "mediana"), en) +
                 (en ? " · max " : " · máx ") + value_text(member(f, "max"), en) + (en ? " · at the threshold: " : " · en el umbral: ") +
                 std::to_string(list(member(f, "casos_en_el_umbral")).size());
        line(s);
    }
    const Value& extra = member(r, "complementos");
    if (extra.is_object()) {
        line(en ? "Our additions (not part of the normative replay):" : "Complementos nuestros (no son parte de la reevaluación normativa):");
        for (const Value& risk : list(member(extra, "riesgos")))
            if (member(risk, "recalculado") == Value(true) || member(risk, "estado") != member(risk, "estado_informe"))
                line((en ? "  risk " : "  riesgo ") + str(member(risk, "id")) + "  " + word(str(member(risk, "estado")), en) + " (" +
                     value_text(member(risk, "valor"), en) + (en ? ") · report: " : ") · informe: ") + word(str(member(risk, "estado_informe")), en));
        const Value& sim = member(extra, "continuacion_simulada");
        if (sim.is_object())
            line((en ? "  simulated continuation of the not-observed cases: " : "  continuación simulada de los casos no observados: ") +
                 value_text(member(sim, "casos"), en) + (en ? " simulated, to a person " : " simulados, a una persona ") + value_text(member(sim, "personas"), en) +
                 (member(sim, "decisiones_distintas_de_la_verdad").is_number()
                      ? (en ? ", decisions other than the truth's " : ", decisiones distintas de la verdad ") +
                            value_text(member(sim, "decisiones_distintas_de_la_verdad"), en)
                      : std::string()));
        const Value& decisions = member(extra, "decisiones_simuladas");
        if (decisions.is_object())
            line((en ? "  simulated decisions of the changed cases: " : "  decisiones simuladas de los casos que cambian: ") +
                 value_text(member(decisions, "casos"), en) + (en ? " · against the truth, errors introduced " : " · frente a la verdad, errores introducidos ") +
                 value_text(member(decisions, "errores_introducidos"), en) + (en ? " · avoided " : " · evitados ") +
                 value_text(member(decisions, "errores_evitados"), en) + (en ? " · hand-offs " : " · traspasos ") +
                 value_text(member(decisions, "traspasos"), en));
        const Value& truth = member(extra, "verdad_en_este_ajuste");
        const Value& unreadable = member(truth, "casos_sin_verdad_legible");
        if (truth.is_object() && unreadable.is_number() && unreadable.as_number() > 0 && member(truth, "deben_escalar") == Value(0) &&
            member(truth, "errores") == Value(0))
            line((en ? "  truth at this setting: not readable for this run's cases (" : "  verdad a este ajuste: no legible en los casos de esta corrida (") +
                 value_text(unreadable, en) + ")");
        else if (truth.is_object())
            line((en ? "  truth at this setting: must escalate " : "  verdad a este ajuste: deben escalar ") + value_text(member(truth, "deben_escalar"), en) +
                 (en ? " · errors " : " · errores ") + value_text(member(truth, "errores"), en));
    }
    return t;
}

}  // namespace planlang::playground
