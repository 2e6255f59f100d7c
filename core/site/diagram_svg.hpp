#pragma once
// The graph diagram (core/views/diagram.hpp) written as SVG, for the static site's pages and
// `planlang diagram --svg`.
#include <string>

#include "core/views/diagram.hpp"

namespace planlang::site {

// One SVG document for both themes: every stroke and text in currentColor (an inline SVG takes the page's
// colour; standalone it picks light or dark by prefers-color-scheme), band columns with their names, nodes
// (dashed: required but missing; dotted: outside the contract), arrows with an arrowhead and their label
// ("orden · regla", "otherwise"). Every node and arrow is a focusable group (tabindex 0) with a <title>.
std::string diagram_svg(const views::Diagram& d, bool english);

}  // namespace planlang::site
