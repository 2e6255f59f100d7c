// The CHAI Applied Model Card (core/cards/chai.hpp; site-and-cards.md §7) on the committed 200-case run of demo A,
// in both languages and both schema versions: the card passes its lint and its check against the report; its
// XML is well formed and its elements come in the order of the spec's table (checked by a small XML reader
// written here and an element list written here from §7.2, not from the code under test); the metric figures
// equal the report's, read here with core/json; blank or placeholder fields fail the lint; a declared file with
// a missing key, an unknown key or an empty text is refused with its path; a changed report value is caught; a
// plan with a per-locale criterion gets a FairnessEquity block.
#include <doctest/doctest.h>

#include <algorithm>
#include <cctype>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/cards/chai.hpp"
#include "core/json/number.hpp"
#include "core/json/reader.hpp"
#include "playground/playground_fixture.hpp"

using namespace planlang;
using namespace planlang::testing;
using json::Value;
using hand::at;
using hand::by_id;

namespace {

const std::string kRun = pg::kDemo200;
const std::string kDeclared = "plans/demo-a/chai-declarado.json";

Value read_json(const std::string& path) {
    std::optional<Value> v = RunFiles().json_of(path);
    REQUIRE(v);
    return *v;
}

const Value& declared() {
    static const Value d = read_json(kDeclared);
    return d;
}

const Value& informe() {
    static const Value r = read_json(kRun + "/informe.json");
    return r;
}

const playground::Loaded& loaded() {
    const playground::Loaded& l = pg::loaded(kRun);
    REQUIRE(l.ok);
    return l;
}

cards::ChaiCard card_of(report::Lang lang, cards::ChaiSchema schema, const playground::Loaded& l = loaded(), const Value& d = declared()) {
    return cards::build_chai_card(l, d, lang, schema);
}

// ------------------------------------------------------------------------------------------ a small XML reader

struct XmlNode {
    std::string name;
    std::string text;  // entities decoded
    std::vector<XmlNode> children;
    std::string xmlns;  // the root's default namespace declaration, the one attribute a card has
};

// Parses the card's XML: the declaration, then one root element whose only attribute is `xmlns="…"`; the
// other elements with no attributes; text with
// the five predefined entities only. Sets `error` on anything else (unbalanced tags, raw '<' or '&', two roots).
struct XmlReader {
    std::string_view in;
    std::size_t at = 0;
    std::string error;

    bool fail(const std::string& why) {
        if (error.empty()) error = why + " at byte " + std::to_string(at);
        return false;
    }
    bool name(std::string& out) {
        const std::size_t start = at;
        while (at < in.size() && (std::isalnum(static_cast<unsigned char>(in[at])) || in[at] == ':' || in[at] == '_' || in[at] == '-')) ++at;
        out = std::string(in.substr(start, at - start));
        return !out.empty() || fail("no element name");
    }
    bool text(std::string& out) {
        while (at < in.size() && in[at] != '<') {
            if (in[at] == '>') return fail("raw '>' in text");
            if (in[at] == '&') {
                const std::size_t semi = in.find(';', at);
                if (semi == std::string_view::npos) return fail("unterminated entity");
                const std::string_view e = in.substr(at, semi - at + 1);
                if (e == "&amp;") out += '&';
                else if (e == "&lt;") out += '<';
                else if (e == "&gt;") out += '>';
                else if (e == "&quot;") out += '"';
                else if (e == "&apos;") out += '\'';
                else return fail("unknown entity " + std::string(e));
                at = semi + 1;
            } else {
                out += in[at++];
            }
        }
        return true;
    }
    bool element(XmlNode& node, bool root = false) {
        if (at >= in.size() || in[at] != '<') return fail("expected '<'");
        ++at;
        if (!name(node.name)) return false;
        if (root && in.substr(at, 8) == " xmlns=\"") {
            const std::size_t end = in.find('"', at + 8);
            if (end == std::string_view::npos) return fail("unclosed xmlns");
            node.xmlns = std::string(in.substr(at + 8, end - at - 8));
            at = end + 1;
        }
        if (in.substr(at, 2) == "/>") {
            at += 2;
            return true;
        }
        if (at >= in.size() || in[at] != '>') return fail("attributes or junk in <" + node.name);
        ++at;
        for (;;) {
            std::string t;
            if (!text(t)) return false;
            if (at >= in.size()) return fail("unclosed <" + node.name + ">");
            if (in.substr(at, 2) == "</") {
                at += 2;
                std::string closing;
                if (!name(closing)) return false;
                if (closing != node.name) return fail("</" + closing + "> closes <" + node.name + ">");
                if (at >= in.size() || in[at] != '>') return fail("bad closing tag");
                ++at;
                if (node.children.empty()) node.text = t;
                else if (t.find_first_not_of(" \n") != std::string::npos) return fail("mixed content in <" + node.name + ">");
                return true;
            }
            if (!node.children.empty() || !t.empty())
                if (t.find_first_not_of(" \n") != std::string::npos) return fail("mixed content in <" + node.name + ">");
            node.children.emplace_back();
            if (!element(node.children.back())) return false;
        }
    }
};

std::optional<XmlNode> parse_xml(const std::string& xml, std::string& error) {
    const std::string decl = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    if (xml.compare(0, decl.size(), decl) != 0) {
        error = "no XML declaration";
        return std::nullopt;
    }
    XmlReader r;
    r.in = std::string_view(xml).substr(decl.size());
    XmlNode root;
    if (!r.element(root, true)) {
        error = r.error;
        return std::nullopt;
    }
    if (std::string_view(r.in).substr(r.at) != "\n") {
        error = "something after the root element";
        return std::nullopt;
    }
    return root;
}

// ------------------------------------------------------------------------------------------ §7.2 as a table

// An expected element: name, children, how many times it may occur.
struct Expected {
    std::string name;
    std::vector<Expected> children;
    int min = 1;  // 0: optional
    bool many = false;
    bool leaf() const { return children.empty() && !container; }
    bool container = false;  // has children by the schema even if none occur (Keywords)
};

Expected leaf(std::string name, int min = 1) { return Expected{std::move(name), {}, min, false}; }
Expected group(std::string name, std::vector<Expected> children, int min = 1, bool many = false) {
    Expected e{std::move(name), std::move(children), min, many};
    e.container = true;
    return e;
}

Expected metrics_block(const std::string& name, cards::ChaiSchema schema) {
    std::vector<Expected> c = {leaf("MetricGoal")};
    if (schema == cards::ChaiSchema::v0_1) c.push_back(leaf("Result"));
    else c.push_back(group("Results", {group("MetricResult", {leaf("Label"), leaf("ValueJson")}, 1, true)}));
    for (const char* n : {"Interpretation", "TestType", "TestingDataDescription", "ValidationProcessAndJustification"}) c.push_back(leaf(n));
    return group(name, std::move(c));
}

// site-and-cards.md §7.2, in order (opt = min 0).
Expected card_schema(cards::ChaiSchema schema) {
    std::vector<Expected> release = {leaf("ReleaseStage"), leaf("ReleaseDate"), leaf("ReleaseVersion"), leaf("GlobalAvailability")};
    if (schema == cards::ChaiSchema::v0_2) release.push_back(group("EHRCompatibility", {leaf("EHR", 0)}, 0));
    release.push_back(leaf("RegulatoryApproval", 0));
    return group("AppliedModelCard",
                 {group("BasicInfo", {leaf("ModelName"), leaf("ModelDeveloper"), leaf("DeveloperContact")}),
                  group("ReleaseInfo", release),
                  group("ModelSummary", {leaf("Summary"), group("Keywords", {Expected{"Keyword", {}, 0, true}})}),
                  group("UsesAndDirections", {leaf("IntendedUseAndWorkflow"), leaf("PrimaryIntendedUsers"), leaf("HowToUse"),
                                              leaf("TargetedPatientPopulation"), leaf("CautionedOutOfScopeSettings")}),
                  group("Warnings", {leaf("KnownRisksAndLimitations"), leaf("KnownBiasesOrEthicalConsiderations"), leaf("ClinicalRiskLevel")}),
                  group("TrustIngredients",
                        {group("AISystemFacts", {leaf("OutcomesAndOutputs"), leaf("ModelType"), leaf("FoundationModels", 0), leaf("InputDataSource"),
                                                 leaf("OutputAndInputDataTypes"), leaf("DevelopmentDataCharacterization"),
                                                 leaf("BiasMitigationApproaches"), leaf("OngoingMaintenance"), leaf("Security", 0),
                                                 leaf("Transparency", 0)}),
                         group("TransparencyInformation", {leaf("FundingSource"), leaf("ThirdPartyInformation", 0), leaf("StakeholdersConsulted")})}),
                  group("KeyMetrics", {metrics_block("UsefulnessUsabilityEfficacy", schema), metrics_block("FairnessEquity", schema),
                                       metrics_block("SafetyReliability", schema)}),
                  group("Resources", {leaf("EvaluationReferences", 0), leaf("ClinicalTrial", 0), leaf("PeerReviewedPublications"),
                                      leaf("ReimbursementStatus", 0), leaf("PatientConsentOrDisclosure")}),
                  leaf("Bibliography"), leaf("ds:Signature", 0)});
}

// Whether `node` follows `spec`: same name, children in the spec's order with their counts; leaves hold text.
bool follows(const XmlNode& node, const Expected& spec, std::string& why) {
    if (node.name != spec.name) {
        why = "<" + node.name + "> where <" + spec.name + "> is expected";
        return false;
    }
    if (spec.leaf()) {
        if (!node.children.empty()) why = "<" + node.name + "> should be a leaf";
        return node.children.empty();
    }
    std::size_t i = 0;
    for (const Expected& c : spec.children) {
        int count = 0;
        while (i < node.children.size() && node.children[i].name == c.name && (count == 0 || c.many)) {
            if (!follows(node.children[i], c, why)) return false;
            ++i;
            ++count;
        }
        if (count < c.min) {
            why = "<" + node.name + "> lacks <" + c.name + ">";
            return false;
        }
    }
    if (i != node.children.size()) {
        why = "<" + node.children[i].name + "> out of order or unknown under <" + node.name + ">";
        return false;
    }
    return true;
}

// Every element name in document order (the element sequence).
void sequence(const XmlNode& n, std::vector<std::string>& out) {
    out.push_back(n.name);
    for (const XmlNode& c : n.children) sequence(c, out);
}

const XmlNode* child(const XmlNode& n, const std::string& name) {
    for (const XmlNode& c : n.children)
        if (c.name == name) return &c;
    return nullptr;
}

const XmlNode& path(const XmlNode& root, std::initializer_list<const char*> names) {
    const XmlNode* at = &root;
    for (const char* name : names) {
        const XmlNode* next = child(*at, name);
        REQUIRE_MESSAGE(next, "no <" << name << "> under <" << at->name << ">");
        at = next;
    }
    return *at;
}

// The MetricResult of a block whose Label starts with "<id> ·".
const XmlNode* metric(const XmlNode& root, const char* block, const std::string& id) {
    const XmlNode& results = path(root, {"KeyMetrics", block, "Results"});
    for (const XmlNode& r : results.children)
        if (const XmlNode* label = child(r, "Label"); label && label->text.rfind(id + " ·", 0) == 0) return &r;
    return nullptr;
}

XmlNode xml_of(const cards::ChaiCard& card) {
    std::string error;
    std::optional<XmlNode> root = parse_xml(cards::chai_xml(card), error);
    INFO(error);
    REQUIRE(root);
    return *root;
}

// Copies of a loaded run with an edited report or plan (the check and the fairness block read these).
playground::Loaded with_report(const std::function<void(Value&)>& edit) {
    playground::Loaded l = loaded();
    auto compact = std::make_shared<playground::Compact>(*l.compacto);
    edit(compact->informe);
    l.compacto = compact;
    return l;
}

Value* find_member(Value& v, std::string_view key) { return v.is_object() ? v.find(key) : nullptr; }

}  // namespace

TEST_CASE("cards.chai: demo A 200 in es and en, v0.1 and v0.2: lint and report check pass, the XML follows §7.2") {
    for (report::Lang lang : {report::Lang::es, report::Lang::en})
        for (cards::ChaiSchema schema : {cards::ChaiSchema::v0_1, cards::ChaiSchema::v0_2}) {
            CAPTURE(lang == report::Lang::es ? "es" : "en");
            CAPTURE(std::string(cards::schema_name(schema)));
            const cards::ChaiCard card = card_of(lang, schema);
            CHECK(card.problemas.empty());
            const Issues lint = cards::chai_lint(card);
            for (const Issue& i : lint) CAPTURE(i.element + " " + i.message.en);
            CHECK(lint.empty());
            CHECK(cards::chai_check_against_report(card, loaded()).empty());
            const std::string xml = cards::chai_xml(card);
            CHECK(xml.find("xml:lang") == std::string::npos);
            // Zero external links: the one URI is the schema's namespace name, declared on the root.
            const XmlNode root = xml_of(card);
            CHECK(root.xmlns == cards::schema_namespace(schema));
            CHECK(xml.find("http") == xml.find(root.xmlns));
            CHECK(xml.find("http", xml.find(root.xmlns) + 1) == std::string::npos);
            std::string why;
            CHECK_MESSAGE(follows(root, card_schema(schema), why), why);
            CHECK(xml == cards::chai_xml(card_of(lang, schema)));  // same inputs, same bytes
        }
}

TEST_CASE("cards.chai: es and en differ in text but have the same element sequence") {
    for (cards::ChaiSchema schema : {cards::ChaiSchema::v0_1, cards::ChaiSchema::v0_2}) {
        const std::string es = cards::chai_xml(card_of(report::Lang::es, schema));
        const std::string en = cards::chai_xml(card_of(report::Lang::en, schema));
        CHECK(es != en);
        std::vector<std::string> a, b;
        sequence(xml_of(card_of(report::Lang::es, schema)), a);
        sequence(xml_of(card_of(report::Lang::en, schema)), b);
        CHECK(a == b);
    }
}

TEST_CASE("cards.chai: metric figures equal the report's, with n and k in every label") {
    const XmlNode root = xml_of(card_of(report::Lang::en, cards::ChaiSchema::v0_2));
    const Value& criterios = at(informe(), "criterios");
    REQUIRE(criterios.is_array());
    for (const Value& c : criterios.as_array()) {
        const std::string id = at(c, "id").as_string();
        CAPTURE(id);
        const bool absolute = at(c, "tipo") == Value("absoluto");
        const XmlNode* m = metric(root, absolute ? "SafetyReliability" : "UsefulnessUsabilityEfficacy", id);
        REQUIRE(m);
        const std::string& label = child(*m, "Label")->text;
        CHECK(label.find("n = " + json::format_number(at(c, "n_poblacion").as_number())) != std::string::npos);
        CHECK(label.find("k = ") != std::string::npos);
        CHECK(label.find(absolute ? "blocks the verdict" : "alert only") != std::string::npos);
        const json::ReadResult value = json::read(child(*m, "ValueJson")->text);
        REQUIRE(value.ok());
        if (at(c, "agregacion") == Value("todos_cumplen")) {
            CHECK(at(value.value, "kind") == Value("single"));
            CHECK(at(value.value, "value") == Value(static_cast<double>(hand::size(at(c, "casos_que_incumplen")))));
            continue;
        }
        const Value& extra = by_id(at(at(informe(), "complementos"), "criterios"), id);
        const Value interval = at(at(extra, "tasa"), "wilson95").is_object() ? at(at(extra, "tasa"), "wilson95") : at(extra, "intervalo95");
        if (interval.is_object()) {
            CHECK(at(value.value, "kind") == Value("estimate_ci"));
            CHECK(at(value.value, "estimate") == at(c, "valor_medido"));
            CHECK(at(value.value, "lower") == at(interval, "bajo"));
            CHECK(at(value.value, "upper") == at(interval, "alto"));
            CHECK(at(value.value, "level") == Value(95));
        } else {
            CHECK(at(value.value, "kind") == Value("single"));
            CHECK(at(value.value, "value") == at(c, "valor_medido"));
        }
    }
    // Risk detectors: the report's value; an interval only where complementos has one.
    for (const Value& r : at(informe(), "riesgos").as_array()) {
        const std::string id = at(r, "id").as_string();
        CAPTURE(id);
        const XmlNode* m = metric(root, "SafetyReliability", id);
        REQUIRE(m);
        const json::ReadResult value = json::read(child(*m, "ValueJson")->text);
        REQUIRE(value.ok());
        const Value& wilson = at(at(by_id(at(at(informe(), "complementos"), "riesgos"), id), "conteo_exacto"), "wilson95");
        CHECK(at(value.value, "kind") == Value(wilson.is_object() && at(r, "tipo_detector") == Value("tasa") ? "estimate_ci" : "single"));
        CHECK(at(value.value, wilson.is_object() && at(r, "tipo_detector") == Value("tasa") ? "estimate" : "value") == at(r, "valor"));
    }
    // Demo A has no per-locale criterion: fairness is not applicable, its value null (never 0).
    const XmlNode& fairness = path(root, {"KeyMetrics", "FairnessEquity"});
    CHECK(child(fairness, "MetricGoal")->text.rfind("Not applicable — ", 0) == 0);
    const XmlNode& only = path(fairness, {"Results", "MetricResult"});
    CHECK(child(only, "ValueJson")->text == "{\"kind\":\"single\",\"value\":null}");
    // Interpretations carry their tag; the report fingerprint is embedded.
    for (const char* block : {"UsefulnessUsabilityEfficacy", "SafetyReliability"}) {
        const std::string& t = path(root, {"KeyMetrics", block, "Interpretation"}).text;
        CHECK((t.rfind("[measured] ", 0) == 0 || t.rfind("[computed] ", 0) == 0));
    }
    CHECK(path(root, {"Resources", "EvaluationReferences"}).text.find(at(informe(), "huella").as_string()) != std::string::npos);
    const XmlNode es = xml_of(card_of(report::Lang::es, cards::ChaiSchema::v0_1));
    const std::string& t = path(es, {"KeyMetrics", "SafetyReliability", "Interpretation"}).text;
    CHECK((t.rfind("[medido] ", 0) == 0 || t.rfind("[calculado] ", 0) == 0));
}

TEST_CASE("cards.chai: the lint rejects blank and placeholder fields") {
    for (const char* bad : {"", "   \n", "TBD", "todo", "N/A", "???", "xxx", "placeholder text", "Lorem ipsum dolor"}) {
        CAPTURE(bad);
        cards::ChaiCard card = card_of(report::Lang::es, cards::ChaiSchema::v0_2);
        card.raiz.hijos[2].hijos[0].texto = bad;  // ModelSummary/Summary
        const Issues issues = cards::chai_lint(card);
        REQUIRE(issues.size() == 1);
        CHECK(issues[0].code == "CHAI_CAMPO_VACIO");
        CHECK(issues[0].element == "AppliedModelCard/ModelSummary/Summary");
    }
}

TEST_CASE("cards.chai: a bad declared file is refused with the path of each problem") {
    struct Case {
        const char* what;
        std::function<void(Value&)> edit;
        const char* element;
    };
    const std::vector<Case> cases = {
        {"missing key", [](Value& d) { auto& o = d.as_object(); o.erase(o.begin() + 2); }, "$.contacto"},
        {"unknown key", [](Value& d) { d.as_object().push_back({"extra", Value("x")}); }, "$"},
        {"empty text", [](Value& d) { *find_member(*find_member(d, "desarrollador"), "es") = Value(""); }, "$.desarrollador.es"},
        {"blank nested text",
         [](Value& d) { *find_member(*find_member(find_member(d, "terceros")->as_array()[1], "uso"), "en") = Value("  "); }, "$.terceros[1].uso.en"},
        {"unknown nested key", [](Value& d) { find_member(d, "terceros")->as_array()[0].as_object().push_back({"url", Value("x")}); }, "$.terceros[0]"},
        {"wrong format", [](Value& d) { *find_member(d, "formato") = Value("otro/v1"); }, "$.formato"},
        {"empty bibliography", [](Value& d) { *find_member(d, "bibliografia") = Value(""); }, "$.bibliografia"},
    };
    CHECK(cards::check_declared(declared()).empty());
    CHECK(cards::check_declared(read_json("plans/adherencia/chai-declarado.json")).empty());  // the second demo's
    for (const Case& c : cases) {
        CAPTURE(c.what);
        Value d = declared();
        c.edit(d);
        const Issues issues = cards::check_declared(d);
        REQUIRE(issues.size() == 1);
        CHECK(issues[0].code == "DECLARADO_INVALIDO");
        CHECK(issues[0].element == c.element);
        const cards::ChaiCard card = card_of(report::Lang::en, cards::ChaiSchema::v0_2, loaded(), d);
        CHECK(card.problemas == issues);
        CHECK(card.raiz.hijos.empty());
    }
}

TEST_CASE("cards.chai: a report value changed after the card was built fails the check") {
    const cards::ChaiCard card = card_of(report::Lang::es, cards::ChaiSchema::v0_2);
    std::size_t c5 = 0;
    for (; c5 < at(informe(), "criterios").as_array().size(); ++c5)
        if (at(hand::item(at(informe(), "criterios"), c5), "id") == Value("C5")) break;
    const playground::Loaded changed = with_report([&](Value& r) {
        *find_member(find_member(r, "criterios")->as_array()[c5], "valor_medido") = Value(0.5);
    });
    const Issues issues = cards::chai_check_against_report(card, changed);
    REQUIRE(!issues.empty());
    bool named = false;
    for (const Issue& i : issues) {
        CHECK(i.code == "CHAI_VALOR_DISTINTO");
        named = named || i.element.find("informe:/criterios/" + std::to_string(c5) + "/valor_medido") != std::string::npos;
    }
    CHECK(named);
    const playground::Loaded no_huella = with_report([](Value& r) { find_member(r, "huella")->as_string() = "0"; });
    CHECK(!cards::chai_check_against_report(card, no_huella).empty());
}

TEST_CASE("cards.chai: a per-locale criterion goes to FairnessEquity with its own figure") {
    playground::Loaded l = loaded();
    auto inputs = std::make_shared<run::Inputs>(*l.entradas);
    Value criterion = hand::item(at(inputs->plan.document, "criterios_aceptacion"), 10);  // C11, a rate
    *find_member(criterion, "id") = Value("C12");
    *find_member(*find_member(criterion, "regla_de_medicion"), "poblacion") = Value("idioma == 'en'");
    find_member(inputs->plan.document, "criterios_aceptacion")->as_array().push_back(criterion);
    l.entradas = inputs;
    auto compact = std::make_shared<playground::Compact>(*l.compacto);
    Value result = by_id(at(compact->informe, "criterios"), "C11");
    *find_member(result, "id") = Value("C12");
    *find_member(result, "poblacion") = Value("idioma == 'en'");
    *find_member(result, "n_poblacion") = Value(80);
    *find_member(result, "valor_medido") = Value(0.975);
    find_member(compact->informe, "criterios")->as_array().push_back(result);
    l.compacto = compact;

    const cards::ChaiCard card = card_of(report::Lang::en, cards::ChaiSchema::v0_2, l);
    CHECK(cards::chai_lint(card).empty());
    CHECK(cards::chai_check_against_report(card, l).empty());
    const XmlNode root = xml_of(card);
    const XmlNode* m = metric(root, "FairnessEquity", "C12");
    REQUIRE(m);
    CHECK(child(*m, "Label")->text.find("n = 80") != std::string::npos);
    CHECK(child(*m, "ValueJson")->text == "{\"kind\":\"single\",\"value\":0.975,\"unit\":\"proportion\"}");
    CHECK(!metric(root, "UsefulnessUsabilityEfficacy", "C12"));
    CHECK(metric(root, "UsefulnessUsabilityEfficacy", "C11"));
}

TEST_CASE("cards.chai: provenance side table and HTML fragment") {
    const cards::ChaiCard card = card_of(report::Lang::es, cards::ChaiSchema::v0_2);
    const Value table = cards::chai_provenance_json(card);
    CHECK(at(table, "formato") == Value("planlang-chai-procedencia/v1"));
    CHECK(at(table, "esquema") == Value("v0.2"));
    std::size_t leaves = 0;
    for (const Value& e : at(table, "elementos").as_array()) {
        CAPTURE(at(e, "elemento").as_string());
        ++leaves;
        const std::string origen = at(e, "origen").as_string();
        const json::Array& sources = at(e, "fuentes").as_array();
        if (origen == "derivado") CHECK(!sources.empty());
        if (origen == "declarado") {
            REQUIRE(!sources.empty());
            for (const Value& s : sources) CHECK(at(s, "documento") == Value("declarado"));
        }
        // Every recorded value is what the pointer reads in the files (read here, not through the card).
        for (const Value& s : sources) {
            const std::string doc = at(s, "documento").as_string();
            const Value& file = doc == "informe" ? informe() : doc == "declarado" ? declared()
                                : doc == "plan" ? read_json("plans/demo-a/plan-demo-a.json") : read_json(kRun + "/corrida.json");
            const Value* here = &file;
            const std::string pointer = at(s, "puntero").as_string();
            std::size_t pos = 1;
            while (here && pos <= pointer.size()) {
                const std::size_t slash = std::min(pointer.find('/', pos), pointer.size());
                const std::string token = pointer.substr(pos, slash - pos);
                if (here->is_array()) here = std::stoul(token) < here->as_array().size() ? &here->as_array()[std::stoul(token)] : nullptr;
                else here = here->is_object() ? here->find(token) : nullptr;
                pos = slash + 1;
            }
            CAPTURE(pointer);
            REQUIRE(here);
            CHECK(*here == at(s, "valor"));
        }
    }
    CHECK(leaves > 40);

    const std::string html = cards::chai_html(card);
    CHECK(html.rfind("<section class=\"card chai\"", 0) == 0);
    CHECK(html.find("<a ") == std::string::npos);
    CHECK(html.find("<script") == std::string::npos);
    CHECK(html.find("href") == std::string::npos);
    CHECK(html.find("<html") == std::string::npos);
    CHECK(html.find("<h3>KeyMetrics</h3>") != std::string::npos);
    CHECK(html.find("<br>") != std::string::npos);
}
