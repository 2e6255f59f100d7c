#pragma once
// Everything the app shows and the test hooks read: the text catalogues, the reader's preferences (language,
// reading), the screen and the deep link it corresponds to, the opened run (Session), the opened case and
// step, the status line, and where the last frame drew each control the browser test drives. One instance,
// owned by main.
#include <optional>
#include <string>
#include <vector>

#include "core/json/value.hpp"
#include "web/app/deep_link.hpp"
#include "web/app/session.hpp"
#include "web/app/text_catalogue.hpp"

namespace planlang::web {

// site-and-cards.md §1: leader sees plain sentences; expert additionally sees rules, signals, edge tables,
// fingerprints and the source of every figure.
enum class Reading { leader, expert };

// A screen rectangle in window pixels (= CSS pixels of the canvas, which is never stretched).
struct ScreenRect {
    float x0 = -1, y0 = -1, x1 = -1, y1 = -1;
    bool known() const { return x1 > x0; }
};

// Site-relative paths of what the app loads at start (the runs are in the data package: data_root()).
inline constexpr const char* kSpanishTexts = "lang/es.json";
inline constexpr const char* kEnglishTexts = "lang/en.json";
inline constexpr const char* kUiFont = "fonts/DejaVuSans.ttf";

class AppState {
public:
    Language language = Language::es;
    Reading reading = Reading::leader;
    Screen screen = Screen::entrada;

    TextCatalogue texts;
    std::string texts_error;  // why the catalogue could not be loaded (English: no catalogue)
    bool font_missing = false;

    std::string data_root;    // where the bundled plans and runs are (platform: data_root())
    Session session;          // the run on screen
    std::string run_id;       // its corrida_id as links name it (a bundled run), or "" for one the reader opened
    std::string open_case;    // the case page shown on the Casos screen ("" = the list)
    int open_step = -1;       // the replay's current step on that page (0-based; links carry it + 1)
    bool replay_playing = false;  // the replay advances by itself
    bool scroll_to_step = false;  // next frame brings the replay into view (a case opened at a step)
    double replay_next_at = 0;    // imgui time of its next step (a display pace, never in any output)
    // The Casos list's filters: a text in the id, a case type ("" = all), only the cases that change path.
    std::string case_filter;
    std::string case_type;
    int case_outcome = 0;  // 0 all, 1 went to a person, 2 stayed without one, 3 escalated wrongly, 4 provider error
    bool only_changed = false;
    // The Agente screen's selection: a node, an arrow or a path (indexes into the diagram / paths; -1 none).
    int agent_node = -1, agent_arrow = -1, agent_path = -1;

    // Set by views when something a link names changed; main writes the address and the remembered
    // preferences once per frame.
    bool link_dirty = true;
    bool preferences_dirty = false;

    // The status line mirrored into the page (aria-live): the live figures in one sentence.
    std::string status_line;
    // The screen's text rendering (screen_text.hpp) as last published, and what it was made from.
    std::string screen_text, screen_text_key;

    // Where the last frame drew the controls a person (and the browser test) uses.
    std::vector<ScreenRect> slider_rects;  // per threshold of the run
    ScreenRect tab_rects[7];               // the screen tabs, kScreens order
    ScreenRect language_rects[2];          // ES, EN
    ScreenRect reading_rects[2];           // leader, expert
    ScreenRect reset_rect;
    std::vector<std::pair<std::string, ScreenRect>> case_links;  // changed-case table: case id → its link
    // Other controls a screen names for the test (cleared every frame): "reproducir", "paso_siguiente",
    // "caso:A-004", "nodo:extractor"…
    std::vector<std::pair<std::string, ScreenRect>> controls;
    void remember_control(const std::string& name);  // the last imgui item, under `name`
    int frames = 0;
    // How long the last frame took to build and submit, in ms (the platform's clock). Only the benchmark reads
    // it (bench/playground_app.mjs); nothing the app shows or writes depends on it.
    double last_frame_ms = 0;
    double last_gl_ms = 0;    // of which: handing imgui's draw data to OpenGL / WebGL
    double max_frame_ms = 0;  // the longest since the benchmark last asked (it resets it)
    double max_app_ms = 0;    // the longest without the GL hand-off, likewise

    const char* t(const char* key) const { return texts.text(language, key); }

    // Opens a bundled run by id (or the first one); applies a link's thresholds afterwards.
    void open_run(const std::string& id);
    // Opens a run folder of the reader's own (`folder` under `root`, as `planlang playground --root`).
    void open_own(const std::string& root, const std::string& folder);
    void apply_link(const DeepLink& link);
    DeepLink current_link() const;
    void go(Screen to) {
        if (screen != to) screen = to, link_dirty = true;
    }
    // `show_step`: scroll the page to the replay (a link to a step), not to the case's header.
    void open_case_at(const std::string& id, int step, bool show_step = true) {
        screen = Screen::casos, open_case = id, open_step = step, replay_playing = false, scroll_to_step = show_step, link_dirty = true;
    }

    bool ready() const { return m_assets_done; }
    void mark_assets_done() { m_assets_done = true; }

private:
    void after_open();  // a run was (re)opened: nothing of the previous one stays selected
    bool m_assets_done = false;
};

}  // namespace planlang::web
