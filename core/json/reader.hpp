#pragma once
// Strict JSON reader (RFC 8259 + I-JSON duties of RFC 8785 §3.1; decisions.md D1–D2).
// Rejects, with a code, the JSON path and line:column: syntax errors, invalid UTF-8, duplicate keys
// in one object, lone surrogates in keys, NaN/Infinity, numbers that overflow a double, nesting
// deeper than ReadLimits::max_depth and documents larger than ReadLimits::max_bytes.
// Accepted numbers keep their nearest double (as JSON.parse), lone surrogates in string values are
// kept as WTF-8.
#include <cstddef>
#include <optional>
#include <string_view>

#include "core/common/issue.hpp"
#include "core/json/value.hpp"

namespace planlang::json {

struct ReadLimits {
    std::size_t max_depth = 512;                   // nested arrays/objects; 100,000 gives JSON_PROFUNDIDAD
    std::size_t max_bytes = std::size_t{1} << 30;  // 1 GiB; larger inputs give JSON_TAMANO
};

struct ReadResult {
    Value value;
    std::optional<Issue> error;  // codes: JSON_SINTAXIS, JSON_UTF8_INVALIDO, JSON_CLAVE_DUPLICADA,
                                 // JSON_SURROGADO_EN_CLAVE, JSON_NUMERO_NO_FINITO, JSON_PROFUNDIDAD,
                                 // JSON_TAMANO
    bool ok() const { return !error.has_value(); }
};

ReadResult read(std::string_view text, const ReadLimits& limits = {});

}  // namespace planlang::json
