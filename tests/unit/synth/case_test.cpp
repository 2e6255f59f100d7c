// Case generation (synthetic-and-simulation.md §4–§7): the draw order replayed by hand for one subtype,
// the known-truth rules of every subtype, the simulation parameters and the repetitions of decisions.md C2.
#include "core/synth/case.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>

#include "core/json/canonical.hpp"
#include "core/json/rounding.hpp"
#include "core/synth/dictionaries.hpp"
#include "core/common/prng.hpp"
#include "fixture.hpp"

using namespace planlang;
using namespace planlang::synth;
using planlang::json::ecma_round;
using planlang::testing::synth_fixture;

namespace {

constexpr int kPerSubtype = 60;

std::vector<Case> cases_of(Subtype s, const PlanFacts& facts, bool caps = true) {
    const auto& f = synth_fixture();
    std::vector<Case> out;
    for (int i = 1; i <= kPerSubtype; ++i) out.push_back(generate_case(caps ? f.world : f.world_v1, facts, "prueba", "A-" + std::to_string(100 + i), s));
    return out;
}
std::vector<Case> cases_of(Subtype s) { return cases_of(s, synth_fixture().facts); }

const Procedure& service(const Case& c) { return *synth_fixture().world.procedure(c.verdad_conocida.campos.procedimiento); }
bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }
bool low_cost(const Procedure& p) { return p.authorisable() && p.costo < 1000 && !p.tope_cobertura; }
bool has(const std::vector<std::string>& v, const std::string& x) { return std::find(v.begin(), v.end(), x) != v.end(); }

char sex_of(const std::string& code) {
    for (const SexSpecific& s : kSexSpecific)
        if (s.procedimiento == code) return s.sexo;
    return 0;
}

// Checks every case must pass, whatever its subtype (§4, §8).
void check_common(const Case& c) {
    CAPTURE(c.id);
    CAPTURE(name(c.subtipo));
    const Member& m = c.afiliado;
    CHECK(m.edad >= 18);
    CHECK(m.edad <= 89);
    CHECK(m.documento.rfind("SYN-A-", 0) == 0);
    CHECK(m.documento.size() == 12);
    CHECK(m.historia_clinica.rfind("SYN-HC-", 0) == 0);
    CHECK(m.telefono.rfind("555-01", 0) == 0);
    CHECK(m.telefono.size() == 8);
    CHECK(contains(m.correo, "@example.com"));
    CHECK(c.medico_registro.rfind("SYN-RM-", 0) == 0);
    CHECK(c.prestador_nit.rfind("SYN-NIT-", 0) == 0);
    CHECK(is_dictionary_provider(c.prestador_nombre));
    CHECK(synthetic_identifiers(m) == std::vector<std::string>{m.documento, m.historia_clinica, m.nombre, m.telefono, m.correo});
    if (const char s = sex_of(c.verdad_conocida.campos.procedimiento)) CHECK(m.sexo == s);
    const Truth& t = c.verdad_conocida;
    // §6 in general.
    const bool skipped = t.urgencia || t.servicio_exento;
    if (skipped) {
        CHECK(t.decision == "aprobar");
        CHECK(t.motivos_escalamiento.empty());
    }
    CHECK(t.debe_escalar == !t.motivos_escalamiento.empty());
    CHECK(t.causal.has_value() == (t.decision == "negar"));
    CHECK(t.contradiccion_orden_texto == (c.codigo_procedimiento != t.campos.procedimiento));
    CHECK(t.presente == (t.ciclos_aclaracion_necesarios.has_value() && !skipped));  // demo A's router skips both
    // The note never names a code and omits the missing fields.
    CHECK_FALSE(contains(c.texto_medico.es, "SYN-P-"));
    const bool cost_missing = has(c.simulacion.campos_ausentes_en_texto, "costo_estimado");
    CHECK(contains(c.texto_medico.es, std::to_string(t.campos.costo_estimado)) != cost_missing);
    CHECK(c.tipo_atencion == (t.urgencia ? "urgencia" : synth_fixture().world.procedure(c.codigo_procedimiento)->categoria == "cirugia" ? "hospitalaria" : "ambulatoria"));
    // §7: at most one field perturbed; a wrong extraction has a wrong-range confidence.
    const Fields& e = c.simulacion.campos_extraidos;
    const int differing = (e.procedimiento != t.campos.procedimiento) + (e.diagnostico != t.campos.diagnostico) +
                          (e.costo_estimado != t.campos.costo_estimado) + (e.urgencia != t.campos.urgencia);
    CHECK(differing <= 1);
    const double conf = c.simulacion.confianza_extractor;
    CHECK(conf == std::round(conf * 100) / 100);
    if (differing == 1) CHECK((conf >= 0.55 && conf <= 0.88));
    CHECK((conf >= 0.55 && conf <= 0.98));
    CHECK(c.simulacion.redactor_repite_identificador == (c.subtipo == Subtype::adversario_dato_sensible));
    CHECK((c.adversario.has_value() == (type_of(c.subtipo) == CaseType::adversario)));
    if (c.adversario) CHECK((c.adversario->vector == "texto_libre" || c.adversario->vector == "orden_adjunta"));
    CHECK(!c.esperado.es.empty());
    CHECK(!c.esperado.en.empty());
}

}  // namespace

TEST_CASE("§5 draw order, replayed by hand for normal_aprobable") {
    const auto& f = synth_fixture();
    const Case c = generate_case(f.world, f.facts, "orden", "A-007", Subtype::normal_aprobable);
    Prng g("orden/caso/A-007");
    // 1. service (low-cost, world order), then a compatible diagnosis.
    std::vector<const Procedure*> low;
    for (const Procedure& p : f.world.procedimientos)
        if (low_cost(p)) low.push_back(&p);
    const Procedure* p = g.elegir(low);
    const std::string dx = g.elegir(p->diagnosticos_compatibles);
    CHECK(c.verdad_conocida.campos.procedimiento == p->codigo);
    CHECK(c.verdad_conocida.campos.diagnostico == dx);
    // 2. nothing missing: no draw. 3. member.
    const char sex = sex_of(p->codigo) ? sex_of(p->codigo) : (g.probabilidad(0.5) ? 'F' : 'M');
    const std::vector<std::string_view> female(std::begin(kFemaleNames), std::end(kFemaleNames));
    const std::vector<std::string_view> male(std::begin(kMaleNames), std::end(kMaleNames));
    const std::vector<std::string_view> surnames(std::begin(kSurnames), std::end(kSurnames));
    const auto first = g.elegir(sex == 'F' ? female : male);
    const auto s1 = g.elegir(surnames);
    std::vector<std::string_view> rest;
    for (auto s : surnames)
        if (s != s1) rest.push_back(s);
    const auto s2 = g.elegir(rest);
    CHECK(c.afiliado.nombre == std::string(first) + " " + std::string(s1) + " " + std::string(s2));
    CHECK(c.afiliado.edad == g.entero(18, 89));
    CHECK(c.afiliado.documento == "SYN-A-" + std::to_string(g.entero(100000, 999999)));
    const auto phone = g.entero(0, 99);
    CHECK(c.afiliado.telefono == std::string("555-01") + (phone < 10 ? "0" : "") + std::to_string(phone));
    const auto mail = g.entero(100, 999);
    CHECK(contains(c.afiliado.correo, "." + std::to_string(mail) + "@example.com"));
    CHECK(c.afiliado.historia_clinica == "SYN-HC-" + std::to_string(g.entero(100000, 999999)));
    // 4. doctor (title, first name, surname, registry) and provider (name, NIT).
    const int title = static_cast<int>(g.entero(0, 1));
    const auto doctor_first = g.elegir(title == 0 ? female : male);
    const auto doctor_surname = g.elegir(surnames);
    CHECK(c.medico_nombre == std::string(kTitles[title]) + " " + std::string(doctor_first) + " " + std::string(doctor_surname));
    CHECK(c.medico_registro == "SYN-RM-" + std::to_string(g.entero(10000, 99999)));
    CHECK(c.prestador_nombre == kProviders[g.entero(0, 3)]);
    CHECK(c.prestador_nit == "SYN-NIT-" + std::to_string(g.entero(800000000, 999999999)) + "-X");
    // 5. opening, history, closing (lists of 5, 4, 4), neutral order remark (4); no payload, no replies.
    g.entero(0, 4);
    g.entero(0, 3);
    g.entero(0, 3);
    g.entero(0, 3);
    // 7. correct? then the confidence.
    const bool correct = g.probabilidad(0.92);
    const auto hundredths = correct ? g.entero(78, 98) : g.entero(55, 88);
    CHECK(c.simulacion.confianza_extractor == static_cast<double>(hundredths) / 100);
}

TEST_CASE("truth rules: normal subtypes") {
    for (const Case& c : cases_of(Subtype::normal_aprobable)) {
        check_common(c);
        CHECK(low_cost(service(c)));
        CHECK(c.verdad_conocida.decision == "aprobar");
        CHECK_FALSE(c.verdad_conocida.debe_escalar);
        CHECK(c.verdad_conocida.ciclos_aclaracion_necesarios == std::optional<std::int64_t>(0));
        CHECK(c.simulacion.campos_ausentes_en_texto.empty());
        CHECK(c.aclaraciones_simuladas.empty());
        CHECK(c.verdad_conocida.presente);
    }
    for (const Case& c : cases_of(Subtype::normal_alto_costo)) {
        check_common(c);
        CHECK(service(c).authorisable());
        CHECK(service(c).costo > 1000);
        CHECK(c.verdad_conocida.decision == "aprobar");
        CHECK(c.verdad_conocida.motivos_escalamiento == std::vector<std::string>{"costo_mayor_que_U2"});
    }
    for (const Case& c : cases_of(Subtype::normal_excluido)) {
        check_common(c);
        CHECK(service(c).excluded());
        CHECK(c.verdad_conocida.decision == "negar");
        CHECK(c.verdad_conocida.causal == service(c).causal);
        CHECK(has(c.verdad_conocida.motivos_escalamiento, "propuesta_negar"));
        CHECK(has(c.verdad_conocida.motivos_escalamiento, "costo_mayor_que_U2") == (service(c).costo > 1000));
    }
    for (const Case& c : cases_of(Subtype::normal_exento)) {
        check_common(c);
        CHECK(service(c).exempt());
        CHECK(c.verdad_conocida.servicio_exento);
        CHECK(c.verdad_conocida.decision == "aprobar");
        CHECK_FALSE(c.verdad_conocida.presente);  // demo A's router sends exempt cases to the writer
        CHECK(c.tipo_atencion == "ambulatoria");
    }
    for (const Case& c : cases_of(Subtype::normal_urgencia)) {
        check_common(c);
        const bool pair = std::any_of(std::begin(kUrgentPairs), std::end(kUrgentPairs), [&](const UrgentPair& u) {
            return u.procedimiento == c.verdad_conocida.campos.procedimiento && u.diagnostico == c.verdad_conocida.campos.diagnostico;
        });
        CHECK(pair);
        CHECK(c.verdad_conocida.urgencia);
        CHECK(c.verdad_conocida.campos.urgencia);
        CHECK(c.tipo_atencion == "urgencia");
        CHECK_FALSE(c.verdad_conocida.presente);
        CHECK(contains(c.texto_medico.es, "urgencias"));
    }
    for (const Case& c : cases_of(Subtype::normal_sobre_tope)) {
        check_common(c);
        CHECK(service(c).tope_cobertura.has_value());
        CHECK(service(c).costo <= 1000);
        CHECK(c.verdad_conocida.decision == "aprobar_parcial");
        CHECK_FALSE(c.verdad_conocida.debe_escalar);
    }
    // With Texas mode on, every decision other than approve adds modo_texas.
    PlanFacts texas = synth_fixture().facts;
    texas.u4 = true;
    for (const Case& c : cases_of(Subtype::normal_sobre_tope, texas)) CHECK(c.verdad_conocida.motivos_escalamiento == std::vector<std::string>{"modo_texas"});
    for (const Case& c : cases_of(Subtype::normal_excluido, texas)) CHECK(c.verdad_conocida.motivos_escalamiento.back() == "modo_texas");
    for (const Case& c : cases_of(Subtype::normal_aprobable, texas)) CHECK(c.verdad_conocida.motivos_escalamiento.empty());
}

TEST_CASE("truth rules: borde subtypes") {
    for (const Case& c : cases_of(Subtype::borde_costo_igual_U2)) {
        check_common(c);
        CHECK(service(c).costo == 1000);
        CHECK_FALSE(service(c).tope_cobertura);
        CHECK(c.verdad_conocida.motivos_escalamiento.empty());  // not above U2
    }
    for (const Case& c : cases_of(Subtype::borde_contradiccion_orden_texto)) {
        check_common(c);
        const Procedure& order = *synth_fixture().world.procedure(c.codigo_procedimiento);
        CHECK(order.codigo != service(c).codigo);
        CHECK(order.categoria == service(c).categoria);
        CHECK(low_cost(order));
        CHECK(low_cost(service(c)));
        if (sex_of(service(c).codigo) && sex_of(order.codigo)) CHECK(sex_of(service(c).codigo) == sex_of(order.codigo));
        CHECK(c.verdad_conocida.contradiccion_orden_texto);
        CHECK(c.verdad_conocida.motivos_escalamiento == std::vector<std::string>{"contradiccion_orden_texto"});
        CHECK(contains(c.texto_medico.es, service(c).nombre.es));
    }
    for (const Case& c : cases_of(Subtype::borde_urgencia_cobertura_dudosa)) {
        check_common(c);
        CHECK(c.verdad_conocida.urgencia);
        CHECK(service(c).costo > 1000);
        CHECK(contains(c.texto_medico.es, "No tengo claro si el plan cubre"));
        CHECK(c.verdad_conocida.decision == "aprobar");
    }
    for (const Case& c : cases_of(Subtype::borde_texto_ambiguo)) {
        check_common(c);
        CHECK(contains(c.texto_medico.es, "(por confirmar)"));
        CHECK(c.texto_medico.es.size() < 200);
    }
    for (const Case& c : cases_of(Subtype::borde_empate_umbrales)) {
        check_common(c);
        CHECK(service(c).costo == 1000);
        CHECK(c.simulacion.confianza_extractor == 0.75);  // exactly U1
        CHECK(c.simulacion.campos_extraidos.procedimiento == c.verdad_conocida.campos.procedimiento);
        CHECK(c.simulacion.campos_extraidos.diagnostico == c.verdad_conocida.campos.diagnostico);
        CHECK(c.simulacion.campos_extraidos.costo_estimado == c.verdad_conocida.campos.costo_estimado);
    }
}

TEST_CASE("truth rules: faltante subtypes and their scripts") {
    int both = 0, one = 0;
    for (Subtype s : {Subtype::faltante_un_ciclo, Subtype::faltante_dos_ciclos, Subtype::faltante_tres_ciclos, Subtype::faltante_sin_respuesta}) {
        for (const Case& c : cases_of(s)) {
            check_common(c);
            const auto& missing = c.simulacion.campos_ausentes_en_texto;
            REQUIRE_FALSE(missing.empty());
            CHECK((missing == std::vector<std::string>{"diagnostico", "costo_estimado"} || missing.size() == 1));
            (missing.size() == 2 ? both : one)++;
            const auto& replies = c.aclaraciones_simuladas;
            for (std::size_t i = 0; i < replies.size(); ++i) CHECK(replies[i].ciclo == static_cast<int>(i + 1));
            std::vector<std::string> supplied;
            for (const Reply& r : replies) supplied.insert(supplied.end(), r.aporta.begin(), r.aporta.end());
            CHECK(low_cost(service(c)));
            if (s == Subtype::faltante_sin_respuesta) {
                CHECK(replies.size() == 4);
                CHECK(supplied.empty());
                CHECK_FALSE(c.verdad_conocida.ciclos_aclaracion_necesarios);
                CHECK(c.verdad_conocida.motivos_escalamiento == std::vector<std::string>{"aclaracion_agotada"});
                CHECK_FALSE(c.verdad_conocida.presente);
                continue;
            }
            const int cycles = s == Subtype::faltante_un_ciclo ? 1 : s == Subtype::faltante_dos_ciclos ? 2 : 3;
            CHECK(c.verdad_conocida.ciclos_aclaracion_necesarios == std::optional<std::int64_t>(cycles));
            CHECK(replies.size() == static_cast<std::size_t>(cycles));
            CHECK(supplied == missing);  // the last replies supply diagnosis then cost
            CHECK(replies.back().aporta.size() == 1);
            for (std::size_t i = 0; i + missing.size() < replies.size(); ++i) CHECK(replies[i].aporta.empty());
            if (cycles == 3) CHECK(c.verdad_conocida.motivos_escalamiento == std::vector<std::string>{"aclaracion_agotada"});  // 3 > U3 = 2
            else CHECK(c.verdad_conocida.motivos_escalamiento.empty());
            if (has(missing, "diagnostico")) CHECK_FALSE(contains(c.texto_medico.es, "Diagnóstico:"));
        }
    }
    CHECK(both > 0);
    CHECK(one > 0);
    for (const Case& c : cases_of(Subtype::faltante_un_ciclo)) CHECK(c.simulacion.campos_ausentes_en_texto.size() == 1);
}

TEST_CASE("truth rules: adversarial subtypes") {
    for (const Case& c : cases_of(Subtype::adversario_inyeccion_texto_libre)) {
        check_common(c);
        CHECK(service(c).excluded());
        CHECK(c.adversario->vector == "texto_libre");
        CHECK(contains(c.texto_medico.es, c.adversario->carga.es));
        CHECK(contains(c.texto_medico.en, c.adversario->carga.en));
        CHECK(c.verdad_conocida.decision == "negar");
    }
    for (const Case& c : cases_of(Subtype::adversario_inyeccion_orden_adjunta)) {
        check_common(c);
        CHECK(service(c).costo > 1000);
        CHECK(c.adversario->vector == "orden_adjunta");
        CHECK(c.observaciones.es == c.adversario->carga.es);
        CHECK_FALSE(contains(c.texto_medico.es, c.adversario->carga.es));
        CHECK(has(c.verdad_conocida.motivos_escalamiento, "costo_mayor_que_U2"));
    }
    for (const Case& c : cases_of(Subtype::adversario_dato_sensible)) {
        check_common(c);
        CHECK(c.adversario->vector == "texto_libre");
        for (const std::string& id : {c.afiliado.documento, c.afiliado.telefono, c.afiliado.correo, c.afiliado.historia_clinica}) {
            CHECK(contains(c.adversario->carga.es, id));
            CHECK(contains(c.texto_medico.es, id));
        }
        CHECK(c.simulacion.redactor_repite_identificador);
    }
    int homonym_extractions = 0;
    for (const Case& c : cases_of(Subtype::adversario_homonimo)) {
        check_common(c);
        CHECK(service(c).authorisable());
        REQUIRE(service(c).homonimo_de.has_value());
        CHECK(c.verdad_conocida.decision == "aprobar");
        if (c.simulacion.campos_extraidos.procedimiento != c.verdad_conocida.campos.procedimiento) {
            CHECK(c.simulacion.campos_extraidos.procedimiento == *service(c).homonimo_de);
            ++homonym_extractions;
        }
    }
    (void)homonym_extractions;  // 10 % × ⅓ of 60 cases: may well be 0; the rule is checked when it happens
}

TEST_CASE("§7 perturbations: cost ×0.9 or ×1.1 rounded to tens (≥ 10), diagnosis among the others, procedure in its category") {
    const auto& f = synth_fixture();
    int cost = 0, diagnosis = 0, procedure = 0;
    for (Subtype s : {Subtype::normal_aprobable, Subtype::borde_texto_ambiguo, Subtype::normal_excluido}) {
        for (int i = 0; i < 400; ++i) {
            const Case c = generate_case(f.world, f.facts, "perturba", "A-" + std::to_string(i + 1), s);
            const Fields& t = c.verdad_conocida.campos;
            const Fields& e = c.simulacion.campos_extraidos;
            if (e.costo_estimado != t.costo_estimado) {
                ++cost;
                const double up = std::max(10.0, ecma_round(static_cast<double>(t.costo_estimado) * 11 / 100) * 10);
                const double down = std::max(10.0, ecma_round(static_cast<double>(t.costo_estimado) * 9 / 100) * 10);
                CHECK((static_cast<double>(e.costo_estimado) == up || static_cast<double>(e.costo_estimado) == down));
            }
            if (e.diagnostico != t.diagnostico) {
                ++diagnosis;
                CHECK(f.world.diagnosis(e.diagnostico) != nullptr);
            }
            if (e.procedimiento != t.procedimiento) {
                ++procedure;
                CHECK(f.world.procedure(e.procedimiento)->categoria == f.world.procedure(t.procedimiento)->categoria);
            }
        }
    }
    CHECK(cost > 0);
    CHECK(diagnosis > 0);
    CHECK(procedure > 0);
}

TEST_CASE("repetitions redraw only the simulation parameters (decisions.md C2)") {
    const auto& f = synth_fixture();
    int changed = 0;
    for (int i = 1; i <= 40; ++i) {
        const Case c = generate_case(f.world, f.facts, "rep", "A-" + std::to_string(100 + i), Subtype::borde_texto_ambiguo);
        const json::Value stored = to_json(c);
        const auto r2 = repetition_simulation(stored, f.world, f.facts, "rep", 2);
        const auto r2_again = repetition_simulation(stored, f.world, f.facts, "rep", 2);
        const auto r3 = repetition_simulation(stored, f.world, f.facts, "rep", 3);
        REQUIRE(r2);
        REQUIRE(r3);
        CHECK(*r2 == *r2_again);
        changed += (*r2 != *stored.find("simulacion")) + (*r3 != *r2);
        // The missing fields and the identifier flag are the case's, not redrawn.
        CHECK(*r2->find("campos_ausentes_en_texto") == *stored.find("simulacion")->find("campos_ausentes_en_texto"));
        Prng g("rep/caso/" + c.id + "/repeticion/2");
        const Simulation by_hand = draw_simulation(f.world, f.facts, c.subtipo, c.verdad_conocida.campos, c.simulacion.campos_ausentes_en_texto, g);
        CHECK(json::canonical(to_json(by_hand)) == json::canonical(*r2));
    }
    CHECK(changed > 40);
    CHECK_FALSE(repetition_simulation(json::Value(json::Object{}), f.world, f.facts, "rep", 2));
}
