#pragma once
// The graph diagram (site-and-cards.md §3) drawn in the app from the core's layout (views::Diagram): band
// columns, nodes (dashed: required but missing; dotted: outside the contract), arrows with their arrowheads
// and labels ("orden · regla", "otherwise"). Shared by the Agente screen (select a node, an arrow, a path) and
// the case replay (the current step's node, the case's walk). Every node and arrow is an imgui item, so the
// keyboard reaches each one (site-and-cards.md §1) and the browser test finds it ("nodo:<id>", "flecha:<i>").
#include <vector>

#include "core/views/diagram.hpp"
#include "web/app/app_state.hpp"

namespace planlang::web {

// What to emphasise. Empty vectors: nothing; otherwise one flag per Diagram::nodos / Diagram::flechas.
struct DiagramMarks {
    std::vector<bool> nodos;
    std::vector<bool> flechas;
    int current_node = -1;   // drawn filled in the accent colour (the replay's step)
    int selected_node = -1;  // drawn with a thick border
    int selected_arrow = -1;
};

// What the reader activated this frame (click, or Enter on the focused item); -1 when nothing.
struct DiagramPick {
    int node = -1;
    int arrow = -1;
};

// Draws `d` at the cursor, scaled to `width` (never below 0.7 nor above 1.0 of the layout's units: a narrower
// window scrolls the diagram sideways), inside a child region named `id`.
DiagramPick draw_diagram(AppState& state, const char* id, const views::Diagram& d, const DiagramMarks& marks, float width);

// The word for a band ("orquestación", "agents"…), a node status, and an arrow's label as drawn.
const char* band_word(const AppState& state, views::Band band);
const char* node_status_word(const AppState& state, views::NodeStatus status);
std::string arrow_label(const AppState& state, const views::DiagramArrow& a);

}  // namespace planlang::web
