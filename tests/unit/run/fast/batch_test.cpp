// The batch as the accelerator keeps it (core/run/fast/batch_stream.cpp): a good batch is read in one streamed
// pass and held compact, and must answer exactly as the whole parsed document would — the same huella, the same cases,
// member for member; a batch the streamed pass declines is read whole and reports as before. Also the span
// scanner it rests on (core/run/fast/json_spans.hpp).
#include <doctest/doctest.h>

#include <algorithm>
#include <functional>
#include <string>
#include <vector>

#include "core/json/fingerprint.hpp"
#include "core/json/reader.hpp"
#include "core/run/fast/json_spans.hpp"
#include "core/run/internal/case_store.hpp"
#include "core/run/reader.hpp"
#include "core/common/prng.hpp"
#include "support/run_files.hpp"

using namespace planlang;
using planlang::testing::RunFiles;

namespace {

const std::string kRuns = "synthetic/runs/demo-a/";

json::Value parsed(const std::string& text) {
    json::ReadResult r = json::read(text);
    REQUIRE(r.ok());
    return r.value;
}

// The batch the run's manifest names, read whole.
std::string batch_path(const RunFiles& files, const std::string& run) {
    return files.json_of(run + "/corrida.json")->find("casos")->find("archivo")->as_string();
}

// The member sets a batch is read with (Request::batch_case_members): every member; the verifier's five; a
// set naming a member no case has.
const std::vector<std::vector<std::string>> kKeptSets = {
    {}, {"tipo", "subtipo", "adversario_detalle", "verdad_conocida", "identificadores_sinteticos"}, {"verdad_conocida", "no_existe", "id"}};

// Reads `run` and checks its batch against the whole document at `batch_path` (as the files hold it),
// restricted to `kept` members when it names some.
void same_as_whole(const RunFiles& files, const std::string& run, bool expect_compact, const run::ParallelFor& parallel = {},
                   const std::vector<std::string>& kept = {}) {
    CAPTURE(kept.size());
    auto keeps = [&](std::string_view key) { return kept.empty() || std::find(kept.begin(), kept.end(), key) != kept.end(); };
    run::Request rq;
    rq.main_run = run;
    rq.parallel = parallel;
    rq.batch_case_members = kept;
    const run::ReadResult r = run::read(rq, files.source(), nullptr);
    for (const run::Motive& m : r.motivos) {
        const std::string line = std::string(m.codigo) + " " + m.archivo + " " + m.detalle.en;
        MESSAGE(line);
    }
    REQUIRE(r.ok);
    const run::Batch& b = r.inputs->batch;
    CHECK(b.cases->held_compact() == expect_compact);
    const json::Value whole = *files.json_of(batch_path(files, run));
    CHECK(b.huella == json::huella(whole));
    CHECK(b.huella == whole.find("huella")->as_string());
    CHECK(b.n == static_cast<std::int64_t>(whole.find("n")->as_number()));
    for (const json::Member& m : whole.as_object())
        if (m.key != "casos") CHECK(*b.document.find(m.key) == m.value);
    const json::Array& cases = whole.find("casos")->as_array();
    CHECK(b.case_ids().size() == cases.size());
    json::Value carried;  // read into case after case: what is left from the case before never shows
    for (const json::Value& c : cases) {
        const std::string& id = c.find("id")->as_string();
        CAPTURE(id);
        CHECK(b.has_case(id));
        json::Object held;  // the case as the batch holds it: its kept members, in file order
        for (const json::Member& m : c.as_object())
            if (keeps(m.key)) held.push_back(m);
        const std::optional<json::Value> found = b.find_case(id);
        REQUIRE(found.has_value());
        CHECK(*found == json::Value(held));  // members in file order, strings as read
        // Some members, all, none, and names the case does not have: the case's own, in its order.
        for (const std::vector<std::string_view>& keys :
             std::vector<std::vector<std::string_view>>{{"verdad_conocida", "tipo"}, {}, {"no_existe", "id"}, {"entrada"}}) {
            json::Object expected;
            for (const json::Member& m : c.as_object())
                if (keeps(m.key) && std::find(keys.begin(), keys.end(), m.key) != keys.end()) expected.push_back(m);
            const std::optional<json::Value> some = b.find_case_members(id, keys);
            REQUIRE(some.has_value());
            CHECK(*some == json::Value(expected));
            REQUIRE(b.read_case_members(id, keys, carried));
            CHECK(carried == json::Value(expected));
        }
        std::vector<std::string_view> every;
        for (const json::Member& m : c.as_object()) every.push_back(m.key);
        CHECK(*b.find_case_members(id, every) == json::Value(held));
        // Exactly the kept members, in another order: the stored object itself.
        std::vector<std::string_view> reversed(kept.rbegin(), kept.rend());
        if (!kept.empty()) {
            REQUIRE(b.read_case_members(id, reversed, carried));
            CHECK(carried == json::Value(held));
        }
    }
    CHECK_FALSE(b.has_case("A-999999"));
    CHECK_FALSE(b.find_case("").has_value());
    CHECK_FALSE(b.find_case_members("", {"tipo"}).has_value());
    CHECK_FALSE(b.read_case_members("", {"tipo"}, carried));
}

}  // namespace

TEST_CASE("batch: our committed batches are held compact and answer as the whole document") {
    RunFiles files;
    for (const char* run : {"demo-a-humo-3", "demo-a-20", "demo-a-200"}) {
        CAPTURE(run);
        for (const std::vector<std::string>& kept : kKeptSets) same_as_whole(files, kRuns + run, true, {}, kept);
    }
}

TEST_CASE("batch: cases checked on a ParallelFor (its tasks run backwards here) answer the same") {
    const run::ParallelFor backwards = [](std::size_t n, const std::function<void(std::size_t)>& task) {
        for (std::size_t i = n; i-- > 0;) task(i);
    };
    RunFiles files;
    for (const char* run : {"demo-a-20", "demo-a-200"}) {
        CAPTURE(run);
        for (const std::vector<std::string>& kept : kKeptSets) same_as_whole(files, kRuns + run, true, backwards, kept);
    }
}

TEST_CASE("batch: a batch the streamed pass declines is read whole, with the same answers") {
    RunFiles files;
    const std::string run = kRuns + "demo-a-20";
    const std::string path = batch_path(files, run);
    std::string text = *files.get(path);
    // A key written with an escape is the same key to JSON, but the span scanner does not decode keys.
    const std::size_t at = text.find("\"afirmacion_privacidad\"");  // the first top-level key
    REQUIRE(at != std::string::npos);
    text.replace(at, 2, "\"\\u0061");
    REQUIRE(json::huella(parsed(text)) == json::huella(*files.json_of(path)));
    files.put(path, text);
    for (const std::vector<std::string>& kept : kKeptSets) same_as_whole(files, run, false, {}, kept);
}

TEST_CASE("batch: a case whose keys hold an escape is held compact and still answers member by member") {
    RunFiles files;
    const std::string run = kRuns + "demo-a-20";
    const std::string path = batch_path(files, run);
    std::string text = *files.get(path);
    // The span scanner declines escaped keys, so find_case_members reads such a case whole.
    for (const char* key : {"\"tipo\"", "\"verdad_conocida\""}) {
        const std::size_t at = text.find(key);
        REQUIRE(at != std::string::npos);
        text.replace(at, 2, "\"\\u00" + std::string(key[1] == 't' ? "74" : "76"));
    }
    REQUIRE(json::huella(parsed(text)) == json::huella(*files.json_of(path)));
    files.put(path, text);
    for (const std::vector<std::string>& kept : kKeptSets) same_as_whole(files, run, true, {}, kept);
}

TEST_CASE("batch: non-ASCII text, escapes and odd spacing inside cases survive the compact form") {
    RunFiles files;
    const std::string run = kRuns + "demo-a-humo-3";
    const std::string path = batch_path(files, run);
    json::Value v = *files.json_of(path);
    json::Value& first = v.find("casos")->as_array().front();
    *first.find("entrada")->find("texto_medico")->find("es") = json::Value(std::string("a \"quoted\" {brace} [x], tab\t, \\ backslash, café, line\nend  "));
    files.put_json(path, v);
    files.reseal(path, {run});                  // the batch's huella, and the manifest's reference to it
    files.reseal(run + "/corrida.json", {});    // the manifest's own
    // Reindented by hand: tabs and CRLF between tokens are JSON whitespace too (the huella stays).
    const std::string sealed = *files.get(path);
    std::string odd;
    for (char c : sealed) {
        if (c == '\n') odd += "\r\n\t";
        else odd += c;
    }
    files.put(path, odd);
    for (const std::vector<std::string>& kept : kKeptSets) same_as_whole(files, run, true, {}, kept);
}

TEST_CASE("json spans: members, items and minified text") {
    using run::internal::minify_to;
    using run::internal::array_items;
    using run::internal::object_members;
    const std::string text = " {\"a\": [1, {\"b\": \"}]\\\"\"}, [ ]] ,\n \"casos\" : [ {\"x\":\"[\"} , 2e3,\"s\" ,null ], \"z\":{}} \n";
    const auto members = object_members(text);
    REQUIRE(members.has_value());
    REQUIRE(members->size() == 3);
    CHECK((*members)[0].key == "a");
    CHECK(text.substr((*members)[0].value.begin, (*members)[0].value.end - (*members)[0].value.begin) == "[1, {\"b\": \"}]\\\"\"}, [ ]]");
    CHECK((*members)[1].key == "casos");
    CHECK((*members)[2].key == "z");
    const auto items = array_items(text, (*members)[1].value);
    REQUIRE(items.has_value());
    std::vector<std::string> got;
    for (const run::internal::Span& s : *items) got.push_back(text.substr(s.begin, s.end - s.begin));
    CHECK(got == std::vector<std::string>{"{\"x\":\"[\"}", "2e3", "\"s\"", "null"});
    // The items walked with the members: the same spans, and the same members.
    std::vector<run::internal::Span> walked;
    const auto members_walked = object_members(text, "casos", &walked);
    REQUIRE(members_walked.has_value());
    REQUIRE(members_walked->size() == 3);
    for (std::size_t i = 0; i < 3; ++i) CHECK((*members_walked)[i].value.end == (*members)[i].value.end);
    REQUIRE(walked.size() == items->size());
    for (std::size_t i = 0; i < walked.size(); ++i) CHECK(walked[i].end == (*items)[i].end);
    std::vector<run::internal::Span> none;
    CHECK(object_members(text, "z", &none).has_value());  // an object, not an array: nothing walked
    CHECK(none.empty());
    std::string min = text;
    min.resize(minify_to(&min[0], min));
    CHECK(min == "{\"a\":[1,{\"b\":\"}]\\\"\"},[]],\"casos\":[{\"x\":\"[\"},2e3,\"s\",null],\"z\":{}}");
    CHECK(parsed(min) == parsed(text));
    // Shapes it declines: not an object, trailing text, an escaped key, a missing separator, an open string.
    for (const char* bad : {"[1]", "{} x", "{\"\\u0061\": 1}", "{\"a\" 1}", "{\"a\": 1 \"b\": 2}", "{\"a\": \"open}", "{\"a\": }", "{"}) {
        CAPTURE(bad);
        CHECK_FALSE(object_members(bad).has_value());
    }
    CHECK(object_members(" { } ")->empty());
    const std::string arrays = "[[1,2] [3]]";
    CHECK_FALSE(array_items(arrays, run::internal::Span{0, arrays.size()}).has_value());
}

// The scanner finds string ends with memchr and counts the backslashes before a quote; the byte-by-byte
// walk it replaced is kept here as the reference. Items are built at random from the bytes that matter
// (quotes, backslashes, brackets, separators, whitespace), so every span and every minified byte is known.
namespace spans_reference {

std::size_t minify_bytewise(char* out, std::string_view json) {
    char* w = out;
    for (std::size_t i = 0; i < json.size();) {
        const char c = json[i++];
        if (c == '"') {
            *w++ = c;
            while (i < json.size()) {
                const char d = json[i++];
                *w++ = d;
                if (d == '"') break;
                if (d == '\\' && i < json.size()) *w++ = json[i++];
            }
        } else if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
            *w++ = c;
        }
    }
    return static_cast<std::size_t>(w - out);
}

// The project's seeded generator (Prng), drawing an index below n.
struct Random {
    Prng prng;
    std::size_t below(std::size_t n) { return static_cast<std::size_t>(prng.entero(0, static_cast<std::int64_t>(n) - 1)); }
};

std::string space(Random& r) {
    static const char* kSpaces[] = {"", " ", "\n  ", "\t", "\r\n"};
    return kSpaces[r.below(5)];
}

// A string whose content mixes escaped quotes, escaped backslashes and bracket characters.
std::string string_item(Random& r) {
    static const char* kPieces[] = {"a", "\\\"", "\\\\", "]", "}", "[", "{", ",", " ", "\\\\\\\"", "\xc3\xb1"};
    std::string s = "\"";
    for (std::size_t k = r.below(6); k > 0; --k) s += kPieces[r.below(11)];
    return s + "\"";
}

std::string value_item(Random& r, int depth) {
    const std::size_t kind = depth > 3 ? r.below(3) : r.below(5);
    if (kind == 0) return string_item(r);
    if (kind == 1) return std::to_string(r.below(1000));
    if (kind == 2) return r.below(2) ? "true" : "null";
    std::string s = kind == 3 ? "[" : "{";
    const std::size_t n = r.below(4);
    for (std::size_t k = 0; k < n; ++k) {
        if (k) s += space(r) + "," + space(r);
        if (kind == 4) s += string_item(r) + space(r) + ":" + space(r);
        s += value_item(r, depth + 1);
    }
    return s + space(r) + (kind == 3 ? "]" : "}");
}

// A long item: a list of up to 40 random values, so that strings, escapes and brackets fall across the
// scanner's 64-byte blocks (natively it reads 64 bytes at a time) at every offset.
std::string long_item(Random& r) {
    std::string s = "[";
    for (std::size_t k = r.below(40); k > 0; --k) s += value_item(r, 0) + space(r) + (k > 1 ? "," : "");
    return s + "]";
}

}  // namespace spans_reference

TEST_CASE("json spans: random items with escapes are found and minified as byte by byte") {
    using namespace spans_reference;
    Random r{Prng("json-spans")};
    for (int round = 0; round < 800; ++round) {
        CAPTURE(round);
        std::vector<std::string> items;
        std::string text = "{" + space(r) + "\"casos\"" + space(r) + ":" + space(r) + "[" + space(r);
        const std::size_t n = 1 + r.below(6);
        std::vector<std::size_t> begins;
        for (std::size_t k = 0; k < n; ++k) {
            if (k) text += space(r) + "," + space(r);
            items.push_back(round < 400 ? value_item(r, 0) : long_item(r));
            begins.push_back(text.size());
            text += items.back();
        }
        text += space(r) + "]" + space(r) + "}";
        const auto members = run::internal::object_members(text);
        REQUIRE(members.has_value());
        REQUIRE(members->size() == 1);
        const auto spans = run::internal::array_items(text, members->front().value);
        REQUIRE(spans.has_value());
        REQUIRE(spans->size() == n);
        std::vector<run::internal::Span> walked;
        REQUIRE(run::internal::object_members(text, members->front().key, &walked).has_value());
        REQUIRE(walked.size() == n);
        for (std::size_t k = 0; k < n; ++k) CHECK((walked[k].begin == (*spans)[k].begin && walked[k].end == (*spans)[k].end));
        for (std::size_t k = 0; k < n; ++k) {
            CHECK((*spans)[k].begin == begins[k]);
            CHECK(text.substr((*spans)[k].begin, (*spans)[k].end - (*spans)[k].begin) == items[k]);
        }
        std::string fast = text, slow = text;
        fast.resize(run::internal::minify_to(&fast[0], fast));
        slow.resize(minify_bytewise(&slow[0], slow));
        CHECK(fast == slow);
        // Cut anywhere: an open string or container is declined, and minify still matches the reference.
        const std::string cut = text.substr(0, r.below(text.rfind('}') + 1));  // never the closing brace
        std::string fast_cut = cut, slow_cut = cut;
        fast_cut.resize(run::internal::minify_to(fast_cut.data(), fast_cut));
        slow_cut.resize(minify_bytewise(slow_cut.data(), slow_cut));
        CHECK(fast_cut == slow_cut);
        CHECK_FALSE(run::internal::object_members(cut).has_value());
        std::vector<run::internal::Span> walked_cut;
        CHECK_FALSE(run::internal::object_members(cut, members->front().key, &walked_cut).has_value());
    }
}

TEST_CASE("batch: a problem found after the compact copy began is reported from the file as read") {
    // The last case repeats the first one's id: found only once every case was copied, so the streamed pass
    // has written over the bytes and the file is read again for the whole-document report.
    RunFiles files;
    const std::string run = kRuns + "demo-a-20";
    const std::string path = batch_path(files, run);
    json::Value v = *files.json_of(path);
    json::Array& cases = v.find("casos")->as_array();
    *cases.back().find("id") = *cases.front().find("id");
    files.put_json(path, v);
    files.reseal(path, {run});
    files.reseal(run + "/corrida.json", {});
    run::Request rq;
    rq.main_run = run;
    const run::ReadResult r = run::read(rq, files.source(), nullptr);
    CHECK_FALSE(r.ok);
    REQUIRE(!r.motivos.empty());
    CHECK(std::string(r.motivos.front().codigo) == "ESQUEMA");
    CHECK(r.motivos.front().archivo == "casos");
    CHECK(r.motivos.front().detalle.en == "casos.19.id: the case id \"" + cases.front().find("id")->as_string() + "\" is repeated");
}

TEST_CASE("batch: cases in any order are all found (the index merges ascending runs, else sorts)") {
    // The index is merged from the batch's ascending runs of ids when there are a few (planlang's "A-999",
    // "A-1000" make two) and sorted otherwise: cases moved around in blocks give 2 to 6 runs, reversed 200.
    const std::string run = kRuns + "demo-a-200";
    const std::vector<std::vector<std::size_t>> block_orders = {{1, 0}, {2, 0, 1}, {4, 1, 3, 0, 2}, {5, 4, 3, 2, 1, 0}};
    for (std::size_t order = 0; order <= block_orders.size(); ++order) {
        CAPTURE(order);
        RunFiles files;
        const std::string path = batch_path(files, run);
        json::Value v = *files.json_of(path);
        json::Array& cases = v.find("casos")->as_array();
        json::Array moved;
        if (order == block_orders.size()) {
            moved.assign(cases.rbegin(), cases.rend());
        } else {
            const std::vector<std::size_t>& blocks = block_orders[order];
            const std::size_t size = (cases.size() + blocks.size() - 1) / blocks.size();
            for (std::size_t block : blocks)
                for (std::size_t i = block * size; i < std::min(cases.size(), (block + 1) * size); ++i) moved.push_back(cases[i]);
        }
        REQUIRE(moved.size() == cases.size());
        cases = std::move(moved);
        files.put_json(path, v);
        files.reseal(path, {run});
        files.reseal(run + "/corrida.json", {});
        same_as_whole(files, run, true, {}, kKeptSets[1]);
    }
}
