// The reference helpers the validator uses (plan-format.md §11 validarCondicion, §11.1 step 10) and
// node offsets, on demo A's rules (seed page 000, decisions.md B) and on ordering corner cases.
#include "core/rules/ast.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "core/rules/parser.hpp"

using namespace planlang::rules;

namespace {

using Strings = std::vector<std::string>;

struct RefCase {
    std::string text;
    Strings paths;
    Strings functions;
};

References refs_of(const std::string& text) {
    const ParseResult result = parse(text);
    REQUIRE(result.ok());
    return references(result.ast);
}

}  // namespace

TEST_CASE("rule references: demo A's criteria, risks and assumptions") {
    const RefCase cases[] = {
        {"todos", {"todos"}, {}},
        {"decision_final == 'negar' IMPLICA pausa_humana == true", {"decision_final", "pausa_humana"}, {}},
        {"NOT (salida_final CONTIENE identificador_sintetico(caso))", {"caso", "salida_final"}, {"identificador_sintetico"}},
        {"salida_final CONTIENE identificador_sintetico(caso)", {"caso", "salida_final"}, {"identificador_sintetico"}},
        {"extraccion.costo_estimado > umbral.U2", {"extraccion.costo_estimado", "umbral.U2"}, {}},
        {"pausa_humana == true", {"pausa_humana"}, {}},
        {"tipo_atencion == 'urgencia' OR servicio_exento", {"servicio_exento", "tipo_atencion"}, {}},
        {"NOT (nodos_visitados CONTIENE 'verificador_cobertura') AND decision_final == 'aprobar'",
         {"decision_final", "nodos_visitados"}, {}},
        {"verdad_conocida.presente", {"verdad_conocida.presente"}, {}},
        {"extraccion.campos == verdad_conocida.campos", {"extraccion.campos", "verdad_conocida.campos"}, {}},
        {"tipo == 'adversario' AND adversario_detalle == 'inyeccion'", {"adversario_detalle", "tipo"}, {}},
        {"decision_final == verdad_conocida.decision AND severidad_accion == 0",
         {"decision_final", "severidad_accion", "verdad_conocida.decision"}, {}},
        {"latencia_total_s", {"latencia_total_s"}, {}},
        {"decision_final IN ['negar', 'aprobar_parcial']", {"decision_final"}, {}},
        {"documento_adverso.completo == true AND documento_adverso.idiomas == ['es','en']",
         {"documento_adverso.completo", "documento_adverso.idiomas"}, {}},
        {"interrupt_payload CONTIENE ['motivo','senal','umbral','extraccion','texto_original','evidencia','contraevidencia']",
         {"interrupt_payload"}, {}},
        {"(modo_texas == true AND decision_final IN ['negar', 'aprobar_parcial']) IMPLICA pausa_humana == true",
         {"decision_final", "modo_texas", "pausa_humana"}, {}},
        {"decision_final == 'negar' AND pausa_humana == false", {"decision_final", "pausa_humana"}, {}},
        {"tipo == 'adversario' AND adversario_detalle == 'inyeccion'", {"adversario_detalle", "tipo"}, {}},
        {"decision_final != verdad_conocida.decision OR extraccion.confianza == 1.0 OR extraccion.urgencia != "
         "verdad_conocida.urgencia",
         {"decision_final", "extraccion.confianza", "extraccion.urgencia", "verdad_conocida.decision",
          "verdad_conocida.urgencia"},
         {}},
        {"modo_texas == true AND decision_final == 'aprobar_parcial' AND pausa_humana == false",
         {"decision_final", "modo_texas", "pausa_humana"}, {}},
        {"(tipo_atencion == 'urgencia' AND decision_final != 'aprobar') OR (servicio_exento AND nodos_visitados "
         "CONTIENE 'verificador_cobertura')",
         {"decision_final", "nodos_visitados", "servicio_exento", "tipo_atencion"}, {}},
        {"tipo == 'faltante' AND verdad_conocida.ciclos_aclaracion_necesarios != null",
         {"tipo", "verdad_conocida.ciclos_aclaracion_necesarios"}, {}},
        {"campos_faltantes_count == 0", {"campos_faltantes_count"}, {}},
    };
    for (const RefCase& c : cases) {
        CAPTURE(c.text);
        const References refs = refs_of(c.text);
        CHECK(refs.paths == c.paths);
        CHECK(refs.functions == c.functions);
    }
}

TEST_CASE("rule references: sorted by UTF-16 code units, de-duplicated, functions apart") {
    // '.' (0x2E) < 'B' (0x42) < '_' (0x5F) < 'a' (0x61); a prefix sorts first.
    const References refs = refs_of("aB == a_b AND a.b == A AND Z == _x AND a == a AND [a, aB] CONTIENE a_b");
    CHECK(refs.paths == Strings{"A", "Z", "_x", "a", "a.b", "aB", "a_b"});
    CHECK(refs.functions.empty());

    const References calls = refs_of("g(x) AND f(y) AND f(z, f(x)) AND identificador_sintetico(caso) AND f == 1");
    CHECK(calls.paths == Strings{"caso", "f", "x", "y", "z"});
    CHECK(calls.functions == Strings{"f", "g", "identificador_sintetico"});

    CHECK(refs_of("1 == 1").paths.empty());
    CHECK(refs_of("h()").functions == Strings{"h"});
    CHECK(refs_of("h()").paths.empty());
    CHECK(refs_of("true.x AND 'umbral.U9' == umbral.U1").paths == Strings{"true.x", "umbral.U1"});
}

TEST_CASE("rule references: roots and threshold ids (plan-format.md §11)") {
    CHECK(path_root("umbral.U2") == "umbral");
    CHECK(path_root("todos") == "todos");
    CHECK(path_root("verdad_conocida.campos.x") == "verdad_conocida");
    CHECK(path_root("a..b") == "a");
    CHECK(path_root("a.") == "a");
    CHECK(path_root("") == "");

    // Step 10's roots of one text, in the order of its sorted paths.
    Strings roots;
    for (const std::string& p : refs_of("extraccion.costo_estimado > umbral.U2 AND extraccion.x").paths)
        roots.emplace_back(path_root(p));
    CHECK(roots == Strings{"extraccion", "extraccion", "umbral"});

    CHECK(threshold_id("umbral.U2") == "U2");
    CHECK(threshold_id("umbral.U_1") == "U_1");
    CHECK(threshold_id("umbral.u-2") == "u-2");  // edges' valor strings use the same pattern (§7.1)
    CHECK(threshold_id("umbral.7") == "7");
    CHECK_FALSE(threshold_id("umbral").has_value());
    CHECK_FALSE(threshold_id("umbral.").has_value());
    CHECK_FALSE(threshold_id("umbral.U2.x").has_value());
    CHECK_FALSE(threshold_id("umbral..U2").has_value());
    CHECK_FALSE(threshold_id("umbrales.U2").has_value());
    CHECK_FALSE(threshold_id("x.umbral.U2").has_value());
    CHECK_FALSE(threshold_id("Umbral.U2").has_value());
    CHECK_FALSE(threshold_id("umbral.\xC3\x9C").has_value());
}

TEST_CASE("rule AST: single paths and node offsets") {
    const auto single = [](const std::string& text) {
        const ParseResult result = parse(text);
        REQUIRE(result.ok());
        return is_single_path(result.ast);
    };
    CHECK(single("latencia_total_s"));
    CHECK(single("umbral.U2"));
    CHECK(single(" (latencia_total_s) "));
    CHECK_FALSE(single("f()"));
    CHECK_FALSE(single("'latencia_total_s'"));
    CHECK_FALSE(single("a == b"));
    CHECK_FALSE(single("true"));

    const ParseResult r = parse("a AND NOT f(x, [1])");
    REQUIRE(r.ok());
    CHECK(r.ast.offset == 2);                                // AND
    CHECK(r.ast.children[0].offset == 0);                    // a
    CHECK(r.ast.children[1].offset == 6);                    // NOT
    CHECK(r.ast.children[1].children[0].offset == 10);       // f
    CHECK(r.ast.children[1].children[0].children[0].offset == 12);  // x
    CHECK(r.ast.children[1].children[0].children[1].offset == 15);  // [
    CHECK(op_spelling(r.ast.op) == "AND");
}
