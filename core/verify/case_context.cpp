// rule-language.md §4: the case context, as the verifier binds it.
#include "core/verify/case_context.hpp"

#include <algorithm>

#include "core/json/unicode.hpp"

namespace planlang::verify {

using json::Value;

namespace {

const Value& member(const Value& object, std::string_view key) { return json::member_or_null(object, key); }

}  // namespace

rules::CaseBindings bind_case(const Value& trace, const std::vector<run::PauseRecord>& pauses, const Value* caso, const Value& umbral,
                              CaseValues& owned, const Value* par_de_referencia) {
    owned.caso = member(trace, "caso_id");
    const Value& salida = member(trace, "salida_final");
    const Value& es = member(salida, "es");
    const Value& en = member(salida, "en");
    owned.salida_final = es.is_string() && en.is_string() ? Value(es.as_string() + "\n" + en.as_string()) : Value();
    // rule-language.md §4: the payload keys present in every recorded pause, sorted; [] without a pause.
    std::vector<std::string> common;
    bool first = true;
    for (const run::PauseRecord& p : pauses) {
        const std::vector<std::string>& keys = p.payload_keys;
        if (first) common = keys;
        else
            common.erase(std::remove_if(common.begin(), common.end(),
                                        [&](const std::string& k) { return std::find(keys.begin(), keys.end(), k) == keys.end(); }),
                         common.end());
        first = false;
    }
    std::sort(common.begin(), common.end(), [](const std::string& a, const std::string& b) { return json::utf16_less(a, b); });
    common.erase(std::unique(common.begin(), common.end()), common.end());
    json::Array keys;
    keys.reserve(common.size());
    for (std::string& k : common) keys.emplace_back(std::move(k));
    owned.interrupt_payload = Value(std::move(keys));

    rules::CaseBindings b;
    b.senales = &member(trace, "senales");
    b.caso = &owned.caso;
    b.extraccion = &member(trace, "extraccion");
    b.salida_final = &owned.salida_final;
    b.documento_adverso = &member(trace, "documento_adverso");
    b.interrupt_payload = &owned.interrupt_payload;
    b.error_de_esquema_en_traspaso = &member(trace, "error_de_esquema_en_traspaso");
    static const Value kNoCase;
    const Value& c = caso ? *caso : kNoCase;
    b.tipo = c.find("tipo");
    b.subtipo = c.find("subtipo");
    b.adversario_detalle = c.find("adversario_detalle");
    b.verdad_conocida = c.find("verdad_conocida");
    b.identificadores_sinteticos = c.find("identificadores_sinteticos");
    b.umbral = &umbral;
    b.par_de_referencia = par_de_referencia;
    return b;
}

}  // namespace planlang::verify
