// planlang_web: the playground app. One program for the browser (Emscripten + WebGL2) and the desktop
// (SDL2 + OpenGL 3); platform differences live in web/platform/. Start-up loads three site files (both text
// catalogues, the font) and opens the run the link names from the data package; then every frame draws the
// screen from AppState, and writes the link, the remembered preferences and the status line when they change.
#include <chrono>
#include <cstdio>
#include <memory>
#include <string>

#include <SDL.h>

#include "imgui.h"
#include "imgui_impl_opengl3.h"
#include "imgui_impl_sdl.h"
#include "web/app/app_state.hpp"
#include "web/app/fonts.hpp"
#include "web/app/screen_text.hpp"
#include "web/app/ui_common.hpp"
#include "web/app/views.hpp"
#include "web/platform/platform.hpp"

#ifndef PLANLANG_WEB_SITE_DIR
#define PLANLANG_WEB_SITE_DIR ""
#endif
#ifndef PLANLANG_WEB_DATA_DIR
#define PLANLANG_WEB_DATA_DIR ""
#endif

namespace planlang::web {
namespace {

// The canvas size of site/playground.html; the page never stretches it, so window pixels are CSS pixels.
constexpr int kWindowWidth = 1280;
constexpr int kWindowHeight = 860;

// The files start-up waits for. They arrive in any order (the browser fetches them in parallel).
struct StartupFiles {
    std::optional<std::string> es, en, font;
    int pending = 3;
};

struct App {
    LaunchOptions options;
    SDL_Window* window = nullptr;
    AppState state;
    StartupFiles files;
    std::string published_status;
};

void open_first_run(App& app) {
    AppState& s = app.state;
    s.data_root = data_root(app.options);
    const DeepLink link = parse_deep_link(initial_link(app.options));
    if (!app.options.open_run.empty()) {
        s.open_own(app.options.open_root.empty() ? s.data_root : app.options.open_root, app.options.open_run);
        DeepLink own = link;
        own.corrida.clear();
        s.screen = own.pantalla;
        return;
    }
    s.apply_link(link);
}

void finish_startup(App& app) {
    StartupFiles& f = app.files;
    if (!f.es || !f.en) {
        app.state.texts_error = std::string(!f.es ? kSpanishTexts : kEnglishTexts) + ": not found";
    } else if (auto error = app.state.texts.load(*f.es, *f.en)) {
        app.state.texts_error = *error;
    }
    int window_w = 0, window_h = 0, pixels_w = 0, pixels_h = 0;
    SDL_GetWindowSize(app.window, &window_w, &window_h);
    SDL_GL_GetDrawableSize(app.window, &pixels_w, &pixels_h);
    const float pixel_scale = window_w > 0 ? static_cast<float>(pixels_w) / static_cast<float>(window_w) : 1.0f;
    app.state.font_missing = !install_ui_font(std::move(f.font), pixel_scale);
    f = StartupFiles{};
    open_first_run(app);
    app.state.mark_assets_done();
}

void start_loading(App& app) {
    auto arrive = [&app](std::optional<std::string>* slot) {
        return [&app, slot](std::optional<std::string> bytes) {
            *slot = std::move(bytes);
            if (--app.files.pending == 0) finish_startup(app);
        };
    };
    load_asset(app.options, kSpanishTexts, arrive(&app.files.es));
    load_asset(app.options, kEnglishTexts, arrive(&app.files.en));
    load_asset(app.options, kUiFont, arrive(&app.files.font));
}

// After drawing: the address, the remembered preferences and the status line follow the state.
void publish(App& app) {
    AppState& s = app.state;
    if (s.link_dirty) {
        publish_link(format_deep_link(s.current_link()));
        s.link_dirty = false;
    }
    if (s.preferences_dirty) {
        remember("idioma", language_code(s.language));
        remember("lectura", s.reading == Reading::expert ? "experto" : "lider");
        s.preferences_dirty = false;
    }
    if (s.ready() && s.texts.loaded()) {
        std::string key = screen_text_key(s);
        if (key != s.screen_text_key) {
            s.screen_text = screen_markdown(s);
            s.screen_text_key = std::move(key);
            show_screen_text(s.screen_text);
        }
    }
    const std::string status = status_text(s);
    if (status != app.published_status) {
        publish_status(app.options, status);
        app.published_status = status;
    }
}

// One frame; false ends the program (window closed, or --frames reached).
bool frame(App& app) {
    SDL_Event event;
    while (SDL_PollEvent(&event)) {
        ImGui_ImplSDL2_ProcessEvent(&event);
        if (event.type == SDL_QUIT) return false;
    }
    const ImVec4& bg = colour::kBackground;
    begin_gl_frame(app.window, bg.x, bg.y, bg.z);
    if (!app.state.ready()) {  // the browser is still fetching: show the bare background
        SDL_GL_SwapWindow(app.window);
        return true;
    }
    const auto started = std::chrono::steady_clock::now();  // the benchmark's frame time; never in any output
    if (std::optional<std::string> followed = link_changed_by_reader()) app.state.apply_link(parse_deep_link(*followed));
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplSDL2_NewFrame();
    ImGui::NewFrame();
    const ImVec2 size = ImGui::GetIO().DisplaySize;
    draw_app(app.state, size.x, size.y);
    ImGui::Render();
    const auto built = std::chrono::steady_clock::now();
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    app.state.last_gl_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - built).count();
    app.state.last_frame_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
    if (app.state.last_frame_ms > app.state.max_frame_ms) app.state.max_frame_ms = app.state.last_frame_ms;
    const double app_ms = app.state.last_frame_ms - app.state.last_gl_ms;
    if (app_ms > app.state.max_app_ms) app.state.max_app_ms = app_ms;
    ++app.state.frames;
    publish(app);
    const bool last = app.options.max_frames > 0 && app.state.frames >= app.options.max_frames;
    if (last && !app.options.screenshot_path.empty() && !save_back_buffer(app.window, app.options.screenshot_path)) {
        std::fprintf(stderr, "planlang_web: cannot write %s\n", app.options.screenshot_path.c_str());
    }
    if (last && !app.options.text_path.empty() && offer_file(app.options.text_path, "text/markdown", app.state.screen_text).empty()) {
        std::fprintf(stderr, "planlang_web: cannot write %s\n", app.options.text_path.c_str());
    }
    SDL_GL_SwapWindow(app.window);
    return !last;
}

void style_imgui() {
    ImGui::StyleColorsDark();
    ImGuiStyle& style = ImGui::GetStyle();
    style.WindowPadding = ImVec2(16, 12);
    style.FramePadding = ImVec2(8, 4);
    style.ItemSpacing = ImVec2(8, 6);
    style.FrameRounding = 4.0f;
    style.GrabRounding = 4.0f;
    style.GrabMinSize = 14.0f;
    style.Colors[ImGuiCol_WindowBg] = colour::kBackground;
}

}  // namespace
}  // namespace planlang::web

int main(int argc, char** argv) {
    using namespace planlang::web;
    static App app;  // outlives main() in the browser, where the main loop keeps running after main returns
    auto options = parse_launch_options(argc, argv, PLANLANG_WEB_SITE_DIR, PLANLANG_WEB_DATA_DIR);
    if (!options) return 2;
    app.options = *options;

    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) {
        std::fprintf(stderr, "planlang_web: SDL_Init: %s\n", SDL_GetError());
        return 1;
    }
    const char* glsl_version = nullptr;
    app.window = create_gl_window("planlang", kWindowWidth, kWindowHeight, &glsl_version);
    if (!app.window) return 1;

    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr;  // no settings file: the screen is the same on every start
    ImGui::GetIO().ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;  // keyboard focus reaches every control
    style_imgui();
    ImGui_ImplSDL2_InitForOpenGL(app.window, SDL_GL_GetCurrentContext());
    ImGui_ImplOpenGL3_Init(glsl_version);

    // The command line wins, then what the reader chose on an earlier visit, then the platform's language.
    const std::string lang = !app.options.language.empty() ? app.options.language : recall("idioma").value_or(preferred_language());
    app.state.language = lang == "en" ? Language::en : Language::es;
    const std::string reading = app.options.expert ? "experto" : recall("lectura").value_or("lider");
    app.state.reading = reading == "experto" ? Reading::expert : Reading::leader;
    expose_to_test_hooks(app.state);
    start_loading(app);

    run_main_loop([] { return frame(app); });

    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplSDL2_Shutdown();
    ImGui::DestroyContext();
    SDL_GL_DeleteContext(SDL_GL_GetCurrentContext());
    SDL_DestroyWindow(app.window);
    SDL_Quit();
    return 0;
}
