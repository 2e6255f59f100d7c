#pragma once
// Writing an RGB image as binary PPM or PNG (by the file's extension), with no image library: the desktop
// build's screenshots for headless checks. PNG uses stored (uncompressed) deflate blocks, valid for every
// PNG reader and enough for a few screenshots.
#include <string>

namespace planlang::web {

struct RgbImage {
    int width = 0;
    int height = 0;
    std::string rgb;  // rows top to bottom, 3 bytes per pixel
};

bool write_image(const std::string& path, const RgbImage& image);

}  // namespace planlang::web
