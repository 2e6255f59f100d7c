#pragma once
// Text helpers over WTF-8 strings (UTF-8 that may carry lone surrogates as 3-byte sequences).
#include <cstdint>
#include <string>
#include <string_view>

namespace planlang::json {

// Unicode Normalization Form C of a WTF-8 string (Unicode data of utf8proc, the same in every build).
// Lone surrogates are left untouched, like String.prototype.normalize does.
std::string nfc(std::string_view wtf8);

// True when nfc(s) == s is known without normalising (pure ASCII, or NFC_Quick_Check = Yes).
bool is_nfc_quick(std::string_view wtf8);

// Strict order of two WTF-8 strings by their UTF-16 code units (RFC 8785 §3.2.3).
bool utf16_less(std::string_view a, std::string_view b);

// Appends code point c (U+0000..U+10FFFF, surrogates included: WTF-8) as UTF-8 bytes.
void append_utf8(std::string& out, std::uint32_t c);

// Length in bytes of the ECMAScript white space or line terminator that starts `s` (the set of
// String#trim and of regular-expression \s: TAB VT FF SP NBSP U+FEFF, every Zs, LF CR U+2028 U+2029;
// not U+0085), or 0 when `s` does not start with one.
std::size_t ecmascript_space_length(std::string_view s);

// Whether s holds a lone surrogate (only possible from a "\uD8xx" escape).
bool has_lone_surrogate(std::string_view wtf8);

}  // namespace planlang::json
