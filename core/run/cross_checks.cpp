// Per-run cross checks (traces-and-verifier.md §7, last group): each run against the accepted plan
// identity, the batch and the world; variants; repetitions against the main run. Run only when the plan,
// the batch and the main run were read; a run whose header failed gets none.
#include <algorithm>
#include <optional>

#include "core/run/internal/case_store.hpp"
#include "core/run/internal/schemas.hpp"
#include "core/run/internal/state.hpp"

namespace planlang::run::internal {
namespace {

using json::Value;

std::vector<std::string> case_set(const std::vector<std::string>& ids) {
    std::vector<std::string> v = ids;
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
    return v;
}

// The executed cases the batch does not have, in their order. Ids in ascending byte order (ours: padded
// numbers) are walked beside the batch's index, sorted the same way, instead of searched one by one (a
// serial step at the end of reading: ~1 ms with 10,000 cases).
std::vector<std::string> not_in_batch(const std::vector<std::string>& ids, const Batch& batch) {
    std::vector<std::string> out;
    if (std::is_sorted(ids.begin(), ids.end())) {
        const std::vector<CaseEntry>& index = batch.cases->index();
        auto entry = index.begin();
        for (const std::string& id : ids) {
            while (entry != index.end() && entry->id < id) ++entry;
            if (entry == index.end() || entry->id != id) out.push_back(id);
        }
        return out;
    }
    for (const std::string& id : ids)
        if (!batch.has_case(id)) out.push_back(id);
    return out;
}

struct Out {
    std::vector<Motive>& motives;
    std::string archivo;
    void add(const char* code, Bilingual detalle) { motives.push_back(motive(code, archivo, std::move(detalle))); }
    void differs(const char* code, const std::string& what, const std::string& declared, const std::string& accepted) {
        add(code, {what + ": el manifiesto dice «" + declared + "», lo aceptado es «" + accepted + "»",
                   what + ": the manifest says \"" + declared + "\", the accepted one is \"" + accepted + "\""});
    }
};

}  // namespace

void cross_check_runs(const std::vector<RunState>& runs, const Accepted& accepted, std::vector<Motive>& out) {
    const RunState& main = runs.front();
    std::optional<std::vector<std::string>> main_cases;  // made for the first repetition, if any
    const Value& batch = accepted.batch->document;
    std::vector<std::string> seen_repetitions;  // corrida_id and manifest huella of the repetitions so far
    for (const RunState& run : runs) {
        if (!run.header_ok) continue;
        const RunHeader& h = run.header;
        const Value& m = h.manifest;
        Out o{out, join(run.dir, "corrida.json")};
        // Plan identity (the plan, or an accepted planDeLaCorrida).
        const Value& plan = at(m, "plan");
        if (str(plan, "id") != accepted.plan_id) o.differs("REFERENCIA_ROTA", "plan.id", str(plan, "id"), accepted.plan_id);
        if (str(plan, "version") != accepted.plan_version)
            o.differs("REFERENCIA_ROTA", "plan.version", str(plan, "version"), accepted.plan_version);
        if (str(plan, "huella") != accepted.plan_huella) o.differs("HUELLA_NO_COINCIDE", "plan.huella", str(plan, "huella"), accepted.plan_huella);
        // World and batch.
        if (accepted.world_huella) {
            const char* key = world_key(m);
            const std::string& declared = str(at(m, key), "huella");
            if (declared != *accepted.world_huella) o.differs("HUELLA_NO_COINCIDE", std::string(key) + ".huella", declared, *accepted.world_huella);
        }
        const Value& casos = at(m, "casos");
        if (str(casos, "huella") != accepted.batch->huella)
            o.differs("HUELLA_NO_COINCIDE", "casos.huella", str(casos, "huella"), accepted.batch->huella);
        if (str(m, "demo_id") != str(batch, "demo_id")) o.differs("REFERENCIA_ROTA", "demo_id", str(m, "demo_id"), str(batch, "demo_id"));
        const std::vector<std::string> unknown = not_in_batch(h.casos_ejecutados, *accepted.batch);
        if (!unknown.empty()) {
            std::string list;
            for (std::size_t i = 0; i < unknown.size() && i < 10; ++i) list += (i ? ", " : "") + unknown[i];
            if (unknown.size() > 10) list += ", … (" + std::to_string(unknown.size()) + ")";
            o.add("REFERENCIA_ROTA", {"casos ejecutados que no están en el lote: " + list, "executed cases not in the batch: " + list});
        }
        // Variants and repetitions.
        const char* expected = run.role == Role::base ? "agente_unico" : "multiagente";
        if (h.variante != expected)
            o.add("CORRIDA_INCOMPATIBLE", {"la corrida tiene variante «" + h.variante + "» y su papel pide «" + expected + "»",
                                           "the run has variant \"" + h.variante + "\" and its role needs \"" + expected + "\""});
        if (run.role != Role::repeticion) continue;
        if (h.corrida_id == main.header.corrida_id || h.huella == main.header.huella)
            o.add("CORRIDA_INCOMPATIBLE", {"la repetición es la corrida principal (" + h.corrida_id + ")",
                                           "the repetition is the main run (" + h.corrida_id + ")"});
        else if (std::find(seen_repetitions.begin(), seen_repetitions.end(), h.corrida_id) != seen_repetitions.end() ||
                 std::find(seen_repetitions.begin(), seen_repetitions.end(), h.huella) != seen_repetitions.end())
            o.add("CORRIDA_INCOMPATIBLE", {"la repetición " + h.corrida_id + " ya se dio", "the repetition " + h.corrida_id + " was already given"});
        seen_repetitions.push_back(h.corrida_id);
        seen_repetitions.push_back(h.huella);
        if (str(m, "version_grafo") != str(main.header.manifest, "version_grafo"))
            o.differs("CORRIDA_INCOMPATIBLE", "version_grafo (repetición frente a la principal)", str(m, "version_grafo"),
                      str(main.header.manifest, "version_grafo"));
        if (!main_cases) main_cases = case_set(main.header.casos_ejecutados);
        if (case_set(h.casos_ejecutados) != *main_cases)
            o.add("CORRIDA_INCOMPATIBLE", {"la repetición no ejecutó los mismos casos que la corrida principal",
                                           "the repetition did not run the same cases as the main run"});
    }
}

}  // namespace planlang::run::internal
