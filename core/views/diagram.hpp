#pragma once
// The diagram of the graph that ran (spec/site-and-cards.md §3), for the app's Agente screen and the static
// site: its nodes placed in bands by type, its arrows routed orthogonally, as values a view draws (a draw
// list) and as JSON; core/site/diagram_svg.hpp writes it as one SVG for both themes.
//
// What is drawn — every element maps to one element of the run's grafo.json (traces-and-verifier.md §4), none
// is invented:
// - a node per `nodos` entry, plus `__start__` and `__end__` when the `langgraph` export lists them (tipo
//   "inicio" / "fin", Band::extremo); and a node per node the plan's `contrato_de_grafo.nodos_esperados`
//   requires that the graph lacks (NodeStatus::requerido_ausente, drawn dashed, no arrow: the graph has none);
// - an arrow per `aristas_condicionales` entry (ArrowKind::condicional, labelled with its rule and `orden`);
// - an arrow per default branch (ArrowKind::por_defecto, "otherwise"): each `ramas_por_defecto` entry, and for a
//   writer node without one, the `si_falso` of its single edge (plan-format.md §9, the branch it routes to);
// - an arrow per `langgraph.edges` entry without `conditional: true` (ArrowKind::incondicional: START → first
//   node, the resume after the pause, writer → guard → END). The export's conditional entries are the
//   (source, target) pairs the two kinds above already draw.
// An element whose end is no node of the graph (an edge to an unknown id) is not drawn: Diagram::avisos names
// it (DIAGRAMA_EXTREMO_DESCONOCIDO).
//
// Layout (§3's ideas, deterministic): one column per band — orchestration (`enrutador`), agents (`modelo`),
// rules (`regla`, `herramienta`), human pause (`pausa_humana`) — between a START column on the left and an END
// column on the right. The main default path (from START's target, each node's default branch, else its first
// unconditional successor) runs left to right as a "snake": it starts a new row whenever its next node's band is
// not to the right of the current one. The other nodes go in their band's column at the free row nearest to the
// row of a placed neighbour (above before below). Columns are 160 + 160 units apart (node, corridor), rows 140;
// nodes 160 × 56 (START and END 80 × 56). Arrows are routed by A* on a grid of 20 units, cost = length + 60 per
// bend + 150 per crossing + 20 per unit of overlap with arrows already routed (main path first, then shorter
// first); each arrow leaves and enters a node through its own port, perpendicular to the border.
//
// Pure and portable: no I/O, no clock; every coordinate is an integer computed in integer arithmetic (the
// doubles below hold integers), so gcc natively and emscripten in wasm give the same bytes.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/common/issue.hpp"
#include "core/json/value.hpp"
#include "core/plan/model.hpp"
#include "core/run/reader.hpp"

namespace planlang::views {

// §3 columns by node type, left to right; `extremo` holds START and END (not a §3 band).
enum class Band : std::uint8_t { orquestacion, agentes, reglas, pausa_humana, extremo };
std::string_view band_name(Band band);  // "orquestacion", …, "extremo"
// enrutador → orquestacion, modelo → agentes, regla | herramienta → reglas, pausa_humana → pausa_humana;
// inicio | fin → extremo; any other tipo → reglas.
Band band_of(std::string_view tipo);

enum class NodeStatus : std::uint8_t {
    implementado,       // in the graph (and in the contract with that tipo, or START/END)
    requerido_ausente,  // the contract requires it, the graph has no node with that id (dashed)
    fuera_de_contrato,  // in the graph, but not among the contract's nodes, or with another tipo
};
std::string_view status_name(NodeStatus status);

struct Point {
    double x = 0;
    double y = 0;
};

struct DiagramNode {
    std::string id;
    std::string tipo;              // the graph's (the contract's for a missing node); "inicio" / "fin"
    Band band = Band::reglas;
    NodeStatus status = NodeStatus::implementado;
    std::string tipo_en_contrato;  // the contract's tipo for this id ("" when the contract has no such node)
    double x = 0, y = 0, w = 0, h = 0;  // top-left corner and size, in diagram units (y grows downwards)
    int columna = 0, fila = 0;          // grid cell: column (0 = START's), row (0 = top)
};

enum class ArrowKind : std::uint8_t { condicional, por_defecto, incondicional };
std::string_view arrow_kind_name(ArrowKind kind);

struct DiagramArrow {
    std::string desde, hacia;
    ArrowKind kind = ArrowKind::incondicional;
    int orden = 0;      // the edge's `orden` (condicional), else 0
    std::string regla;  // condicional: "senal operador valor" as written ("ciclos_aclaracion mayor_o_igual_que
                        // umbral.U3"; a literal string quoted, " inclusivo" added to menor_que/mayor_que when
                        // inclusive), or "funcion(entrada, …)"; else ""
    std::vector<Point> puntos;  // orthogonal polyline: first on desde's border, last on hacia's
    // The centre of the label's box ("orden · regla", "otherwise"; 14 high, 6 per character + 6 wide, text
    // size 10): beside a segment of this arrow, where it overlaps the fewest nodes, labels placed before and
    // other arrows. An unconditional arrow has no label: the middle of its longest segment.
    Point etiqueta;
};

// A band's column as drawn behind its nodes: left edge and width (the node column and half a corridor on
// each side), from the top margin to the bottom one.
struct DiagramBand {
    Band band = Band::orquestacion;
    double x = 0, w = 0;
};

struct Diagram {
    std::vector<DiagramBand> bandas;    // the four §3 bands, left to right (also when a band has no node)
    std::vector<DiagramNode> nodos;     // graph order (START first, END last), then the missing nodes (contract order)
    std::vector<DiagramArrow> flechas;  // by source node (nodos order): condicional by orden, por_defecto, incondicional
    double ancho = 0, alto = 0;         // the drawing's extent, margins included
    Issues avisos;                      // grafo.json elements not drawn: DIAGRAMA_EXTREMO_DESCONOCIDO (an end that is
                                        // no node), DIAGRAMA_NODO_REPETIDO (a node id listed twice: drawn once)

    // The index in nodos of the node with this id, or -1.
    int node_index(std::string_view id) const;
};

// The diagram of `ran` (a run's grafo.json as the reader typed it; the unconditional arrows come from its
// document's `langgraph.edges`) against the plan's graph contract.
Diagram layout_diagram(const plan::GraphContract& contrato, const run::Graph& ran);
inline Diagram layout_diagram(const plan::Plan& plan, const run::Graph& ran) { return layout_diagram(plan.contrato_de_grafo, ran); }

// The rule text of a conditional edge, as DiagramArrow::regla gives it.
std::string edge_rule_text(const rules::Edge& edge);

// {"formato": "planlang-diagrama/v1", "ancho", "alto", "bandas": [{banda, x, w}], "nodos": [{id, tipo, banda, estado, tipo_en_contrato,
// x, y, w, h, columna, fila}], "flechas": [{desde, hacia, tipo, orden, regla, puntos: [[x, y]…], etiqueta: [x,
// y]}], "avisos": [{codigo, elemento, mensaje: {es, en}}]} (ours).
json::Value diagram_json(const Diagram& d);

}  // namespace planlang::views
