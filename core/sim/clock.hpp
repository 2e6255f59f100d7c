#pragma once
// The simulated agent's fixed clock and token rule (synthetic-and-simulation.md §10, "Accounting", "Clock").
#include <cstdint>
#include <string>
#include <string_view>

#include "core/json/value.hpp"

namespace planlang::sim {

// A counter per case from 0, +1 ms per read. Each step reads it at start and end (so steps start at 0, 2,
// 4… and last 1 ms); the pause node reads it once more before suspending, which shifts it and every later
// step by 1 ms.
class Clock {
public:
    std::int64_t read() { return m_ms++; }

private:
    std::int64_t m_ms = 0;
};

// Unicode code points of a UTF-8 string (bytes that are not continuation bytes).
std::size_t code_points(std::string_view utf8);

// The response JSON the token rule measures: ", " and ": " separators, non-ASCII unescaped, members in
// the object's order, numbers as ECMAScript prints them.
std::string response_json(const json::Value& v);

// Tokens of one model call: in = ⌊(len(system) + len(prompt)) / 4⌋, out = ⌊len(response JSON) / 4⌋, in code
// points.
struct Tokens {
    std::int64_t entrada = 0;
    std::int64_t salida = 0;
};
Tokens count_tokens(std::string_view system, std::string_view prompt, const json::Value& response);

}  // namespace planlang::sim
