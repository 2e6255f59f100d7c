#include "core/synth/synthetic_person.hpp"

#include <cassert>
#include <utf8proc.h>
#include <vector>

#include "core/json/unicode.hpp"
#include "core/common/prng.hpp"

namespace planlang::synth {

std::string zero_padded(std::int64_t n, std::size_t width) {
    std::string s = std::to_string(n);
    if (s.size() < width) s.insert(0, width - s.size(), '0');
    return s;
}

std::string ascii_fold_lower(std::string_view s) {
    std::vector<utf8proc_int32_t> buffer(s.size() * 2 + 8);
    constexpr auto kOptions = static_cast<utf8proc_option_t>(UTF8PROC_DECOMPOSE | UTF8PROC_STRIPMARK);
    const auto n = utf8proc_decompose(reinterpret_cast<const utf8proc_uint8_t*>(s.data()), static_cast<utf8proc_ssize_t>(s.size()),
                                      buffer.data(), static_cast<utf8proc_ssize_t>(buffer.size()), kOptions);
    assert(n >= 0 && n <= static_cast<utf8proc_ssize_t>(buffer.size()) && "dictionary names are short, valid UTF-8");
    std::string out;
    for (utf8proc_ssize_t i = 0; i < n; ++i) {
        auto c = static_cast<std::uint32_t>(utf8proc_tolower(buffer[static_cast<std::size_t>(i)]));
        json::append_utf8(out, c);
    }
    return out;
}

std::string synthetic_phone(Prng& g) { return "555-01" + zero_padded(g.entero(0, 99), 2); }

std::string synthetic_email(std::string_view first, std::string_view surname, Prng& g) {
    return ascii_fold_lower(first) + "." + ascii_fold_lower(surname) + "." + std::to_string(g.entero(100, 999)) + "@example.com";
}

}  // namespace planlang::synth
