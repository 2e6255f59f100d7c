// The desktop platform: Debian's SDL2 with an OpenGL 3.0 context (Mesa's llvmpipe under Xvfb is enough),
// files read from the site folder, and a screenshot writer for headless checks.
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include <SDL.h>
#include <SDL_opengl.h>

#include "web/platform/image_file.hpp"
#include "web/platform/platform.hpp"

namespace planlang::web {

SDL_Window* create_gl_window(const char* title, int width, int height, const char** glsl_version) {
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_FLAGS, 0);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
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
    SDL_GL_SetSwapInterval(1);
    *glsl_version = "#version 130";  // GLSL of OpenGL 3.0
    return window;
}

void begin_gl_frame(SDL_Window* window, float r, float g, float b) {
    int w = 0, h = 0;
    SDL_GL_GetDrawableSize(window, &w, &h);
    glViewport(0, 0, w, h);
    glClearColor(r, g, b, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
}

bool save_back_buffer(SDL_Window* window, const std::string& path) {
    RgbImage image;
    SDL_GL_GetDrawableSize(window, &image.width, &image.height);
    std::string bottom_up(static_cast<std::size_t>(image.width) * image.height * 3, '\0');
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadBuffer(GL_BACK);  // before the swap: the frame just drawn
    glReadPixels(0, 0, image.width, image.height, GL_RGB, GL_UNSIGNED_BYTE, bottom_up.data());
    const std::size_t row = static_cast<std::size_t>(image.width) * 3;
    image.rgb.resize(bottom_up.size());
    for (int y = 0; y < image.height; ++y) {  // GL's first row is the bottom one
        bottom_up.copy(image.rgb.data() + static_cast<std::size_t>(y) * row, row,
                       static_cast<std::size_t>(image.height - 1 - y) * row);
    }
    return write_image(path, image);
}

void load_asset(const LaunchOptions& options, const std::string& relative_path, AssetCallback done) {
    const std::string path = !relative_path.empty() && relative_path[0] == '/' ? relative_path
                                                                               : options.site_dir + "/" + relative_path;
    std::ifstream in(path, std::ios::binary);
    if (!in) return done(std::nullopt);
    std::ostringstream bytes;
    bytes << in.rdbuf();
    done(bytes.str());
}

std::string preferred_language() {
    // POSIX precedence: LC_ALL, then LC_MESSAGES, then LANG. Spanish unless the locale says English.
    for (const char* name : {"LC_ALL", "LC_MESSAGES", "LANG"}) {
        const char* value = std::getenv(name);
        if (value && *value) return std::string(value).rfind("en", 0) == 0 ? "en" : "es";
    }
    return "es";
}

void expose_to_test_hooks(AppState&) {}

std::string data_root(const LaunchOptions& options) { return options.data_dir; }
std::string initial_link(const LaunchOptions& options) { return options.link; }
void publish_link(const std::string&) {}
std::optional<std::string> link_changed_by_reader() { return std::nullopt; }
std::optional<std::string> recall(const char*) { return std::nullopt; }
void remember(const char*, const std::string&) {}

void publish_status(const LaunchOptions& options, const std::string& text) {
    if (options.print_status) std::printf("%s\n", text.c_str()), std::fflush(stdout);
}

void show_screen_text(const std::string&) {}

std::string offer_file(const std::string& name, const std::string&, const std::string& bytes) {
    std::ofstream out(name, std::ios::binary);
    out << bytes;
    return out ? name : std::string();
}

void run_main_loop(std::function<bool()> frame) {
    while (frame()) {
    }
}

}  // namespace planlang::web
