#pragma once
// One expected-branches visit (ramas-esperadas.json `visitas[i]`, traces-and-verifier.md §4) read straight
// from its text when it has the plain shape planlang writes — without building its tree.
#include <string>
#include <string_view>

namespace planlang::run::internal {

// True when `item` (one visit's text, whitespace between tokens allowed) is an object of exactly caso_id,
// desde, paso, rama_tomada and resultados in that (canonical) order, where caso_id and desde are non-empty
// strings and rama_tomada a string or null — every string of printable ASCII without an escape — paso an
// integer literal from 1 with at most 15 digits, and resultados a list of true and false. Such a visit is one
// the general path reads, fits check_ramas_visit and has a canonical copy: that copy (the item without its
// whitespace) is appended to `canonical`. False, `canonical` as it was, for anything else — including
// visits the general path accepts: it reads those.
bool read_plain_visit(std::string_view item, std::string& canonical);

}  // namespace planlang::run::internal
