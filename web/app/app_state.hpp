#pragma once
// Everything the playground shows and the test hooks read: the loaded files, the language and reading
// chosen, the applied thresholds, and where the last frame drew each slider. One instance, owned by main.
#include <optional>
#include <string>
#include <vector>

#include "core/json/value.hpp"
#include "web/app/applied_plan.hpp"
#include "web/app/plan_model.hpp"
#include "web/app/text_catalogue.hpp"

namespace planlang::web {

// site-and-cards.md §1: leader sees plain sentences; expert additionally sees the rules as written.
enum class Reading { leader, expert };

// A screen rectangle in window pixels (= CSS pixels of the canvas, which is never stretched).
struct ScreenRect {
    float x0 = -1, y0 = -1, x1 = -1, y1 = -1;
};

// Site-relative paths of what the app loads at start.
inline constexpr const char* kSpanishTexts = "lang/es.json";
inline constexpr const char* kEnglishTexts = "lang/en.json";
inline constexpr const char* kShownPlan = "plans/demo-a/plan-demo-a.json";  // our demo A, approved
inline constexpr const char* kUiFont = "fonts/DejaVuSans.ttf";

class AppState {
public:
    Language language = Language::es;
    Reading reading = Reading::leader;

    TextCatalogue texts;
    std::string texts_error;           // why the catalogue could not be loaded (English: no catalogue)

    std::string plan_source;           // the path the plan came from, as shown to the reader
    std::optional<PlanModel> plan;
    std::optional<std::string> declared_huella;
    AppliedPlan applied;
    std::string plan_error_key;        // catalogue key of why the plan is not shown
    std::string plan_error_detail;     // JSON path or reader code that goes with it

    bool font_missing = false;         // DejaVu Sans did not load: the built-in font lacks ✓ ✗ and friends

    std::vector<ScreenRect> slider_rects;  // per threshold, as drawn by the last frame; -1 for a switch
    int frames = 0;                        // frames rendered with the UI (not counting the loading ones)

    const char* t(const char* key) const { return texts.text(language, key); }

    // Takes the plan file's bytes: parses them with the core reader and builds the model and the applied plan.
    void take_plan(const std::string& source, std::optional<std::string> bytes);

    // The loading is over and the UI can be drawn (possibly an error screen).
    bool ready() const { return m_assets_done; }
    void mark_assets_done() { m_assets_done = true; }

private:
    bool m_assets_done = false;
};

}  // namespace planlang::web
