// Our strict JSON reader against nlohmann/json, an independent second reader (support/second_reader.hpp), on
// every JSON document the repository uses as reader input: the reader corpus (tests/data/json), the fuzz seeds,
// the plan corpus (tests/data/plan) and every plan and card file under plans/. Natively and under Node.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "support/dir.hpp"
#include "support/files.hpp"
#include "support/second_reader.hpp"

using namespace planlang;

TEST_CASE("second reader: ours and nlohmann/json agree on every corpus document, or differ for a rule of one of them") {
    std::vector<std::string> files;
    for (const char* dir : {"tests/data/json", "tests/fuzz/corpus/json", "tests/data/plan", "plans"})
        for (std::string& f : testing::list_files(testing::source_path(dir), ".json", true)) files.push_back(std::move(f));
    for (const std::string& f : testing::list_files(testing::source_path("tests/fuzz/corpus/json"), "", false)) files.push_back(f);
    REQUIRE(files.size() > 200);
    std::size_t both = 0, neither = 0, one = 0;
    for (const std::string& file : files) {
        CAPTURE(file);
        const std::string text = testing::read_text(file);
        const std::optional<std::string> why = testing::second_reader_disagrees(text);
        CHECK_MESSAGE(!why, why.value_or(""));
        const bool ours = json::read(text).ok();
        const bool theirs = !nlohmann::ordered_json::parse(text, nullptr, false).is_discarded();
        (ours && theirs ? both : !ours && !theirs ? neither : one) += 1;
    }
    // Each kind occurs: documents both read alike, documents both refuse, documents one rule refuses.
    CHECK(both > 150);
    CHECK(neither > 3);
    CHECK(one > 3);
}

TEST_CASE("second reader: each named difference, and a disagreement it would report") {
    using testing::second_reader_disagrees;
    CHECK_FALSE(second_reader_disagrees(R"({"a":1,"a":2})"));          // duplicate key: ours alone refuses
    CHECK_FALSE(second_reader_disagrees(R"({"\ud800":1})"));           // lone surrogate in a key: ours alone
    CHECK_FALSE(second_reader_disagrees(R"(["\ud800"])"));             // in a value: nlohmann/json alone
    CHECK_FALSE(second_reader_disagrees("\xEF\xBB\xBF{}"));           // byte order mark: ours alone
    CHECK_FALSE(second_reader_disagrees(std::string(600, '[') + std::string(600, ']')));  // deeper than 512: ours
    CHECK_FALSE(second_reader_disagrees(std::string("7\0x", 3)));      // nlohmann/json stops at the NUL: ours alone
    CHECK_FALSE(second_reader_disagrees("[1e309]"));                  // both refuse an overflow
    CHECK_FALSE(second_reader_disagrees("[18446744073709551616, -0, 0.1]"));  // read alike as doubles
    // Values that differ are reported, naming where.
    json::Value ours = json::read(R"({"a":[1,2]})").value;
    const auto theirs = nlohmann::ordered_json::parse(R"({"a":[1,3]})");
    CHECK(testing::disagreement(ours, theirs) == std::optional<std::string>("$.a[1]: number differs"));
}
