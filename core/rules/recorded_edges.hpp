#pragma once
// A trace's edge records read back (spec/rule-language.md §7.5–§7.6): typed, and grouped into the visits
// they record. The recomputation of visits (edges.hpp) and the verifier's contract checks read records in
// this form, filled either from a record's JSON (read_recorded_edge) or, by the run reader, straight from a
// trace's text when it has the plain shape planlang writes (core/run/fast/trace_arrays.hpp).
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/json/value.hpp"

namespace planlang::rules {

// One record of `decisiones_de_arista`, as much of it as is read back: the visit it belongs to, its place
// among the node's edges, what was recorded, and what the visit's state is rebuilt from.
struct RecordedEdge {
    // How the record contributes to its visit's state (§7.6).
    enum class State : std::uint8_t {
        tripleta,    // `tipo` "tripleta" with a string `senal` and a `valor_observado`: senal → valor_observado
        funcion,     // `tipo` "funcion" with an object `entradas`: each input → its value
        unreadable,  // anything else: its visit cannot be recomputed (ARISTA_REGISTRO_INVALIDO)
    };

    std::int64_t paso = 0;
    std::string desde;
    std::int64_t orden_arista = 0;  // 0 when it is not an integer
    bool resultado = false;         // `resultado` is true
    bool has_rama = false;          // `rama_tomada` is a string (else null or absent)
    std::string rama_tomada;        // when has_rama
    State state = State::unreadable;
    std::string senal;              // tripleta
    json::Value valor_observado;    // tripleta
    json::Value entradas;           // funcion: an object

    friend bool operator==(const RecordedEdge& a, const RecordedEdge& b);
};

// `record` read into `out` (its strings and values keep their capacity). False — `out` unspecified — when it
// belongs to no visit: not an object, or without an integer `paso` (|paso| < 2^53) or a string `desde`.
bool read_recorded_edge(const json::Value& record, RecordedEdge& out);

// A trace's edge records grouped into visits as recompute() groups them: by (paso, desde), in ascending paso
// then desde (UTF-16), each visit's records in trace order. Records that belong to no visit are counted in
// `invalid` (recompute gives each an ARISTA_REGISTRO_INVALIDO visit, before the others). The visits point into
// the records they were grouped from — `owned`, when they were grouped from JSON — valid while those are: a
// moved RecordedVisits keeps them valid (the vector's storage moves with it), a copy points into the original.
struct RecordedVisits {
    struct Visit {
        std::int64_t paso = 0;
        const std::string* desde = nullptr;
        std::vector<const RecordedEdge*> records;
    };
    std::vector<Visit> visits;
    std::size_t invalid = 0;
    std::vector<RecordedEdge> owned;  // the records read from JSON (group_visits(const json::Array&))
};

// Groups typed records (every one belongs to a visit: `invalid` is 0) into `grouped`, reusing what it holds.
void group_visits_into(const std::vector<RecordedEdge>& records, RecordedVisits& grouped);
// Reads JSON records into grouped.owned (read_recorded_edge; the others counted in `invalid`) and groups them.
void group_visits_into(const json::Array& records, RecordedVisits& grouped);
RecordedVisits group_visits(const json::Array& records);

}  // namespace planlang::rules
