#pragma once
// A hand-made case context for the evaluator tests (own namespace: other fixtures have a read_json too) (rule-language.md §4): signals that exercise every
// type, nulls, nested objects, NFC/NFD strings and keys, a lone surrogate, and signals named like the
// fixed names (which must lose).
#include <doctest/doctest.h>

#include <string>

#include "core/json/canonical.hpp"
#include "core/json/reader.hpp"
#include "core/rules/eval.hpp"
#include "core/rules/parser.hpp"

namespace planlang::testing::eval {

inline json::Value read_json(const std::string& text) {
    auto r = json::read(text);
    REQUIRE_MESSAGE(r.ok(), text);
    return r.value;
}

inline rules::Node parse_rule(const std::string& text) {
    auto r = rules::parse(text);
    REQUIRE_MESSAGE(r.ok(), text);
    return r.ast;
}

// "!" + error kind, or the canonical JSON of the value (nothing here is infinite).
inline std::string outcome(const rules::EvalResult& r) {
    if (r.error) return "!" + std::string(rules::kind_name(r.error->kind));
    return json::canonical(r.value);
}

struct EvalFixture {
    json::Value senales = read_json(R"({
        "t": true, "f": false, "n": null, "cinco": 5, "cero": 0, "menos_cero": -0, "s": "abc", "vacio": "",
        "lista": [1, "x", null, true], "idiomas": ["es", "en"], "nums": [1, 2, 3],
        "obj": {"a": 1, "b": {"c": null, "d": [1, 2]}},
        "obj_mismo": {"b": {"d": [1.0, 2], "c": null}, "a": 1},
        "obj_otro_valor": {"a": 2, "b": {"c": null, "d": [1, 2]}},
        "obj_otras_claves": {"a": 1, "z": 0},
        "obj_igual": {"a": 1, "b": {"c": null, "d": [1.0, 2e0]}}, "obj_d_otro": {"a": 1, "b": {"c": null, "d": [1, 3]}},
        "obj_texto_nfc": {"a": "\u00e9"}, "obj_texto_nfd": {"a": "e\u0301"},
        "objs": [{"a": 1}, {"a": 2}],
        "mixta": [1, {"a": 1}, 2],
        "nfc": "\u00e9", "nfd": "e\u0301",
        "lista_nfc": ["\u00e9"], "lista_nfd": ["e\u0301"],
        "obj_clave_nfc": {"\u00e9": 1}, "obj_clave_nfd": {"e\u0301": 1},
        "lista_obj_nfc": [{"\u00e9": "\u00e9"}], "lista_obj_nfd": [{"e\u0301": "e\u0301"}],
        "emoji": "a\ud83d\ude00b", "alto": "\ud83d",
        "anidado": {"x": {"y": {"z": 7}}},
        "tipo": "senal-tipo", "umbral": 99, "todos": false, "caso": "otro", "subtipo": "senal-subtipo",
        "limites_alcanzados": 4
    })");
    json::Value caso = json::Value("AH-007");
    json::Value extraccion = read_json(R"({"costo_estimado": 1200, "campos": {"a": 1, "b": "x"}, "confianza": 1.0})");
    json::Value salida_final = json::Value("Texto es con SYN-2\nText en");
    json::Value documento_adverso;
    json::Value interrupt_payload = read_json(R"(["evidencia", "motivo"])");
    json::Value error_de_esquema = json::Value(false);
    json::Value tipo = json::Value("adversario");
    json::Value subtipo;
    json::Value adversario_detalle = json::Value("inyeccion");
    json::Value verdad_conocida =
        read_json(R"({"campos": {"b": "x", "a": 1}, "presente": true, "decision": "negar", "ciclos": null})");
    json::Value umbral = read_json(R"({"U1": 0.75, "U2": 1000, "U3": 2, "U4": false})");
    json::Value identificadores = read_json(R"(["SYN-1", "SYN-2"])");

    rules::CaseBindings bindings() const {
        rules::CaseBindings b;
        b.senales = &senales;
        b.caso = &caso;
        b.extraccion = &extraccion;
        b.salida_final = &salida_final;
        b.documento_adverso = &documento_adverso;
        b.interrupt_payload = &interrupt_payload;
        b.error_de_esquema_en_traspaso = &error_de_esquema;
        b.tipo = &tipo;
        b.subtipo = &subtipo;
        b.adversario_detalle = &adversario_detalle;
        b.verdad_conocida = &verdad_conocida;
        b.umbral = &umbral;
        b.identificadores_sinteticos = &identificadores;
        return b;
    }
};

}  // namespace planlang::testing::eval
