// The graph diagram's model and layout (diagram.hpp; spec/site-and-cards.md §3).
#include "core/views/diagram.hpp"

#include <algorithm>
#include <cstddef>
#include <map>
#include <optional>
#include <utility>

#include "core/json/number.hpp"
#include "core/json/object_builder.hpp"
#include "core/report/display.hpp"
#include "core/views/internal/labels.hpp"
#include "core/views/internal/router.hpp"

namespace planlang::views {

namespace {

using internal::Box;
using internal::IPoint;

constexpr int kNodeWidth = 160;
constexpr int kEndWidth = 80;  // START and END
constexpr int kCorridor = 160;
constexpr int kRowPitch = 140;
constexpr int kMargin = 80;
constexpr int kTop = 140;      // band names above the first row, then four tracks
constexpr int kRouteTop = 60;  // no route above (the band names)
constexpr int kColumns = 6;  // START, the four bands, END
constexpr const char* kStart = "__start__";
constexpr const char* kEnd = "__end__";

int column_of(const DiagramNode& n) {
    if (n.band != Band::extremo) return 1 + static_cast<int>(n.band);
    return n.id == kStart ? 0 : kColumns - 1;
}

int column_width(int column) { return column == 0 || column == kColumns - 1 ? kEndWidth : kNodeWidth; }

int column_x(int column) {
    int x = kMargin;
    for (int c = 0; c < column; ++c) x += column_width(c) + kCorridor;
    return x;
}

// A rule operand as the edge label writes it.
std::string value_text(const json::Value& v) { return report::display_value(v, report::Lang::en, report::rule_words()); }

// What the graph gives, before any geometry.
struct Model {
    std::vector<DiagramNode> nodes;
    std::vector<DiagramArrow> arrows;
    Issues avisos;
};

void warn_unknown(Issues& avisos, const std::string& element, const std::string& id) {
    avisos.push_back({"DIAGRAMA_EXTREMO_DESCONOCIDO", element,
                      {"no se dibuja: «" + id + "» no es un nodo del grafo", "not drawn: \"" + id + "\" is not a node of the graph"}});
}

Model build_model(const plan::GraphContract& contrato, const run::Graph& ran) {
    Model m;
    auto index_of = [&](std::string_view id) -> int {
        for (std::size_t i = 0; i < m.nodes.size(); ++i)
            if (m.nodes[i].id == id) return static_cast<int>(i);
        return -1;
    };
    auto contract_tipo = [&](const std::string& id) -> std::optional<std::string> {
        for (const plan::Node& n : contrato.nodos_esperados)
            if (n.id == id) return n.tipo;
        return std::nullopt;
    };

    const json::Value& langgraph = json::member_or_null(ran.document, "langgraph");
    bool has_start = false, has_end = false;
    for (const json::Value& n : json::array_items(json::member_or_null(langgraph, "nodes"))) {
        const json::Value& id = json::member_or_null(n, "id");
        if (id.is_string() && id.as_string() == kStart) has_start = true;
        if (id.is_string() && id.as_string() == kEnd) has_end = true;
    }
    for (const json::Value& e : json::array_items(json::member_or_null(langgraph, "edges"))) {
        const json::Value& s = json::member_or_null(e, "source");
        const json::Value& t = json::member_or_null(e, "target");
        if (s.is_string() && s.as_string() == kStart) has_start = true;
        if (t.is_string() && t.as_string() == kEnd) has_end = true;
    }

    auto add_node = [&](std::string id, std::string tipo, NodeStatus status, std::string en_contrato) {
        DiagramNode n;
        n.band = band_of(tipo);
        n.id = std::move(id);
        n.tipo = std::move(tipo);
        n.status = status;
        n.tipo_en_contrato = std::move(en_contrato);
        m.nodes.push_back(std::move(n));
    };
    if (has_start) add_node(kStart, "inicio", NodeStatus::implementado, "");
    for (std::size_t i = 0; i < ran.nodos.size(); ++i) {
        const plan::Node& n = ran.nodos[i];
        if (index_of(n.id) >= 0) {
            m.avisos.push_back({"DIAGRAMA_NODO_REPETIDO", "nodos[" + std::to_string(i) + "]",
                                {"nodo repetido, dibujado una vez: «" + n.id + "»", "repeated node, drawn once: \"" + n.id + "\""}});
            continue;
        }
        const std::optional<std::string> expected = contract_tipo(n.id);
        add_node(n.id, n.tipo, expected && *expected == n.tipo ? NodeStatus::implementado : NodeStatus::fuera_de_contrato, expected.value_or(""));
    }
    if (has_end) add_node(kEnd, "fin", NodeStatus::implementado, "");
    for (const plan::Node& n : contrato.nodos_esperados)
        if (index_of(n.id) < 0) add_node(n.id, n.tipo, NodeStatus::requerido_ausente, n.tipo);

    // Arrows grouped by source node; every element of the graph looked at once.
    std::vector<std::vector<DiagramArrow>> by_source(m.nodes.size());
    auto place = [&](DiagramArrow a, const std::string& element) {
        const int from = index_of(a.desde), to = index_of(a.hacia);
        if (from < 0 || m.nodes[static_cast<std::size_t>(from)].status == NodeStatus::requerido_ausente) {
            warn_unknown(m.avisos, element, a.desde);
            return;
        }
        if (to < 0 || m.nodes[static_cast<std::size_t>(to)].status == NodeStatus::requerido_ausente) {
            warn_unknown(m.avisos, element, a.hacia);
            return;
        }
        by_source[static_cast<std::size_t>(from)].push_back(std::move(a));
    };
    rules::EdgeGraph edges;
    edges.aristas.assign(ran.aristas_condicionales.begin(), ran.aristas_condicionales.end());
    edges.ramas_por_defecto = ran.ramas_por_defecto;
    // Conditional arrows, per source by orden (stable).
    std::vector<std::pair<std::size_t, const plan::Edge*>> conditional;
    for (std::size_t i = 0; i < ran.aristas_condicionales.size(); ++i) conditional.emplace_back(i, &ran.aristas_condicionales[i]);
    std::stable_sort(conditional.begin(), conditional.end(), [](const auto& a, const auto& b) { return a.second->orden < b.second->orden; });
    for (const auto& [i, e] : conditional) {
        DiagramArrow a;
        a.desde = e->desde;
        a.hacia = e->si_verdadero;
        a.kind = ArrowKind::condicional;
        a.orden = static_cast<int>(e->orden);
        a.regla = edge_rule_text(*e);
        place(std::move(a), "aristas_condicionales[" + std::to_string(i) + "]");
    }
    // Default branches: each node's first ramas_por_defecto entry, else its single edge's si_falso.
    std::vector<std::string> with_default;
    for (const auto& [node, branch] : ran.ramas_por_defecto) {
        if (std::find(with_default.begin(), with_default.end(), node) != with_default.end()) continue;
        with_default.push_back(node);
        place(DiagramArrow{node, branch, ArrowKind::por_defecto, 0, "", {}, {}}, "ramas_por_defecto." + node);
    }
    for (const std::string& node : edges.writer_nodes()) {
        if (std::find(with_default.begin(), with_default.end(), node) != with_default.end()) continue;
        const std::vector<const rules::Edge*> of = edges.edges_of(node);
        if (of.size() == 1 && of.front()->si_falso)
            place(DiagramArrow{node, *of.front()->si_falso, ArrowKind::por_defecto, 0, "", {}, {}}, "aristas_condicionales(" + node + ").si_falso");
    }
    const json::Array& lg_edges = json::array_items(json::member_or_null(langgraph, "edges"));
    for (std::size_t i = 0; i < lg_edges.size(); ++i) {
        const json::Value& e = lg_edges[i];
        if (json::member_or_null(e, "conditional") == json::Value(true)) continue;
        const json::Value& s = json::member_or_null(e, "source");
        const json::Value& t = json::member_or_null(e, "target");
        if (!s.is_string() || !t.is_string()) continue;
        place(DiagramArrow{s.as_string(), t.as_string(), ArrowKind::incondicional, 0, "", {}, {}}, "langgraph.edges[" + std::to_string(i) + "]");
    }
    for (std::vector<DiagramArrow>& list : by_source) {
        std::stable_sort(list.begin(), list.end(), [](const DiagramArrow& a, const DiagramArrow& b) { return a.kind < b.kind; });
        for (DiagramArrow& a : list) m.arrows.push_back(std::move(a));
    }
    return m;
}

// Rows and columns (diagram.hpp, "Layout").
void place_nodes(Model& m, const plan::GraphContract& contrato) {
    const std::size_t n = m.nodes.size();
    std::vector<std::optional<int>> row(n);
    std::map<std::pair<int, int>, std::size_t> cells;  // (column, row) → node
    auto index_of = [&](std::string_view id) -> int {
        for (std::size_t i = 0; i < n; ++i)
            if (m.nodes[i].id == id) return static_cast<int>(i);
        return -1;
    };
    auto put = [&](std::size_t i, int r) {
        row[i] = r;
        cells[{column_of(m.nodes[i]), r}] = i;
    };
    auto put_near = [&](std::size_t i, int r) {
        const int c = column_of(m.nodes[i]);
        for (int k = 0;; ++k) {
            if (!cells.count({c, r - k})) return put(i, r - k);
            if (!cells.count({c, r + k})) return put(i, r + k);
        }
    };

    // The main default path, as a snake.
    auto next_of = [&](std::size_t i) -> int {
        const DiagramArrow* unconditional = nullptr;
        for (const DiagramArrow& a : m.arrows) {
            if (a.desde != m.nodes[i].id) continue;
            if (a.kind == ArrowKind::por_defecto) return index_of(a.hacia);
            if (a.kind == ArrowKind::incondicional && !unconditional) unconditional = &a;
        }
        return unconditional ? index_of(unconditional->hacia) : -1;
    };
    int head = -1;
    if (const int s = index_of(kStart); s >= 0) head = next_of(static_cast<std::size_t>(s));
    if (head < 0)
        for (std::size_t i = 0; i < n && head < 0; ++i)
            if (m.nodes[i].band != Band::extremo && m.nodes[i].status != NodeStatus::requerido_ausente) head = static_cast<int>(i);
    int r = 0, previous_column = 0;
    for (int i = head; i >= 0 && !row[static_cast<std::size_t>(i)];) {
        const std::size_t u = static_cast<std::size_t>(i);
        if (m.nodes[u].band == Band::extremo) break;
        const int c = column_of(m.nodes[u]);
        if (c <= previous_column) ++r;
        put(u, r);
        previous_column = c;
        i = next_of(u);
    }

    // The others, next to the placed neighbour they share most arrows with (the first such), else row 0.
    auto anchor = [&](std::size_t i) -> std::optional<int> {
        std::vector<std::pair<std::size_t, int>> counts;  // neighbour, arrows, in first-met order
        auto count = [&](const std::string& a, const std::string& b) {
            if (a != m.nodes[i].id) return;
            const int other = index_of(b);
            if (other < 0 || !row[static_cast<std::size_t>(other)]) return;
            for (auto& [k, c] : counts)
                if (k == static_cast<std::size_t>(other)) return void(++c);
            counts.emplace_back(static_cast<std::size_t>(other), 1);
        };
        for (const DiagramArrow& a : m.arrows) {
            count(a.hacia, a.desde);
            count(a.desde, a.hacia);
        }
        if (counts.empty() && m.nodes[i].status == NodeStatus::requerido_ausente) {
            // A node the graph lacks has no arrow: placed by the contract's edges (position only).
            for (const plan::Edge& e : contrato.aristas_condicionales) {
                count(e.si_verdadero, e.desde);
                count(e.desde, e.si_verdadero);
            }
            for (const auto& [a, b] : contrato.ramas_por_defecto) {
                count(b, a);
                count(a, b);
            }
        }
        if (counts.empty()) return std::nullopt;
        std::size_t best = 0;
        for (std::size_t k = 1; k < counts.size(); ++k)
            if (counts[k].second > counts[best].second) best = k;
        return *row[counts[best].first];
    };
    for (;;) {
        bool progress = false, left = false;
        for (std::size_t i = 0; i < n; ++i) {
            if (row[i]) continue;
            if (const std::optional<int> at = anchor(i)) {
                put_near(i, *at);
                progress = true;
            } else {
                left = true;
            }
        }
        if (!left) break;
        if (!progress)
            for (std::size_t i = 0; i < n; ++i)
                if (!row[i]) {
                    put_near(i, 0);
                    break;
                }
    }

    int top = 0;
    for (std::size_t i = 0; i < n; ++i) top = std::min(top, *row[i]);
    for (std::size_t i = 0; i < n; ++i) {
        DiagramNode& d = m.nodes[i];
        d.columna = column_of(d);
        d.fila = *row[i] - top;
        d.w = d.band == Band::extremo ? kEndWidth : kNodeWidth;
        d.h = internal::kBoxHeight;
        d.x = column_x(d.columna);
        d.y = kTop + d.fila * kRowPitch;
    }
}

Point to_point(const IPoint& p) { return {static_cast<double>(p.x), static_cast<double>(p.y)}; }

}  // namespace

std::string_view band_name(Band band) {
    switch (band) {
        case Band::orquestacion: return "orquestacion";
        case Band::agentes: return "agentes";
        case Band::reglas: return "reglas";
        case Band::pausa_humana: return "pausa_humana";
        case Band::extremo: return "extremo";
    }
    return "reglas";
}

Band band_of(std::string_view tipo) {
    if (tipo == "enrutador") return Band::orquestacion;
    if (tipo == "modelo") return Band::agentes;
    if (tipo == "pausa_humana") return Band::pausa_humana;
    if (tipo == "inicio" || tipo == "fin") return Band::extremo;
    return Band::reglas;
}

std::string_view status_name(NodeStatus status) {
    switch (status) {
        case NodeStatus::implementado: return "implementado";
        case NodeStatus::requerido_ausente: return "requerido_ausente";
        case NodeStatus::fuera_de_contrato: return "fuera_de_contrato";
    }
    return "implementado";
}

std::string_view arrow_kind_name(ArrowKind kind) {
    switch (kind) {
        case ArrowKind::condicional: return "condicional";
        case ArrowKind::por_defecto: return "por_defecto";
        case ArrowKind::incondicional: return "incondicional";
    }
    return "incondicional";
}

int Diagram::node_index(std::string_view id) const {
    for (std::size_t i = 0; i < nodos.size(); ++i)
        if (nodos[i].id == id) return static_cast<int>(i);
    return -1;
}

std::string edge_rule_text(const rules::Edge& edge) {
    if (edge.is_function) {
        std::string out = edge.funcion_nombre + "(";
        for (std::size_t i = 0; i < edge.funcion_entradas.size(); ++i) out += (i ? ", " : "") + edge.funcion_entradas[i];
        return out + ")";
    }
    std::string out = edge.senal + " " + edge.operador + " " + value_text(edge.valor);
    if (edge.inclusivo && (edge.operador == "menor_que" || edge.operador == "mayor_que")) out += " inclusivo";
    return out;
}

Diagram layout_diagram(const plan::GraphContract& contrato, const run::Graph& ran) {
    Model m = build_model(contrato, ran);
    place_nodes(m, contrato);

    Diagram d;
    int rows = 1;
    for (const DiagramNode& n : m.nodes) rows = std::max(rows, n.fila + 1);
    const int width = column_x(kColumns - 1) + kEndWidth + kMargin;
    const int height = kTop + (rows - 1) * kRowPitch + internal::kBoxHeight + kMargin + 8;
    d.ancho = width;
    d.alto = height;
    for (int b = 0; b < 4; ++b)
        d.bandas.push_back(DiagramBand{static_cast<Band>(b), static_cast<double>(column_x(1 + b) - kCorridor / 2),
                                       static_cast<double>(kNodeWidth + kCorridor)});

    std::vector<Box> boxes;
    for (const DiagramNode& n : m.nodes)
        boxes.push_back(Box{static_cast<int>(n.x), static_cast<int>(n.y), static_cast<int>(n.w), static_cast<int>(n.h)});
    internal::Router router(boxes, width, height, kRouteTop);

    // Routing order: the main path's arrows (the default or first unconditional arrow of each node on the
    // snake, in path order) first, then the others by their ends' distance, then by their place in the list.
    const std::size_t na = m.arrows.size();
    std::vector<std::size_t> from(na), to(na);
    for (std::size_t k = 0; k < na; ++k) {
        from[k] = static_cast<std::size_t>(std::find_if(m.nodes.begin(), m.nodes.end(), [&](const DiagramNode& n) { return n.id == m.arrows[k].desde; }) - m.nodes.begin());
        to[k] = static_cast<std::size_t>(std::find_if(m.nodes.begin(), m.nodes.end(), [&](const DiagramNode& n) { return n.id == m.arrows[k].hacia; }) - m.nodes.begin());
    }
    auto distance = [&](std::size_t k) {
        const DiagramNode& a = m.nodes[from[k]];
        const DiagramNode& b = m.nodes[to[k]];
        return std::abs(a.columna - b.columna) * 4 + std::abs(a.fila - b.fila) * 3;
    };
    auto on_path = [&](std::size_t k) {
        const DiagramNode& a = m.nodes[from[k]];
        const DiagramNode& b = m.nodes[to[k]];
        if (m.arrows[k].kind == ArrowKind::condicional) return false;
        return (a.fila == b.fila && b.columna > a.columna) || (b.fila == a.fila + 1 && b.columna <= a.columna);
    };
    std::vector<std::size_t> order(na);
    for (std::size_t k = 0; k < na; ++k) order[k] = k;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        if (on_path(a) != on_path(b)) return on_path(a);
        return distance(a) < distance(b);
    });
    std::vector<std::vector<IPoint>> routes(na);
    for (std::size_t k : order) routes[k] = router.route(from[k], to[k]);

    // Label widths do not depend on the language: a default arrow's room fits "otherwise" and "si no".
    std::vector<int> widths(na, 0);
    for (std::size_t k = 0; k < na; ++k) {
        const DiagramArrow& a = m.arrows[k];
        if (a.kind == ArrowKind::condicional) widths[k] = internal::label_width(std::to_string(a.orden) + " · " + a.regla);
        if (a.kind == ArrowKind::por_defecto) widths[k] = internal::label_width("otherwise");
    }
    const std::vector<IPoint> labels = internal::place_labels(boxes, routes, widths, width, height, kRouteTop);

    d.nodos = std::move(m.nodes);
    for (std::size_t k = 0; k < na; ++k) {
        DiagramArrow a = std::move(m.arrows[k]);
        for (const IPoint& p : routes[k]) a.puntos.push_back(to_point(p));
        a.etiqueta = to_point(labels[k]);
        d.flechas.push_back(std::move(a));
    }
    d.avisos = std::move(m.avisos);
    return d;
}

json::Value diagram_json(const Diagram& d) {
    auto num = [](double v) { return json::Value(v); };
    json::Array nodos;
    for (const DiagramNode& n : d.nodos)
        nodos.push_back(json::ObjectBuilder(11)
                            .add("id", n.id)
                            .add("tipo", n.tipo)
                            .add("banda", std::string(band_name(n.band)))
                            .add("estado", std::string(status_name(n.status)))
                            .add("tipo_en_contrato", n.tipo_en_contrato.empty() ? json::Value() : json::Value(n.tipo_en_contrato))
                            .add("x", num(n.x))
                            .add("y", num(n.y))
                            .add("w", num(n.w))
                            .add("h", num(n.h))
                            .add("columna", json::Value(n.columna))
                            .add("fila", json::Value(n.fila))
                            .done());
    json::Array flechas;
    for (const DiagramArrow& a : d.flechas) {
        json::Array puntos;
        for (const Point& p : a.puntos) puntos.push_back(json::Array{num(p.x), num(p.y)});
        flechas.push_back(json::ObjectBuilder(7)
                              .add("desde", a.desde)
                              .add("hacia", a.hacia)
                              .add("tipo", std::string(arrow_kind_name(a.kind)))
                              .add("orden", json::Value(a.orden))
                              .add("regla", a.regla)
                              .add("puntos", std::move(puntos))
                              .add("etiqueta", json::Array{num(a.etiqueta.x), num(a.etiqueta.y)})
                              .done());
    }
    json::Array bandas;
    for (const DiagramBand& b : d.bandas)
        bandas.push_back(json::ObjectBuilder(3).add("banda", std::string(band_name(b.band))).add("x", num(b.x)).add("w", num(b.w)).done());
    json::Array avisos;
    for (const Issue& i : d.avisos)
        avisos.push_back(json::ObjectBuilder(3)
                             .add("codigo", i.code)
                             .add("elemento", i.element)
                             .add("mensaje", json::ObjectBuilder(2).add("es", i.message.es).add("en", i.message.en).done())
                             .done());
    return json::ObjectBuilder(7)
        .add("formato", "planlang-diagrama/v1")
        .add("ancho", num(d.ancho))
        .add("alto", num(d.alto))
        .add("bandas", std::move(bandas))
        .add("nodos", std::move(nodos))
        .add("flechas", std::move(flechas))
        .add("avisos", std::move(avisos))
        .done();
}

}  // namespace planlang::views
