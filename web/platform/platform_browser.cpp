// The browser platform: SDL 2 on Emscripten with a WebGL2 (GL ES 3.0) context, files fetched from the site
// next to the page, and the browser's own frame loop.
#include <cstdio>
#include <cstdlib>

#include <GLES3/gl3.h>
#include <SDL.h>
#include <emscripten.h>

#include "web/platform/platform.hpp"

namespace planlang::web {

SDL_Window* create_gl_window(const char* title, int width, int height, const char** glsl_version) {
    // WebGL2 = GL ES 3.0; imgui 1.86 is built with IMGUI_IMPL_OPENGL_ES3 to match (toolchain.md P9).
    // ALLOW_HIGHDPI: on a 2x screen SDL sizes the canvas buffer in device pixels and keeps its CSS size, so the
    // picture is sharp while mouse coordinates stay in CSS pixels.
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_FLAGS, 0);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_ES);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0);
    SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
    SDL_Window* window = SDL_CreateWindow(title, SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, width, height,
                                          SDL_WINDOW_OPENGL | SDL_WINDOW_ALLOW_HIGHDPI);
    if (!window) {
        std::fprintf(stderr, "planlang_web: SDL_CreateWindow: %s\n", SDL_GetError());
        return nullptr;
    }
    SDL_GLContext context = SDL_GL_CreateContext(window);
    if (!context) {
        std::fprintf(stderr, "planlang_web: SDL_GL_CreateContext: %s\n", SDL_GetError());
        SDL_DestroyWindow(window);
        return nullptr;
    }
    SDL_GL_MakeCurrent(window, context);
    *glsl_version = "#version 300 es";
    return window;
}

void begin_gl_frame(SDL_Window* window, float r, float g, float b) {
    int w = 0, h = 0;
    SDL_GL_GetDrawableSize(window, &w, &h);
    glViewport(0, 0, w, h);
    glClearColor(r, g, b, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
}

bool save_back_buffer(SDL_Window*, const std::string&) {
    return false;  // the page has no file system; the browser test takes screenshots through the browser
}

namespace {

void asset_loaded(void* arg, void* data, int size) {
    auto* done = static_cast<AssetCallback*>(arg);
    (*done)(std::string(static_cast<const char*>(data), static_cast<std::size_t>(size)));
    delete done;
}

void asset_failed(void* arg) {
    auto* done = static_cast<AssetCallback*>(arg);
    (*done)(std::nullopt);
    delete done;
}

std::function<bool()> g_frame;

void browser_frame() {
    if (!g_frame()) emscripten_cancel_main_loop();
}

}  // namespace

// Relative URLs resolve against the page, which sits at the root of the site.
void load_asset(const LaunchOptions&, const std::string& relative_path, AssetCallback done) {
    emscripten_async_wget_data(relative_path.c_str(), new AssetCallback(std::move(done)), asset_loaded, asset_failed);
}

EM_JS(int, planlang_page_prefers_english, (), {
    const asked = new URLSearchParams(window.location.search).get('lang');
    const lang = (asked || navigator.language || 'es').toLowerCase();
    return lang.startsWith('en') ? 1 : 0;
});

std::string preferred_language() { return planlang_page_prefers_english() ? "en" : "es"; }

// The data package (planlang_web.data, --preload-file in web/CMakeLists.txt) is mounted here before main().
std::string data_root(const LaunchOptions&) { return "/datos"; }

EM_JS(char*, planlang_page_hash, (), {
    return allocateUTF8(window.location.hash.replace(/^#/, ''));
});

EM_JS(void, planlang_page_set_hash, (const char* link), {
    const text = UTF8ToString(link);
    if (window.location.hash.replace(/^#/, '') !== text) history.replaceState(null, '', '#' + text);
    window.planlangPublishedLink = text;
});

EM_JS(char*, planlang_page_changed_hash, (), {
    const now = window.location.hash.replace(/^#/, '');
    if (window.planlangPublishedLink === undefined || now === window.planlangPublishedLink) return 0;
    window.planlangPublishedLink = now;
    return allocateUTF8(now);
});

EM_JS(char*, planlang_page_recall, (const char* key), {
    try {
        const v = window.localStorage.getItem('planlang.' + UTF8ToString(key));
        return v === null ? 0 : allocateUTF8(v);
    } catch (e) {
        return 0;  // storage disabled (private mode, file://): nothing is remembered
    }
});

EM_JS(void, planlang_page_remember, (const char* key, const char* value), {
    try {
        window.localStorage.setItem('planlang.' + UTF8ToString(key), UTF8ToString(value));
    } catch (e) {
    }
});

EM_JS(void, planlang_page_status, (const char* text), {
    const el = document.getElementById('status');
    if (el) el.textContent = UTF8ToString(text);
});

EM_JS(void, planlang_page_screen_text, (const char* text), {
    const el = document.getElementById('texto');
    if (el) el.textContent = UTF8ToString(text);
});

EM_JS(void, planlang_page_offer_file, (const char* name, const char* mime, const char* bytes, int size), {
    const data = HEAPU8.slice(bytes, bytes + size);
    const url = URL.createObjectURL(new Blob([data], {type: UTF8ToString(mime)}));
    const a = document.createElement('a');
    a.href = url;
    a.download = UTF8ToString(name);
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(function () { URL.revokeObjectURL(url); }, 0);
});

namespace {
std::optional<std::string> take_js_string(char* s) {
    if (!s) return std::nullopt;
    std::string out(s);
    std::free(s);
    return out;
}
}  // namespace

std::string initial_link(const LaunchOptions&) { return take_js_string(planlang_page_hash()).value_or(""); }
void publish_link(const std::string& link) { planlang_page_set_hash(link.c_str()); }
std::optional<std::string> link_changed_by_reader() { return take_js_string(planlang_page_changed_hash()); }
std::optional<std::string> recall(const char* key) { return take_js_string(planlang_page_recall(key)); }
void remember(const char* key, const std::string& value) { planlang_page_remember(key, value.c_str()); }
void publish_status(const LaunchOptions&, const std::string& text) { planlang_page_status(text.c_str()); }

void show_screen_text(const std::string& markdown) { planlang_page_screen_text(markdown.c_str()); }

std::string offer_file(const std::string& name, const std::string& mime, const std::string& bytes) {
    planlang_page_offer_file(name.c_str(), mime.c_str(), bytes.data(), static_cast<int>(bytes.size()));
    return name;
}

void run_main_loop(std::function<bool()> frame) {
    g_frame = std::move(frame);
    // fps 0: the browser's requestAnimationFrame pace; true: main() does not return past this point.
    emscripten_set_main_loop(browser_frame, 0, true);
}

}  // namespace planlang::web
