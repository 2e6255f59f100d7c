// The static site's Plan and Agente pages (site-and-cards.md §2 screens 2 and 3): the approved plan at a
// glance with every rule verbatim for the expert, and the graph that ran with its nodes, arrows and paths.
#include <string>
#include <vector>

#include "core/plan/priority.hpp"
#include "core/views/diagram.hpp"
#include "core/site/internal/html_parts.hpp"
#include "core/json/number.hpp"
#include "core/views/paths.hpp"

namespace planlang::site::internal {

using namespace views;  // the models these pages draw (core/views)

namespace {

std::string code(const std::string& s) { return "<code>" + esc(s) + "</code>"; }

std::string decisions(const PageContext& page, const plan::Plan& p) {
    std::vector<std::vector<std::string>> rows;
    for (const plan::Decision& d : p.decisiones) {
        const std::string reversible = enum_word(page, "reversibilidad", d.reversibilidad);
        rows.push_back({esc(d.id), esc(pick(d.pregunta, page.en)), d.opcion_elegida ? esc(pick(*d.opcion_elegida, page.en)) : "—",
                        d.reversibilidad == "una_via" ? "<strong>" + esc(reversible) + "</strong>" : esc(reversible),
                        d.justificacion ? esc(pick(*d.justificacion, page.en)) : "—"});
    }
    return table_html({{esc(page.t("sitio.col_id"))}, {esc(page.t("sitio.col_pregunta"))}, {esc(page.t("sitio.col_elegida"))},
                       {esc(page.t("sitio.col_reversibilidad"))}, {esc(page.t("sitio.col_justificacion")), true}},
                      rows);
}

std::string risks(const PageContext& page, const plan::Plan& p, const json::Value& report) {
    std::vector<std::vector<std::string>> rows;
    for (const plan::RiskPriority& pr : plan::ordered_priorities(p.riesgos)) {
        const plan::Risk* r = nullptr;
        for (const plan::Risk& candidate : p.riesgos)
            if (candidate.id == pr.id) r = &candidate;
        if (!r) continue;
        std::string detector = "—";
        if (r->detector_en_trazas)
            detector = code(r->detector_en_trazas->tipo + " · " + r->detector_en_trazas->poblacion + " · " + r->detector_en_trazas->condicion + " · " +
                            r->detector_en_trazas->ocurre_si);
        else if (r->no_detectable_en_trazas)
            detector = esc(page.t("sitio.no_detectable") + ": " + pick(*r->no_detectable_en_trazas, page.en));
        const json::Value& measured = by_id(at(report, "riesgos"), r->id);
        rows.push_back({esc(r->id), esc(pick(r->modo, page.en)), std::to_string(r->severidad), std::to_string(r->ocurrencia), std::to_string(r->deteccion),
                        std::to_string(pr.rpn), esc(page.texts->known("sitio.nivel." + pr.prioridad_de_accion, page.en).value_or(pr.prioridad_de_accion)) + (pr.control_legal ? " · " + esc(page.t("sitio.control_legal")) : ""),
                        measured.is_object() ? state_html(page, str(measured, "estado")) : "—", detector});
    }
    return table_html({{esc(page.t("sitio.col_id"))}, {esc(page.t("sitio.col_modo"))}, {"S"}, {"O"}, {"D"}, {"RPN"}, {esc(page.t("sitio.col_prioridad"))},
                       {esc(page.t("sitio.col_estado"))}, {esc(page.t("sitio.col_detector")), true}},
                      rows);
}

std::string assumptions(const PageContext& page, const plan::Plan& p, const json::Value& report) {
    std::vector<std::vector<std::string>> rows;
    for (const plan::Assumption& a : p.supuestos) {
        const json::Value& measured = by_id(at(report, "supuestos"), a.id);
        rows.push_back({esc(a.id), esc(pick(a.enunciado, page.en)), esc(page.texts->known("sitio.nivel." + a.criticidad, page.en).value_or(a.criticidad)), esc(pick(a.prueba_barata, page.en)),
                        state_html(page, measured.is_object() ? str(measured, "estado") : a.estado)});
    }
    return table_html({{esc(page.t("sitio.col_id"))}, {esc(page.t("sitio.col_enunciado"))}, {esc(page.t("sitio.col_criticidad"))},
                       {esc(page.t("sitio.col_prueba_barata"))}, {esc(page.t("sitio.col_estado"))}},
                      rows);
}

std::string criteria(const PageContext& page, const plan::Plan& p, const json::Value& report) {
    std::vector<std::vector<std::string>> rows;
    for (const plan::Criterion& c : p.criterios_aceptacion) {
        const json::Value& measured = by_id(at(report, "criterios"), c.id);
        const plan::MeasurementRule& rule = c.regla_de_medicion;
        std::string verbatim = rule.agregacion + " · " + rule.poblacion;
        if (rule.condicion) verbatim += " · " + *rule.condicion;
        if (rule.metrica) verbatim += " · " + *rule.metrica;
        rows.push_back({esc(c.id), esc(pick(c.enunciado, page.en)), esc(enum_word(page, "tipo_criterio", c.tipo)), esc(number_text(c.valor_objetivo, page.en)),
                        measured.is_object() ? esc(number_text(at(measured, "valor_medido"), page.en)) : "—",
                        measured.is_object() ? state_html(page, str(measured, "estado")) : "—", code(verbatim)});
    }
    return table_html({{esc(page.t("sitio.col_id"))}, {esc(page.t("sitio.col_enunciado"))}, {esc(page.t("sitio.col_tipo"))},
                       {esc(page.t("sitio.col_objetivo"))}, {esc(page.t("sitio.col_medido"))}, {esc(page.t("sitio.col_estado"))},
                       {esc(page.t("sitio.col_regla")), true}},
                      rows);
}

std::string thresholds(const PageContext& page, const plan::Plan& p) {
    std::vector<std::vector<std::string>> rows;
    for (const plan::Threshold& t : p.umbrales) {
        auto n = [&](double x) { return number_text(json::Value(x), page.en); };
        const std::string range = t.rango_jugable.boolean ? number_text(json::Value(true), page.en) + " / " + number_text(json::Value(false), page.en)
                                                          : n(t.rango_jugable.min) + " … " + n(t.rango_jugable.max) + " (" + n(t.rango_jugable.paso) + ")";
        rows.push_back({esc(t.id), esc(pick(t.nombre, page.en)), esc(pick(t.descripcion_lider, page.en)),
                        esc(number_text(t.valor_en_plan, page.en) + (t.unidad ? " " + pick(*t.unidad, page.en) : "")), esc(range),
                        code(t.senal + " " + t.operador + (t.inclusivo ? " inclusivo" : "") + " · " + t.decision_id)});
    }
    return table_html({{esc(page.t("sitio.col_id"))}, {esc(page.t("sitio.col_nombre"))}, {esc(page.t("sitio.col_que_decide"))},
                       {esc(page.t("sitio.col_valor"))}, {esc(page.t("sitio.col_rango"))}, {esc(page.t("sitio.col_regla")), true}},
                      rows);
}

std::string contract(const PageContext& page, const plan::Plan& p) {
    const plan::GraphContract& g = p.contrato_de_grafo;
    std::string h;
    std::vector<std::vector<std::string>> nodes;
    for (const plan::Node& n : g.nodos_esperados) nodes.push_back({code(n.id), esc(enum_word(page, "nodo", n.tipo))});
    h += table_html({{esc(page.t("sitio.col_nodo"))}, {esc(page.t("sitio.col_tipo"))}}, nodes);
    std::vector<std::vector<std::string>> edges;
    for (const plan::Edge& e : g.aristas_condicionales)
        edges.push_back({code(e.desde), std::to_string(e.orden), code(e.si_verdadero) + (e.si_falso ? " / " + code(*e.si_falso) : std::string()), code(edge_rule_text(e)), e.nota ? esc(pick(*e.nota, page.en)) : "—"});
    for (const auto& [from, to] : g.ramas_por_defecto) edges.push_back({code(from), "—", code(to), esc(page.t("sitio.en_otro_caso")), "—"});
    h += section(esc(page.t("sitio.aristas")), table_html({{esc(page.t("sitio.col_desde"))}, {esc(page.t("sitio.col_orden"))}, {esc(page.t("sitio.col_hacia"))},
                                                           {esc(page.t("sitio.col_regla"))}, {esc(page.t("sitio.col_nota")), true}},
                                                          edges),
                 3);
    std::string pauses = "<ul>\n";
    for (const plan::Pause& pause : g.pausas_humanas) {
        std::string payload;
        for (const std::string& item : pause.payload_minimo) payload += (payload.empty() ? "" : ", ") + code(item);
        pauses += "<li>" + code(pause.nodo) + " · " + esc(page.t("sitio.rol")) + " " + code(pause.rol) + " · " + esc(pick(pause.politica_simulada, page.en)) +
                  "<span class=\"experto\"> · " + esc(page.t("sitio.carga_minima")) + ": " + payload + "</span></li>\n";
    }
    h += section(esc(page.t("sitio.pausas")), pauses + "</ul>\n", 3);
    std::string signals;
    for (const std::string& s : g.senales_obligatorias_en_traza) signals += (signals.empty() ? "" : ", ") + code(s);
    h += "<div class=\"experto\">" + section(esc(page.t("sitio.senales")), "<p>" + signals + "</p>\n", 3);
    std::vector<std::vector<std::string>> evaluators;
    for (const plan::Evaluator& e : g.evaluadores_requeridos) {
        std::string covered;
        for (const std::string& r : e.riesgos_cubiertos) covered += (covered.empty() ? "" : ", ") + r;
        evaluators.push_back({code(e.id), esc(e.tipo), esc(covered.empty() ? "—" : covered)});
    }
    h += section(esc(page.t("sitio.evaluadores")),
                 table_html({{esc(page.t("sitio.col_id"))}, {esc(page.t("sitio.col_tipo"))}, {esc(page.t("sitio.col_riesgos_cubiertos"))}}, evaluators), 3);
    return h + "</div>\n";
}

std::string technical_record(const PageContext& page, const plan::Plan& p) {
    std::vector<std::vector<std::string>> rows = {
        {esc(page.t("sitio.col_id")), code(p.id)},
        {esc(page.t("sitio.version")), code(p.version)},
        {esc(page.t("sitio.dominio")), code(p.dominio_id)},
        {esc(page.t("sitio.huella")), code(p.huella.value_or("—"))},
        {esc(page.t("sitio.aprobacion")), esc(p.estado_aprobacion + (p.aprobado_por ? " · " + *p.aprobado_por : "") + (p.aprobado_el ? " · " + *p.aprobado_el : ""))},
        {esc(page.t("sitio.etiqueta_riesgo")), p.etiqueta_riesgo ? esc(pick(*p.etiqueta_riesgo, page.en)) : "—"},
        {esc(page.t("sitio.lotes")), esc(p.lotes.proveedor + " · " + p.lotes.modelo_alias)},
    };
    return "<div class=\"experto\">" + section(esc(page.t("sitio.registro_tecnico")), table_html({{esc(page.t("sitio.col_que"))}, {esc(page.t("sitio.col_valor"))}}, rows)) +
           "</div>\n";
}

}  // namespace

std::string plan_page_body(const PageContext& page, const plan::Plan& p, const json::Value& report) {
    std::string h = "<h1>" + esc(pick(p.nombre, page.en)) + "</h1>\n";
    h += "<p class=\"muted\">" + esc(fill(page.t("sitio.plan_fuente"), {p.id, p.version, page.run_id})) + "</p>\n";
    std::string starts = "<p>" + esc(pick(p.problema, page.en)) + "</p>\n<ul>\n";
    for (const plan::Actor& a : p.actores)
        starts += "<li>" + esc(page.en && !a.en.empty() ? a.en : a.es) + " (" + esc(enum_word(page, "actor", a.tipo)) + ")</li>\n";
    h += section(esc(page.t("sitio.plan_parte")), starts + "</ul>\n");
    std::string does = "<ol>\n";
    for (const plan::Text& step : p.flujo_objetivo) does += "<li>" + esc(pick(step, page.en)) + "</li>\n";
    h += section(esc(page.t("sitio.plan_hace")), does + "</ol>\n");
    const std::string short_huella = p.huella ? p.huella->substr(0, 12) : "—";
    h += section(esc(page.t("sitio.plan_entrega")),
                 "<p>" + esc(fill(page.t("sitio.plan_entrega_frase"), {p.version, short_huella, std::to_string(p.criterios_aceptacion.size())})) + "</p>\n");
    h += section(esc(page.t("texto.decisiones")), decisions(page, p));
    h += section(esc(page.t("texto.riesgos")), "<p class=\"muted\">" + esc(page.t("sitio.riesgos_orden")) + "</p>\n" + risks(page, p, report));
    h += section(esc(page.t("texto.supuestos")), assumptions(page, p, report));
    h += section(esc(page.t("texto.criterios")), criteria(page, p, report));
    h += section(esc(page.t("texto.umbrales")), thresholds(page, p));
    h += section(esc(page.t("sitio.contrato")), contract(page, p));
    h += technical_record(page, p);
    return h;
}

std::string agent_page_body(const PageContext& page, const plan::Plan& p, const Diagram& d, const Paths& paths) {
    std::string h = "<h1>" + esc(page.t("pantalla.agente")) + " · " + esc(pick(p.nombre, page.en)) + "</h1>\n";
    h += "<p>" + esc(pick(p.problema, page.en)) + "</p>\n";
    std::string never = "<ul>\n";
    for (const plan::Risk& r : p.riesgos)
        if (r.control_legal.value_or(false)) never += "<li>" + esc(pick(r.modo, page.en)) + " (" + esc(r.id) + ")</li>\n";
    h += section(esc(page.t("sitio.nunca_hace")), never + "</ul>\n");
    h += section(esc(page.t("agente.diagrama")),
                 "<p><img class=\"diagrama\" src=\"diagrama.svg\" width=\"" + json::format_number(d.ancho) + "\" height=\"" + json::format_number(d.alto) +
                     "\" alt=\"" + esc(page.t("sitio.diagrama_alt")) + "\"></p>\n<p><a href=\"diagrama.svg\">" + esc(page.t("sitio.diagrama_grande")) + "</a></p>\n");
    std::vector<std::vector<std::string>> nodes;
    for (std::size_t i = 0; i < d.nodos.size(); ++i) {
        const DiagramNode& n = d.nodos[i];
        const std::size_t count = i < paths.casos_por_nodo.size() ? paths.casos_por_nodo[i].size() : 0;
        nodes.push_back({code(n.id), esc(enum_word(page, "nodo", n.tipo)), esc(page.texts->known("sitio.estado_nodo." + std::string(status_name(n.status)), page.en)
                                                                                     .value_or(std::string(status_name(n.status)))),
                         std::to_string(count)});
    }
    h += section(esc(page.t("sitio.nodos")), table_html({{esc(page.t("sitio.col_nodo"))}, {esc(page.t("sitio.col_tipo"))}, {esc(page.t("sitio.col_estado"))},
                                                          {esc(page.t("sitio.col_casos"))}},
                                                         nodes));
    std::vector<std::vector<std::string>> arrows;
    for (std::size_t i = 0; i < d.flechas.size(); ++i) {
        const DiagramArrow& a = d.flechas[i];
        const std::string kind = page.t(("agente.flecha." + std::string(arrow_kind_name(a.kind))).c_str());
        const std::size_t count = i < paths.casos_por_flecha.size() ? paths.casos_por_flecha[i].size() : 0;
        arrows.push_back({code(a.desde) + " → " + code(a.hacia), esc(kind), a.kind == ArrowKind::condicional ? std::to_string(a.orden) + " · " + code(a.regla) : "—",
                          std::to_string(count)});
    }
    h += section(esc(page.t("texto.flechas")), table_html({{esc(page.t("sitio.col_flecha"))}, {esc(page.t("sitio.col_tipo"))}, {esc(page.t("sitio.col_regla"))},
                                                            {esc(page.t("sitio.col_casos"))}},
                                                           arrows));
    std::string walks;
    for (const Recorrido& r : paths.recorridos) {
        std::string seq;
        for (const std::string& n : r.nodos) seq += (seq.empty() ? "" : " → ") + code(n);
        std::string cases;
        for (const std::string& id : r.casos) cases += (cases.empty() ? "" : ", ") + case_link(page, id);
        walks += "<li><p>" + esc(fill(page.t("texto.casos_n"), {std::to_string(r.n)})) + ": " + seq + "</p><details><summary>" +
                 esc(page.t("sitio.ver_casos")) + "</summary><p>" + cases + "</p></details></li>\n";
    }
    h += section(esc(fill(page.t("agente.recorridos"), {std::to_string(paths.recorridos.size())})), "<ol>\n" + walks + "</ol>\n");
    return h;
}

}  // namespace planlang::site::internal
