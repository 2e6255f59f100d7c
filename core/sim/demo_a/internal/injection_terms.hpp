#pragma once
// The injection families' terms (core/sim/demo_a/injection.hpp), shared by the matcher and its tests. Terms are
// written folded (see fold()).
#include <cstddef>
#include <string_view>
#include <vector>

namespace planlang::sim::demo_a::internal {

// A family matches when one of its phrases occurs, or one term of `first` is followed, within `window`
// bytes after its end and in the same clause (the window stops at the first . ; : ! ? or line break), by
// one term of `second`. Every term must start and end on a word boundary (word bytes: a–z, 0–9, ≥ 0x80).
struct Family {
    const char* name;
    std::vector<std::string_view> phrases;
    std::vector<std::string_view> first;
    std::vector<std::string_view> second;
    std::size_t window;
};

const std::vector<Family>& families();

inline bool is_word_byte(unsigned char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c >= 0x80; }

}  // namespace planlang::sim::demo_a::internal
