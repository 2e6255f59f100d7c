// The graph diagram as one SVG document for both themes (diagram_svg.hpp; spec/site-and-cards.md §1, §3).
#include "core/site/diagram_svg.hpp"

#include <cstdint>
#include <string>

#include "core/report/html.hpp"

namespace planlang::site {

using namespace views;  // the models these pages draw (core/views)

namespace {

// Coordinates are integers (diagram.hpp): written as such, the same bytes on every build.
std::string num(double v) { return std::to_string(static_cast<std::int64_t>(v)); }

// Text and double-quoted attributes: an apostrophe (in rule texts) stays as written.
std::string xml(std::string_view text) { return report::escape_markup(text, report::MarkupEscape{nullptr, false}); }

// An id usable in an XML id attribute: letters, digits, '-' and '_' kept, anything else as "-".
std::string id_part(std::string_view id) {
    std::string out;
    for (char c : id) {
        const bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
        out += keep ? c : '-';
    }
    return out;
}

std::string_view band_title(Band band, bool en) {
    switch (band) {
        case Band::orquestacion: return en ? "Orchestration" : "Orquestación";
        case Band::agentes: return en ? "Agents" : "Agentes";
        case Band::reglas: return en ? "Rules and tools" : "Reglas y herramientas";
        case Band::pausa_humana: return en ? "Human pause" : "Pausa humana";
        case Band::extremo: return "";
    }
    return "";
}

std::string status_line(const DiagramNode& n, bool en) {
    switch (n.status) {
        case NodeStatus::implementado: return n.tipo;
        case NodeStatus::requerido_ausente: return en ? "required, missing" : "requerido, ausente";
        case NodeStatus::fuera_de_contrato: return en ? "outside the contract" : "fuera del contrato";
    }
    return n.tipo;
}

std::string node_title(const DiagramNode& n, bool en) {
    if (n.band == Band::extremo) return n.tipo == "inicio" ? (en ? "start of the graph" : "inicio del grafo") : (en ? "end of the graph" : "fin del grafo");
    std::string t = n.id + " (" + n.tipo + ")";
    switch (n.status) {
        case NodeStatus::implementado: return t + (en ? ": implemented" : ": implementado");
        case NodeStatus::requerido_ausente:
            return t + (en ? ": required by the plan's graph contract, missing from the graph that ran"
                           : ": el contrato de grafo del plan lo exige y falta en el grafo que corrió");
        case NodeStatus::fuera_de_contrato:
            if (!n.tipo_en_contrato.empty())
                return t + (en ? ": the plan's graph contract expects it as " + n.tipo_en_contrato
                               : ": el contrato de grafo del plan lo espera como " + n.tipo_en_contrato);
            return t + (en ? ": not in the plan's graph contract" : ": no está en el contrato de grafo del plan");
    }
    return t;
}

std::string arrow_label(const DiagramArrow& a, bool en) {
    switch (a.kind) {
        case ArrowKind::condicional: return std::to_string(a.orden) + " · " + a.regla;
        case ArrowKind::por_defecto: return en ? "otherwise" : "si no";
        case ArrowKind::incondicional: return "";
    }
    return "";
}

std::string node_name(const std::string& id, bool en) {
    if (id == "__start__") return en ? "START" : "INICIO";
    if (id == "__end__") return en ? "END" : "FIN";
    return id;
}

}  // namespace

std::string diagram_svg(const Diagram& d, bool en) {
    std::string s;
    s.reserve(16384);
    const std::string w = num(d.ancho), h = num(d.alto);
    s += "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"planlang-diagrama\" viewBox=\"0 0 " + w + " " + h + "\" width=\"" + w +
         "\" height=\"" + h + "\" font-family=\"'DejaVu Sans', Verdana, sans-serif\" font-size=\"12\" role=\"img\" aria-labelledby=\"planlang-diagrama-titulo\">\n";
    s += std::string("<title id=\"planlang-diagrama-titulo\">") +
         (en ? "Diagram of the graph that ran: nodes by band, one arrow per conditional edge, per default branch and per fixed edge"
             : "Diagrama del grafo que corrió: nodos por banda, una flecha por arista condicional, por rama por defecto y por arista fija") +
         "</title>\n";
    // Standalone, the document picks its colours by theme; inline, it takes the page's (currentColor).
    s += "<style>svg.planlang-diagrama:root{color:#1d1d1f;background:#ffffff}"
         "@media (prefers-color-scheme:dark){svg.planlang-diagrama:root{color:#e6e6e6;background:#1d1d1f}}</style>\n";
    s += "<defs><marker id=\"planlang-punta\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"8\" markerHeight=\"8\" "
         "markerUnits=\"userSpaceOnUse\" orient=\"auto\"><path d=\"M0,1L9,5L0,9z\" fill=\"currentColor\"/></marker></defs>\n";

    // Band columns (START and END have none).
    for (std::size_t b = 0; b < d.bandas.size(); ++b) {
        const DiagramBand& band = d.bandas[b];
        s += "<rect x=\"" + num(band.x) + "\" y=\"16\" width=\"" + num(band.w) + "\" height=\"" + num(d.alto - 32) +
             "\" fill=\"currentColor\" fill-opacity=\"" + (b % 2 ? "0.07" : "0.035") + "\" stroke=\"none\"/>\n";
        s += "<text x=\"" + num(band.x + band.w / 2) + "\" y=\"40\" text-anchor=\"middle\" font-weight=\"bold\" fill=\"currentColor\">" +
             xml(band_title(band.band, en)) + "</text>\n";
    }

    for (const DiagramNode& n : d.nodos) {
        const int cx = static_cast<int>(n.x + n.w / 2), cy = static_cast<int>(n.y + n.h / 2);
        s += "<g id=\"planlang-nodo-" + id_part(n.id) + "\" class=\"nodo " + std::string(status_name(n.status)) + "\" tabindex=\"0\">";
        s += "<title>" + xml(node_title(n, en)) + "</title>";
        s += "<rect x=\"" + num(n.x) + "\" y=\"" + num(n.y) + "\" width=\"" + num(n.w) + "\" height=\"" + num(n.h) + "\" rx=\"" +
             (n.band == Band::extremo ? "28" : "8") + "\" fill=\"currentColor\" fill-opacity=\"0.06\" stroke=\"currentColor\" stroke-width=\"1.5\"";
        if (n.status == NodeStatus::requerido_ausente) s += " stroke-dasharray=\"7 5\"";
        if (n.status == NodeStatus::fuera_de_contrato) s += " stroke-dasharray=\"2 3\"";
        s += "/>";
        if (n.band == Band::extremo) {
            s += "<text x=\"" + num(cx) + "\" y=\"" + num(cy + 4) + "\" text-anchor=\"middle\" font-weight=\"bold\" fill=\"currentColor\">" +
                 xml(node_name(n.id, en)) + "</text>";
        } else {
            s += "<text x=\"" + num(cx) + "\" y=\"" + num(cy - 3) + "\" text-anchor=\"middle\" font-weight=\"bold\" fill=\"currentColor\">" + xml(n.id) + "</text>";
            s += "<text x=\"" + num(cx) + "\" y=\"" + num(cy + 13) + "\" text-anchor=\"middle\" font-size=\"10\" fill=\"currentColor\" fill-opacity=\"0.8\">" +
                 xml(status_line(n, en)) + "</text>";
        }
        s += "</g>\n";
    }

    for (std::size_t k = 0; k < d.flechas.size(); ++k) {
        const DiagramArrow& a = d.flechas[k];
        const std::string label = arrow_label(a, en);
        s += "<g id=\"planlang-flecha-" + std::to_string(k) + "\" class=\"flecha " + std::string(arrow_kind_name(a.kind)) + "\" tabindex=\"0\">";
        s += "<title>" + xml(node_name(a.desde, en) + " → " + node_name(a.hacia, en) + (label.empty() ? "" : ": " + label)) + "</title>";
        s += "<path d=\"";
        for (std::size_t p = 0; p < a.puntos.size(); ++p) s += (p ? "L" : "M") + num(a.puntos[p].x) + "," + num(a.puntos[p].y);
        s += "\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"1.3\"";
        if (a.kind == ArrowKind::por_defecto) s += " stroke-opacity=\"0.75\"";
        s += " marker-end=\"url(#planlang-punta)\"/>";
        if (!label.empty()) {
            s += "<text x=\"" + num(a.etiqueta.x) + "\" y=\"" + num(a.etiqueta.y + 4) + "\" text-anchor=\"middle\" font-size=\"10\" fill=\"currentColor\"";
            if (a.kind == ArrowKind::por_defecto) s += " font-style=\"italic\"";
            s += ">" + xml(label) + "</text>";
        }
        s += "</g>\n";
    }
    s += "</svg>\n";
    return s;
}

}  // namespace planlang::site
