#include "core/views/headline.hpp"

#include <algorithm>

namespace planlang::views {

namespace {

const json::Value& at(const json::Value& v, const char* key) { return json::member_or_null(v, key); }

std::string str(const json::Value& v, const char* key) {
    const json::Value& m = at(v, key);
    return m.is_string() ? m.as_string() : std::string();
}

}  // namespace

Headline headline(const json::Value& report) {
    Headline h;
    const json::Value& verdict = at(report, "veredicto");
    h.veredicto = str(verdict, "valor");
    h.bloqueantes = json::array_items(at(verdict, "bloqueantes")).size();
    h.alertas = json::array_items(at(verdict, "alertas")).size();
    for (const json::Value& c : json::array_items(at(report, "criterios"))) {
        ++h.criterios_total;
        if (str(c, "estado") == "cumple") ++h.criterios_cumplen;
        else h.criterios_no.push_back(str(c, "id"));
    }
    const json::Value& pausas = at(at(report, "contrato_de_grafo"), "pausas");
    h.casos_con_pausa = at(pausas, "casos_con_pausa");
    h.rol_pausa = str(pausas, "rol");
    h.casos_ejecutados = at(at(at(report, "ficha_reproducibilidad"), "corrida"), "casos_ejecutados");
    const json::Array& gaps = json::array_items(at(at(report, "brechas_no_previstas"), "brechas"));
    h.brechas = gaps.size();
    for (const json::Value& g : gaps) {
        const json::Value& id = at(g, "caso_id");
        if (id.is_string() && std::find(h.casos_con_brecha.begin(), h.casos_con_brecha.end(), id.as_string()) == h.casos_con_brecha.end())
            h.casos_con_brecha.push_back(id.as_string());
    }
    return h;
}

}  // namespace planlang::views
