#include "web/platform/image_file.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <fstream>

namespace planlang::web {

namespace {

void put_be32(std::string& out, std::uint32_t v) {
    for (int shift = 24; shift >= 0; shift -= 8) out += static_cast<char>((v >> shift) & 0xff);
}

// CRC-32 of PNG chunks (ISO 3309, the PNG spec's Annex D).
std::uint32_t crc32(const std::string& data, std::size_t from) {
    static const std::array<std::uint32_t, 256> table = [] {
        std::array<std::uint32_t, 256> t{};
        for (std::uint32_t n = 0; n < 256; ++n) {
            std::uint32_t c = n;
            for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xedb88320u ^ (c >> 1) : c >> 1;
            t[n] = c;
        }
        return t;
    }();
    std::uint32_t c = 0xffffffffu;
    for (std::size_t i = from; i < data.size(); ++i) c = table[(c ^ static_cast<std::uint8_t>(data[i])) & 0xff] ^ (c >> 8);
    return c ^ 0xffffffffu;
}

void put_chunk(std::string& png, const char* type, const std::string& body) {
    put_be32(png, static_cast<std::uint32_t>(body.size()));
    const std::size_t start = png.size();
    png += type;
    png += body;
    put_be32(png, crc32(png, start));
}

// zlib stream (RFC 1950) of stored deflate blocks (RFC 1951 §3.2.4), each at most 65535 bytes.
std::string zlib_stored(const std::string& raw) {
    std::string z = "\x78\x01";
    std::uint32_t a = 1, b = 0;  // Adler-32
    for (char ch : raw) {
        a = (a + static_cast<std::uint8_t>(ch)) % 65521;
        b = (b + a) % 65521;
    }
    std::size_t pos = 0;
    do {
        const std::size_t len = std::min<std::size_t>(65535, raw.size() - pos);
        const bool last = pos + len == raw.size();
        z += static_cast<char>(last ? 1 : 0);
        z += static_cast<char>(len & 0xff);
        z += static_cast<char>(len >> 8);
        z += static_cast<char>(~len & 0xff);
        z += static_cast<char>((~len >> 8) & 0xff);
        z.append(raw, pos, len);
        pos += len;
    } while (pos < raw.size());
    put_be32(z, (b << 16) | a);
    return z;
}

std::string encode_png(const RgbImage& image) {
    const std::size_t row = static_cast<std::size_t>(image.width) * 3;
    std::string raw;
    raw.reserve((row + 1) * image.height);
    for (int y = 0; y < image.height; ++y) {
        raw += '\0';  // filter type 0 (none) for every scanline
        raw.append(image.rgb, static_cast<std::size_t>(y) * row, row);
    }
    std::string header;
    put_be32(header, static_cast<std::uint32_t>(image.width));
    put_be32(header, static_cast<std::uint32_t>(image.height));
    header += std::string("\x08\x02\x00\x00\x00", 5);  // 8-bit RGB, deflate, no filter choice, no interlace
    std::string png = "\x89PNG\r\n\x1a\n";
    put_chunk(png, "IHDR", header);
    put_chunk(png, "IDAT", zlib_stored(raw));
    put_chunk(png, "IEND", "");
    return png;
}

bool ends_with(const std::string& s, const char* suffix) {
    const std::string tail(suffix);
    return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

}  // namespace

bool write_image(const std::string& path, const RgbImage& image) {
    std::string bytes;
    if (ends_with(path, ".png")) {
        bytes = encode_png(image);
    } else {
        bytes = "P6\n" + std::to_string(image.width) + " " + std::to_string(image.height) + "\n255\n" + image.rgb;
    }
    std::ofstream out(path, std::ios::binary);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    return static_cast<bool>(out);
}

}  // namespace planlang::web
