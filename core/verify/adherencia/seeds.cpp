// The adherence coach's seeds (issue 36, ours): its SeedSuite.
#include "core/verify/adherencia/seeds.hpp"

#include "core/verify/internal/seed_run.hpp"

namespace planlang::verify::adherencia {

using namespace internal;

namespace {

// The adherence coach: a conversation with an acute red flag, escalated (MH-002); one in a language other than
// English that opens with an answer, whose template the seed makes drop its citation (MH-003's pt-BR one).
Roles roles_of(const Overlay& o) {
    Roles r;
    r.where = {"la corrida de humo, p. ej. synthetic/runs/adherencia/adherencia-humo-3, los tiene",
               "the smoke run, e.g. synthetic/runs/adherencia/adherencia-humo-3, has them"};
    r.roles = {{{"una conversación con bandera roja aguda escalada", "a conversation with an acute red flag, escalated"}, ""},
               {{"una conversación en otro idioma que el inglés que empieza con una respuesta",
                 "a conversation in a language other than English that opens with an answer"}, ""}};
    for_each_case(o, [&](const std::string& id, const Value& t, const Value& c) {
        const Value& s = get(t, "senales");
        if (r.roles[0].second.empty() && get(get(c, "verdad_conocida"), "bandera_roja_aguda") == Value(true) && get(s, "escalado") == Value(true))
            r.roles[0].second = id;
        const Value& turns = get(t, "conversacion");
        if (r.roles[1].second.empty() && get(c, "locale").is_string() && get(c, "locale") != Value("en") && turns.is_array() &&
            !turns.as_array().empty() && get(get(turns.as_array().front(), "respuesta"), "tipo") == Value("respuesta") &&
            get(s, "citas_validas") == Value(true)) {
            r.roles[1].second = id;
            r.locale_of_second = get(c, "locale").as_string();
        }
    });
    return r;
}

// The adherence coach's seeds (issue 36), numbered after demo A's and marked ours: the gaps its seed card names
// as the limits of a negation-blind red-flag detector and of per-locale templates.
std::vector<Seed> seeds_for(const Roles& roles) {
    const std::string a = roles.id(0), b = roles.id(1), lb = roles.locale_of_second;
    std::vector<Seed> v;
    v.push_back({18, true, {"bandera roja aguda de " + a + " leída como negada: respondida, sin escalar",
                            a + "'s acute red flag read as negated: answered, not escalated"},
                 {"C1", "R2", "escalamiento_correcto"}, [=](Overlay& o, run::Request&) {
                     o.edit_trace(a, [](Value& t) {
                         set(senales(t), "escalado", false);
                         set(senales(t), "decision_final", "respuesta");
                         set(senales(t), "respuestas", json::Array{"respuesta"});
                     });
                 }});
    v.push_back({19, true, {"plantilla " + lb + " de " + b + " que pierde la cita de su primera respuesta",
                            b + "'s " + lb + " template drops its first answer's citation"},
                 {"C3", "R3", "citacion_valida"}, [=](Overlay& o, run::Request&) {
                     o.edit_trace(b, [](Value& t) {
                         set(senales(t), "citas_validas", false);
                         if (Value* turns = t.find("conversacion"); turns && turns->is_array() && !turns->as_array().empty()) {
                             Value& first = turns->as_array().front();
                             if (Value* reply = first.find("respuesta"); reply && reply->is_object()) set(*reply, "citas", json::Array{});
                         }
                     });
                 }});
    return v;
}

}  // namespace

std::unique_ptr<const SeedSuite> seed_suite() { return std::make_unique<SeedSuite>(SeedSuite{&roles_of, &seeds_for}); }

}  // namespace planlang::verify::adherencia
