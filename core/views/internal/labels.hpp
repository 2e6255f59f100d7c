#pragma once
// Where the diagram's arrow labels go (spec/site-and-cards.md §3; ours): beside a segment of their arrow, at
// the candidate that overlaps the fewest nodes, labels already placed and other arrows. Integers only.
#include <string_view>
#include <vector>

#include "core/views/internal/router.hpp"

namespace planlang::views::internal {

inline constexpr int kLabelHeight = 14;  // a line of 10-unit text
inline constexpr int kLabelGap = 3;      // between a label and its segment

// A label's width estimated from its text (6 units per character and 6 of padding; no font metrics, so the
// same on every build).
int label_width(std::string_view text);

// The centre of each arrow's label box, in arrow order; `widths[k]` 0: arrow k has no label (its centre is
// then the middle of its longest segment). Labels are placed in arrow order, each seeing the ones before.
std::vector<IPoint> place_labels(const std::vector<Box>& boxes, const std::vector<std::vector<IPoint>>& routes,
                                 const std::vector<int>& widths, int width, int height, int top);

}  // namespace planlang::views::internal
