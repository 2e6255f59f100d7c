// Edge rules (rule-language.md §7): every operator × inclusivo × null / missing signal × type mismatch,
// umbral.X resolution, the function registry, the record shape, first true edge by `orden`, defaults,
// whole-visit errors and the recomputation of recorded visits.
#include "core/rules/edges.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "core/json/canonical.hpp"
#include "core/json/reader.hpp"
#include "core/plan/approval.hpp"
#include "support/files.hpp"

using planlang::json::Value;
using planlang::rules::Edge;
using planlang::rules::decide;
using planlang::rules::EdgeGraph;
using planlang::rules::EdgeOutcome;
using planlang::rules::edge_result;
using planlang::rules::EdgeResult;
using planlang::rules::evaluate_edge;
using planlang::rules::recompute;
using planlang::rules::recompute_each;
using planlang::rules::RecomputedVisit;
using planlang::rules::Visit;

namespace {

Value parse(const std::string& text) {
    auto r = planlang::json::read(text);
    REQUIRE_MESSAGE(r.ok(), text);
    return r.value;
}

const char* kMissing = "<ausente>";

// A decided visit's records as a trace writes them, appended to `records`.
void append_records(planlang::json::Array& records, const Visit& v) {
    REQUIRE_FALSE(v.error);
    for (const auto& r : v.records) records.push_back(r.to_json());
}

Edge triplet(const std::string& operador, bool inclusivo, const std::string& valor_json, const std::string& senal = "x") {
    Edge e;
    e.desde = "nodo";
    e.orden = 1;
    e.senal = senal;
    e.operador = operador;
    e.inclusivo = inclusivo;
    e.valor = parse(valor_json);
    e.si_verdadero = "si";
    return e;
}

struct Row {
    std::string operador;
    bool inclusivo;
    std::string observado;  // JSON text, or kMissing
    std::string valor;      // the edge's raw `valor` (JSON text)
    std::string esperado;   // "true", "false" or an error code
};

// Applied thresholds for the table: U1 number, U3 integer, U4 boolean, UO an object (only reachable through
// applied values built by hand), UN null.
const char* kApplied = R"({"U1": 0.75, "U2": 1000, "U3": 2, "U4": false, "UO": {"b": 1, "a": [2]}, "UN": null})";

const std::vector<Row>& rows() {
    static const std::vector<Row> table = {
        // igual_a: strict equality; inclusivo ignored; null only equals null; structures by canonical text
        {"igual_a", false, "true", "true", "true"},
        {"igual_a", true, "true", "true", "true"},
        {"igual_a", false, "false", "true", "false"},
        {"igual_a", false, "1", "true", "false"},
        {"igual_a", false, "true", "1", "false"},
        {"igual_a", false, "1", "\"1\"", "false"},
        {"igual_a", false, "\"urgencia\"", "\"urgencia\"", "true"},
        {"igual_a", true, "\"urgencia\"", "\"urgencia\"", "true"},
        {"igual_a", false, "\"Urgencia\"", "\"urgencia\"", "false"},
        {"igual_a", false, "\"e\\u0301\"", "\"\\u00e9\"", "false"},  // code units, no normalisation
        {"igual_a", false, "0", "-0", "true"},
        {"igual_a", false, "1000", "\"umbral.U2\"", "true"},
        {"igual_a", false, "false", "\"umbral.U4\"", "true"},
        {"igual_a", true, "true", "\"umbral.U4\"", "false"},
        {"igual_a", false, "null", "true", "false"},
        {"igual_a", false, "null", "\"negar\"", "false"},
        {"igual_a", false, "null", "\"umbral.UN\"", "true"},
        {"igual_a", false, "0", "\"umbral.UN\"", "false"},
        {"igual_a", false, "{\"a\": [2], \"b\": 1}", "\"umbral.UO\"", "true"},
        {"igual_a", false, "{\"a\": [2], \"b\": 2}", "\"umbral.UO\"", "false"},
        {"igual_a", false, "[1]", "\"[1]\"", "false"},
        {"igual_a", false, "{}", "true", "false"},
        {"igual_a", false, kMissing, "true", "ARISTA_SENAL_AUSENTE"},
        {"igual_a", false, "true", "\"umbral.U9\"", "ARISTA_UMBRAL_DESCONOCIDO"},
        {"igual_a", false, "\"umbral.U1\"", "\"umbral.U1\"", "false"},  // an observed text is never resolved
        {"igual_a", false, "0.75", "\"umbral.U1\"", "true"},
        // distinto_de: observed not null and not igual_a
        {"distinto_de", false, "\"negar\"", "\"aprobar\"", "true"},
        {"distinto_de", true, "\"negar\"", "\"aprobar\"", "true"},
        {"distinto_de", false, "\"aprobar\"", "\"aprobar\"", "false"},
        {"distinto_de", false, "null", "\"aprobar\"", "false"},
        {"distinto_de", false, "null", "\"umbral.UN\"", "false"},
        {"distinto_de", false, "1", "true", "true"},
        {"distinto_de", false, "[1]", "\"umbral.U1\"", "true"},
        {"distinto_de", false, kMissing, "\"aprobar\"", "ARISTA_SENAL_AUSENTE"},
        {"distinto_de", false, "1", "\"umbral.X\"", "ARISTA_UMBRAL_DESCONOCIDO"},
        // menor_que: strict, or ≤ when inclusivo
        {"menor_que", false, "0.74", "\"umbral.U1\"", "true"},
        {"menor_que", false, "0.75", "\"umbral.U1\"", "false"},
        {"menor_que", true, "0.75", "\"umbral.U1\"", "true"},
        {"menor_que", true, "0.76", "\"umbral.U1\"", "false"},
        {"menor_que", false, "-1", "0", "true"},
        {"menor_que", false, "null", "\"umbral.U1\"", "false"},
        {"menor_que", true, "null", "0.75", "false"},
        {"menor_que", false, "\"0.5\"", "0.75", "ARISTA_TIPO_INCOMPATIBLE"},
        {"menor_que", false, "true", "1", "ARISTA_TIPO_INCOMPATIBLE"},
        {"menor_que", false, "[0.5]", "0.75", "ARISTA_TIPO_INCOMPATIBLE"},
        {"menor_que", false, "0.5", "\"alto\"", "ARISTA_TIPO_INCOMPATIBLE"},
        {"menor_que", false, "null", "\"alto\"", "ARISTA_TIPO_INCOMPATIBLE"},
        {"menor_que", false, "null", "\"umbral.U4\"", "ARISTA_TIPO_INCOMPATIBLE"},
        {"menor_que", false, "0.5", "true", "ARISTA_TIPO_INCOMPATIBLE"},
        {"menor_que", false, kMissing, "0.75", "ARISTA_SENAL_AUSENTE"},
        // mayor_que: strict, or ≥ when inclusivo
        {"mayor_que", false, "1001", "\"umbral.U2\"", "true"},
        {"mayor_que", false, "1000", "\"umbral.U2\"", "false"},
        {"mayor_que", true, "1000", "\"umbral.U2\"", "true"},
        {"mayor_que", true, "999.99", "\"umbral.U2\"", "false"},
        {"mayor_que", false, "1", "0", "true"},
        {"mayor_que", false, "0", "0", "false"},
        {"mayor_que", false, "null", "0", "false"},
        {"mayor_que", false, "false", "0", "ARISTA_TIPO_INCOMPATIBLE"},
        {"mayor_que", false, "{}", "0", "ARISTA_TIPO_INCOMPATIBLE"},
        {"mayor_que", false, kMissing, "0", "ARISTA_SENAL_AUSENTE"},
        {"mayor_que", false, "1", "\"umbral.U7\"", "ARISTA_UMBRAL_DESCONOCIDO"},
        // menor_o_igual_que: always inclusive
        {"menor_o_igual_que", false, "3", "3", "true"},
        {"menor_o_igual_que", true, "3", "3", "true"},
        {"menor_o_igual_que", false, "3.0000001", "3", "false"},
        {"menor_o_igual_que", false, "null", "3", "false"},
        {"menor_o_igual_que", false, "\"3\"", "3", "ARISTA_TIPO_INCOMPATIBLE"},
        {"menor_o_igual_que", false, kMissing, "3", "ARISTA_SENAL_AUSENTE"},
        // mayor_o_igual_que: always inclusive
        {"mayor_o_igual_que", false, "2", "\"umbral.U3\"", "true"},
        {"mayor_o_igual_que", true, "2", "\"umbral.U3\"", "true"},
        {"mayor_o_igual_que", true, "1", "\"umbral.U3\"", "false"},
        {"mayor_o_igual_que", false, "3", "\"umbral.U3\"", "true"},
        {"mayor_o_igual_que", false, "null", "\"umbral.U3\"", "false"},
        {"mayor_o_igual_que", false, "true", "\"umbral.U3\"", "ARISTA_TIPO_INCOMPATIBLE"},
        {"mayor_o_igual_que", false, "2", "\"umbral.UO\"", "ARISTA_TIPO_INCOMPATIBLE"},
        {"mayor_o_igual_que", false, "null", "\"umbral.UN\"", "ARISTA_TIPO_INCOMPATIBLE"},
        {"mayor_o_igual_que", false, kMissing, "\"umbral.U3\"", "ARISTA_SENAL_AUSENTE"},
        // an unknown operator is an error, never the default branch
        {"entre", false, "1", "1", "ARISTA_OPERADOR_DESCONOCIDO"},
        {"IGUAL_A", false, "1", "1", "ARISTA_OPERADOR_DESCONOCIDO"},
    };
    return table;
}

Value state_with(const std::string& observado) {
    if (observado == kMissing) return parse(R"({"otra": 1})");
    return parse("{\"otra\": 1, \"x\": " + observado + "}");
}

EdgeGraph graph_of(const std::string& edges_json, const std::string& defaults_json = "{}") {
    // Edges written as the plan writes them, read into rules::Edge here (tests only).
    EdgeGraph g;
    const Value edges = parse(edges_json);
    for (const Value& e : edges.as_array()) {
        Edge edge;
        edge.desde = e.find("desde")->as_string();
        edge.orden = static_cast<std::int64_t>(e.find("orden")->as_number());
        edge.si_verdadero = e.find("si_verdadero")->as_string();
        if (const Value* f = e.find("si_falso")) edge.si_falso = f->as_string();
        if (const Value* fn = e.find("funcion")) {
            edge.is_function = true;
            edge.funcion_nombre = fn->find("nombre")->as_string();
            for (const Value& i : fn->find("entradas")->as_array()) edge.funcion_entradas.push_back(i.as_string());
        } else {
            edge.senal = e.find("senal")->as_string();
            edge.operador = e.find("operador")->as_string();
            edge.valor = *e.find("valor");
            edge.inclusivo = e.find("inclusivo")->as_bool();
        }
        g.aristas.push_back(edge);
    }
    const Value defaults = parse(defaults_json);
    for (const auto& m : defaults.as_object()) g.ramas_por_defecto.emplace_back(m.key, m.value.as_string());
    return g;
}

Value demo_a_applied() { return parse(R"({"U1": 0.75, "U2": 1000, "U3": 2, "U4": false})"); }

EdgeGraph demo_a_graph() {
    const auto loaded = planlang::plan::load_for_verification(
        parse(planlang::testing::read_text(planlang::testing::source_path("plans/demo-a/plan-demo-a.json"))));
    REQUIRE(loaded.ok);
    return planlang::plan::edge_graph(loaded.plan->contrato_de_grafo);
}

}  // namespace

TEST_CASE("edges: operator × inclusivo × null / missing × type mismatch") {
    const Value applied = parse(kApplied);
    for (const Row& row : rows()) {
        CAPTURE(row.operador);
        CAPTURE(row.inclusivo);
        CAPTURE(row.observado);
        CAPTURE(row.valor);
        const Edge edge = triplet(row.operador, row.inclusivo, row.valor);
        const EdgeOutcome out = evaluate_edge(edge, state_with(row.observado), applied);
        // edge_result (no record) gives the same error and result
        const EdgeResult bare = edge_result(edge, state_with(row.observado), applied);
        CHECK(bare.error.has_value() == out.error.has_value());
        if (bare.error) CHECK(bare.error->code == out.error->code);
        CHECK(bare.resultado == (!out.error && out.record.resultado));
        if (row.esperado == "true" || row.esperado == "false") {
            REQUIRE_FALSE(out.error.has_value());
            CHECK(out.record.resultado == (row.esperado == "true"));
            // the record keeps the raw declared value and the resolved one
            CHECK(out.record.valor_declarado == edge.valor);
            CHECK(out.record.valor_observado == *state_with(row.observado).find("x"));
        } else {
            REQUIRE(out.error.has_value());
            CHECK(out.error->code == row.esperado);
            CHECK(out.error->element == "nodo#1");
            CHECK_FALSE(out.error->message.es.empty());
            CHECK_FALSE(out.error->message.en.empty());
        }
    }
}

TEST_CASE("edges: umbral.X resolves to the applied value, any other value is a literal") {
    const Value applied = parse(R"({"U1": 0.8})");
    EdgeOutcome out = evaluate_edge(triplet("menor_que", false, "\"umbral.U1\"", "senal_confianza"),
                                    parse(R"({"senal_confianza": 0.78})"), applied);
    REQUIRE_FALSE(out.error);
    CHECK(out.record.resultado);
    CHECK(out.record.valor_declarado == Value("umbral.U1"));
    CHECK(out.record.umbral_aplicado == Value(0.8));
    out = evaluate_edge(triplet("igual_a", false, "\"negar\"", "propuesta"), parse(R"({"propuesta": "negar"})"), applied);
    REQUIRE_FALSE(out.error);
    CHECK(out.record.umbral_aplicado == Value("negar"));
    // "umbral." with an empty id, or an id the validator would refuse, is still a threshold reference
    out = evaluate_edge(triplet("igual_a", false, "\"umbral.\"", "x"), parse(R"({"x": 1})"), applied);
    REQUIRE(out.error);
    CHECK(out.error->code == "ARISTA_UMBRAL_DESCONOCIDO");
    out = evaluate_edge(triplet("igual_a", false, "\"umbral.U 1\"", "x"), parse(R"({"x": 1})"), applied);
    REQUIRE(out.error);
    CHECK(out.error->code == "ARISTA_UMBRAL_DESCONOCIDO");
    // "Umbral.U1" is a literal
    out = evaluate_edge(triplet("igual_a", false, "\"Umbral.U1\"", "x"), parse(R"({"x": "Umbral.U1"})"), applied);
    REQUIRE_FALSE(out.error);
    CHECK(out.record.resultado);
}

TEST_CASE("edges: the closed function registry (texas_y_no_aprobar)") {
    struct FnRow {
        std::string state;
        std::string esperado;
    };
    const std::vector<FnRow> table = {
        {R"({"modo_texas": true, "propuesta": "negar"})", "true"},
        {R"({"modo_texas": true, "propuesta": "aprobar_parcial"})", "true"},
        {R"({"modo_texas": true, "propuesta": null})", "true"},
        {R"({"modo_texas": true, "propuesta": "aprobar"})", "false"},
        {R"({"modo_texas": true, "propuesta": "Aprobar"})", "true"},
        {R"({"modo_texas": true, "propuesta": ["aprobar"]})", "true"},
        {R"({"modo_texas": false, "propuesta": "negar"})", "false"},
        {R"({"modo_texas": null, "propuesta": "negar"})", "false"},
        {R"({"modo_texas": "true", "propuesta": "negar"})", "false"},
        {R"({"modo_texas": 1, "propuesta": "negar"})", "false"},
        {R"({"propuesta": "negar"})", "ARISTA_SENAL_AUSENTE"},
        {R"({"modo_texas": true})", "ARISTA_SENAL_AUSENTE"},
    };
    Edge edge;
    edge.desde = "decision";
    edge.orden = 6;
    edge.is_function = true;
    edge.funcion_nombre = "texas_y_no_aprobar";
    edge.funcion_entradas = {"modo_texas", "propuesta"};
    edge.si_verdadero = "pausa_humana";
    for (const FnRow& row : table) {
        CAPTURE(row.state);
        const EdgeOutcome out = evaluate_edge(edge, parse(row.state), parse("{}"));
        const EdgeResult bare = edge_result(edge, parse(row.state), parse("{}"));
        CHECK(bare.error.has_value() == out.error.has_value());
        CHECK(bare.resultado == (!out.error && out.record.resultado));
        if (row.esperado == "true" || row.esperado == "false") {
            REQUIRE_FALSE(out.error);
            CHECK(out.record.resultado == (row.esperado == "true"));
            const Value& entradas = out.record.entradas;
            REQUIRE(entradas.is_object());
            REQUIRE(entradas.as_object().size() == 2);
            CHECK(entradas.as_object()[0].key == "modo_texas");  // registry order
            CHECK(entradas.as_object()[1].key == "propuesta");
        } else {
            REQUIRE(out.error);
            CHECK(out.error->code == row.esperado);
        }
    }
    Edge other = edge;
    other.funcion_nombre = "texas";
    CHECK(evaluate_edge(other, parse(table[0].state), parse("{}")).error->code == "ARISTA_FUNCION_DESCONOCIDA");
    other = edge;
    other.funcion_entradas = {"propuesta", "modo_texas"};
    CHECK(evaluate_edge(other, parse(table[0].state), parse("{}")).error->code == "ARISTA_FUNCION_DESCONOCIDA");
    other.funcion_entradas = {"modo_texas"};
    CHECK(evaluate_edge(other, parse(table[0].state), parse("{}")).error->code == "ARISTA_FUNCION_DESCONOCIDA");
    CHECK(planlang::rules::function_inputs("texas_y_no_aprobar") != nullptr);
    CHECK(planlang::rules::function_inputs("identificador_sintetico") == nullptr);
}

TEST_CASE("edges: record shape of a triplet and of a function edge") {
    const EdgeGraph g = demo_a_graph();
    const Value state = parse(R"({"carga_detectada": false, "senal_confianza": 0.7, "costo_estimado": 1200,
        "contradiccion_orden_texto": false, "propuesta": "aprobar", "modo_texas": false})");
    const Visit v = decide(g, "decision", 4, state, demo_a_applied());
    REQUIRE_FALSE(v.error);
    REQUIRE(v.records.size() == 6);
    CHECK(planlang::json::canonical(v.records[1].to_json()) ==
          planlang::json::canonical(parse(R"({"desde": "decision", "orden_arista": 2, "paso": 4, "tipo": "tripleta",
            "senal": "senal_confianza", "valor_observado": 0.7, "operador": "menor_que", "valor_declarado": "umbral.U1",
            "umbral_aplicado": 0.75, "inclusivo": false, "funcion": null, "entradas": null, "resultado": true,
            "rama_tomada": "pausa_humana"})")));
    CHECK(planlang::json::canonical(v.records[4].to_json()) ==
          planlang::json::canonical(parse(R"({"desde": "decision", "orden_arista": 5, "paso": 4, "tipo": "tripleta",
            "senal": "propuesta", "valor_observado": "aprobar", "operador": "igual_a", "valor_declarado": "negar",
            "umbral_aplicado": "negar", "inclusivo": false, "funcion": null, "entradas": null, "resultado": false,
            "rama_tomada": "pausa_humana"})")));
    CHECK(planlang::json::canonical(v.records[5].to_json()) ==
          planlang::json::canonical(parse(R"({"desde": "decision", "orden_arista": 6, "paso": 4, "tipo": "funcion",
            "senal": null, "valor_observado": null, "operador": null, "valor_declarado": null, "umbral_aplicado": null,
            "inclusivo": null, "funcion": "texas_y_no_aprobar", "entradas": {"modo_texas": false, "propuesta": "aprobar"},
            "resultado": false, "rama_tomada": "pausa_humana"})")));
}

TEST_CASE("edges: first true edge by orden, all edges recorded, default branch") {
    const EdgeGraph g = demo_a_graph();
    const Value applied = demo_a_applied();
    // demo A defaults (decisions.md B)
    CHECK(g.default_branch("enrutador") == std::optional<std::string>("extractor"));
    CHECK(g.default_branch("extractor") == std::optional<std::string>("verificador_cobertura"));
    CHECK(g.default_branch("aclaracion") == std::optional<std::string>("extractor"));
    CHECK(g.default_branch("decision") == std::optional<std::string>("redactor"));
    CHECK_FALSE(g.default_branch("redactor"));
    CHECK(g.writer_nodes() == std::vector<std::string>{"decision", "enrutador", "extractor", "aclaracion"});

    Value state = parse(R"({"carga_detectada": false, "senal_confianza": 0.9, "costo_estimado": 300,
        "contradiccion_orden_texto": false, "propuesta": "aprobar", "modo_texas": false})");
    Visit v = decide(g, "decision", 4, state, applied);
    REQUIRE_FALSE(v.error);
    CHECK(v.rama == "redactor");
    CHECK(v.resultados() == std::vector<bool>(6, false));
    CHECK(v.trigger() == nullptr);
    for (std::size_t i = 0; i < v.records.size(); ++i) {
        CHECK(v.records[i].orden_arista == static_cast<std::int64_t>(i + 1));
        CHECK(v.records[i].paso == 4);
        CHECK(v.records[i].rama_tomada == "redactor");
    }
    // several true edges: the first by orden chooses, every edge is still recorded
    state = parse(R"({"carga_detectada": true, "senal_confianza": 0.5, "costo_estimado": 1500,
        "contradiccion_orden_texto": true, "propuesta": "negar", "modo_texas": true})");
    v = decide(g, "decision", 7, state, applied);
    REQUIRE_FALSE(v.error);
    CHECK(v.rama == "pausa_humana");
    CHECK(v.resultados() == std::vector<bool>(6, true));
    REQUIRE(v.trigger());
    CHECK(v.trigger()->orden_arista == 1);
    // not observed values (null) are false for order operators and igual_a
    state = parse(R"({"carga_detectada": null, "senal_confianza": null, "costo_estimado": null,
        "contradiccion_orden_texto": null, "propuesta": null, "modo_texas": false})");
    v = decide(g, "decision", 3, state, applied);
    REQUIRE_FALSE(v.error);
    CHECK(v.rama == "redactor");
    // with Texas mode on a null proposal goes to the pause (edge 6 only)
    *state.find("modo_texas") = Value(true);
    v = decide(g, "decision", 3, state, applied);
    REQUIRE_FALSE(v.error);
    CHECK(v.rama == "pausa_humana");
    CHECK(v.resultados() == std::vector<bool>{false, false, false, false, false, true});
    // aclaracion: 2 ≥ U3 (inclusive)
    v = decide(g, "aclaracion", 9, parse(R"({"proveedor_no_disponible": false, "ciclos_aclaracion": 2})"), applied);
    REQUIRE_FALSE(v.error);
    CHECK(v.rama == "pausa_humana");
    CHECK(v.resultados() == std::vector<bool>{false, true});
    v = decide(g, "aclaracion", 3, parse(R"({"proveedor_no_disponible": false, "ciclos_aclaracion": 1})"), applied);
    REQUIRE_FALSE(v.error);
    CHECK(v.rama == "extractor");
    // a node that writes no edge records and has no default
    v = decide(g, "redactor", 5, state, applied);
    REQUIRE(v.error);
    CHECK(v.error->code == "ARISTA_SIN_RAMA_POR_DEFECTO");
}

TEST_CASE("edges: an error in any edge fails the whole visit, even after the first true edge") {
    const EdgeGraph g = demo_a_graph();
    // edge 1 is true, edge 6 lacks its input `propuesta`
    Value state = parse(R"({"carga_detectada": true, "senal_confianza": 0.9, "costo_estimado": 10,
        "contradiccion_orden_texto": false, "modo_texas": false})");
    Visit v = decide(g, "decision", 4, state, demo_a_applied());
    REQUIRE(v.error);
    CHECK(v.error->code == "ARISTA_SENAL_AUSENTE");
    CHECK(v.error->element == "decision#5");
    CHECK(v.rama.empty());
    // a threshold missing from the applied ones
    state = parse(R"({"carga_detectada": false, "senal_confianza": 0.9, "costo_estimado": 10,
        "contradiccion_orden_texto": false, "propuesta": "aprobar", "modo_texas": false})");
    v = decide(g, "decision", 4, state, parse(R"({"U1": 0.75, "U3": 2, "U4": false})"));
    REQUIRE(v.error);
    CHECK(v.error->code == "ARISTA_UMBRAL_DESCONOCIDO");
    CHECK(v.error->element == "decision#3");
    // a type mismatch after a true edge
    *state.find("carga_detectada") = Value(true);
    *state.find("costo_estimado") = Value("alto");
    v = decide(g, "decision", 4, state, demo_a_applied());
    REQUIRE(v.error);
    CHECK(v.error->code == "ARISTA_TIPO_INCOMPATIBLE");
}

TEST_CASE("edges: edges sorted by orden whatever their order in the plan; si_falso of a single edge") {
    const EdgeGraph g = graph_of(R"([
        {"desde": "n", "orden": 2, "senal": "a", "operador": "igual_a", "valor": true, "inclusivo": false, "si_verdadero": "dos"},
        {"desde": "m", "orden": 1, "senal": "a", "operador": "igual_a", "valor": true, "inclusivo": false,
         "si_verdadero": "si", "si_falso": "no"},
        {"desde": "n", "orden": 1, "senal": "b", "operador": "igual_a", "valor": true, "inclusivo": false, "si_verdadero": "uno"},
        {"desde": "k", "orden": 1, "senal": "a", "operador": "igual_a", "valor": true, "inclusivo": false,
         "si_verdadero": "si", "si_falso": "no"}])",
                                     R"({"k": "otro", "n": "fin"})");
    const Value both = parse(R"({"a": true, "b": true})");
    Visit v = decide(g, "n", 1, both, parse("{}"));
    REQUIRE_FALSE(v.error);
    CHECK(v.rama == "uno");
    CHECK(v.records[0].senal == "b");
    CHECK(v.records[1].senal == "a");
    v = decide(g, "m", 1, parse(R"({"a": false})"), parse("{}"));
    REQUIRE_FALSE(v.error);
    CHECK(v.rama == "no");  // the single edge's si_falso
    v = decide(g, "k", 1, parse(R"({"a": false})"), parse("{}"));
    REQUIRE_FALSE(v.error);
    CHECK(v.rama == "otro");  // ramas_por_defecto wins over si_falso
    v = decide(g, "n", 1, parse(R"({"a": false, "b": false})"), parse("{}"));
    CHECK(v.rama == "fin");
}

TEST_CASE("edges: recomputing recorded visits") {
    const EdgeGraph g = demo_a_graph();
    const Value applied = demo_a_applied();
    planlang::json::Array records;
    auto add = [&](const Visit& v) { append_records(records, v); };
    add(decide(g, "enrutador", 1, parse(R"({"tipo_atencion": "ambulatoria", "servicio_exento": false})"), applied));
    add(decide(g, "extractor", 2, parse(R"({"proveedor_no_disponible": false, "campos_faltantes_count": 1})"), applied));
    add(decide(g, "aclaracion", 3, parse(R"({"proveedor_no_disponible": false, "ciclos_aclaracion": 0})"), applied));
    add(decide(g, "extractor", 4, parse(R"({"proveedor_no_disponible": false, "campos_faltantes_count": 0})"), applied));
    add(decide(g, "decision", 6, parse(R"({"carga_detectada": false, "senal_confianza": 0.75, "costo_estimado": 1000,
        "contradiccion_orden_texto": false, "propuesta": "aprobar_parcial", "modo_texas": false})"), applied));
    // written out of order: recomputation groups by (paso, desde)
    std::swap(records[0], records[records.size() - 1]);
    const auto visits = recompute(g, records, applied);
    REQUIRE(visits.size() == 5);
    const std::vector<std::string> desde = {"enrutador", "extractor", "aclaracion", "extractor", "decision"};
    const std::vector<std::string> ramas = {"extractor", "aclaracion", "extractor", "verificador_cobertura", "redactor"};
    const std::vector<std::int64_t> pasos = {1, 2, 3, 4, 6};
    for (std::size_t i = 0; i < visits.size(); ++i) {
        CAPTURE(i);
        REQUIRE_FALSE(visits[i].error);
        CHECK(visits[i].desde == desde[i]);
        CHECK(visits[i].paso == pasos[i]);
        CHECK(visits[i].rama_tomada == ramas[i]);
        CHECK(visits[i].ramas_registradas == std::vector<std::string>{ramas[i]});
    }
    CHECK(visits[4].resultados == std::vector<bool>(6, false));
    // other applied thresholds change the recomputed branch (U1 = 0.8: 0.75 < 0.8)
    auto other = recompute(g, records, parse(R"({"U1": 0.8, "U2": 1000, "U3": 2, "U4": false})"));
    CHECK(other[4].rama_tomada == "pausa_humana");
    CHECK(other[4].resultados == std::vector<bool>{false, true, false, false, false, false});
    // bindings (playground): modo_texas bound to U4 takes the applied value
    other = recompute(g, records, parse(R"({"U1": 0.75, "U2": 1000, "U3": 2, "U4": true})"), {{"modo_texas", "U4"}});
    CHECK(other[4].rama_tomada == "pausa_humana");
    CHECK(other[4].resultados == std::vector<bool>{false, false, false, false, false, true});
    // without the binding the recorded modo_texas stays
    other = recompute(g, records, parse(R"({"U1": 0.75, "U2": 1000, "U3": 2, "U4": true})"));
    CHECK(other[4].rama_tomada == "redactor");
    // a record whose rama_tomada disagrees is reported as read
    *records[1].find("rama_tomada") = Value("pausa_humana");
    other = recompute(g, records, applied);
    bool disagreement = false;
    for (const auto& visit : other)
        if (visit.ramas_registradas.size() == 2) disagreement = true;
    CHECK(disagreement);
    // a record with no paso
    planlang::json::Array broken = {parse(R"({"desde": "decision"})")};
    other = recompute(g, broken, applied);
    REQUIRE(other.size() == 1);
    REQUIRE(other[0].error);
    CHECK(other[0].error->code == "ARISTA_REGISTRO_INVALIDO");
    // a writer node with no default branch cannot be recomputed
    EdgeGraph no_default = g;
    no_default.ramas_por_defecto.clear();
    other = recompute(no_default, records, applied);
    REQUIRE(other[0].error);
    CHECK(other[0].error->code == "ARISTA_SIN_RAMA_POR_DEFECTO");
}

TEST_CASE("edges: recompute_each decides every threshold set as recompute does, one set at a time") {
    const EdgeGraph g = demo_a_graph();
    const Value applied = demo_a_applied();
    planlang::json::Array records;
    auto add = [&](const Visit& v) { append_records(records, v); };
    add(decide(g, "enrutador", 1, parse(R"({"tipo_atencion": "ambulatoria", "servicio_exento": false})"), applied));
    add(decide(g, "decision", 6, parse(R"({"carga_detectada": false, "senal_confianza": 0.75, "costo_estimado": 1000,
        "contradiccion_orden_texto": false, "propuesta": "aprobar_parcial", "modo_texas": false})"), applied));
    records.push_back(parse(R"({"desde": "decision"})"));  // no paso: an error in every set
    const std::vector<Value> sets = {applied, parse(R"({"U1": 0.75, "U2": 1000, "U3": 2, "U4": true})"),
                                     parse(R"({"U1": 0.75, "U2": 1000, "U3": 2})"),  // no U4: the recorded modo_texas
                                     parse(R"({"U1": 0.8, "U2": 1000, "U3": 2, "U4": false})"),
                                     parse(R"({"U1": 0.75, "U2": 1000, "U3": 2, "U4": true})")};
    std::vector<const Value*> pointers;
    for (const Value& v : sets) pointers.push_back(&v);
    using Bindings = std::vector<std::pair<std::string, std::string>>;
    for (const Bindings& bindings : {Bindings{}, Bindings{{"modo_texas", "U4"}}, Bindings{{"modo_texas", "U4"}, {"modo_texas", "UX"}},
                                     Bindings{{"senal_confianza", "U1"}, {"modo_texas", "U4"}}}) {
        CAPTURE(bindings.size());
        const std::vector<std::vector<RecomputedVisit>> each = recompute_each(g, records, pointers, bindings);
        REQUIRE(each.size() == sets.size());
        std::set<std::string> branches;
        for (std::size_t k = 0; k < sets.size(); ++k) {
            CAPTURE(k);
            const std::vector<RecomputedVisit> alone = recompute(g, records, sets[k], bindings);
            REQUIRE(each[k].size() == alone.size());
            for (std::size_t i = 0; i < alone.size(); ++i) {
                CAPTURE(i);
                CHECK(each[k][i].desde == alone[i].desde);
                CHECK(each[k][i].paso == alone[i].paso);
                CHECK(each[k][i].error.has_value() == alone[i].error.has_value());
                if (alone[i].error) CHECK(each[k][i].error->code == alone[i].error->code);
                CHECK(each[k][i].rama_tomada == alone[i].rama_tomada);
                CHECK(each[k][i].resultados == alone[i].resultados);
                CHECK(each[k][i].ramas_registradas == alone[i].ramas_registradas);
                branches.insert(alone[i].rama_tomada);
            }
        }
        CHECK(branches.size() >= 3);  // the sets do decide differently
    }
}

TEST_CASE("edges: group_visits groups records by (paso, desde) in paso then UTF-16 order, unreadable ones apart") {
    // Records out of order: two writers at step 3 (desde compared by UTF-16 code units: "Z" < "a" < "é"),
    // one visit written in two records apart, and three records that belong to no visit.
    planlang::json::Array records = {parse(R"({"desde": "é", "paso": 3, "orden_arista": 1})"),
                                     parse(R"({"desde": "a", "paso": 3, "orden_arista": 1})"),
                                     parse(R"({"desde": "x", "paso": 1, "orden_arista": 1})"),
                                     parse(R"({"desde": "a", "paso": 1.5})"),
                                     parse(R"({"desde": "Z", "paso": 3, "orden_arista": 1})"),
                                     parse(R"({"paso": 2})"),
                                     parse(R"({"desde": "x", "paso": 1, "orden_arista": 2})"),
                                     parse(R"("no es un registro")")};
    const planlang::rules::RecordedVisits grouped = planlang::rules::group_visits(records);
    CHECK(grouped.invalid == 3);
    REQUIRE(grouped.visits.size() == 4);
    const std::vector<std::pair<std::int64_t, std::string>> expected = {{1, "x"}, {3, "Z"}, {3, "a"}, {3, "é"}};
    for (std::size_t i = 0; i < expected.size(); ++i) {
        CAPTURE(i);
        CHECK(grouped.visits[i].paso == expected[i].first);
        CHECK(*grouped.visits[i].desde == expected[i].second);
    }
    REQUIRE(grouped.visits[0].records.size() == 2);
    CHECK(grouped.visits[0].records[0]->orden_arista == 1);  // trace order within the visit
    CHECK(grouped.visits[0].records[1]->orden_arista == 2);
    // recompute over the records and over their grouping are the same call: the unreadable first.
    const EdgeGraph g = demo_a_graph();
    const Value applied = demo_a_applied();
    const auto direct = recompute_each(g, records, {&applied});
    const auto from_groups = recompute_each(g, grouped, {&applied});
    REQUIRE(direct.front().size() == 7);
    REQUIRE(from_groups.front().size() == 7);
    for (std::size_t i = 0; i < 7; ++i) {
        CAPTURE(i);
        CHECK(direct.front()[i].desde == from_groups.front()[i].desde);
        if (i < 3) {
            REQUIRE(from_groups.front()[i].error);
            CHECK(from_groups.front()[i].error->code == "ARISTA_REGISTRO_INVALIDO");
        } else {
            CHECK(from_groups.front()[i].desde == expected[i - 3].second);
            CHECK(from_groups.front()[i].paso == expected[i - 3].first);
        }
    }
}

TEST_CASE("edges: group_visits_into and recompute_each_into reused trace after trace give the fresh results") {
    // One grouping and one output filled again and again, as the verifier does on each thread: from longer
    // inputs to shorter ones and back, with unreadable records, visits that fail, and more or fewer sets.
    const EdgeGraph g = demo_a_graph();
    const Value applied = demo_a_applied();
    const Value flipped = parse(R"({"U1": 0.8, "U2": 1000, "U3": 2, "U4": true})");
    auto visits_of = [&](int shape) {
        planlang::json::Array records;
        auto add = [&](const Visit& v) { append_records(records, v); };
        add(decide(g, "enrutador", 1, parse(R"({"tipo_atencion": "ambulatoria", "servicio_exento": false})"), applied));
        if (shape % 2 == 0)
            add(decide(g, "extractor", 2, parse(R"({"proveedor_no_disponible": false, "campos_faltantes_count": 1})"), applied));
        if (shape % 3 == 0)
            add(decide(g, "aclaracion", 3, parse(R"({"proveedor_no_disponible": false, "ciclos_aclaracion": 0})"), applied));
        add(decide(g, "decision", 6, parse(R"({"carga_detectada": false, "senal_confianza": 0.75, "costo_estimado": 1000,
            "contradiccion_orden_texto": false, "propuesta": "aprobar_parcial", "modo_texas": false})"), applied));
        if (shape % 4 == 1) records.push_back(parse(R"({"desde": "decision"})"));  // unreadable
        if (shape % 5 == 2) records.erase(records.begin() + 1);                    // the enrutador visit short of an edge
        if (shape % 5 == 3) *records.back().find("tipo") = Value("otro");          // a record without a readable tipo
        if (shape % 3 == 1) std::reverse(records.begin(), records.end());
        return records;
    };
    using Bindings = std::vector<std::pair<std::string, std::string>>;
    planlang::rules::RecordedVisits grouped;
    std::vector<std::vector<RecomputedVisit>> out;
    std::size_t compared = 0;
    for (int shape : {0, 1, 6, 5, 12, 2, 3, 30, 7, 9, 1, 0}) {
        CAPTURE(shape);
        const planlang::json::Array records = visits_of(shape);
        planlang::rules::group_visits_into(records, grouped);
        const planlang::rules::RecordedVisits fresh = planlang::rules::group_visits(records);
        CHECK(grouped.invalid == fresh.invalid);
        REQUIRE(grouped.visits.size() == fresh.visits.size());
        for (std::size_t i = 0; i < fresh.visits.size(); ++i) {
            CHECK(grouped.visits[i].paso == fresh.visits[i].paso);
            CHECK(*grouped.visits[i].desde == *fresh.visits[i].desde);
            REQUIRE(grouped.visits[i].records.size() == fresh.visits[i].records.size());
            for (std::size_t j = 0; j < fresh.visits[i].records.size(); ++j) CHECK(*grouped.visits[i].records[j] == *fresh.visits[i].records[j]);
        }
        const std::vector<const Value*> sets = shape % 2 ? std::vector<const Value*>{&applied, &flipped} : std::vector<const Value*>{&flipped};
        const Bindings bindings = shape % 3 ? Bindings{{"modo_texas", "U4"}} : Bindings{};
        planlang::rules::recompute_each_into(g, grouped, sets, bindings, out);
        const std::vector<std::vector<RecomputedVisit>> alone = recompute_each(g, records, sets, bindings);
        REQUIRE(out.size() == alone.size());
        for (std::size_t k = 0; k < alone.size(); ++k) {
            REQUIRE(out[k].size() == alone[k].size());
            for (std::size_t i = 0; i < alone[k].size(); ++i) {
                CAPTURE(k);
                CAPTURE(i);
                CHECK(out[k][i].desde == alone[k][i].desde);
                CHECK(out[k][i].paso == alone[k][i].paso);
                CHECK(out[k][i].error.has_value() == alone[k][i].error.has_value());
                if (alone[k][i].error) CHECK(out[k][i].error->code == alone[k][i].error->code);
                CHECK(out[k][i].rama_tomada == alone[k][i].rama_tomada);
                CHECK(out[k][i].resultados == alone[k][i].resultados);
                CHECK(out[k][i].ramas_registradas == alone[k][i].ramas_registradas);
                ++compared;
            }
        }
    }
    CHECK(compared > 40);
}
