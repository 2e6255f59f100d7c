#include "core/synth/batch.hpp"

#include <map>

#include "core/json/fingerprint.hpp"
#include "core/synth/internal/phrases.hpp"
#include "core/common/prng.hpp"

namespace planlang::synth {

std::array<int, 4> largest_remainder(int size, const std::array<int, 4>& weights, int total) {
    std::array<int, 4> counts{};
    std::array<int, 4> remainders{};
    int given = 0;
    for (std::size_t t = 0; t < 4; ++t) {
        const int share = size * weights[t];  // in total-ths of a case
        counts[t] = share / total;
        remainders[t] = share % total;
        given += counts[t];
    }
    for (int left = size - given; left > 0; --left) {
        std::size_t best = 0;
        for (std::size_t t = 1; t < 4; ++t)
            if (remainders[t] > remainders[best]) best = t;  // strict: ties go to the earlier type
        ++counts[best];
        remainders[best] = -1;
    }
    return counts;
}

std::array<int, 4> type_counts(int size) { return largest_remainder(size, kProportions, 100); }

namespace {

// Guaranteed subtypes of a type in block `b`, in priority order (§2.3).
std::vector<Subtype> guaranteed(CaseType type, int b, bool caps) {
    const Guarantee wanted = b == 0 ? Guarantee::block0 : b == 1 ? Guarantee::block1 : Guarantee::none;
    std::vector<Subtype> out;
    if (wanted == Guarantee::none) return out;
    if (type == CaseType::borde && wanted == Guarantee::block0)
        return {Subtype::borde_contradiccion_orden_texto, Subtype::borde_urgencia_cobertura_dudosa, Subtype::borde_costo_igual_U2};
    for (const SubtypeInfo& i : kCatalog)
        if (i.type == type && i.guarantee == wanted && (caps || !i.caps_only)) out.push_back(i.id);
    return out;
}

}  // namespace

std::vector<Subtype> pre_shuffle_block(int b, int size, bool caps, Prng& g) {
    const auto counts = type_counts(size);
    std::vector<Subtype> block;
    for (std::size_t t = 0; t < 4; ++t) {
        const CaseType type = kCaseTypes[t];
        const std::vector<Subtype> sure = guaranteed(type, b, caps);
        const std::size_t kept = std::min(sure.size(), static_cast<std::size_t>(counts[t]));
        block.insert(block.end(), sure.begin(), sure.begin() + static_cast<std::ptrdiff_t>(kept));
        std::vector<std::pair<Subtype, double>> weighted;
        for (const SubtypeInfo& i : kCatalog)
            if (i.type == type && i.weight > 0 && (caps || !i.caps_only)) weighted.emplace_back(i.id, i.weight);
        for (std::size_t k = kept; k < static_cast<std::size_t>(counts[t]); ++k) block.push_back(g.elegir_ponderado(weighted));
    }
    return block;
}

std::vector<Subtype> assemble_block(std::string_view semilla, int b, int size, bool caps) {
    Prng g(std::string(semilla) + "/bloque/" + std::to_string(b));
    return g.barajar(pre_shuffle_block(b, size, caps, g));
}

std::vector<Subtype> assemble(std::string_view semilla, std::int64_t n, bool caps) {
    std::vector<Subtype> all;
    all.reserve(static_cast<std::size_t>(n));
    for (std::int64_t start = 0, b = 0; start < n; start += kBlockSize, ++b) {
        const int size = static_cast<int>(std::min<std::int64_t>(kBlockSize, n - start));
        const auto block = assemble_block(semilla, static_cast<int>(b), size, caps);
        all.insert(all.end(), block.begin(), block.end());
    }
    return all;
}

std::string case_id(std::int64_t index1, bool smoke) {
    std::string digits = std::to_string(index1);
    if (digits.size() < 3) digits.insert(0, 3 - digits.size(), '0');
    return (smoke ? "AH-" : "A-") + digits;
}

PlanFacts plan_facts(const plan::Plan& p, const std::string& plan_huella, Issues& issues) {
    PlanFacts f;
    f.id = p.id;
    f.version = p.version;
    f.huella = plan_huella;
    auto incompatible = [&](const std::string& element, const std::string& es, const std::string& en) {
        issues.push_back(Issue{"PLAN_INCOMPATIBLE", element, {es, en}});
    };
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
    if (number("U2", f.u2) && p.threshold("U2")->senal != "costo_estimado")
        incompatible("U2", "U2 debe leer costo_estimado (tope_alto_costo del plan de beneficios)",
                     "U2 must read costo_estimado (the benefit plan's tope_alto_costo)");
    double u3 = 0;
    if (number("U3", u3)) {
        if (u3 != static_cast<double>(static_cast<std::int64_t>(u3)) || u3 < 0)
            incompatible("U3", "U3 debe ser un entero ≥ 0", "U3 must be an integer ≥ 0");
        else f.u3 = static_cast<std::int64_t>(u3);
    }
    const plan::Threshold* u4 = p.threshold("U4");
    if (!u4 || !u4->valor_en_plan.is_bool()) incompatible("U4", "el generador necesita el umbral booleano U4", "the generator needs the boolean threshold U4");
    else f.u4 = u4->valor_en_plan.as_bool();
    for (const plan::Edge& e : p.contrato_de_grafo.aristas_condicionales) {
        if (e.desde != "enrutador" || e.is_function || e.operador != "igual_a" || e.si_verdadero == "extractor") continue;
        if (e.senal == "tipo_atencion" && e.valor.is_string() && e.valor.as_string() == "urgencia") f.router_skips_urgent = true;
        if (e.senal == "servicio_exento" && e.valor.is_bool() && e.valor.as_bool()) f.router_skips_exempt = true;
    }
    return f;
}

namespace {

json::Value bil(const internal::Phrase& p) { return json::Object{{"es", json::Value(std::string(p.es))}, {"en", json::Value(std::string(p.en))}}; }

json::Value reference(const std::string& id, const std::string& version, const std::string& huella) {
    return json::Object{{"id", json::Value(id)}, {"version", json::Value(version)}, {"huella", json::Value(huella)}};
}

}  // namespace

BatchResult generate_batch(const plan::Plan& p, const std::string& plan_huella, const BenefitPlan& world, const GenerateOptions& o,
                           const std::function<void(std::size_t)>& progress) {
    BatchResult r;
    const PlanFacts facts = plan_facts(p, plan_huella, r.issues);
    auto unfit = [&](const std::string& element, const std::string& es, const std::string& en) {
        r.issues.push_back(Issue{"MUNDO_INCOMPATIBLE", element, {es, en}});
    };
    if (world.tope_alto_costo != "umbral.U2")
        unfit("tope_alto_costo", "el tope de alto costo debe ser umbral.U2, el U2 del plan", "the high-cost limit must be umbral.U2, the plan's U2");
    if (world.demo_id != "demo-a") unfit("demo_id", "el generador solo conoce la demo A", "the generator only knows demo A");
    if (r.issues.empty())
        for (Issue& i : check_world_fits(world, facts.u2)) r.issues.push_back(std::move(i));
    auto invalid = [&](const std::string& element, const std::string& es, const std::string& en) {
        r.issues.push_back(Issue{"LOTE_INVALIDO", element, {es, en}});
    };
    if (o.semilla.empty()) invalid("semilla", "la semilla no puede estar vacía", "the seed cannot be empty");
    if (o.receta == Recipe::humo && o.n != 3) invalid("n", "la receta humo tiene exactamente 3 casos", "the smoke recipe has exactly 3 cases");
    if (o.n < 1 || o.n > kMaxCases)
        invalid("n", "n debe estar entre 1 y " + std::to_string(kMaxCases), "n must be between 1 and " + std::to_string(kMaxCases));
    if (o.id && o.id->empty()) invalid("id", "el id del lote no puede estar vacío", "the batch id cannot be empty");
    if (!r.issues.empty()) return r;

    const bool caps = world.has_caps();
    const bool smoke = o.receta == Recipe::humo;
    const std::vector<Subtype> subtypes =
        smoke ? std::vector<Subtype>{Subtype::normal_aprobable, Subtype::borde_empate_umbrales, Subtype::adversario_inyeccion_texto_libre}
              : assemble(o.semilla, o.n, caps);
    json::Array casos;
    casos.reserve(subtypes.size());
    std::map<std::string, int> por_tipo, por_subtipo;
    for (std::size_t i = 0; i < subtypes.size(); ++i) {
        const Case c = generate_case(world, facts, o.semilla, case_id(static_cast<std::int64_t>(i + 1), smoke), subtypes[i]);
        ++por_tipo[std::string(name(type_of(c.subtipo)))];
        ++por_subtipo[std::string(name(c.subtipo))];
        casos.push_back(to_json(c));
        if (progress) progress(i + 1);
    }
    auto counts = [](const std::map<std::string, int>& m) {
        json::Object out;
        for (const auto& kv : m) out.push_back({kv.first, json::Value(kv.second)});
        return json::Value(std::move(out));
    };
    json::Value proporciones = smoke ? json::Value(nullptr)
                                     : json::Value(json::Object{{"normal", json::Value(kProportions[0])},
                                                                {"borde", json::Value(kProportions[1])},
                                                                {"faltante", json::Value(kProportions[2])},
                                                                {"adversario", json::Value(kProportions[3])}});
    r.batch = json::Object{
        {"formato", json::Value("planlang-casos/v1")},
        {"id", json::Value(o.id ? *o.id : o.semilla + "-" + std::to_string(o.n))},
        {"demo_id", json::Value("demo-a")},
        {"semilla", json::Value(o.semilla)},
        {"receta", json::Value(smoke ? "humo" : "estandar")},
        {"n", json::Value(static_cast<double>(subtypes.size()))},
        {"bloque", json::Value(smoke ? 3 : kBlockSize)},
        {"version_generador", json::Value(caps ? kGeneratorVersionWithCaps : kGeneratorVersionWithoutCaps)},
        {"proporciones", std::move(proporciones)},
        {"composicion", json::Object{{"por_tipo", counts(por_tipo)}, {"por_subtipo", counts(por_subtipo)}}},
        {"umbrales_de_referencia", json::Object{{"U1", json::Value(facts.u1)},
                                                {"U2", json::Value(facts.u2)},
                                                {"U3", json::Value(static_cast<double>(facts.u3))},
                                                {"U4", json::Value(facts.u4)}}},
        {"plan", reference(facts.id, facts.version, facts.huella)},
        {"plan_beneficios", reference(world.id, world.version, world.huella)},
        {"idioma_de_corrida", json::Value("es")},
        {"politica_aclaraciones", bil(internal::kPoliticaAclaraciones)},
        {"afirmacion_privacidad", bil(internal::kAfirmacionPrivacidad)},
        {"casos", std::move(casos)},
        {"huella", json::Value(nullptr)},
    };
    const std::string h = json::huella(r.batch);
    *r.batch.find("huella") = json::Value(h);
    r.ok = true;
    return r;
}

}  // namespace planlang::synth
