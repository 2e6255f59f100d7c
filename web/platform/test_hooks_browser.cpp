// Functions the browser test calls as Module._planlang_web_*() (playwright-core, tests/browser/). They only
// read the app's state, except the two toggles, which do what the on-screen buttons do.
// Strings are returned as pointers into AppState, valid until the state changes; JS copies them at once.
#include <cmath>
#include <string>

#include <emscripten.h>

#include "web/app/app_state.hpp"
#include "web/platform/platform.hpp"

namespace planlang::web {
namespace {
AppState* g_state = nullptr;

bool has_threshold(int i) {
    return g_state && g_state->plan && i >= 0 && static_cast<std::size_t>(i) < g_state->plan->thresholds.size();
}
}  // namespace

void expose_to_test_hooks(AppState& state) { g_state = &state; }

}  // namespace planlang::web

using planlang::web::g_state;
using planlang::web::has_threshold;

#define PLANLANG_HOOK extern "C" EMSCRIPTEN_KEEPALIVE

// 1 once start-up loading is over and a first UI frame was drawn (the screen may be an error screen).
PLANLANG_HOOK int planlang_web_ready() { return g_state && g_state->ready() && g_state->frames > 0 ? 1 : 0; }

PLANLANG_HOOK int planlang_web_frame_count() { return g_state ? g_state->frames : 0; }

// The reason nothing is shown, or "" when the plan is on screen.
PLANLANG_HOOK const char* planlang_web_load_error() {
    static std::string error;
    error.clear();
    if (!g_state) return "";
    if (!g_state->texts_error.empty()) error = g_state->texts_error;
    else if (!g_state->plan) error = g_state->plan_error_key + ": " + g_state->plan_error_detail;
    return error.c_str();
}

PLANLANG_HOOK int planlang_web_threshold_count() {
    return g_state && g_state->plan ? static_cast<int>(g_state->plan->thresholds.size()) : 0;
}

PLANLANG_HOOK int planlang_web_threshold_is_switch(int i) {
    return has_threshold(i) && g_state->plan->thresholds[i].is_boolean ? 1 : 0;
}

// Corner 0..3 = x0, y0, x1, y1 of threshold i's slider frame (or switch) in canvas pixels; -1 if unknown.
PLANLANG_HOOK double planlang_web_slider_rect(int i, int corner) {
    if (!has_threshold(i) || corner < 0 || corner > 3) return -1;
    const planlang::web::ScreenRect& r = g_state->slider_rects[i];
    const float v[4] = {r.x0, r.y0, r.x1, r.y1};
    return v[corner];
}

// The applied value of threshold i: the number, or 1/0 for a switch; NaN when there is no such threshold.
PLANLANG_HOOK double planlang_web_applied_value(int i) {
    if (!has_threshold(i)) return std::nan("");
    const planlang::json::Value& v = g_state->applied.value(static_cast<std::size_t>(i));
    if (v.is_bool()) return v.as_bool() ? 1 : 0;
    return v.is_number() ? v.as_number() : std::nan("");
}

PLANLANG_HOOK const char* planlang_web_plan_id() { return g_state && g_state->plan ? g_state->plan->id.c_str() : ""; }

// Huella of the loaded plan as computed in the page by the core.
PLANLANG_HOOK const char* planlang_web_plan_huella() {
    return g_state && g_state->plan ? g_state->applied.plan_huella().c_str() : "";
}

// The plan file's own `huella`, or "" when it declares none (null).
PLANLANG_HOOK const char* planlang_web_declared_huella() {
    return g_state && g_state->declared_huella ? g_state->declared_huella->c_str() : "";
}

PLANLANG_HOOK const char* planlang_web_applied_huella() {
    return g_state && g_state->plan ? g_state->applied.applied_huella().c_str() : "";
}

// The applied plan in disk form (plan-format.md §15.4), for the test to fingerprint with the native CLI.
PLANLANG_HOOK const char* planlang_web_applied_plan() {
    return g_state && g_state->plan ? g_state->applied.applied_disk_form().c_str() : "";
}

PLANLANG_HOOK const char* planlang_web_language() {
    return g_state ? planlang::web::language_code(g_state->language) : "";
}

// The catalogue text of `key` in the current language (the test finds on-screen wording through it).
PLANLANG_HOOK const char* planlang_web_text(const char* key) { return g_state ? g_state->t(key) : ""; }

PLANLANG_HOOK void planlang_web_set_language(int english) {
    if (g_state) g_state->language = english ? planlang::web::Language::en : planlang::web::Language::es;
}

PLANLANG_HOOK void planlang_web_set_expert(int expert) {
    if (g_state) g_state->reading = expert ? planlang::web::Reading::expert : planlang::web::Reading::leader;
}
