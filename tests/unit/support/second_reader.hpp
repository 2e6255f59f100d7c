#pragma once
// nlohmann/json as an independent second reader of JSON (issue 48): the unit corpus test and the reader's fuzz
// target hold our strict reader (core/json/reader.hpp) against it. Where both accept a document they must read
// the same value (document order, numbers as the nearest double: nlohmann keeps integers exactly, and an exact
// integer converted to double is that nearest double). Where only one rejects, the reason must be a rule the
// other does not have, named here:
//   only ours rejects: duplicate keys (I-JSON; nlohmann keeps the last), a lone surrogate in a key, nesting
//     deeper than our limit, a document over our size limit, a leading byte order mark (nlohmann skips it),
//     bytes after a NUL that follows the value (nlohmann's lexer ends the input at a NUL byte);
//   only nlohmann rejects: a lone surrogate in a string value (we keep it, as JSON.parse does).
// Anything else is a disagreement, with a sentence saying what.
#include <cmath>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "core/json/reader.hpp"

namespace planlang::testing {

// nullopt when the two agree as above; else what differs.
inline std::optional<std::string> disagreement(const json::Value& ours, const nlohmann::ordered_json& theirs, const std::string& at = "$") {
    using T = nlohmann::ordered_json::value_t;
    switch (theirs.type()) {
        case T::null: return ours.is_null() ? std::nullopt : std::optional<std::string>(at + ": null in nlohmann/json only");
        case T::boolean:
            return ours.is_bool() && ours.as_bool() == theirs.get<bool>() ? std::nullopt : std::optional<std::string>(at + ": boolean differs");
        case T::number_integer:
        case T::number_unsigned:
        case T::number_float: {
            const double d = theirs.get<double>();
            if (!ours.is_number()) return at + ": a number in nlohmann/json only";
            // -0 is an integer 0 in nlohmann/json: the sign of zero is ours alone.
            return ours.as_number() == d ? std::nullopt : std::optional<std::string>(at + ": number differs");
        }
        case T::string:
            return ours.is_string() && ours.as_string() == theirs.get_ref<const std::string&>() ? std::nullopt
                                                                                               : std::optional<std::string>(at + ": string differs");
        case T::array: {
            if (!ours.is_array() || ours.as_array().size() != theirs.size()) return at + ": array differs";
            for (std::size_t i = 0; i < theirs.size(); ++i)
                if (auto d = disagreement(ours.as_array()[i], theirs[i], at + "[" + std::to_string(i) + "]")) return d;
            return std::nullopt;
        }
        case T::object: {
            if (!ours.is_object() || ours.as_object().size() != theirs.size()) return at + ": object differs";
            std::size_t i = 0;
            for (auto it = theirs.begin(); it != theirs.end(); ++it, ++i) {
                const json::Member& m = ours.as_object()[i];
                if (m.key != it.key()) return at + ": key " + std::to_string(i) + " differs";
                if (auto d = disagreement(m.value, it.value(), at + "." + m.key)) return d;
            }
            return std::nullopt;
        }
        default: return at + ": a kind of value nlohmann/json gives and ours has no counterpart for";
    }
}

// Whether `text` holds a string value with a lone surrogate escape (\uD800–\uDFFF not in a pair), outside keys:
// read by a small scanner of its own, only to name why nlohmann/json refused what we accepted.
inline bool lone_surrogate_in_value(std::string_view text) {
    for (std::size_t i = 0; i + 5 < text.size(); ++i) {
        if (text[i] != '\\' || (text[i + 1] != 'u' && text[i + 1] != 'U')) continue;
        const std::string hex(text.substr(i + 2, 4));
        const unsigned long v = std::strtoul(hex.c_str(), nullptr, 16);
        if (v < 0xD800 || v > 0xDFFF) continue;
        const bool high = v <= 0xDBFF;
        const bool paired = high && i + 11 < text.size() && text[i + 6] == '\\' && text[i + 7] == 'u' &&
                            std::strtoul(std::string(text.substr(i + 8, 4)).c_str(), nullptr, 16) >= 0xDC00 &&
                            std::strtoul(std::string(text.substr(i + 8, 4)).c_str(), nullptr, 16) <= 0xDFFF;
        if (!paired) return true;
        i += 6;
    }
    return false;
}

// The verdict on one document: nullopt when our reader and nlohmann/json agree (see above).
inline std::optional<std::string> second_reader_disagrees(std::string_view text, const json::ReadLimits& limits = {}) {
    const json::ReadResult ours = json::read(text, limits);
    const nlohmann::ordered_json theirs = nlohmann::ordered_json::parse(text.begin(), text.end(), nullptr, false);
    if (ours.ok() && !theirs.is_discarded()) return disagreement(ours.value, theirs);
    if (!ours.ok() && theirs.is_discarded()) return std::nullopt;
    if (!ours.ok()) {
        const std::string& code = ours.error->code;
        if (code == "JSON_CLAVE_DUPLICADA" || code == "JSON_SURROGADO_EN_CLAVE" || code == "JSON_PROFUNDIDAD" || code == "JSON_TAMANO")
            return std::nullopt;
        if (text.substr(0, 3) == "\xEF\xBB\xBF") return std::nullopt;  // the byte order mark nlohmann/json skips
        // nlohmann/json ends the input at a NUL byte: what it read is the text before the first one.
        if (const std::size_t nul = text.find('\0'); nul != std::string_view::npos &&
            !nlohmann::ordered_json::parse(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(nul), nullptr, false).is_discarded())
            return std::nullopt;
        return "only ours rejects, with " + code + " at " + ours.error->element + ", a rule nlohmann/json also has";
    }
    if (lone_surrogate_in_value(text)) return std::nullopt;
    return "only nlohmann/json rejects, and not for a lone surrogate in a value";
}

}  // namespace planlang::testing
