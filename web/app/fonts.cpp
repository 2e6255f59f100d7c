#include "web/app/fonts.hpp"

#include "imgui.h"

namespace planlang::web {

namespace {

// Pairs of inclusive code point ranges, zero-terminated (imgui's glyph range format). web/CMakeLists.txt cuts
// the shipped font down to these same ranges (tests/unit/web/catalogue_test.cpp checks both lists are equal).
const ImWchar kGlyphRanges[] = {
    0x0020, 0x00FF,  // Basic Latin + Latin-1: accents, ñ, ¿ ¡ « » ·
    0x2010, 0x2027,  // dashes – —, quotes, bullet, ellipsis
    0x2190, 0x21FF,  // arrows → ⇒
    0x2200, 0x22FF,  // mathematical operators ∨ ≠ ≤ ≥
    0x25A0, 0x25FF,  // geometric shapes ▲ ●
    0x26A0, 0x26A0,  // ⚠
    0x2713, 0x2717,  // ✓ ✗
    0,
};

std::string g_font_bytes;  // imgui reads the TTF while building the atlas; it must outlive that

}  // namespace

bool install_ui_font(std::optional<std::string> ttf_bytes, float pixel_scale) {
    ImGuiIO& io = ImGui::GetIO();
    const float scale = pixel_scale >= 1.0f ? pixel_scale : 1.0f;
    if (ttf_bytes && !ttf_bytes->empty()) {
        g_font_bytes = std::move(*ttf_bytes);
        ImFontConfig config;
        config.FontDataOwnedByAtlas = false;  // the bytes live in g_font_bytes, not in imgui's allocator
        config.OversampleH = 2;
        if (io.Fonts->AddFontFromMemoryTTF(g_font_bytes.data(), static_cast<int>(g_font_bytes.size()),
                                           kUiFontSize * scale, &config, kGlyphRanges)) {
            io.FontGlobalScale = 1.0f / scale;
            return true;
        }
    }
    io.Fonts->AddFontDefault();
    return false;
}

}  // namespace planlang::web
