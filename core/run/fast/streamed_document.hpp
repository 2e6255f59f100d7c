#pragma once
// A large file read in one streamed pass (the batch's cases, a run's expected visits): its top-level members
// are parsed with the one large array emptied, then the array's items one at a time — each parsed, handed to
// the caller and hashed into the file's huella — so the whole file is never one parsed tree. Whatever the
// pass does not expect declines it (nullopt), and the caller reads the file whole instead, which reports every
// problem as for any other file: the streamed pass only has to recognise a good file, never explain a bad one.
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/json/value.hpp"
#include "core/run/fast/json_spans.hpp"
#include "core/run/reader.hpp"

namespace planlang::run::internal {

struct StreamedDocument {
    json::Value top;               // the top-level members as read, the array member holding []
    std::size_t items = 0;         // in the array
    std::string huella_calculada;  // of the whole document without its top-level huella
};

// What the caller keeps of one item, made where the item was parsed (its tree is freed on that thread).
struct KeptItem {
    std::string id;       // the batch: the case id
    std::string text;     // the batch: the item's compact text, or an object of some of its members
    bool whole = true;    // the batch: `text` is the whole item
};

// `array_key`: the large member; its items sit two levels below the top (depth limits account for it).
// `check_top(top, items)` and `check_item(item, index, compact_text, kept)` return false to decline
// (compact_text: the item's text without the whitespace between its tokens, as minify_to gives it);
// `check_item` may run on any of `parallel`'s tasks, several at once, so it must only read, and fills `kept`
// with what the caller wants of the item. `keep(kept, index)` then gets the accepted items in order, one at a
// time, while other tasks may be checking later items. With `parallel` set, items are parsed, checked and
// put in canonical form a chunk at a time on its tasks; the result is the same.
// Declines too for: a top level that is not an object of plain lower-case keys, a missing array member, JSON
// that does not parse or that exceeds the reader's limits. `spans`, when given, is document_spans(text,
// array_key) found beforehand for these very bytes (the reader scans on one task while it reads on another).
//
// How the items are split into chunks and tasks (the result does not depend on it): a chunk holds about
// chunk_bytes of items, between min_chunk and max_chunk of them, and one task prepares consecutive items worth
// about task_bytes (1 to 64 of them). A ramas visit is ~150 bytes: one task per visit and a barrier per 256 of
// them spent a third of the ramas pass handing out work and waiting (perf, 10,000-case round). A batch case
// (~3 KB) still goes one per task, ~340 per chunk. Tests make them small to cross many chunk boundaries.
struct StreamSizes {
    std::size_t chunk_bytes = std::size_t{1} << 20;
    std::size_t task_bytes = 4096;
    std::size_t min_chunk = 256;
    std::size_t max_chunk = 8192;
};
// The walk a stream begins with, on one core: the top level's members and the large array's items found
// (json_spans' object_members). `declined`: that walk declined the text, and so does the stream.
struct DocumentSpans {
    std::vector<MemberSpan> members;
    std::vector<Span> items;
    bool declined = false;
};
DocumentSpans document_spans(std::string_view text, std::string_view array_key);

// `read_plain(item_text, canonical, kept)`, when given, is tried on each item before it is parsed: true means
// the item is one check_item would accept, filling `kept` as check_item would, and its canonical form has been
// appended to `canonical`; the item is then neither parsed nor handed to check_item. (The expected visits:
// fast/plain_visit.hpp; the batch's cases: fast/plain_case.hpp.)
using PlainItemReader = std::function<bool(std::string_view item_text, std::string& canonical, KeptItem& kept)>;
std::optional<StreamedDocument> stream_document(
    std::string_view text, std::string_view array_key, const std::function<bool(const json::Value& top, std::size_t items)>& check_top,
    const std::function<bool(const json::Value& item, std::size_t index, std::string_view compact_text, KeptItem& kept)>& check_item,
    const std::function<void(KeptItem& kept, std::size_t index)>& keep, const ParallelFor& parallel = {},
    const StreamSizes& sizes = {}, const PlainItemReader& read_plain = {}, const DocumentSpans* spans = nullptr);

}  // namespace planlang::run::internal
