#pragma once
// The headline figures of a verified run (site-and-cards.md §2, screen 1: "headline figures, each with its
// source"), read from its report: the app's Entrada screen and the static site's entry page show the same four.
#include <cstddef>
#include <string>
#include <vector>

#include "core/json/value.hpp"

namespace planlang::views {

struct Headline {
    std::string veredicto;  // veredicto.valor
    std::size_t bloqueantes = 0, alertas = 0;  // veredicto.bloqueantes, veredicto.alertas
    std::size_t criterios_cumplen = 0, criterios_total = 0;  // criterios[].estado == "cumple"
    std::vector<std::string> criterios_no;  // the others' ids, in report order
    json::Value casos_con_pausa;             // contrato_de_grafo.pausas.casos_con_pausa (null when absent)
    json::Value casos_ejecutados;            // ficha_reproducibilidad.corrida.casos_ejecutados
    std::string rol_pausa;                   // contrato_de_grafo.pausas.rol
    std::size_t brechas = 0;                 // brechas_no_previstas.brechas
    std::vector<std::string> casos_con_brecha;  // their cases, each once, in report order
};

Headline headline(const json::Value& report);

}  // namespace planlang::views
