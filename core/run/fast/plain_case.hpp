#pragma once
// One batch case (the batch's `casos[i]`, synthetic-and-simulation.md §4) read straight from its text when it
// has the plain shape planlang writes — without building its tree, the way fast/plain_visit.hpp reads an
// expected visit. A case is ~3 KB with texts in Spanish: read into a tree, checked against its schema and
// scanned again for the members the verifier keeps, it was a fifth of verify's CPU time (bench history at 1a35ddd,
// "Batch cases read without their tree").
#include <string>
#include <string_view>
#include <vector>

#include "core/run/fast/streamed_document.hpp"

namespace planlang::run::internal {

// True when `item` (one case's text, whitespace between tokens allowed) is an object of exactly the thirteen
// members of a demo A case in canonical key order, each within check_batch_case's schema — the objects in it
// too (entrada, verdad_conocida, simulacion, the optional adversario) of exactly their members in canonical
// order — whose tokens canonical form writes as they are: ids, words and versions of plain ASCII, texts of
// well-formed UTF-8, NFC by the quick check, escaped only by the short escapes (PlainScan::text_string),
// numbers as canonical form writes them (integers of at most 15 digits). Such a case is one json::read_into
// reads without an error to a canonical form and check_batch_case accepts; then its canonical form (the item
// without its whitespace) is appended to `canonical`, and `kept` is what fast::read_batch's check (batch_stream.cpp) would keep of
// it: its id, and the members named in `kept_members` as an object in the case's order (the whole case when
// `kept_members` is empty). False, `canonical` as it was and `kept` unspecified, for anything else —
// including cases the general path accepts: it reads those.
bool read_plain_case(std::string_view item, const std::vector<std::string>& kept_members, std::string& canonical, KeptItem& kept);

}  // namespace planlang::run::internal
