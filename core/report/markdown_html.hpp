#pragma once
// Our own Markdown as HTML, for the static site's pages (site-and-cards.md §1: every screen has a text
// rendering; the site shows the same texts the app publishes and the CLI prints). It reads the subset that
// planlang writes — the gap report (core/report), the case page (site/case_page), the cards — and nothing
// more: ATX headings, paragraphs, "> " quotes, "- " lists nested by two spaces, "1. " lists, pipe tables
// (with "\|" inside cells), fenced code, **strong**, *emphasis*, `code`, and the report's one raw-HTML
// construct, a `<details><summary>…</summary>` … `</details>` fold. Every other character is text and is
// escaped, so a text recorded in a run (an injected payload, a letter) can never become markup.
#include <string>
#include <string_view>

namespace planlang::report {

struct MarkdownHtmlOptions {
    int heading_shift = 0;  // "# x" becomes <h(1 + shift)>; capped at h6
};

std::string markdown_html(std::string_view markdown, const MarkdownHtmlOptions& options = {});

// One line's inline markup (strong, emphasis, code, "\|") as HTML, escaped.
std::string inline_html(std::string_view text);

}  // namespace planlang::report
