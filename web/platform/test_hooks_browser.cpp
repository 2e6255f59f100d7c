// Functions the browser test calls as Module._planlang_web_*() (playwright-core, tests/browser/). They read
// the app's state: where the controls were drawn (the test then clicks and drags them with the real mouse),
// what the status line says, and the engine's JSON at the played setting, which the test compares byte for
// byte with `planlang playground --set … --json`. The one that acts, planlang_web_open_own, is how the page's
// folder picker and drop zone hand the files they wrote into the virtual file system to the app.
// Strings are returned as pointers into static storage, valid until the next call; JS copies them at once.
#include <string>

#include <emscripten.h>

#include "web/app/app_state.hpp"
#include "web/app/views.hpp"
#include "web/platform/platform.hpp"

namespace planlang::web {
namespace {
AppState* g_state = nullptr;
std::string g_text;

const char* keep(std::string s) {
    g_text = std::move(s);
    return g_text.c_str();
}

double corner_of(const ScreenRect& r, int corner) {
    const float v[4] = {r.x0, r.y0, r.x1, r.y1};
    return corner >= 0 && corner < 4 ? v[corner] : -1;
}
}  // namespace

void expose_to_test_hooks(AppState& state) { g_state = &state; }

}  // namespace planlang::web

using namespace planlang::web;

#define PLANLANG_HOOK extern "C" EMSCRIPTEN_KEEPALIVE

// 1 once start-up loading is over and a first UI frame was drawn (the screen may be an error screen).
PLANLANG_HOOK int planlang_web_ready() { return g_state && g_state->ready() && g_state->frames > 0 ? 1 : 0; }
PLANLANG_HOOK int planlang_web_frame_count() { return g_state ? g_state->frames : 0; }
// The benchmark's frame times (bench: tests/browser/bench.mjs): the last frame's, and the longest since the last ask.
PLANLANG_HOOK double planlang_web_last_frame_ms() { return g_state ? g_state->last_frame_ms : -1; }
PLANLANG_HOOK double planlang_web_last_gl_ms() { return g_state ? g_state->last_gl_ms : -1; }
PLANLANG_HOOK double planlang_web_take_max_frame_ms() {
    if (!g_state) return -1;
    const double m = g_state->max_frame_ms;
    g_state->max_frame_ms = 0;
    return m;
}
PLANLANG_HOOK double planlang_web_take_max_app_ms() {
    if (!g_state) return -1;
    const double m = g_state->max_app_ms;
    g_state->max_app_ms = 0;
    return m;
}

// Every reason the run on screen was rejected, one per line ("" when it opened).
PLANLANG_HOOK const char* planlang_web_load_error() {
    if (!g_state) return "";
    if (!g_state->texts_error.empty()) return keep(g_state->texts_error);
    std::string out;
    for (const LoadReason& r : g_state->session.reasons()) out += r.codigo + " · " + r.elemento + " · " + r.detalle.en + "\n";
    return keep(out);
}

PLANLANG_HOOK const char* planlang_web_screen() { return keep(g_state ? std::string(screen_id(g_state->screen)) : ""); }
PLANLANG_HOOK const char* planlang_web_language() { return keep(g_state ? language_code(g_state->language) : ""); }
PLANLANG_HOOK const char* planlang_web_reading() { return keep(g_state && g_state->reading == Reading::expert ? "experto" : "lider"); }
PLANLANG_HOOK const char* planlang_web_run() { return keep(g_state ? g_state->run_id : ""); }
PLANLANG_HOOK const char* planlang_web_open_case() { return keep(g_state ? g_state->open_case : ""); }
PLANLANG_HOOK int planlang_web_open_step() { return g_state ? g_state->open_step : -1; }
PLANLANG_HOOK const char* planlang_web_link() { return keep(g_state ? format_deep_link(g_state->current_link()) : ""); }
PLANLANG_HOOK const char* planlang_web_screen_text() { return keep(g_state ? g_state->screen_text : ""); }
PLANLANG_HOOK const char* planlang_web_status() { return keep(g_state ? status_text(*g_state) : ""); }

// The engine's JSON at the played setting: byte for byte what `planlang playground RUNDIR --set … --json` prints.
PLANLANG_HOOK const char* planlang_web_engine_json() {
    return keep(g_state && g_state->session.ok() ? g_state->session.result_text() : "");
}

PLANLANG_HOOK int planlang_web_threshold_count() {
    return g_state && g_state->session.ok() ? static_cast<int>(g_state->session.compact().umbrales.size()) : 0;
}
PLANLANG_HOOK int planlang_web_threshold_is_switch(int i) {
    return i >= 0 && i < planlang_web_threshold_count() && g_state->session.compact().umbrales[i].booleano ? 1 : 0;
}
PLANLANG_HOOK const char* planlang_web_threshold_id(int i) {
    return keep(i >= 0 && i < planlang_web_threshold_count() ? g_state->session.compact().umbrales[i].id : "");
}

// Corner 0..3 = x0, y0, x1, y1 in canvas pixels, as the last frame drew the control; -1 if not drawn.
PLANLANG_HOOK double planlang_web_slider_rect(int i, int corner) {
    return g_state && i >= 0 && static_cast<std::size_t>(i) < g_state->slider_rects.size() ? corner_of(g_state->slider_rects[i], corner) : -1;
}
PLANLANG_HOOK double planlang_web_tab_rect(int i, int corner) { return g_state && i >= 0 && i < 7 ? corner_of(g_state->tab_rects[i], corner) : -1; }
PLANLANG_HOOK double planlang_web_language_rect(int i, int corner) {
    return g_state && (i == 0 || i == 1) ? corner_of(g_state->language_rects[i], corner) : -1;
}
PLANLANG_HOOK double planlang_web_reading_rect(int i, int corner) {
    return g_state && (i == 0 || i == 1) ? corner_of(g_state->reading_rects[i], corner) : -1;
}
PLANLANG_HOOK double planlang_web_reset_rect(int corner) { return g_state ? corner_of(g_state->reset_rect, corner) : -1; }
PLANLANG_HOOK int planlang_web_case_link_count() { return g_state ? static_cast<int>(g_state->case_links.size()) : 0; }
PLANLANG_HOOK const char* planlang_web_case_link_id(int i) {
    return keep(i >= 0 && i < planlang_web_case_link_count() ? g_state->case_links[i].first : "");
}
PLANLANG_HOOK double planlang_web_case_link_rect(int i, int corner) {
    return i >= 0 && i < planlang_web_case_link_count() ? corner_of(g_state->case_links[i].second, corner) : -1;
}
// Named controls other screens register (the replay's play/step buttons, a case row, a diagram node…).
PLANLANG_HOOK double planlang_web_control_rect(const char* name, int corner) {
    if (!g_state) return -1;
    for (const auto& [id, r] : g_state->controls)
        if (id == name) return corner_of(r, corner);
    return -1;
}

// The page's folder picker / drop zone wrote the reader's files under `root` in the virtual file system; this
// opens `folder` (under root) with the all-or-nothing reader. Nothing leaves the machine.
PLANLANG_HOOK void planlang_web_open_own(const char* root, const char* folder) {
    if (g_state) g_state->open_own(root, folder);
}
