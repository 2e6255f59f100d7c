#include "core/plan/waves.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "core/json/unicode.hpp"

namespace planlang::plan {
namespace {

struct Utf16Less {
    bool operator()(const std::string& a, const std::string& b) const { return json::utf16_less(a, b); }
};

using IdSet = std::set<std::string, Utf16Less>;

}  // namespace

WavesResult decision_waves(const std::vector<Decision>& decisions) {
    WavesResult result;
    std::map<std::string, const Decision*, Utf16Less> by_id;
    for (const Decision& d : decisions) by_id.emplace(d.id, &d);
    for (const Decision& d : decisions)
        for (const Id& dep : d.depende_de)
            if (!by_id.count(dep)) {
                result.code = "DEPENDENCIA_DESCONOCIDA";
                result.element = d.id + " → " + dep;
                return result;
            }

    IdSet placed;
    IdSet unplaced;
    for (const auto& entry : by_id) unplaced.insert(entry.first);
    while (!unplaced.empty()) {
        std::vector<Id> one_way, rest;
        for (const Id& id : unplaced) {
            const Decision& d = *by_id.at(id);
            const bool ready = std::all_of(d.depende_de.begin(), d.depende_de.end(), [&](const Id& dep) { return placed.count(dep) > 0; });
            if (ready) (d.reversibilidad == "una_via" ? one_way : rest).push_back(id);
        }
        if (one_way.empty() && rest.empty()) break;
        std::vector<Id> wave = one_way;  // both already sorted (the set is)
        wave.insert(wave.end(), rest.begin(), rest.end());
        for (const Id& id : wave) {
            placed.insert(id);
            unplaced.erase(id);
        }
        result.waves.push_back(std::move(wave));
    }
    if (unplaced.empty()) return result;

    // Stalled: find the first cycle by depth-first search, ids and dependencies in sorted order.
    result.waves.clear();
    std::vector<Id> stack;
    IdSet done;
    std::optional<std::vector<Id>> cycle;
    const auto visit = [&](const auto& self, const Id& id) -> void {
        if (cycle || done.count(id)) return;
        const auto on_stack = std::find(stack.begin(), stack.end(), id);
        if (on_stack != stack.end()) {
            cycle = std::vector<Id>(on_stack, stack.end());
            cycle->push_back(id);
            return;
        }
        stack.push_back(id);
        IdSet deps;
        for (const Id& dep : by_id.at(id)->depende_de)
            if (unplaced.count(dep)) deps.insert(dep);
        for (const Id& dep : deps) self(self, dep);
        stack.pop_back();
        done.insert(id);
    };
    for (const Id& id : unplaced) visit(visit, id);
    result.code = "CICLO";
    if (cycle) {
        for (std::size_t i = 0; i < cycle->size(); ++i) result.element += (i ? " → " : "") + (*cycle)[i];
    }
    return result;
}

}  // namespace planlang::plan
