#include "core/report/html.hpp"

#include <doctest/doctest.h>

using planlang::report::html_escape;

TEST_CASE("html_escape: the five characters that could open markup or end an attribute") {
    CHECK(html_escape("") == "");
    CHECK(html_escape("plan 1.5.2 · ñ ¿¡ → ✓") == "plan 1.5.2 · ñ ¿¡ → ✓");
    CHECK(html_escape("<script>alert('x') & \"y\"</script>") == "&lt;script&gt;alert(&#39;x&#39;) &amp; &quot;y&quot;&lt;/script&gt;");
    CHECK(html_escape("&amp;") == "&amp;amp;");  // already-escaped text is text: escaped again, never trusted
}
