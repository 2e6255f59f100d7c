// See fast/trace_arrays.hpp. The shapes read here are the ones check_trace's shortcut accepts without
// walking a step or a record (schemas.cpp, step_in_canonical_order, edge_record_in_canonical_order),
// narrowed to plain tokens. Members are read in the order of the schema tables (internal/schemas.hpp), whose
// index is the member's place: kEdgeRecordKeys[0] is "desde", and so on.
#include "core/run/fast/trace_arrays.hpp"

#include <initializer_list>
#include <string_view>

#include "core/run/fast/plain_scan.hpp"
#include "core/run/internal/schemas.hpp"

namespace planlang::run::internal {
namespace {

using json::Value;
using rules::RecordedEdge;

// `entradas` of a function record: an object of plain scalars, plain keys strictly increasing (ASCII, so
// byte order is the UTF-16 order canonical form sorts by), read into `out` reusing its members.
bool inputs(PlainScan& s, Value& out) {
    if (!s.token("{")) return false;
    if (!out.is_object()) out = Value(json::Object{});
    json::Object& members = out.as_object();
    std::size_t count = 0;
    if (!s.token("}")) {
        do {
            if (count == members.size()) members.emplace_back();
            json::Member& m = members[count];
            if (!s.plain_string(false, &m.key) || (count > 0 && !(members[count - 1].key < m.key))) return false;
            if (!s.token(":") || !s.plain_scalar(m.value)) return false;
            ++count;
        } while (s.token(","));
        if (!s.token("}")) return false;
    }
    members.resize(count);
    return true;
}

bool one_of(std::string_view word, std::initializer_list<std::string_view> words) {
    for (std::string_view w : words)
        if (word == w) return true;
    return false;
}

// One record into `r`.
bool record(PlainScan& s, RecordedEdge& r) {
    std::string_view word;
    if (!s.token("{") || !s.key(kEdgeRecordKeys[0], true) || !s.plain_string(true, &r.desde)) return false;
    // entradas: null (triplet) or an object (function); which one must agree with `tipo`, read later.
    if (!s.key(kEdgeRecordKeys[1])) return false;
    const bool with_inputs = s.peek() == '{';
    if (with_inputs ? !inputs(s, r.entradas) : !s.token("null")) return false;
    // funcion: null, or a non-empty string.
    if (!s.key(kEdgeRecordKeys[2])) return false;
    const bool with_function = s.peek() == '"';
    if (with_function ? !s.plain_string(true) : !s.token("null")) return false;
    // inclusivo: a boolean (triplet), or null.
    if (!s.key(kEdgeRecordKeys[3])) return false;
    const bool with_inclusive = s.peek() != 'n';
    if (with_inclusive ? !s.boolean() : !s.token("null")) return false;
    // operador: one of the six (triplet), or null.
    if (!s.key(kEdgeRecordKeys[4])) return false;
    const bool with_operator = s.peek() == '"';
    if (with_operator ? !s.plain_string_view(true, word) || !one_of(word, kOperators) : !s.token("null")) return false;
    if (!s.key(kEdgeRecordKeys[5]) || !s.integer_from_one(&r.orden_arista)) return false;
    if (!s.key(kEdgeRecordKeys[6]) || !s.integer_from_one(&r.paso)) return false;
    if (!s.key(kEdgeRecordKeys[7])) return false;
    r.has_rama = s.peek() == '"';
    if (r.has_rama ? !s.plain_string(false, &r.rama_tomada) : !s.token("null")) return false;
    if (!s.key(kEdgeRecordKeys[8]) || !s.boolean(&r.resultado)) return false;
    if (!s.key(kEdgeRecordKeys[9])) return false;
    const bool with_signal = s.peek() == '"';
    if (with_signal ? !s.plain_string(true, &r.senal) : !s.token("null")) return false;
    if (!s.key(kEdgeRecordKeys[10]) || !s.plain_string_view(true, word)) return false;
    const bool triplet = word == "tripleta";
    if (!triplet && word != "funcion") return false;
    // The three values: any plain scalar in a triplet, null in a function record.
    Value& threshold = r.valor_observado;  // read and dropped: the verifier reads only valor_observado
    if (!s.key(kEdgeRecordKeys[11]) || !s.plain_scalar(threshold)) return false;
    const bool threshold_null = threshold.is_null();
    if (!s.key(kEdgeRecordKeys[12]) || !s.plain_scalar(threshold)) return false;
    const bool declared_null = threshold.is_null();
    if (!s.key(kEdgeRecordKeys[13]) || !s.plain_scalar(r.valor_observado) || !s.token("}")) return false;
    if (triplet) {
        if (with_inputs || with_function || !with_inclusive || !with_operator || !with_signal) return false;
        r.state = RecordedEdge::State::tripleta;
    } else {
        if (!with_inputs || !with_function || with_inclusive || with_operator || with_signal || !threshold_null || !declared_null ||
            !r.valor_observado.is_null())
            return false;
        r.state = RecordedEdge::State::funcion;
    }
    return true;
}

// One step into `step`.
bool step(PlainScan& s, Step& step) {
    if (!s.token("{") || !s.key(kStepKeys[0], true) || !s.plain_number(step.costo_nominal_usd) || step.costo_nominal_usd < 0)
        return false;
    if (!s.key(kStepKeys[1]) || !s.integer_from_zero()) return false;
    if (!s.key(kStepKeys[2])) return false;
    std::string_view word;
    step.error_proveedor = s.peek() == '"';
    if (step.error_proveedor ? !s.plain_string_view(true, word) || !one_of(word, kProviderErrors) : !s.token("null")) return false;
    if (!s.key(kStepKeys[3]) || !s.integer_from_zero()) return false;
    if (!s.key(kStepKeys[4]) || !s.plain_string(true, &step.nodo)) return false;
    if (!s.key(kStepKeys[5]) || !s.integer_from_one(&step.orden)) return false;
    if (!s.key(kStepKeys[6]) || !s.integer_from_zero(&step.reintentos_esquema)) return false;
    if (!s.key(kStepKeys[7])) return false;
    step.has_tipo_nodo = s.peek() == '"';
    if (step.has_tipo_nodo ? !s.plain_string(false, &step.tipo_nodo) : !s.token("null")) return false;
    return s.key(kStepKeys[8]) && s.token("{") && s.key(kStepTokenKeys[0], true) && s.integer_from_zero(&step.tokens_entrada) &&
           s.key(kStepTokenKeys[1]) && s.integer_from_zero(&step.tokens_salida) && s.token("}") && s.token("}");
}

// Any JSON value of plain tokens — objects with plain ASCII keys in strictly increasing order (byte order is
// the UTF-16 order canonical form sorts by), texts as PlainScan::text_string reads them — nested at most
// `levels` containers deep counting itself; checked and copied, not kept.
bool any_value(PlainScan& s, std::size_t levels) {
    switch (s.peek()) {
        case '{': {
            if (levels == 0 || !s.token("{")) return false;
            if (s.token("}")) return true;
            std::string_view key, last;
            bool first = true;
            do {
                if (!s.plain_string_view(false, key) || (!first && !(last < key)) || !s.token(":") || !any_value(s, levels - 1)) return false;
                last = key;
                first = false;
            } while (s.token(","));
            return s.token("}");
        }
        case '[': {
            if (levels == 0 || !s.token("[")) return false;
            if (s.token("]")) return true;
            do {
                if (!any_value(s, levels - 1)) return false;
            } while (s.token(","));
            return s.token("]");
        }
        case '"': return s.text_string(false);
        case 'n': return s.token("null");
        case 't':
        case 'f': return s.boolean();
        default: {
            double number = 0;
            return s.plain_number(number);
        }
    }
}

// One pause record into `r`; `levels`: the containers allowed from its payload down.
bool pause(PlainScan& s, PauseRecord& r, std::size_t levels) {
    if (!s.token("{") || !s.key(kPauseRecordKeys[0], true) || !s.plain_string(true, &r.nodo)) return false;
    if (!s.key(kPauseRecordKeys[1]) || !s.integer_from_one(&r.paso)) return false;
    // payload: an object; its keys kept, its values checked.
    if (!s.key(kPauseRecordKeys[2]) || !s.token("{") || levels == 0) return false;
    std::size_t count = 0;
    if (!s.token("}")) {
        std::string_view key;
        do {
            if (!s.plain_string_view(false, key) || (count > 0 && !(r.payload_keys[count - 1] < key))) return false;
            if (count == r.payload_keys.size()) r.payload_keys.emplace_back();
            r.payload_keys[count++].assign(key.data(), key.size());
            if (!s.token(":") || !any_value(s, levels - 1)) return false;
        } while (s.token(","));
        if (!s.token("}")) return false;
    }
    r.payload_keys.resize(count);
    return s.key(kPauseRecordKeys[3]) && s.token("{") && s.key("\"decision\"", true) && s.text_string(false) &&
           s.key("\"politica\"") && s.text_string(false) && s.token("}") && s.key(kPauseRecordKeys[4]) && s.plain_string(true, &r.rol) &&
           s.token("}");
}

// An array of items read by `item` into `out` (reusing its elements), its canonical form at `canonical`.
template <typename T, typename Item>
std::size_t scan_array(std::string_view text, std::vector<T>& out, char* canonical, std::size_t& written, Item&& item) {
    PlainScan s(text, canonical);
    std::size_t count = 0;
    if (!s.token("[")) return 0;
    if (!s.token("]")) {
        do {
            if (count == out.size()) out.emplace_back();
            if (!item(s, out[count])) return 0;
            ++count;
        } while (s.token(","));
        if (!s.token("]")) return 0;
    }
    out.resize(count);
    written = static_cast<std::size_t>(s.written() - canonical);
    return s.consumed();
}

}  // namespace

std::size_t scan_edge_records(std::string_view text, std::size_t depth_left, std::vector<RecordedEdge>& out, char* canonical,
                              std::size_t& written) {
    if (depth_left < 3) return 0;  // the array, its records, a record's entradas
    return scan_array(text, out, canonical, written, record);
}

std::size_t scan_steps(std::string_view text, std::size_t depth_left, std::vector<Step>& out, char* canonical, std::size_t& written) {
    if (depth_left < 3) return 0;  // the array, its steps, a step's tokens
    return scan_array(text, out, canonical, written, step);
}

std::size_t scan_pause_records(std::string_view text, std::size_t depth_left, std::vector<PauseRecord>& out, char* canonical,
                               std::size_t& written) {
    if (depth_left < 3) return 0;  // the array, its records, a record's payload
    return scan_array(text, out, canonical, written, [depth_left](PlainScan& s, PauseRecord& r) { return pause(s, r, depth_left - 2); });
}

std::size_t TraceArraysScanner::scan(std::string_view key, std::string_view text, std::size_t depth_left, char* canonical,
                                     std::size_t& written) {
    TraceArrays& into = *m_into;
    if (key == "pasos") {
        const std::size_t used = scan_steps(text, depth_left, into.steps, canonical, written);
        into.steps_scanned = used > 0;
        return used;
    }
    if (key == "decisiones_de_arista") {
        const std::size_t used = scan_edge_records(text, depth_left, into.records, canonical, written);
        into.records_scanned = used > 0;
        return used;
    }
    if (key == "pausas_humanas") {
        const std::size_t used = scan_pause_records(text, depth_left, into.pauses, canonical, written);
        into.pauses_scanned = used > 0;
        return used;
    }
    return 0;
}

}  // namespace planlang::run::internal
