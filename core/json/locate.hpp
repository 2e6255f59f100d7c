#pragma once
// Where an element lies in a JSON text, for people reading a reason: the line:column (columns in code points,
// as the reader's errors count them) of the value a validator element names. Elements are the spec's dotted
// paths ("riesgos.1.modo", array indices as numbers; "$" the root) and the validator's id-led ones ("U2",
// "C4.poblacion"): a first segment that is not a member of the root names the first object, in text order,
// whose "id" is that segment; a later segment that is not a member of the value reached names the first
// member of that name below it. When a segment cannot be followed (a key the file lacks, which is often the
// very reason), the position is that of the last value reached. The text must be one JSON value (as the
// reader accepted it); nullopt otherwise.
#include <optional>
#include <string>
#include <string_view>

namespace planlang::json {

std::optional<std::string> locate(std::string_view text, std::string_view element);

}  // namespace planlang::json
