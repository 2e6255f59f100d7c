// libFuzzer target: a trace's steps, edge records and pause records read without their tree
// (core/run/trace_arrays.cpp). The input is the text of a `pasos`, `decisiones_de_arista` or `pausas_humanas`
// array, possibly followed by more; the three scanners are tried on it. Property, not just "no crash":
// whatever a scanner takes, the general path reads (json::read_into with a canonical copy) to a canonical
// array whose copy is the bytes the scanner wrote, every item of it fits the trace schema (the whole trace's,
// for steps and pauses), and reading the items from that tree (read_steps, rules::read_recorded_edge,
// read_pauses) gives what the scanner typed. Steps and edge records with one level of depth less: declined;
// pause records are tried with the depth a trace allows, and with just the levels their text nests (the
// reader's depth, less one for the trace).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "core/json/reader.hpp"
#include "core/run/internal/schemas.hpp"
#include "core/run/fast/trace_arrays.hpp"

using namespace planlang;

namespace {

void require(bool condition) {
    if (!condition) std::abort();
}

// The general path on the bytes a scanner took: read, canonical, the same copy; the tree for the caller.
json::Value general(std::string_view taken, std::string_view written) {
    json::Value tree;
    json::CanonicalCopy copy;
    require(!json::read_into(tree, taken, json::ReadLimits{}, &copy).has_value());
    require(copy.canonical);
    require(copy.text() == written);
    require(tree.is_array());
    return tree;
}

// A trace of the smoke run's shape with `member` (pasos, pausas_humanas) replaced: check_trace's issues for it alone.
bool fits(const char* member, const json::Value& items) {
    static const json::Value kTrace = json::read(R"({"aclaraciones":[],"caso_id":"AH-1","cobertura":null,"corrida_id":"c",
        "decisiones_de_arista":[],"documento_adverso":null,"error_de_esquema_en_traspaso":false,"error_proveedor":null,
        "extraccion":null,"formato":"planlang-trace/v1","guardia_salida":null,"huella":"0000000000000000000000000000000000000000000000000000000000000000",
        "nodos_visitados":[],"pasos":[],"pausas_humanas":[],"resultado":"completo","salida_final":null,"senales":{},"variante":"multiagente"})").value;
    json::Value trace = kTrace;
    *trace.find(member) = items;
    for (const Issue& i : run::internal::check_trace(trace, false))
        if (i.element.rfind(member, 0) == 0) return false;
    return true;
}

// The containers nested in `tree` counting itself (the depth the reader needs for it).
std::size_t levels(const json::Value& tree) {
    std::size_t below = 0;
    if (tree.is_array())
        for (const json::Value& v : tree.as_array()) below = std::max(below, levels(v));
    else if (tree.is_object())
        for (const json::Member& m : tree.as_object()) below = std::max(below, levels(m.value));
    else
        return 0;
    return below + 1;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    std::string canonical(text.size(), '\0');
    std::size_t written = 0;

    std::vector<rules::RecordedEdge> records;
    if (const std::size_t used = run::internal::scan_edge_records(text, 3, records, canonical.data(), written)) {
        require(used <= text.size() && written <= used);
        const json::Value tree = general(text.substr(0, used), std::string_view(canonical.data(), written));
        require(tree.as_array().size() == records.size());
        rules::RecordedEdge from_tree;
        for (std::size_t i = 0; i < records.size(); ++i) {
            require(run::internal::check_trace_edge_record(tree.as_array()[i], i).empty());
            require(rules::read_recorded_edge(tree.as_array()[i], from_tree));
            require(from_tree == records[i]);
        }
        require(run::internal::scan_edge_records(text, 2, records, canonical.data(), written) == 0);
    }

    std::vector<run::Step> steps;
    if (const std::size_t used = run::internal::scan_steps(text, 3, steps, canonical.data(), written)) {
        require(used <= text.size() && written <= used);
        const json::Value tree = general(text.substr(0, used), std::string_view(canonical.data(), written));
        require(fits("pasos", tree));
        std::vector<run::Step> from_tree;
        run::internal::read_steps(tree, from_tree);
        require(from_tree == steps);
        require(run::internal::scan_steps(text, 2, steps, canonical.data(), written) == 0);
    }

    std::vector<run::PauseRecord> pauses;
    const std::size_t depth = json::ReadLimits{}.max_depth - 1;
    if (const std::size_t used = run::internal::scan_pause_records(text, depth, pauses, canonical.data(), written)) {
        require(used <= text.size() && written <= used);
        const json::Value tree = general(text.substr(0, used), std::string_view(canonical.data(), written));
        require(fits("pausas_humanas", tree));
        std::vector<run::PauseRecord> from_tree;
        run::internal::read_pauses(tree, from_tree);
        require(from_tree == pauses);
        const std::size_t needed = std::max<std::size_t>(levels(tree), 3);  // the scanner asks for 3 at least
        require(run::internal::scan_pause_records(text, needed, pauses, canonical.data(), written) == used);
        require(run::internal::scan_pause_records(text, needed - 1, pauses, canonical.data(), written) == 0);
    }
    return 0;
}
