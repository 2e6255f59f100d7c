#pragma once
// The UI font. site-and-cards.md §1 asks for Latin-1 accents, ñ, ¿ ¡ « » · – — ≤ ≥ ≠ → ∨ ⇒ ✓ ⚠ ✗: imgui's
// built-in ProggyClean covers Latin-1 only, so the site ships DejaVu Sans (Debian's fonts-dejavu-core,
// copied at build time) and the app rasterises just the ranges it needs.
#include <optional>
#include <string>

namespace planlang::web {

inline constexpr float kUiFontSize = 17.0f;

// Adds the font to imgui's atlas before the first frame, rasterised at `pixel_scale` × kUiFontSize (the
// framebuffer's pixels per window pixel: 2 on a HiDPI screen) and drawn at kUiFontSize, so text stays sharp.
// With no bytes (the file did not load) it falls back to the built-in font and returns false, so the app can
// say that some symbols will be missing.
bool install_ui_font(std::optional<std::string> ttf_bytes, float pixel_scale);

}  // namespace planlang::web
