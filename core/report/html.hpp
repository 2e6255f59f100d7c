#pragma once
// Markup text for the cards and pages (site-and-cards.md §5–§7): the one escaping rule every fragment uses, so
// that text from a plan, a run or a catalogue can never open an element — HTML pages, the CHAI card's XML and
// the diagram's SVG differ only in the options below.
#include <string>
#include <string_view>

namespace planlang::report {

struct MarkupEscape {
    // What an apostrophe becomes: "&#39;" (HTML), "&apos;" (XML), or nullptr to keep it (SVG text and
    // double-quoted attributes only).
    const char* apostrophe = "&#39;";
    // XML 1.0 cannot carry control characters below U+0020 other than tab, LF and CR: each becomes U+FFFD.
    bool replace_controls = false;
};

// `text` with & < > " (and ' as `rules` says) replaced by character references.
std::string escape_markup(std::string_view text, const MarkupEscape& rules);

// HTML: & < > " ' as references; safe in element content and in quoted attribute values.
inline std::string html_escape(std::string_view text) { return escape_markup(text, MarkupEscape{}); }

}  // namespace planlang::report
