// The broken-plan corpus (tests/data/plan/, see its README.md): each case is a base plan plus one change as
// JSON Patch operations, and the reasons, warnings and observations the validator must give, codes and
// elements in emission order (plan-format.md §11; decisions.md A2). Also: every plan we ship validates clean.
#include <doctest/doctest.h>

#include <algorithm>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/json/reader.hpp"
#include "core/plan/validator.hpp"
#include "support/dir.hpp"
#include "support/files.hpp"
#include "support/json_patch.hpp"

using namespace planlang;
using planlang::testing::apply_patch;
using planlang::testing::list_files;
using planlang::testing::read_text;
using planlang::testing::source_path;

namespace {

json::Value read_json(const std::string& path) {
    const json::ReadResult r = json::read(read_text(path));
    INFO("reading " << path);
    REQUIRE(r.ok());
    return r.value;
}

json::Value parse(const std::string& text) {
    const json::ReadResult r = json::read(text);
    REQUIRE(r.ok());
    return r.value;
}

// "CODE @ element" lines: what the tests compare (decisions.md A2).
std::string lines(const Issues& issues) {
    std::string out;
    for (const Issue& i : issues) out += i.code + " @ " + i.element + "\n";
    return out;
}

std::string expected_lines(const json::Value* list, const std::string& file, const char* key) {
    std::string out;
    if (!list) return out;
    INFO(file << ": esperado." << key);
    REQUIRE(list->is_array());
    for (const json::Value& item : list->as_array()) {
        REQUIRE(item.is_object());
        REQUIRE(item.as_object().size() == 2);
        const json::Value* code = item.find("codigo");
        const json::Value* element = item.find("elemento");
        REQUIRE((code && code->is_string() && element && element->is_string()));
        out += code->as_string() + " @ " + element->as_string() + "\n";
    }
    return out;
}

std::vector<std::string> case_files() { return list_files(source_path("tests/data/plan"), ".json"); }

struct Case {
    std::string file;
    json::Value spec;
    json::Value plan;  // the base with the changes applied
};

Case load_case(const std::string& file) {
    Case c{file, read_json(file), {}};
    INFO("case " << file);
    REQUIRE(c.spec.is_object());
    for (const json::Member& m : c.spec.as_object()) {
        CAPTURE(m.key);
        CHECK((m.key == "base" || m.key == "descripcion" || m.key == "cambios" || m.key == "esperado"));
    }
    const json::Value* base = c.spec.find("base");
    const json::Value* description = c.spec.find("descripcion");
    const json::Value* changes = c.spec.find("cambios");
    const json::Value* expected = c.spec.find("esperado");
    REQUIRE((base && base->is_string()));
    REQUIRE((description && description->is_string() && !description->as_string().empty()));
    REQUIRE((changes && changes->is_array() && !changes->as_array().empty()));
    REQUIRE((expected && expected->is_object()));
    for (const json::Member& m : expected->as_object()) {
        CAPTURE(m.key);
        CHECK((m.key == "motivos" || m.key == "advertencias" || m.key == "observaciones"));
    }
    REQUIRE(expected->find("motivos"));
    REQUIRE(expected->find("advertencias"));
    c.plan = read_json(source_path(base->as_string()));
    const auto error = apply_patch(c.plan, *changes);
    INFO("patch error: " << error.value_or(""));
    REQUIRE_FALSE(error);
    return c;
}

}  // namespace

TEST_CASE("json patch helper: RFC 6902 add, remove, replace (appendix A.1–A.6, A.12)") {
    json::Value doc = parse(R"({"foo":"bar"})");
    CHECK_FALSE(apply_patch(doc, parse(R"([{"op":"add","path":"/baz","value":"qux"}])")));
    CHECK(doc == parse(R"({"foo":"bar","baz":"qux"})"));
    doc = parse(R"({"foo":["bar","baz"]})");
    CHECK_FALSE(apply_patch(doc, parse(R"([{"op":"add","path":"/foo/1","value":"qux"}])")));
    CHECK(doc == parse(R"({"foo":["bar","qux","baz"]})"));
    CHECK_FALSE(apply_patch(doc, parse(R"([{"op":"remove","path":"/foo/0"},{"op":"add","path":"/foo/-","value":1}])")));
    CHECK(doc == parse(R"({"foo":["qux","baz",1]})"));
    doc = parse(R"({"baz":"qux","foo":"bar"})");
    CHECK_FALSE(apply_patch(doc, parse(R"([{"op":"replace","path":"/baz","value":"boo"}])")));
    CHECK(doc == parse(R"({"baz":"boo","foo":"bar"})"));  // in place: member order kept
    CHECK_FALSE(apply_patch(doc, parse(R"([{"op":"remove","path":"/baz"}])")));
    CHECK(doc == parse(R"({"foo":"bar"})"));
    doc = parse(R"({"a/b":{"m~n":1}})");
    CHECK_FALSE(apply_patch(doc, parse(R"([{"op":"replace","path":"/a~1b/m~0n","value":2}])")));
    CHECK(doc == parse(R"({"a/b":{"m~n":2}})"));
    // Errors leave the document as it was (A.12: adding to a nonexistent target).
    const json::Value before = doc;
    CHECK(apply_patch(doc, parse(R"([{"op":"add","path":"/x","value":1},{"op":"add","path":"/baz/bat","value":"qux"}])")));
    CHECK(apply_patch(doc, parse(R"([{"op":"remove","path":"/nope"}])")));
    CHECK(apply_patch(doc, parse(R"([{"op":"replace","path":"/a~1b/m~0n/0","value":1}])")));
    CHECK(apply_patch(doc, parse(R"([{"op":"add","path":"/a~1b/m~2n","value":1}])")));
    CHECK(apply_patch(doc, parse(R"([{"op":"move","from":"/a~1b","path":"/c"}])")));
    CHECK(doc == before);
    json::Value list = parse("[1,2]");
    CHECK(apply_patch(list, parse(R"([{"op":"add","path":"/3","value":0}])")));
    CHECK(apply_patch(list, parse(R"([{"op":"add","path":"/01","value":0}])")));
    CHECK_FALSE(apply_patch(list, parse(R"([{"op":"add","path":"/2","value":0}])")));
    CHECK(list == parse("[1,2,0]"));
}

TEST_CASE("corpus: each broken plan gives the expected codes and elements, in emission order") {
    const std::vector<std::string> files = case_files();
    CHECK(files.size() >= 60);
    for (const std::string& file : files) {
        CAPTURE(file);
        const Case c = load_case(file);
        const json::Value& expected = *c.spec.find("esperado");
        const plan::ValidationResult r = plan::validate(c.plan);
        const std::string want_motivos = expected_lines(expected.find("motivos"), file, "motivos");
        CHECK(lines(r.motivos) == want_motivos);
        CHECK(lines(r.advertencias) == expected_lines(expected.find("advertencias"), file, "advertencias"));
        // Absent `observaciones` means none are expected.
        CHECK(lines(r.observaciones) == expected_lines(expected.find("observaciones"), file, "observaciones"));
        CHECK(r.ok == want_motivos.empty());
        for (const Issue& i : r.motivos) {
            CAPTURE(i.code);
            CHECK_FALSE(i.message.es.empty());
            CHECK_FALSE(i.message.en.empty());
        }
        // Determinism (§11: no clock): the same document gives the same issues, messages included.
        const plan::ValidationResult again = plan::validate(c.plan);
        CHECK(lines(again.motivos) == lines(r.motivos));
        for (std::size_t i = 0; i < r.motivos.size() && i < again.motivos.size(); ++i)
            CHECK(again.motivos[i].message.en == r.motivos[i].message.en);
    }
}

TEST_CASE("corpus: every code is hit by at least two cases; the cases start from the demo A draft") {
    std::map<std::string, std::set<std::string>> by_code;
    for (const std::string& file : case_files()) {
        const json::Value spec = read_json(file);
        CAPTURE(file);
        const json::Value* base = spec.find("base");
        REQUIRE(base);
        CHECK(base->as_string() == "plans/demo-a/plan-demo-a.borrador.json");
        const json::Value* expected = spec.find("esperado");
        REQUIRE(expected);
        for (const char* key : {"motivos", "advertencias", "observaciones"})
            if (const json::Value* list = expected->find(key))
                for (const json::Value& item : list->as_array())
                    if (const json::Value* code = item.find("codigo"); code && code->is_string())
                        by_code[std::string(key) + ":" + code->as_string()].insert(file);
    }
    const char* const codes[] = {
        "motivos:ESQUEMA", "motivos:DEPENDENCIA_DESCONOCIDA", "motivos:CICLO", "motivos:PRIORIDAD_ALTA_SIN_MITIGACION",
        "motivos:SUPUESTO_CRITICO_SIN_PRUEBA", "motivos:REFERENCIA_ROTA", "motivos:CRITERIO_SIN_REGLA",
        "motivos:CONDICION_NO_INTERPRETABLE", "motivos:UMBRAL_SIN_SENAL", "motivos:OPERADOR_INCLUSIVO_INCOHERENTE",
        "motivos:UMBRAL_TIPO_INCOHERENTE", "motivos:RIESGO_SIN_DETECTOR", "motivos:SIN_PAUSA_HUMANA",
        "motivos:ORDEN_DE_ARISTAS", "motivos:NODO_ESCRITOR_SIN_RAMA_POR_DEFECTO", "motivos:HUELLA_AUSENTE",
        "advertencias:SENAL_NO_DECLARADA", "advertencias:REFERENCIA_ROTA", "observaciones:ID_DUPLICADO",
        "observaciones:VALOR_FUERA_DE_RANGO", "observaciones:VALOR_FUERA_DE_PASO", "observaciones:SENAL_DUPLICADA",
        "observaciones:ROL_DESCONOCIDO"};
    for (const std::string code : codes) {
        CAPTURE(code);
        CHECK(by_code[code].size() >= 2);
    }
}

TEST_CASE("every plan under plans/ validates with no reason and no warning") {
    std::vector<std::string> plans = list_files(source_path("plans"), ".json", true);
    // A plan's playground manifest (playground.md §2) and its CHAI declared facts (site-and-cards.md §7) live
    // beside it, and the site's manifest (plans/sitio.json, `planlang site`) beside the demos: none is a plan.
    plans.erase(std::remove_if(plans.begin(), plans.end(), [](const std::string& f) {
                    return testing::ends_with(f, "/playground.json") || testing::ends_with(f, "/chai-declarado.json") ||
                           testing::ends_with(f, "/plans/sitio.json");
                }), plans.end());
    CHECK(plans.size() >= 3);  // demo A draft and approved, the sample plan
    bool draft = false, approved = false;
    for (const std::string& file : plans) {
        CAPTURE(file);
        draft = draft || testing::ends_with(file, "plans/demo-a/plan-demo-a.borrador.json");
        approved = approved || testing::ends_with(file, "plans/demo-a/plan-demo-a.json");
        const plan::ValidationResult r = plan::validate(read_json(file));
        CHECK(r.ok);
        CHECK(lines(r.motivos).empty());
        CHECK(lines(r.advertencias).empty());
        CHECK(lines(r.observaciones).empty());
    }
    CHECK(draft);
    CHECK(approved);
}
