#pragma once
// What differs between the browser (Emscripten, WebGL2) and the desktop (SDL2 + OpenGL 3 under X11/Xvfb).
// One implementation per platform, chosen by web/CMakeLists.txt: platform_browser.cpp or platform_native.cpp
// (style.md: a platform difference is one header and one .cpp per platform). UI code never includes GL or
// Emscripten headers; it goes through these functions.
#include <functional>
#include <optional>
#include <string>

#include "web/app/launch_options.hpp"

struct SDL_Window;

namespace planlang::web {

// SDL window with a GL context the imgui OpenGL3 backend can use; returns the GLSL version line it needs.
// On failure prints why and returns nullptr.
SDL_Window* create_gl_window(const char* title, int width, int height, const char** glsl_version);

// Clears the back buffer with the app background, before imgui draws on it.
void begin_gl_frame(SDL_Window* window, float r, float g, float b);

// Reads the back buffer into `path` (.ppm or .png); a no-op where there is no file system (browser).
// Returns false when the file could not be written.
bool save_back_buffer(SDL_Window* window, const std::string& path);

// Loads a file of the site by its relative path ("lang/es.json"). `done` receives the bytes, or nullopt when
// it cannot be read. Natively `done` runs before this returns; in the browser it runs on a later frame.
using AssetCallback = std::function<void(std::optional<std::string> bytes)>;
void load_asset(const LaunchOptions& options, const std::string& relative_path, AssetCallback done);

// "es" or "en": the browser's language (or ?lang= in the page address), the desktop's LANG/LC_ALL.
std::string preferred_language();

// Lets the browser test read the app's state (frame count, slider rectangles, applied values, huellas) through
// exported C functions; natively there is no page to call them, so this does nothing.
class AppState;
void expose_to_test_hooks(AppState& state);

// Where the bundled plans, batches and runs are (the repository layout: plans/, synthetic/): the data
// package's mount point in the browser, --data (default: the source tree) on the desktop.
std::string data_root(const LaunchOptions& options);

// The deep link the app starts from: the page address after '#' in the browser, --link on the desktop.
std::string initial_link(const LaunchOptions& options);
// Writes the current link into the address bar (history.replaceState: no new history entry per slider step);
// nothing on the desktop.
void publish_link(const std::string& link);
// A link the reader typed or followed since the last publish_link (the address changed under the app), else
// nullopt. Always nullopt on the desktop.
std::optional<std::string> link_changed_by_reader();

// The reader's preferences between visits (language, reading): the browser's localStorage; on the desktop
// nothing is kept (the command line says what to start with).
std::optional<std::string> recall(const char* key);
void remember(const char* key, const std::string& value);

// The status line: a text element of the page with aria-live, so a screen reader hears the live figures;
// on the desktop, printed to stdout when it changes and --status is given.
void publish_status(const LaunchOptions& options, const std::string& text);

// The text rendering of the screen on view (Markdown): the page's "text of this screen" region, which a
// screen reader reads; nothing on the desktop (the header's text button writes it as a file there).
void show_screen_text(const std::string& markdown);

// Offers `bytes` as a file to save (CSV, Markdown): a download in the browser, a file in the current folder on
// the desktop. Returns where it went, for the status line.
std::string offer_file(const std::string& name, const std::string& mime, const std::string& bytes);

// Runs `frame` until it returns false. In the browser the call hands control to the page and never returns.
void run_main_loop(std::function<bool()> frame);

}  // namespace planlang::web
