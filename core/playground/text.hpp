#pragma once
// The playground's result for people, in Spanish or English: the same figures as replay_json (it is written
// from that object, so the two cannot disagree), for the CLI and the app's text rendering.
#include <string>

#include "core/json/value.hpp"

namespace planlang::playground {

// `result`: replay_json's object. Numbers as ECMAScript prints them, with a decimal comma in Spanish.
std::string replay_text(const json::Value& result, bool en);

}  // namespace planlang::playground
