// libFuzzer target for the canonicaliser: the input is read as a sequence of code points (3 bytes each,
// any of U+0000..U+10FFFF, lone surrogates included), cut into keys and values of one object. Checks:
// NFC is idempotent, UTF-16 key order agrees with a std::u16string comparison, and the canonical text
// reads back to itself.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/json/canonical.hpp"
#include "core/json/reader.hpp"
#include "core/json/unicode.hpp"

using namespace planlang::json;

namespace {

void require(bool condition) {
    if (!condition) std::abort();
}

void append_wtf8(std::string& out, std::u16string& units, std::uint32_t c) {
    append_utf8(out, c);
    if (c < 0x10000) units += static_cast<char16_t>(c);
    else {
        units += static_cast<char16_t>(0xD800 + ((c - 0x10000) >> 10));
        units += static_cast<char16_t>(0xDC00 + ((c - 0x10000) & 0x3FF));
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::vector<std::string> pieces(1);
    std::vector<std::u16string> units(1);
    for (std::size_t i = 0; i + 3 <= size; i += 3) {
        const std::uint32_t raw = (std::uint32_t{data[i]} << 16) | (std::uint32_t{data[i + 1]} << 8) | data[i + 2];
        const std::uint32_t c = raw % 0x110000;
        if (c == 0x1F) {  // unit separator cuts pieces
            pieces.emplace_back();
            units.emplace_back();
            continue;
        }
        // A high surrogate followed by a low one would be one supplementary character in UTF-16; WTF-8
        // forbids that pair, so keep them apart.
        if (c >= 0xDC00 && c <= 0xDFFF && !units.back().empty() && units.back().back() >= 0xD800 &&
            units.back().back() <= 0xDBFF && pieces.back().size() >= 3 &&
            static_cast<unsigned char>(pieces.back()[pieces.back().size() - 3]) == 0xED)
            continue;
        append_wtf8(pieces.back(), units.back(), c);
    }
    for (std::size_t i = 0; i < pieces.size(); ++i) {
        const std::string once = nfc(pieces[i]);
        require(nfc(once) == once);
        for (std::size_t j = 0; j < pieces.size(); ++j)
            require(utf16_less(pieces[i], pieces[j]) == (units[i] < units[j]));
    }
    Object members;
    for (std::size_t i = 0; i + 1 < pieces.size(); i += 2)
        if (!has_lone_surrogate(pieces[i])) members.push_back(Member{pieces[i], Value(pieces[i + 1])});
    const Value v(std::move(members));
    for (const Canon mode : {Canon::planlang, Canon::rfc8785}) {
        const std::string text = canonical(v, mode);
        const ReadResult back = read(text);
        require(back.ok());
        require(canonical(back.value, mode) == text);
    }
    return 0;
}
