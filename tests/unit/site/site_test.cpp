// The static site (core/site/site.hpp) on the committed 20-case run: every file of both languages in path
// order; the plan page's risks and criteria against the plan and informe.json read here with core/json; the gap
// page's sections = the headings of the run's informe.<lang>.md; every executed case with both readings; the
// cards as files; a catalogue without a key the pages need refuses the whole site and names the key; catalogue
// text cannot open an element; a demo without a loaded run is refused.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/json/number.hpp"
#include "core/site/site.hpp"
#include "playground/playground_fixture.hpp"

using namespace planlang;
using namespace planlang::testing;
using json::Value;

namespace {

Value read_json(const std::string& path) {
    std::optional<Value> v = RunFiles().json_of(path);
    REQUIRE(v);
    return *v;
}

site::SiteInputs inputs_for(const std::string& run) {
    site::SiteInputs in;
    in.catalogue_es = read_json("lang/es.json");
    in.catalogue_en = read_json("lang/en.json");
    in.demos.push_back({"demo-a", run, &pg::loaded(run), read_json("plans/demo-a/chai-declarado.json")});
    static const RunFiles files;  // outlives every SiteInputs: its source() points at it
    in.files = files.source();
    return in;
}

const std::string* file_of(const site::Site& s, const std::string& path) {
    for (const site::SiteFile& f : s.files)
        if (f.path == path) return &f.bytes;
    return nullptr;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

void set_text(Value& catalogue, const std::string& key, const std::string& text) {
    for (json::Member& m : catalogue.as_object())
        if (m.key == key) m.value = Value(text);
}

}  // namespace

TEST_CASE("site: every page of both languages for demo-a-20, in path order") {
    const site::Site s = site::build_site(inputs_for(pg::kDemo20));
    for (const Issue& i : s.problemas) INFO(i.code << " " << i.element);
    REQUIRE(s.ok);
    std::vector<std::string> expected = {"estilo.css", "index.html", "sitio.js"};
    const Value run = read_json(pg::kDemo20 + "/corrida.json");
    for (const char* lang : {"es", "en"}) {
        const std::string base = std::string(lang) + "/demo-a/";
        expected.push_back(std::string(lang) + "/index.html");
        for (const char* f : {"agente.html", "brecha.html", "casos.html", "diagrama.svg", "ficha-chai-v0.1.xml", "ficha-chai-v0.2.xml", "fichas.html",
                              "plan.html", "reproducibilidad.md"})
            expected.push_back(base + f);
        for (const Value& id : run.find("casos_ejecutados")->as_array()) expected.push_back(base + "casos/" + id.as_string() + ".html");
    }
    std::sort(expected.begin(), expected.end());
    std::vector<std::string> paths;
    for (const site::SiteFile& f : s.files) paths.push_back(f.path);
    CHECK(paths == expected);
    CHECK(paths.size() == 3 + 2 * (1 + 9 + 20));
    for (const site::SiteFile& f : s.files) {
        INFO(f.path);
        CHECK_FALSE(f.bytes.empty());
        CHECK_FALSE(contains(f.bytes, "[["));
        for (const char* out : {"href=\"http", "src=\"http", "url(http", "href=\"//", "src=\"//"}) CHECK_FALSE(contains(f.bytes, out));
    }
    // The same inputs, the same bytes.
    const site::Site again = site::build_site(inputs_for(pg::kDemo20));
    REQUIRE(again.files.size() == s.files.size());
    for (std::size_t i = 0; i < s.files.size(); ++i) CHECK(again.files[i].bytes == s.files[i].bytes);
}

TEST_CASE("site: the plan page carries every risk and criterion with the report's state and value") {
    const site::Site s = site::build_site(inputs_for(pg::kDemo20));
    REQUIRE(s.ok);
    const Value plan = read_json("plans/demo-a/plan-demo-a.json");
    const Value report = read_json(pg::kDemo20 + "/informe.json");
    const Value es = read_json("lang/es.json");
    const std::string* page = file_of(s, "es/demo-a/plan.html");
    REQUIRE(page);
    for (const Value& r : plan.find("riesgos")->as_array()) {
        const std::string id = r.find("id")->as_string();
        CHECK(contains(*page, "<tr><th scope=\"row\">" + id + "</th>"));
    }
    for (const Value& c : report.find("criterios")->as_array()) {
        const std::string id = c.find("id")->as_string();
        const std::string state = es.find("brecha.estado." + c.find("estado")->as_string())->as_string();
        const std::size_t row = page->find("<tr><th scope=\"row\">" + id + "</th>");
        REQUIRE(row != std::string::npos);
        const std::string line = page->substr(row, page->find("</tr>", row) - row);
        INFO(line);
        CHECK(contains(line, ">" + state + "</span>"));
        const Value& measured = *c.find("valor_medido");
        if (measured.is_number()) {  // written as the report writes numbers: exact, with the Spanish decimal mark
            std::string n = json::format_number(measured.as_number());
            std::replace(n.begin(), n.end(), '.', ',');
            CHECK(contains(line, "<td>" + n + "</td>"));
        }
    }
    // The expert parts are there, marked for the reading switch.
    CHECK(contains(*page, "<input type=\"checkbox\" id=\"lectura-experto\""));
    CHECK(contains(*page, "<div class=\"experto\">"));
}

TEST_CASE("site: the gap page has the report's sections, each case both readings, the cards their files") {
    const site::Site s = site::build_site(inputs_for(pg::kDemo20));
    REQUIRE(s.ok);
    for (const char* lang : {"es", "en"}) {
        const std::string md = *RunFiles().get(pg::kDemo20 + "/informe." + lang + ".md");
        const std::string* gap = file_of(s, std::string(lang) + "/demo-a/brecha.html");
        REQUIRE(gap);
        std::size_t sections = 0;
        for (std::size_t at = md.find("\n## "); at != std::string::npos; at = md.find("\n## ", at + 1)) {
            const std::string heading = md.substr(at + 4, md.find('\n', at + 1) - at - 4);
            if (heading.find_first_of("<>&`*") != std::string::npos) continue;  // compared as plain text only
            CHECK(contains(*gap, "<h2>" + heading + "</h2>"));
            ++sections;
        }
        CHECK(sections >= 9);
        const std::string* a004 = file_of(s, std::string(lang) + "/demo-a/casos/A-004.html");
        REQUIRE(a004);
        CHECK(contains(*a004, "<div class=\"solo-lider\">"));
        CHECK(contains(*a004, "<div class=\"experto\">"));
        CHECK(std::count(a004->begin(), a004->end(), '\n') > 100);
        const std::string* xml = file_of(s, std::string(lang) + "/demo-a/ficha-chai-v0.2.xml");
        REQUIRE(xml);
        CHECK(xml->rfind("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<AppliedModelCard xmlns=\"https://mc.chai.org/v0.2/schema.xsd\">\n", 0) == 0);
        CHECK(contains(*xml, "<Results>"));
        CHECK(contains(*file_of(s, std::string(lang) + "/demo-a/ficha-chai-v0.1.xml"), "<Result>"));
    }
}

TEST_CASE("site: a catalogue without a key the pages need refuses the site and names the key") {
    site::SiteInputs in = inputs_for(pg::kDemo20);
    json::Object& es = in.catalogue_es.as_object();
    es.erase(std::remove_if(es.begin(), es.end(), [](const json::Member& m) { return m.key == "sitio.col_modo"; }), es.end());
    const site::Site s = site::build_site(in);
    CHECK_FALSE(s.ok);
    bool named = false;
    for (const Issue& i : s.problemas) named = named || (i.code == "SITIO_TEXTO_FALTANTE" && contains(i.element, "sitio.col_modo"));
    CHECK(named);
}

TEST_CASE("site: text from the catalogue cannot open an element") {
    site::SiteInputs in = inputs_for(pg::kDemo20);
    set_text(in.catalogue_es, "sitio.col_modo", "<script>alert('x')</script>");
    const site::Site s = site::build_site(in);
    REQUIRE(s.ok);
    const std::string* page = file_of(s, "es/demo-a/plan.html");
    REQUIRE(page);
    CHECK(contains(*page, "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"));
    CHECK_FALSE(contains(*page, "<script>alert"));
}

TEST_CASE("site: a demo without a loaded run is refused") {
    site::SiteInputs in = inputs_for(pg::kDemo20);
    const playground::Loaded empty;
    in.demos[0].loaded = &empty;
    const site::Site s = site::build_site(in);
    CHECK_FALSE(s.ok);
    REQUIRE_FALSE(s.problemas.empty());
    CHECK(s.problemas[0].code == "SITIO_DEMO_SIN_CORRIDA");
    CHECK(s.files.empty());
}
