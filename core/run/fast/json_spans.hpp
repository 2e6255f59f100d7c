#pragma once
// A light scanner that finds where JSON values begin and end without building them: the reader's streamed
// batch path takes a large batch's cases one at a time with it. It validates nothing beyond the shape it
// walks — every span it returns is parsed by json::read afterwards — and it declines (nullopt) whatever it
// does not expect, so the caller falls back to reading the document whole.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace planlang::run::internal {

struct Span {
    std::size_t begin = 0, end = 0;  // [begin, end) in the text
};

struct MemberSpan {
    std::string_view key;  // the bytes between the key's quotes (keys with an escape are declined)
    Span value;
};

// The members of the object that is the whole of `text` (whitespace around it allowed). With `items`, the
// member named `items_of` that is an array has its items' spans put there as it is walked (the last such
// member's, as array_items would give them), so a large array is scanned once, not once more by array_items.
std::optional<std::vector<MemberSpan>> object_members(std::string_view text, std::string_view items_of = {},
                                                      std::vector<Span>* items = nullptr);

// The items of the array spanning `array` in `text` (array.begin at its '[').
std::optional<std::vector<Span>> array_items(std::string_view text, Span array);

// `json` without the whitespace outside its strings (the same value in fewer bytes) written at `out`, which
// may be json's own first byte or any byte before it (the copy only moves bytes toward the front); returns
// the number of bytes written (never more than json.size()).
std::size_t minify_to(char* out, std::string_view json);

}  // namespace planlang::run::internal
