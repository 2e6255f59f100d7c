// See internal/trace_records.hpp.
#include "core/run/internal/trace_records.hpp"

#include <cassert>
#include <cstdint>

namespace planlang::run::internal {

using json::Value;

void read_steps(const Value& pasos, std::vector<Step>& out) {
    // check_trace has made every step an object of these members, of these kinds, integers below 2^53.
    const json::Array& items = pasos.as_array();
    out.resize(items.size());
    auto integer = [](const Value& v) { return static_cast<std::int64_t>(v.as_number()); };
    for (std::size_t i = 0; i < items.size(); ++i) {
        const Value& p = items[i];
        Step& step = out[i];
        step.nodo = p.find("nodo")->as_string();
        step.orden = integer(*p.find("orden"));
        const Value& tipo = *p.find("tipo_nodo");
        step.has_tipo_nodo = tipo.is_string();
        if (step.has_tipo_nodo) step.tipo_nodo = tipo.as_string();
        step.costo_nominal_usd = p.find("costo_nominal_usd")->as_number();
        step.reintentos_esquema = integer(*p.find("reintentos_esquema"));
        step.error_proveedor = !p.find("error_proveedor")->is_null();
        const Value& tokens = *p.find("tokens");
        step.tokens_entrada = integer(*tokens.find("entrada"));
        step.tokens_salida = integer(*tokens.find("salida"));
    }
}

void read_pauses(const Value& pausas, std::vector<PauseRecord>& out) {
    // check_trace has made every record an object with these members, of these kinds.
    const json::Array& items = pausas.as_array();
    out.resize(items.size());
    for (std::size_t i = 0; i < items.size(); ++i) {
        const Value& p = items[i];
        PauseRecord& r = out[i];
        r.nodo = p.find("nodo")->as_string();
        r.paso = static_cast<std::int64_t>(p.find("paso")->as_number());
        r.rol = p.find("rol")->as_string();
        const json::Object& payload = p.find("payload")->as_object();
        r.payload_keys.resize(payload.size());
        for (std::size_t k = 0; k < payload.size(); ++k) r.payload_keys[k] = payload[k].key;
    }
}

void read_edge_records(const Value& decisiones, std::vector<rules::RecordedEdge>& out) {
    const json::Array& records = decisiones.as_array();
    out.resize(records.size());
    for (std::size_t i = 0; i < records.size(); ++i) {
        [[maybe_unused]] const bool read = rules::read_recorded_edge(records[i], out[i]);
        assert(read && "check_trace admits only records of a visit");
    }
}

}  // namespace planlang::run::internal

namespace planlang::run {

bool operator==(const PauseRecord& a, const PauseRecord& b) {
    return a.nodo == b.nodo && a.paso == b.paso && a.rol == b.rol && a.payload_keys == b.payload_keys;
}

bool operator==(const Step& a, const Step& b) {
    return a.nodo == b.nodo && a.orden == b.orden && a.has_tipo_nodo == b.has_tipo_nodo && (!a.has_tipo_nodo || a.tipo_nodo == b.tipo_nodo) &&
           a.costo_nominal_usd == b.costo_nominal_usd && a.reintentos_esquema == b.reintentos_esquema &&
           a.error_proveedor == b.error_proveedor && a.tokens_entrada == b.tokens_entrada && a.tokens_salida == b.tokens_salida;
}

}  // namespace planlang::run
