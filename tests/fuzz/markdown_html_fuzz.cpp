// libFuzzer target: our Markdown as HTML (core/report/markdown_html.hpp), which the static site and the CHAI
// card's HTML run over texts recorded in runs (an injected payload, a letter). Input: any bytes as Markdown.
// Properties, not just "no crash":
//  - every element in the output is one the renderer writes itself (h1-h6, p, br, ul, ol, li, blockquote,
//    pre, code, strong, em, div, table, thead, tbody, tr, th, td, details, summary), so no input opens a
//    script, a link, an image or an attribute of its own;
//  - the only attributes are the renderer's (class="tabla", scope="col", class="language-…");
//  - the same input gives the same bytes twice.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <set>
#include <string>
#include <string_view>

#include "core/report/markdown_html.hpp"

namespace {

void require(bool condition) {
    if (!condition) std::abort();
}

const std::set<std::string> kTags = {"h1", "h2", "h3", "h4", "h5", "h6", "p", "br", "ul", "ol", "li", "blockquote", "pre", "code", "strong", "em",
                                     "div", "table", "thead", "tbody", "tr", "th", "td", "details", "summary"};

void check_markup(const std::string& html) {
    for (std::size_t at = html.find('<'); at != std::string::npos; at = html.find('<', at + 1)) {
        const std::size_t end = html.find('>', at);
        require(end != std::string::npos);
        std::string tag = html.substr(at + 1, end - at - 1);
        if (!tag.empty() && tag[0] == '/') tag.erase(0, 1);
        const std::size_t space = tag.find(' ');
        const std::string name = tag.substr(0, space);
        require(kTags.count(name) == 1);
        if (space == std::string::npos) continue;
        const std::string attributes = tag.substr(space + 1);
        require(attributes == "class=\"tabla\"" || attributes == "scope=\"col\"" || attributes.rfind("class=\"language-", 0) == 0);
        // The language word of a fence is escaped text: no quote of its own may close the attribute early.
        if (attributes.rfind("class=\"language-", 0) == 0) require(attributes.find('"', 16) == attributes.size() - 1);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const std::string html = planlang::report::markdown_html(text);
    check_markup(html);
    require(planlang::report::markdown_html(text) == html);
    check_markup(planlang::report::inline_html(text));
    return 0;
}
