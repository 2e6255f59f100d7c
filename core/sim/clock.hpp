#pragma once
// The simulated agent's fixed clock and token rule (synthetic-and-simulation.md §10, "Accounting", "Clock").
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

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
// The same from the prompt's and the response JSON's code points, for callers that measure them piece by piece.
Tokens count_tokens(std::string_view system, std::size_t prompt_points, std::size_t response_points);

// Code points of response_json() of an object given member by member, in order: a response is measured
// without being built (nor its members copied into it).
class ResponsePoints {
public:
    ResponsePoints& member(std::string_view key, const json::Value& value);
    ResponsePoints& text(std::string_view key, std::string_view value);  // a string value
    ResponsePoints& texts(std::string_view key, const std::vector<std::string>& values);  // an array of strings
    std::size_t total() const { return m_points + (m_members > 1 ? 2 * (m_members - 1) : 0); }

private:
    std::size_t m_points = 2;  // the braces
    std::size_t m_members = 0;
};

}  // namespace planlang::sim
