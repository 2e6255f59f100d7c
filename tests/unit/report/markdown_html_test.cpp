// Our Markdown as HTML (core/report/markdown_html.hpp): each construct planlang writes, with the HTML worked out
// by hand; recorded text that looks like markup stays text.
#include "core/report/markdown_html.hpp"

#include <doctest/doctest.h>

using planlang::report::inline_html;
using planlang::report::markdown_html;

TEST_CASE("markdown_html: headings, paragraphs with one statement per line, quotes") {
    CHECK(markdown_html("# Título\n\nUna línea\notra línea\n\n## Dos") == "<h1>Título</h1>\n<p>Una línea<br>\notra línea</p>\n<h2>Dos</h2>\n");
    CHECK(markdown_html("## x", {1}) == "<h3>x</h3>\n");
    CHECK(markdown_html("> a\n> b") == "<blockquote>\n<p>a<br>\nb</p>\n</blockquote>\n");
}

TEST_CASE("markdown_html: inline strong, emphasis, code and escapes") {
    CHECK(inline_html("**sí** y *no* y `a|b`") == "<strong>sí</strong> y <em>no</em> y <code>a|b</code>");
    CHECK(inline_html("⚠**Mensaje**") == "⚠<strong>Mensaje</strong>");
    CHECK(inline_html("5 * 3 y a*") == "5 * 3 y a*");  // a lone star is text
    CHECK(inline_html("a \\| b") == "a | b");
    CHECK(inline_html("<script>alert('x')</script> & \"q\"") == "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot;");
    CHECK(inline_html("`<b>`") == "<code>&lt;b&gt;</code>");
}

TEST_CASE("markdown_html: tables with escaped pipes and short rows") {
    CHECK(markdown_html("| A | B |\n|---|---|\n| x \\| y | `c\\|d` |\n| z |") ==
          "<div class=\"tabla\"><table>\n<thead><tr><th scope=\"col\">A</th><th scope=\"col\">B</th></tr></thead>\n<tbody>\n"
          "<tr><td>x | y</td><td><code>c|d</code></td></tr>\n<tr><td>z</td><td></td></tr>\n</tbody>\n</table></div>\n");
    CHECK(markdown_html("| no es tabla |\ntexto") == "<p>| no es tabla |<br>\ntexto</p>\n");  // no separator row: a paragraph
}

TEST_CASE("markdown_html: lists nested by two spaces, ordered lists, fenced code, the report's fold") {
    CHECK(markdown_html("- uno\n  - a\n  - b\n- dos") == "<ul>\n<li>uno\n<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n</li>\n<li>dos</li>\n</ul>\n");
    CHECK(markdown_html("1. uno\n2. dos") == "<ol>\n<li>uno</li>\n<li>dos</li>\n</ol>\n");
    CHECK(markdown_html("```json\n{\"a\": \"<b>\"}\n```") == "<pre><code class=\"language-json\">{&quot;a&quot;: &quot;&lt;b&gt;&quot;}\n</code></pre>\n");
    CHECK(markdown_html("<details><summary>Las 12 <b></summary>\n\ntexto\n\n</details>") ==
          "<details><summary>Las 12 &lt;b&gt;</summary>\n<p>texto</p>\n</details>\n");
    CHECK(markdown_html("<div>no</div>") == "<p>&lt;div&gt;no&lt;/div&gt;</p>\n");  // any other HTML is text
    CHECK(markdown_html("```\nsin cerrar") == "<pre><code>sin cerrar\n</code></pre>\n");
}
