// The token rule (core/sim/clock.hpp, synthetic-and-simulation.md §10): out tokens are ⌊code points of
// the response JSON / 4⌋, counted without writing the JSON; they must agree with the JSON written.
#include "core/sim/clock.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "core/json/reader.hpp"

TEST_CASE("clock: out tokens count the response JSON's code points as written") {
    const std::vector<std::string> responses = {
        "null", "true", "false", "0", "-0.5", "1e21", "123456789012", "\"\"", "[]", "{}",
        R"({"campos": {"procedimiento": "SYN-P-007", "diagnostico": null, "urgencia": false, "costo_estimado": 850}, "confianza": 0.93})",
        R"({"pregunta": "¿podría enviarnos el diagnóstico?", "lista": [1, 2.5, "ñandú", [], {}]})",
        R"({"escapes": "comillas \" barra \\ salto \n retorno \r tab \t retroceso \b avance \f control \u0001 fin"})",
        R"({"es": "Carta con acentos: áéíóú y emoji 😀", "en": "Letter", "acciones": ["responder_afiliado"]})",
        R"({"clave con espacios y ñ": {"anidado": [null, true, {"x": -1.25e-7}]}})",
    };
    for (const std::string& text : responses) {
        CAPTURE(text);
        const planlang::json::ReadResult r = planlang::json::read(text);
        REQUIRE(r.ok());
        const std::size_t written = planlang::sim::code_points(planlang::sim::response_json(r.value));
        for (const std::size_t pad : {0u, 1u, 2u, 3u}) {  // every remainder of the division by 4
            CAPTURE(pad);
            const std::string system(pad, 's');
            const planlang::sim::Tokens t = planlang::sim::count_tokens(system, "prompt", r.value);
            CHECK(t.salida == static_cast<std::int64_t>(written / 4));
            CHECK(t.entrada == static_cast<std::int64_t>((pad + 6) / 4));
        }
    }
}
