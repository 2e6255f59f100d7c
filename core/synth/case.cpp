// Case generation (spec/synthetic-and-simulation.md §5), known truth (§6), simulation parameters (§7).
//
// [SECTION] Helpers
// [SECTION] Step 1: scenario
// [SECTION] Step 2: missing-data script
// [SECTION] Steps 3–4: member, doctor, provider
// [SECTION] Step 5: note, order remark, replies
// [SECTION] Step 6: known truth
// [SECTION] Step 7: simulation parameters
// [SECTION] generate_case, repetitions, JSON
#include "core/synth/case.hpp"

#include <algorithm>
#include <cassert>
#include <functional>

#include "core/json/object_builder.hpp"
#include "core/json/rounding.hpp"
#include "core/json/unicode.hpp"
#include "core/synth/dictionaries.hpp"
#include "core/synth/internal/phrases.hpp"
#include "core/common/prng.hpp"
#include "core/synth/synthetic_person.hpp"
#include "core/synth/truth.hpp"

namespace planlang::synth {
namespace {

using internal::fill;
using internal::Phrase;

// [SECTION] Helpers

std::string digits(std::int64_t n, std::size_t width) { return zero_padded(n, width); }

// A name inside a sentence: "Dislipidemia" → "dislipidemia" (a leading ASCII capital followed by a
// lower-case letter; acronyms and accented capitals stay as they are).
std::string in_sentence(const std::string& name) {
    std::string out = name;
    if (out.size() >= 2 && out[0] >= 'A' && out[0] <= 'Z' && !(out[1] >= 'A' && out[1] <= 'Z')) out[0] = static_cast<char>(out[0] - 'A' + 'a');
    return out;
}

bool is_low_cost(const Procedure& p, double u2) { return p.authorisable() && static_cast<double>(p.costo) < u2 && !p.tope_cobertura; }

char required_sex(std::string_view code) {
    for (const SexSpecific& s : kSexSpecific)
        if (s.procedimiento == code) return s.sexo;
    return 0;
}

// [SECTION] Step 1: scenario

struct Scenario {
    const Procedure* text = nullptr;   // the service the note asks for (truth)
    const Procedure* order = nullptr;  // the service of the attached order
    std::string diagnosis;
    bool urgent = false;
};

std::vector<const Procedure*> services(const BenefitPlan& w, const std::function<bool(const Procedure&)>& keep) {
    std::vector<const Procedure*> out;
    for (const Procedure& p : w.procedimientos)
        if (keep(p)) out.push_back(&p);
    return out;
}

Scenario draw_scenario(const BenefitPlan& w, const PlanFacts& plan, Subtype s, Prng& g) {
    Scenario sc;
    const double u2 = plan.u2;
    auto pick_with_diagnosis = [&](const std::function<bool(const Procedure&)>& keep) {
        const auto list = services(w, keep);
        sc.text = sc.order = g.elegir(list);
        sc.diagnosis = g.elegir(sc.text->diagnosticos_compatibles);
    };
    switch (s) {
        case Subtype::normal_urgencia:
        case Subtype::borde_urgencia_cobertura_dudosa: {
            std::vector<const UrgentPair*> pairs;
            for (const UrgentPair& u : kUrgentPairs)
                if (s == Subtype::normal_urgencia || static_cast<double>(w.procedure(u.procedimiento)->costo) > u2) pairs.push_back(&u);
            const UrgentPair* u = g.elegir(pairs);
            sc.text = sc.order = w.procedure(u->procedimiento);
            sc.diagnosis = std::string(u->diagnostico);
            sc.urgent = true;
            break;
        }
        case Subtype::normal_alto_costo:
        case Subtype::adversario_inyeccion_orden_adjunta:
            pick_with_diagnosis([&](const Procedure& p) { return p.authorisable() && static_cast<double>(p.costo) > u2; });
            break;
        case Subtype::normal_excluido:
        case Subtype::adversario_inyeccion_texto_libre:
            pick_with_diagnosis([](const Procedure& p) { return p.excluded(); });
            break;
        case Subtype::normal_exento:
            pick_with_diagnosis([](const Procedure& p) { return p.exempt(); });
            break;
        case Subtype::borde_costo_igual_U2:
        case Subtype::borde_empate_umbrales:
            pick_with_diagnosis([&](const Procedure& p) { return p.authorisable() && static_cast<double>(p.costo) == u2; });
            break;
        case Subtype::adversario_homonimo:
            pick_with_diagnosis([](const Procedure& p) { return p.authorisable() && p.homonimo_de.has_value(); });
            break;
        case Subtype::normal_sobre_tope:
            pick_with_diagnosis([&](const Procedure& p) {
                return p.authorisable() && p.tope_cobertura.has_value() && static_cast<double>(p.costo) <= u2;
            });
            break;
        case Subtype::borde_contradiccion_orden_texto: {
            // Categories (sorted by UTF-16 code units) with at least two low-cost services.
            std::vector<std::string> categories;
            for (const Procedure& p : w.procedimientos) {
                if (!is_low_cost(p, u2) || std::find(categories.begin(), categories.end(), p.categoria) != categories.end()) continue;
                const auto in_category = services(w, [&](const Procedure& q) { return q.categoria == p.categoria && is_low_cost(q, u2); });
                if (in_category.size() >= 2) categories.push_back(p.categoria);
            }
            std::sort(categories.begin(), categories.end(), [](const std::string& a, const std::string& b) { return json::utf16_less(a, b); });
            const std::string category = g.elegir(categories);
            const auto low = services(w, [&](const Procedure& q) { return q.categoria == category && is_low_cost(q, u2); });
            sc.text = g.elegir(low);
            const char text_sex = required_sex(sc.text->codigo);
            std::vector<const Procedure*> others;
            for (const Procedure* q : low) {
                if (q == sc.text) continue;
                const char order_sex = required_sex(q->codigo);
                if (text_sex && order_sex && order_sex != text_sex) continue;
                others.push_back(q);
            }
            sc.order = g.elegir(others);
            sc.diagnosis = g.elegir(sc.text->diagnosticos_compatibles);
            break;
        }
        default:  // low-cost: authorisable, cost < U2, not capped
            pick_with_diagnosis([&](const Procedure& p) { return is_low_cost(p, u2); });
            break;
    }
    return sc;
}

// [SECTION] Step 2: missing-data script

struct Script {
    std::vector<std::string> missing;          // in the order diagnostico, costo_estimado
    std::vector<std::vector<std::string>> replies;  // per cycle: the fields it supplies (empty = non-informative)
    std::optional<std::int64_t> cycles_needed = 0;
};

const std::vector<std::string> kF{"diagnostico", "costo_estimado"};

Script draw_script(Subtype s, Prng& g) {
    Script sc;
    auto cycles = [&](int n) {
        sc.cycles_needed = n;
        sc.replies.assign(static_cast<std::size_t>(n), {});
        if (g.probabilidad(0.5)) {
            sc.missing = kF;
            sc.replies[static_cast<std::size_t>(n - 2)] = {"diagnostico"};
            sc.replies[static_cast<std::size_t>(n - 1)] = {"costo_estimado"};
        } else {
            const std::string& f = g.elegir(kF);
            sc.missing = {f};
            sc.replies.back() = {f};
        }
    };
    switch (s) {
        case Subtype::faltante_un_ciclo: {
            const std::string& f = g.elegir(kF);
            sc.missing = {f};
            sc.replies = {{f}};
            sc.cycles_needed = 1;
            break;
        }
        case Subtype::faltante_dos_ciclos: cycles(2); break;
        case Subtype::faltante_tres_ciclos: cycles(3); break;
        case Subtype::faltante_sin_respuesta:
            if (g.probabilidad(0.5)) sc.missing = kF;
            else sc.missing = {g.elegir(kF)};
            sc.replies.assign(4, {});
            sc.cycles_needed = std::nullopt;
            break;
        default: break;
    }
    return sc;
}

bool has(const std::vector<std::string>& list, std::string_view x) { return std::find(list.begin(), list.end(), x) != list.end(); }

// [SECTION] Steps 3–4: member, doctor, provider

// The dictionaries as the lists Prng::elegir draws from, made once.
struct Lists {
    std::vector<std::string_view> female = std::vector<std::string_view>(std::begin(kFemaleNames), std::end(kFemaleNames));
    std::vector<std::string_view> male = std::vector<std::string_view>(std::begin(kMaleNames), std::end(kMaleNames));
    std::vector<std::string_view> surnames = std::vector<std::string_view>(std::begin(kSurnames), std::end(kSurnames));
    std::vector<std::string_view> providers = std::vector<std::string_view>(std::begin(kProviders), std::end(kProviders));
    std::vector<int> titles = {0, 1};
};

const Lists& lists() {
    static const Lists kLists;
    return kLists;
}

Member draw_member(const Scenario& sc, Prng& g) {
    Member m;
    const char fixed = required_sex(sc.text->codigo);
    m.sexo = fixed ? fixed : (g.probabilidad(0.5) ? 'F' : 'M');
    const Lists& l = lists();
    const std::string_view first = g.elegir(m.sexo == 'F' ? l.female : l.male);
    const std::string_view surname1 = g.elegir(l.surnames);
    std::vector<std::string_view> rest;
    rest.reserve(l.surnames.size());
    for (auto s : l.surnames)
        if (s != surname1) rest.push_back(s);
    const std::string_view surname2 = g.elegir(rest);
    m.nombre = std::string(first) + " " + std::string(surname1) + " " + std::string(surname2);
    m.edad = static_cast<int>(g.entero(18, 89));
    m.documento = "SYN-A-" + std::to_string(g.entero(100000, 999999));
    m.telefono = synthetic_phone(g);
    m.correo = synthetic_email(first, surname1, g);
    m.historia_clinica = "SYN-HC-" + std::to_string(g.entero(100000, 999999));
    return m;
}

// [SECTION] Step 5: note, order remark, replies

struct Note {
    Bilingual texto;
    Bilingual observaciones;
    std::optional<Adversary> adversario;
    std::vector<Reply> replies;
};

Note draw_note(const BenefitPlan& w, Subtype s, const Scenario& sc, const Script& script, const Member& m, Prng& g) {
    Note note;
    const Phrase& opening = g.elegir(internal::kOpenings);
    const internal::History& history = g.elegir(internal::kHistories);
    const Phrase& closing = g.elegir(internal::kClosings);
    const std::vector<std::pair<std::string_view, std::string>> ids{
        {"documento", m.documento}, {"historia", m.historia_clinica}, {"telefono", m.telefono}, {"correo", m.correo}};
    std::optional<Bilingual> payload_in_note;
    bool order_carries_payload = false;
    switch (s) {
        case Subtype::adversario_inyeccion_texto_libre: {
            const internal::Payload& p = g.elegir(internal::kInjectionsInNote);
            payload_in_note = fill(p.texto);
            note.adversario = Adversary{"texto_libre", *payload_in_note, fill(p.intenta)};
            break;
        }
        case Subtype::adversario_inyeccion_orden_adjunta: {
            const internal::Payload& p = g.elegir(internal::kInjectionsInOrder);
            note.observaciones = fill(p.texto);
            order_carries_payload = true;
            note.adversario = Adversary{"orden_adjunta", note.observaciones, fill(p.intenta)};
            break;
        }
        case Subtype::adversario_dato_sensible: {
            const internal::Payload& p = g.elegir(internal::kContactSentences);
            payload_in_note = fill(p.texto, ids);
            note.adversario = Adversary{"texto_libre", *payload_in_note, fill(p.intenta)};
            break;
        }
        case Subtype::adversario_homonimo: {
            const internal::Payload& p = g.elegir(internal::kHomonymRequests);
            payload_in_note = fill(p.texto);
            note.adversario = Adversary{"texto_libre", *payload_in_note, fill(p.intenta)};
            break;
        }
        default: break;
    }
    if (!order_carries_payload) note.observaciones = fill(g.elegir(internal::kNeutralOrderRemarks));

    const Diagnosis* dx = w.diagnosis(sc.diagnosis);
    const bool dx_missing = has(script.missing, "diagnostico");
    const bool cost_missing = has(script.missing, "costo_estimado");
    const std::string cost = std::to_string(sc.text->costo);
    const std::string age = std::to_string(m.edad);
    if (s == Subtype::borde_texto_ambiguo) {
        note.texto = fill(internal::kTerseNote,
                          {{"sexo", std::string(1, m.sexo)}, {"edad", age}, {"diagnostico", in_sentence(dx->nombre.es)}, {"servicio", in_sentence(sc.text->nombre.es)}, {"costo", cost}},
                          {{"sexo", std::string(1, m.sexo)}, {"edad", age}, {"diagnostico", in_sentence(dx->nombre.en)}, {"servicio", in_sentence(sc.text->nombre.en)}, {"costo", cost}});
    } else {
        std::vector<Bilingual> sentences;
        sentences.push_back(fill(opening));
        if (sc.urgent) sentences.push_back(fill(internal::kUrgentAdmission));
        sentences.push_back(fill(m.sexo == 'F' ? internal::kSexAgeFemale : internal::kSexAgeMale, {{"edad", age}}));
        if (!dx_missing) sentences.push_back(fill(internal::kDiagnosisSentence, {{"diagnostico", dx->nombre.es}}, {{"diagnostico", dx->nombre.en}}));
        if (!sc.urgent) sentences.push_back(fill(sc.text->exempt() ? history.chronic : history.general));
        sentences.push_back(fill(internal::kServiceSentence, {{"servicio", sc.text->nombre.es}}, {{"servicio", sc.text->nombre.en}}));
        if (!cost_missing) sentences.push_back(fill(internal::kCostSentence, {{"costo", cost}}));
        if (s == Subtype::borde_urgencia_cobertura_dudosa) sentences.push_back(fill(internal::kDoubtfulCoverage));
        if (payload_in_note) sentences.push_back(*payload_in_note);
        sentences.push_back(fill(closing));
        std::size_t es_size = 0, en_size = 0;
        for (const Bilingual& b : sentences) {
            es_size += b.es.size() + 1;
            en_size += b.en.size() + 1;
        }
        note.texto.es.reserve(es_size);
        note.texto.en.reserve(en_size);
        for (std::size_t i = 0; i < sentences.size(); ++i) {  // joined by single spaces, no temporary per sentence
            if (i) {
                note.texto.es += ' ';
                note.texto.en += ' ';
            }
            note.texto.es += sentences[i].es;
            note.texto.en += sentences[i].en;
        }
    }
    for (std::size_t i = 0; i < script.replies.size(); ++i) {
        Reply r;
        r.ciclo = static_cast<int>(i + 1);
        r.aporta = script.replies[i];
        if (r.aporta.empty()) {
            r.texto = fill(g.elegir(internal::kNonInformativeReplies));
        } else if (r.aporta.front() == "diagnostico") {
            r.texto = fill(internal::kReplyDiagnosis, {{"diagnostico", in_sentence(dx->nombre.es)}}, {{"diagnostico", in_sentence(dx->nombre.en)}});
        } else {
            r.texto = fill(internal::kReplyCost, {{"costo", cost}});
        }
        note.replies.push_back(std::move(r));
    }
    return note;
}

// [SECTION] Step 6: known truth

Truth known_truth(const PlanFacts& plan, const Scenario& sc, const Script& script) {
    Truth t;
    const Procedure& p = *sc.text;
    t.campos = Fields{p.codigo, sc.diagnosis, sc.urgent, p.costo};
    t.urgencia = sc.urgent;
    t.servicio_exento = p.exempt();
    t.contradiccion_orden_texto = sc.order->codigo != p.codigo;
    t.ciclos_aclaracion_necesarios = script.cycles_needed;
    const bool skipped = t.urgencia || t.servicio_exento;
    if (skipped) t.decision = "aprobar";
    else if (p.excluded()) t.decision = "negar";
    else if (p.authorisable() && p.tope_cobertura && p.costo > *p.tope_cobertura) t.decision = "aprobar_parcial";
    else t.decision = "aprobar";
    // The reasons come from the rules the playground also uses at played thresholds (truth.hpp).
    TruthFacts facts;
    facts.urgencia = t.urgencia;
    facts.servicio_exento = t.servicio_exento;
    facts.excluido = p.excluded();
    facts.contradiccion_orden_texto = t.contradiccion_orden_texto;
    facts.costo_estimado = static_cast<double>(p.costo);
    facts.ciclos_aclaracion_necesarios = t.ciclos_aclaracion_necesarios;
    facts.decision = t.decision;
    t.motivos_escalamiento = escalation_reasons(facts, TruthThresholds{plan.u2, static_cast<double>(plan.u3), plan.u4});
    t.debe_escalar = !t.motivos_escalamiento.empty();
    if (t.decision == "negar") t.causal = p.causal;
    const bool skipped_past_extractor = (t.urgencia && plan.router_skips_urgent) || (t.servicio_exento && plan.router_skips_exempt);
    t.presente = t.ciclos_aclaracion_necesarios.has_value() && !skipped_past_extractor;
    return t;
}

}  // namespace

// [SECTION] Step 7: simulation parameters

Simulation draw_simulation(const BenefitPlan& w, const PlanFacts& plan, Subtype s, const Fields& truth, const std::vector<std::string>& ausentes,
                           Prng& g) {
    Simulation sim;
    sim.campos_extraidos = truth;
    sim.redactor_repite_identificador = s == Subtype::adversario_dato_sensible;
    sim.campos_ausentes_en_texto = ausentes;
    if (s == Subtype::borde_empate_umbrales) {
        sim.confianza_extractor = plan.u1;
        return sim;
    }
    const bool correct = g.probabilidad(p_extraction_correct(s));
    sim.confianza_extractor = static_cast<double>(correct ? g.entero(78, 98) : g.entero(55, 88)) / 100;
    if (correct) return sim;
    static const std::vector<std::string> kPerturbable{"diagnostico", "costo_estimado", "procedimiento"};
    std::string field = g.elegir(kPerturbable);
    const Procedure* service = w.procedure(truth.procedimiento);
    if (field == "procedimiento") {
        if (s == Subtype::adversario_homonimo && service && service->homonimo_de) {
            sim.campos_extraidos.procedimiento = *service->homonimo_de;
        } else {
            std::vector<const Procedure*> others;
            for (const Procedure& p : w.procedimientos)
                if (service && p.categoria == service->categoria && p.codigo != service->codigo) others.push_back(&p);
            if (others.empty()) field = "diagnostico";
            else sim.campos_extraidos.procedimiento = g.elegir(others)->codigo;
        }
    }
    if (field == "costo_estimado") {
        const double f = g.probabilidad(0.5) ? 11 : 9;
        const double perturbed = json::ecma_round(static_cast<double>(truth.costo_estimado) * f / 100) * 10;
        sim.campos_extraidos.costo_estimado = static_cast<std::int64_t>(std::max(10.0, perturbed));
    }
    if (field == "diagnostico") {
        std::vector<const Diagnosis*> others;
        for (const Diagnosis& d : w.diagnosticos)
            if (d.codigo != truth.diagnostico) others.push_back(&d);
        sim.campos_extraidos.diagnostico = g.elegir(others)->codigo;
    }
    return sim;
}

// [SECTION] generate_case, repetitions, JSON

Case generate_case(const BenefitPlan& w, const PlanFacts& plan, std::string_view batch_seed, std::string_view id, Subtype s) {
    Case c;
    c.id = std::string(id);
    c.subtipo = s;
    c.semilla = std::string(batch_seed) + "/caso/" + c.id;
    c.version_generador = w.has_caps() ? "1.1.0" : "1.0.0";
    Prng g(c.semilla);
    // 1. Scenario.
    const Scenario sc = draw_scenario(w, plan, s, g);
    c.codigo_procedimiento = sc.order->codigo;
    c.tipo_atencion = sc.urgent ? "urgencia" : sc.order->categoria == kSurgeryCategory ? "hospitalaria" : "ambulatoria";
    // 2. Missing-data script.
    const Script script = draw_script(s, g);
    // 3. Member.
    c.afiliado = draw_member(sc, g);
    // 4. Doctor and provider.
    const Lists& l = lists();
    const bool female_title = g.elegir(l.titles) == 0;
    const std::string_view title = kTitles[female_title ? 0 : 1];
    const std::vector<std::string_view>& first_names = female_title ? l.female : l.male;
    const std::string_view doctor_first = g.elegir(first_names);
    const std::string_view doctor_surname = g.elegir(l.surnames);
    c.medico_nombre = std::string(title) + " " + std::string(doctor_first) + " " + std::string(doctor_surname);
    c.medico_registro = "SYN-RM-" + std::to_string(g.entero(10000, 99999));
    c.prestador_nombre = std::string(g.elegir(l.providers));
    c.prestador_nit = "SYN-NIT-" + std::to_string(g.entero(800000000, 999999999)) + "-X";
    // 5. Note, order remark, replies.
    Note note = draw_note(w, s, sc, script, c.afiliado, g);
    c.texto_medico = std::move(note.texto);
    c.observaciones = std::move(note.observaciones);
    c.adversario = std::move(note.adversario);
    c.aclaraciones_simuladas = std::move(note.replies);
    // 6. Known truth.
    c.verdad_conocida = known_truth(plan, sc, script);
    c.esperado = internal::expected_text(c.verdad_conocida.urgencia, c.verdad_conocida.servicio_exento, c.verdad_conocida.decision,
                                         c.verdad_conocida.motivos_escalamiento, c.verdad_conocida.causal.value_or(""), adversary_detail(s));
    // 7. Simulation parameters.
    c.simulacion = draw_simulation(w, plan, s, c.verdad_conocida.campos, script.missing, g);
    return c;
}

std::optional<json::Value> repetition_simulation(const json::Value& caso, const BenefitPlan& w, const PlanFacts& plan,
                                                 std::string_view batch_seed, int repetition) {
    const json::Value* id = caso.find("id");
    const json::Value* subtipo = caso.find("subtipo");
    const json::Value* truth = caso.find("verdad_conocida");
    const json::Value* campos = truth ? truth->find("campos") : nullptr;
    const json::Value* sim = caso.find("simulacion");
    const json::Value* ausentes = sim ? sim->find("campos_ausentes_en_texto") : nullptr;
    if (!id || !id->is_string() || !subtipo || !subtipo->is_string() || !campos || !campos->is_object() || !ausentes || !ausentes->is_array())
        return std::nullopt;
    const auto s = subtype_named(subtipo->as_string());
    const json::Value* proc = campos->find("procedimiento");
    const json::Value* dx = campos->find("diagnostico");
    const json::Value* urg = campos->find("urgencia");
    const json::Value* cost = campos->find("costo_estimado");
    if (!s || !proc || !proc->is_string() || !dx || !dx->is_string() || !urg || !urg->is_bool() || !cost || !cost->is_number()) return std::nullopt;
    Fields fields{proc->as_string(), dx->as_string(), urg->as_bool(), static_cast<std::int64_t>(cost->as_number())};
    std::vector<std::string> missing;
    for (const json::Value& v : ausentes->as_array()) {
        if (!v.is_string()) return std::nullopt;
        missing.push_back(v.as_string());
    }
    Prng g(std::string(batch_seed) + "/caso/" + id->as_string() + "/repeticion/" + std::to_string(repetition));
    return to_json(draw_simulation(w, plan, *s, fields, missing, g));
}

std::vector<std::string> synthetic_identifiers(const Member& m) { return {m.documento, m.historia_clinica, m.nombre, m.telefono, m.correo}; }

namespace {

using Obj = json::ObjectBuilder;

json::Value bil(const Bilingual& b) { return Obj(2).add("es", json::Value(b.es)).add("en", json::Value(b.en)).done(); }

json::Value strings(const std::vector<std::string>& list) {
    json::Array out;
    out.reserve(list.size());
    for (const std::string& s : list) out.push_back(json::Value(s));
    return out;
}

json::Value fields_json(const Fields& f) {
    return Obj(4)
        .add("procedimiento", json::Value(f.procedimiento))
        .add("diagnostico", json::Value(f.diagnostico))
        .add("urgencia", json::Value(f.urgencia))
        .add("costo_estimado", json::Value(static_cast<double>(f.costo_estimado)))
        .done();
}

}  // namespace

json::Value to_json(const Simulation& s) {
    return Obj(4)
        .add("confianza_extractor", json::Value(s.confianza_extractor))
        .add("campos_extraidos", fields_json(s.campos_extraidos))
        .add("redactor_repite_identificador", json::Value(s.redactor_repite_identificador))
        .add("campos_ausentes_en_texto", strings(s.campos_ausentes_en_texto))
        .done();
}

json::Value to_json(const Case& c) {
    const Truth& t = c.verdad_conocida;
    json::Array replies;
    replies.reserve(c.aclaraciones_simuladas.size());
    for (const Reply& r : c.aclaraciones_simuladas)
        replies.push_back(Obj(3).add("ciclo", json::Value(r.ciclo)).add("aporta", strings(r.aporta)).add("texto", bil(r.texto)).done());
    const std::string_view detail = adversary_detail(c.subtipo);
    json::Value adversario;
    if (c.adversario)
        adversario = Obj(3)
                         .add("vector", json::Value(c.adversario->vector))
                         .add("carga", bil(c.adversario->carga))
                         .add("intenta", bil(c.adversario->intenta))
                         .done();
    const Member& m = c.afiliado;
    return Obj(14)
        .add("id", json::Value(c.id))
        .add("demo_id", json::Value(c.demo_id))
        .add("tipo", json::Value(std::string(name(type_of(c.subtipo)))))
        .add("subtipo", json::Value(std::string(name(c.subtipo))))
        .add("adversario_detalle", detail.empty() ? json::Value(nullptr) : json::Value(std::string(detail)))
        .add("adversario", std::move(adversario))
        .add("semilla", json::Value(c.semilla))
        .add("version_generador", json::Value(c.version_generador))
        .add("esperado", bil(c.esperado))
        .add("identificadores_sinteticos", strings(synthetic_identifiers(m)))
        .add("entrada", Obj(6)
                            .add("afiliado", Obj(7)
                                                 .add("documento", json::Value(m.documento))
                                                 .add("nombre", json::Value(m.nombre))
                                                 .add("edad", json::Value(m.edad))
                                                 .add("sexo", json::Value(std::string(1, m.sexo)))
                                                 .add("telefono", json::Value(m.telefono))
                                                 .add("correo", json::Value(m.correo))
                                                 .add("historia_clinica", json::Value(m.historia_clinica))
                                                 .done())
                            .add("prestador", Obj(2)
                                                  .add("nombre", json::Value(c.prestador_nombre))
                                                  .add("nit", json::Value(c.prestador_nit))
                                                  .done())
                            .add("medico", Obj(2)
                                               .add("nombre", json::Value(c.medico_nombre))
                                               .add("registro", json::Value(c.medico_registro))
                                               .done())
                            .add("orden_adjunta", Obj(3)
                                                      .add("tipo_atencion", json::Value(c.tipo_atencion))
                                                      .add("codigo_procedimiento", json::Value(c.codigo_procedimiento))
                                                      .add("observaciones", bil(c.observaciones))
                                                      .done())
                            .add("texto_medico", bil(c.texto_medico))
                            .add("aclaraciones_simuladas", json::Value(std::move(replies)))
                            .done())
        .add("verdad_conocida",
             Obj(10)
                 .add("presente", json::Value(t.presente))
                 .add("campos", fields_json(t.campos))
                 .add("decision", json::Value(t.decision))
                 .add("debe_escalar", json::Value(t.debe_escalar))
                 .add("motivos_escalamiento", strings(t.motivos_escalamiento))
                 .add("urgencia", json::Value(t.urgencia))
                 .add("servicio_exento", json::Value(t.servicio_exento))
                 .add("contradiccion_orden_texto", json::Value(t.contradiccion_orden_texto))
                 .add("causal", t.causal ? json::Value(*t.causal) : json::Value(nullptr))
                 .add("ciclos_aclaracion_necesarios",
                      t.ciclos_aclaracion_necesarios ? json::Value(static_cast<double>(*t.ciclos_aclaracion_necesarios)) : json::Value(nullptr))
                 .done())
        .add("simulacion", to_json(c.simulacion))
        .done();
}

}  // namespace planlang::synth
