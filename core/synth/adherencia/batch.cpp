// The adherence batch (core/synth/adherencia/batch.hpp; plans/adherencia/dominio.md §3).
#include "core/synth/adherencia/batch.hpp"

#include <map>

#include "core/json/fingerprint.hpp"
#include "core/synth/adherencia/internal/phrases.hpp"
#include "core/synth/adherencia/scenario.hpp"
#include "core/synth/batch.hpp"
#include "core/common/prng.hpp"
#include "core/synth/synthetic_person.hpp"

namespace planlang::synth::adherencia {

using json::Value;

std::array<int, 4> type_counts(int size) { return synth::largest_remainder(size, kProportions, kProportionsTotal); }

std::vector<Subtype> pre_shuffle_block(int b, int size, Prng& g) {
    const auto counts = type_counts(size);
    std::vector<Subtype> block;
    for (std::size_t t = 0; t < 4; ++t) {
        const CaseType type = kCaseTypes[t];
        std::vector<Subtype> sure;
        std::vector<std::pair<Subtype, double>> weighted;
        for (const SubtypeInfo& i : kCatalog) {
            if (i.type != type) continue;
            if (b == 0 && i.guaranteed) sure.push_back(i.id);
            if (i.weight > 0) weighted.emplace_back(i.id, i.weight);
        }
        const std::size_t kept = std::min(sure.size(), static_cast<std::size_t>(counts[t]));
        block.insert(block.end(), sure.begin(), sure.begin() + static_cast<std::ptrdiff_t>(kept));
        for (std::size_t k = kept; k < static_cast<std::size_t>(counts[t]); ++k) block.push_back(g.elegir_ponderado(weighted));
    }
    return block;
}

std::vector<Subtype> assemble_block(std::string_view semilla, int b, int size) {
    Prng g(std::string(semilla) + "/bloque/" + std::to_string(b));
    return g.barajar(pre_shuffle_block(b, size, g));
}

std::vector<Subtype> assemble(std::string_view semilla, std::int64_t scenarios) {
    std::vector<Subtype> all;
    all.reserve(static_cast<std::size_t>(scenarios));
    for (std::int64_t start = 0, b = 0; start < scenarios; start += kBlockSize, ++b) {
        const int size = static_cast<int>(std::min<std::int64_t>(kBlockSize, scenarios - start));
        const auto block = assemble_block(semilla, static_cast<int>(b), size);
        all.insert(all.end(), block.begin(), block.end());
    }
    return all;
}

std::string case_id(std::int64_t index1, bool smoke) { return (smoke ? "MH-" : "M-") + zero_padded(index1, 3); }

namespace {

std::string ascii_lower(std::string s) {
    for (char& c : s)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return s;
}

// Each of our sentences (and, for the acute list, each denial) carries its symptom's phrase as the simulated
// guard will look for it.
void check_symptoms(const std::vector<Symptom>& symptoms, const internal::Phrase3* sentences, const internal::Phrase3* denials,
                    std::size_t count, const char* list, Issues& out) {
    if (symptoms.size() != count) {
        out.push_back(Issue{"MUNDO_INCOMPATIBLE", list,
                            {"el generador conoce exactamente " + std::to_string(count) + " síntomas en esta lista",
                             "the generator knows exactly " + std::to_string(count) + " symptoms in this list"}});
        return;
    }
    for (std::size_t i = 0; i < count; ++i) {
        for (const internal::Phrase3* phrases : {sentences, denials}) {
            if (!phrases) continue;
            const Tri sentence = internal::tri(phrases[i]);
            for (std::string_view locale : kLocales)
                if (ascii_lower(sentence.in(locale)).find(ascii_lower(symptoms[i].sintoma.in(locale))) == std::string::npos)
                    out.push_back(Issue{"MUNDO_INCOMPATIBLE", std::string(list) + "." + std::to_string(i) + ".sintoma",
                                        {"nuestras frases no contienen este síntoma en " + std::string(locale),
                                         "our sentences do not carry this symptom in " + std::string(locale)}});
        }
    }
}

}  // namespace

Issues check_kb_fits(const KnowledgeBase& kb) {
    Issues out;
    auto unfit = [&](const std::string& element, const std::string& es, const std::string& en) {
        out.push_back(Issue{"MUNDO_INCOMPATIBLE", element, {es, en}});
    };
    check_symptoms(kb.banderas_rojas, internal::kRedFlagSentences, internal::kNegatedRedFlags, 6, "banderas_rojas", out);
    check_symptoms(kb.sintomas_subagudos, internal::kSubacuteSentences, nullptr, 4, "sintomas_subagudos", out);
    for (std::string_view g : kGroups)
        if (kb.cards_of_group(g).size() < 2)
            unfit("tarjetas", "el grupo " + std::string(g) + " necesita al menos dos tarjetas", "group " + std::string(g) + " needs at least two cards");
    for (std::string_view t : kTemas)
        if (kb.cards_of_tema(t).empty()) unfit("tarjetas", "el tema " + std::string(t) + " no tiene tarjetas", "tema " + std::string(t) + " has no card");
    if (kb.tarjetas.size() >= kGroups.size() * kTemas.size())
        unfit("tarjetas", "ningún par (grupo, tema) queda sin tarjeta", "no (group, tema) pair is left without a card");
    if (kb.afecciones_sin_tarjeta.empty()) unfit("afecciones_sin_tarjeta", "no hay afecciones sin tarjeta", "there is no condition without a card");
    return out;
}

namespace {

struct PlanFacts {
    double u1 = 0, u2 = 0;
    std::int64_t u3 = 0;
    bool u4 = false;
};

PlanFacts plan_facts(const plan::Plan& p, Issues& issues) {
    PlanFacts f;
    auto incompatible = [&](const std::string& element, const std::string& es, const std::string& en) {
        issues.push_back(Issue{"PLAN_INCOMPATIBLE", element, {es, en}});
    };
    if (p.dominio_id != "dom-adherencia")
        incompatible("dominio_id", "una base de conocimiento genera lotes para un plan del dominio dom-adherencia",
                     "a knowledge base generates batches for a plan of the dom-adherencia domain");
    auto number = [&](const char* id, double& out) {
        const plan::Threshold* t = p.threshold(id);
        if (!t || !t->valor_en_plan.is_number()) {
            incompatible(id, std::string("el generador necesita el umbral numérico ") + id, std::string("the generator needs the numeric threshold ") + id);
            return false;
        }
        out = t->valor_en_plan.as_number();
        return true;
    };
    number("U1", f.u1);
    number("U2", f.u2);
    double u3 = 0;
    if (number("U3", u3)) {
        if (u3 != static_cast<double>(static_cast<std::int64_t>(u3)) || u3 < 0) incompatible("U3", "U3 debe ser un entero ≥ 0", "U3 must be an integer ≥ 0");
        else f.u3 = static_cast<std::int64_t>(u3);
    }
    const plan::Threshold* u4 = p.threshold("U4");
    if (!u4 || !u4->valor_en_plan.is_bool()) incompatible("U4", "el generador necesita el umbral booleano U4", "the generator needs the boolean threshold U4");
    else f.u4 = u4->valor_en_plan.as_bool();
    return f;
}

Value reference(const std::string& id, const std::string& version, const std::string& huella) {
    return json::Object{{"id", Value(id)}, {"version", Value(version)}, {"huella", Value(huella)}};
}

Value counts(const std::map<std::string, int>& m) {
    json::Object out;
    for (const auto& kv : m) out.push_back({kv.first, Value(kv.second)});
    return out;
}

}  // namespace

BatchResult generate_batch(const plan::Plan& p, const std::string& plan_huella, const KnowledgeBase& kb, const GenerateOptions& o,
                           const std::function<void(std::size_t)>& progress) {
    BatchResult r;
    const PlanFacts facts = plan_facts(p, r.issues);
    for (Issue& i : check_kb_fits(kb)) r.issues.push_back(std::move(i));
    auto invalid = [&](const std::string& element, const std::string& es, const std::string& en) {
        r.issues.push_back(Issue{"LOTE_INVALIDO", element, {es, en}});
    };
    const bool smoke = o.receta == Recipe::humo;
    if (o.semilla.empty()) invalid("semilla", "la semilla no puede estar vacía", "the seed cannot be empty");
    if (smoke && o.n != 3) invalid("n", "la receta humo tiene exactamente 3 casos", "the smoke recipe has exactly 3 cases");
    if (o.n < 3 || o.n > kMaxCases || o.n % 3 != 0)
        invalid("n", "n debe ser un múltiplo de 3 entre 3 y " + std::to_string(kMaxCases) + " (cada escenario en tres locales)",
                "n must be a multiple of 3 between 3 and " + std::to_string(kMaxCases) + " (each scenario in three locales)");
    if (o.id && o.id->empty()) invalid("id", "el id del lote no puede estar vacío", "the batch id cannot be empty");
    if (!r.issues.empty()) return r;

    // (scenario, locale index) per case, in case order.
    std::vector<Scenario> scenarios;
    std::vector<std::pair<std::size_t, std::size_t>> order;
    if (smoke) {
        const Subtype fixed[3] = {Subtype::dorado_rutina, Subtype::dorado_bandera_roja, Subtype::adversario_dosis};
        for (std::size_t s = 0; s < 3; ++s) {
            scenarios.push_back(generate_scenario(kb, o.semilla, scenario_id(static_cast<std::int64_t>(s + 1)), fixed[s]));
            order.emplace_back(s, s);
        }
    } else {
        const std::vector<Subtype> subtypes = assemble(o.semilla, o.n / 3);
        for (std::size_t s = 0; s < subtypes.size(); ++s)
            scenarios.push_back(generate_scenario(kb, o.semilla, scenario_id(static_cast<std::int64_t>(s + 1)), subtypes[s]));
        for (std::size_t l = 0; l < kLocales.size(); ++l)
            for (std::size_t s = 0; s < scenarios.size(); ++s) order.emplace_back(s, l);
    }

    json::Array casos;
    casos.reserve(order.size());
    std::map<std::string, int> por_tipo, por_subtipo, por_locale;
    for (std::size_t i = 0; i < order.size(); ++i) {
        const Scenario& s = scenarios[order[i].first];
        const std::string_view locale = kLocales[order[i].second];
        casos.push_back(render_case(s, locale, case_id(static_cast<std::int64_t>(i + 1), smoke)));
        ++por_tipo[std::string(name(type_of(s.subtipo)))];
        ++por_subtipo[std::string(name(s.subtipo))];
        ++por_locale[std::string(locale)];
        if (progress) progress(i + 1);
    }
    json::Array locales;
    for (std::string_view l : kLocales) locales.push_back(Value(std::string(l)));
    Value proporciones;
    if (!smoke) {
        json::Object shares;
        for (std::size_t t = 0; t < 4; ++t) shares.push_back({std::string(name(kCaseTypes[t])), Value(kProportions[t])});
        proporciones = Value(std::move(shares));
    }
    r.batch = json::Object{
        {"formato", Value("planlang-casos/v1")},
        {"id", Value(o.id ? *o.id : o.semilla + "-" + std::to_string(o.n))},
        {"demo_id", Value("adherencia")},
        {"semilla", Value(o.semilla)},
        {"receta", Value(smoke ? "humo" : "estandar")},
        {"n", Value(static_cast<double>(casos.size()))},
        {"bloque", Value(smoke ? 3 : kBlockSize)},
        {"version_generador", Value(kGeneratorVersion)},
        {"proporciones", std::move(proporciones)},
        {"composicion", json::Object{{"por_tipo", counts(por_tipo)}, {"por_subtipo", counts(por_subtipo)}, {"por_locale", counts(por_locale)}}},
        {"umbrales_de_referencia", json::Object{{"U1", Value(facts.u1)},
                                                {"U2", Value(facts.u2)},
                                                {"U3", Value(static_cast<double>(facts.u3))},
                                                {"U4", Value(facts.u4)}}},
        {"plan", reference(p.id, p.version, plan_huella)},
        {"base_conocimiento", reference(kb.id, kb.version, kb.huella)},
        {"locales", Value(std::move(locales))},
        {"afirmacion_privacidad", json::Object{{"es", Value(internal::kAfirmacionPrivacidad.es)}, {"en", Value(internal::kAfirmacionPrivacidad.en)}}},
        {"casos", Value(std::move(casos))},
        {"huella", Value(nullptr)},
    };
    *r.batch.find("huella") = Value(json::huella(r.batch));
    r.ok = true;
    return r;
}

}  // namespace planlang::synth::adherencia
