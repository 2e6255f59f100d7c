// The CI gate of a verified run (gate.hpp).
#include "core/verify/gate.hpp"

#include <algorithm>

#include "core/rules/parser.hpp"

namespace planlang::verify {

using json::Value;

namespace {

const Value& member(const Value& v, std::string_view key) { return json::member_or_null(v, key); }

const Value* find_by_id(const Value& list, const std::string& id) {
    for (const Value& x : json::array_items(list))
        if (member(x, "id") == Value(id)) return &x;
    return nullptr;
}

bool is_safety(const plan::Risk& r) { return r.severidad >= 9 || r.control_legal.value_or(false); }

std::string state_of(const Value* item) { return item && member(*item, "estado").is_string() ? member(*item, "estado").as_string() : ""; }

}  // namespace

bool GateResult::pasa() const {
    return std::none_of(elementos.begin(), elementos.end(), [](const GateItem& i) { return i.resultado == GateItem::Result::falla; });
}

std::vector<std::string> GateResult::fallas() const {
    std::vector<std::string> out;
    for (const GateItem& i : elementos)
        if (i.resultado == GateItem::Result::falla) out.push_back(i.id);
    return out;
}

GateResult gate(const plan::Plan& plan, const Value& informe, const std::vector<std::string>& claves_de_subgrupo) {
    GateResult g;
    g.corrida_id = member(informe, "corrida_id").is_string() ? member(informe, "corrida_id").as_string() : "";
    const Value& n_lote = member(member(member(informe, "ficha_reproducibilidad"), "casos"), "n_lote");
    g.n_lote = n_lote.is_number() ? static_cast<std::int64_t>(n_lote.as_number()) : 0;
    g.lote_completo = plan.lotes.completo;
    g.claves_de_subgrupo = claves_de_subgrupo;
    const bool full_batch = g.n_lote >= g.lote_completo;
    std::vector<std::string> fairness_roots = claves_de_subgrupo;
    fairness_roots.push_back("par_de_referencia");

    std::vector<std::string> safety_risks;
    for (const plan::Risk& r : plan.riesgos)
        if (is_safety(r)) safety_risks.push_back(r.id);

    for (const plan::Criterion& c : plan.criterios_aceptacion) {
        GateItem item;
        item.kind = GateItem::Kind::criterio;
        item.id = c.id;
        if (std::any_of(c.riesgos_controlados.begin(), c.riesgos_controlados.end(),
                        [&](const std::string& r) { return std::find(safety_risks.begin(), safety_risks.end(), r) != safety_risks.end(); }))
            item.razones.push_back("seguridad");
        const bool absolute = c.tipo == "absoluto";
        if (absolute) item.razones.push_back("absoluto");
        if (rules::reads_root(c.regla_de_medicion.poblacion, claves_de_subgrupo)) item.razones.push_back("equidad");
        if (item.razones.empty()) continue;
        item.estado = state_of(find_by_id(member(informe, "criterios"), c.id));
        if (item.estado == "cumple") {
            item.resultado = GateItem::Result::pasa;
        } else if (item.estado == "sin_poblacion") {
            item.nota = {"ningún caso de su población en esta corrida", "no case of its population in this run"};
        } else if (!absolute && !full_batch) {
            item.nota = {"una barra de tasa se juzga en el lote completo del plan (" + std::to_string(g.lote_completo) + " casos); esta corrida tiene " +
                             std::to_string(g.n_lote),
                         "a rate bar is judged on the plan's full batch (" + std::to_string(g.lote_completo) + " cases); this run has " +
                             std::to_string(g.n_lote)};
        } else {
            item.resultado = GateItem::Result::falla;
            item.nota = {"el criterio no se cumple (" + item.estado + ")", "the criterion is not met (" + item.estado + ")"};
        }
        g.elementos.push_back(std::move(item));
    }
    for (const plan::Risk& r : plan.riesgos) {
        GateItem item;
        item.kind = GateItem::Kind::riesgo;
        item.id = r.id;
        if (is_safety(r)) item.razones.push_back("seguridad");
        if (r.detector_en_trazas && rules::reads_root(r.detector_en_trazas->poblacion, fairness_roots)) item.razones.push_back("equidad");
        if (item.razones.empty()) continue;
        item.estado = state_of(find_by_id(member(informe, "riesgos"), r.id));
        if (item.estado == "no_ocurrio") {
            item.resultado = GateItem::Result::pasa;
        } else if (item.estado == "sin_poblacion") {
            item.nota = {"ningún caso de su población en esta corrida", "no case of its population in this run"};
        } else {
            item.resultado = GateItem::Result::falla;
            item.nota = item.estado == "ocurrio" ? Bilingual{"el riesgo ocurrió", "the risk occurred"}
                                                 : Bilingual{"el riesgo no se pudo descartar (" + item.estado + ")",
                                                             "the risk could not be ruled out (" + item.estado + ")"};
        }
        g.elementos.push_back(std::move(item));
    }
    return g;
}

Value gate_json(const GateResult& g) {
    json::Array items;
    for (const GateItem& i : g.elementos) {
        json::Array razones;
        for (const std::string& r : i.razones) razones.emplace_back(r);
        const char* resultado = i.resultado == GateItem::Result::pasa ? "pasa" : i.resultado == GateItem::Result::falla ? "falla" : "no_medido";
        items.push_back(json::Object{{"estado", i.estado},
                                     {"id", i.id},
                                     {"nota", i.nota.es.empty() ? Value() : Value(json::Object{{"en", i.nota.en}, {"es", i.nota.es}})},
                                     {"razones", std::move(razones)},
                                     {"resultado", resultado},
                                     {"tipo", i.kind == GateItem::Kind::criterio ? "criterio" : "riesgo"}});
    }
    json::Array claves;
    for (const std::string& k : g.claves_de_subgrupo) claves.emplace_back(k);
    return json::Object{{"claves_de_subgrupo", std::move(claves)},
                        {"corrida_id", g.corrida_id},
                        {"elementos", std::move(items)},
                        {"lote_completo", static_cast<double>(g.lote_completo)},
                        {"n_lote", static_cast<double>(g.n_lote)},
                        {"pasa", g.pasa()}};
}

std::string gate_text(const GateResult& g, bool english) {
    auto t = [&](const char* es, const char* en) { return std::string(english ? en : es); };
    auto reason = [&](const std::string& r) {
        if (r == "seguridad") return t("seguridad", "safety");
        if (r == "absoluto") return t("absoluto", "absolute");
        return t("equidad", "fairness");
    };
    std::string out = t("Puerta de ", "Gate of ") + g.corrida_id + " (" + std::to_string(g.n_lote) + t(" casos; lote completo del plan: ", " cases; the plan's full batch: ") +
                      std::to_string(g.lote_completo) + ")\n";
    out += t("| Elemento | Por qué está en la puerta | Estado | Resultado |\n", "| Item | Why it is gated | State | Result |\n");
    out += "|---|---|---|---|\n";
    for (const GateItem& i : g.elementos) {
        std::string why;
        for (const std::string& r : i.razones) why += (why.empty() ? "" : ", ") + reason(r);
        const std::string result = i.resultado == GateItem::Result::pasa    ? t("✓ pasa", "✓ passes")
                                   : i.resultado == GateItem::Result::falla ? t("✗ falla: ", "✗ fails: ") + (english ? i.nota.en : i.nota.es)
                                                                            : t("— no medido: ", "— not measured: ") + (english ? i.nota.en : i.nota.es);
        out += "| " + i.id + " | " + why + " | `" + i.estado + "` | " + result + " |\n";
    }
    const std::vector<std::string> failed = g.fallas();
    if (failed.empty()) {
        out += t("La puerta pasa: ningún elemento falla.\n", "The gate passes: no item fails.\n");
    } else {
        std::string ids;
        for (const std::string& id : failed) ids += (ids.empty() ? "" : ", ") + id;
        out += t("La puerta falla: ", "The gate fails: ") + ids + ".\n";
    }
    if (g.claves_de_subgrupo.empty())
        out += t("Sin claves de subgrupo declaradas: solo la comparación por pares cuenta como equidad.\n",
                 "No subgroup keys declared: only the paired comparison counts as fairness.\n");
    return out;
}

}  // namespace planlang::verify
