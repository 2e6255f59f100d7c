#pragma once
// Where a reader error is, in words: the JSON path of the value being read, the line and column of a byte,
// and how that byte is shown. Out of the reader's hot code, as errors are rare (core/json/reader.cpp is the
// only user).
#include <cstddef>
#include <string>
#include <string_view>

namespace planlang::json::internal {

class PathStack;

// "$.a.b[2]", keys that are not identifiers quoted ("$[\"a b\"]"); very deep paths keep their first and
// last segments around the number left out.
std::string path_text(const PathStack& path);

// "line:column" of a byte offset, both 1-based, the column counted in code points.
std::string line_column(std::string_view text, std::size_t offset);

// The byte at `offset` as 'c' when printable ASCII, else as 0xHH; "end" past the text.
std::string byte_shown(std::string_view text, std::size_t offset);

}  // namespace planlang::json::internal
