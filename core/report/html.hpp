#pragma once
// HTML text for the cards and pages (site-and-cards.md §5–§7): the one escaping rule every fragment uses, so
// that text from a plan, a run or a catalogue can never open an element.
#include <string>
#include <string_view>

namespace planlang::report {

// `text` with & < > " ' replaced by their character references; safe in element content and in quoted
// attribute values.
std::string html_escape(std::string_view text);

}  // namespace planlang::report
