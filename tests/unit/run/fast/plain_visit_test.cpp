// The expected visits read without their tree (core/run/plain_visit.cpp) against the general path: a visit
// read_plain_visit accepts must be one the reader reads, with a canonical copy, that fits the visit's schema
// — and that copy must be what read_plain_visit wrote. Visits of our committed runs, with every kind of
// whitespace, then mutated at random (a byte inserted, deleted or replaced) and by hand at each boundary of
// the shape it accepts.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "core/json/canonical.hpp"
#include "core/json/reader.hpp"
#include "core/run/fast/plain_visit.hpp"
#include "core/run/internal/schemas.hpp"
#include "core/common/prng.hpp"
#include "support/mutate.hpp"
#include "support/run_files.hpp"

using namespace planlang;

namespace {

struct Counts {
    int plain = 0;       // read without a tree
    int general = 0;     // declined by read_plain_visit, accepted by the general path (canonical or not)
    int rejected = 0;    // not a good visit at all
};

// The verdict of both ways on one text, checked against each other.
void compare(const std::string& text, Counts& counts) {
    CAPTURE(text);
    std::string plain = "prefix:";  // read_plain_visit appends
    const bool fast = run::internal::read_plain_visit(text, plain);
    json::Value tree;
    json::CanonicalCopy copy;
    const bool read = !json::read_into(tree, text, json::ReadLimits{}, &copy).has_value();
    const bool fits = read && run::internal::check_ramas_visit(tree, 0).empty();
    if (fast) {
        ++counts.plain;
        REQUIRE(fits);
        REQUIRE(copy.canonical);
        CHECK(plain == "prefix:" + std::string(copy.text()));
        CHECK(plain == "prefix:" + json::canonical(tree));
    } else {
        CHECK(plain == "prefix:");  // left as it was
        ++(fits ? counts.general : counts.rejected);
    }
}

}  // namespace

TEST_CASE("plain visits: read without a tree exactly when the general path reads them so, with the same canonical copy") {
    testing::RunFiles files;
    std::vector<std::string> visits;
    for (const char* run : {"demo-a-humo-3", "demo-a-20", "demo-a-200-base"}) {
        const json::Value doc = *files.json_of(std::string("synthetic/runs/demo-a/") + run + "/ramas-esperadas.json");
        for (const json::Value& v : doc.find("visitas")->as_array()) visits.push_back(json::disk_form(v));
    }
    REQUIRE(visits.size() > 100);
    Counts counts;
    Prng g("tests/plain-visit");
    for (std::size_t i = 0; i < visits.size(); ++i) {
        const std::string& v = visits[i];
        compare(v, counts);
        compare(json::canonical(json::read(v).value), counts);  // compact
        for (int k = 0; k < 20; ++k) compare(testing::mutated(v, g), counts);
    }
    // By hand: each edge of the accepted shape, on either side of it.
    const std::string head = R"({"caso_id":"A-1","desde":"enrutador","paso":)";
    for (const std::string& text : std::vector<std::string>{
             head + R"(1,"rama_tomada":"extractor","resultados":[false,true]})",
             head + R"(1,"rama_tomada":null,"resultados":[]})",
             head + R"(1,"rama_tomada":"","resultados":[true]})",
             head + R"(123456789012345,"rama_tomada":"x","resultados":[]})",
             head + R"(1234567890123456,"rama_tomada":"x","resultados":[]})",
             head + R"(0,"rama_tomada":"x","resultados":[]})",
             head + R"(01,"rama_tomada":"x","resultados":[]})",
             head + R"(1.0,"rama_tomada":"x","resultados":[]})",
             head + R"(1e0,"rama_tomada":"x","resultados":[]})",
             head + R"(-1,"rama_tomada":"x","resultados":[]})",
             head + R"(1,"rama_tomada":"a\/b","resultados":[]})",
             head + R"(1,"rama_tomada":"caf\u00e9","resultados":[]})",
             head + "1,\"rama_tomada\":\"caf\xC3\xA9\",\"resultados\":[]}",
             head + R"(1,"rama_tomada":"x","resultados":[null]})",
             head + R"(1,"rama_tomada":"x","resultados":[true,]})",
             head + R"(1,"rama_tomada":"x","resultados":[true],"otra":1})",
             head + R"(1,"resultados":[],"rama_tomada":"x"})",
             head + R"(1,"rama_tomada":"x","resultados":[]} x)",
             head + R"(1,"rama_tomada":"x","resultados":[]}  )",
             R"({"caso_id":"","desde":"enrutador","paso":1,"rama_tomada":"x","resultados":[]})",
             R"({"caso_id":"A-1","desde":"","paso":1,"rama_tomada":"x","resultados":[]})",
             R"({"caso_id":"A\"1","desde":"d","paso":1,"rama_tomada":"x","resultados":[]})",
             R"({"caso_id":"A-1","caso_id":"A-1","desde":"d","paso":1,"rama_tomada":"x","resultados":[]})",
             " {\n \"caso_id\" : \"A-1\" ,\r\n\t\"desde\":\"d\",\"paso\" :7 ,\"rama_tomada\": null,\"resultados\" :[ true , false ] } ",
         })
        compare(text, counts);
    CHECK(counts.plain > 1000);    // the committed visits and whitespace noise
    CHECK(counts.general > 10);    // escapes, non-ASCII, 16 digits, 1.0, 1e0: the general path's
    CHECK(counts.rejected > 1000);
}
