// A run's traces (traces-and-verifier.md §3, §7): each declared trace read, checked on its own and against
// its manifest entry, streamed to the sink in manifest order (prepared one at a time, or a chunk ahead on
// the caller's ParallelFor), then `casos_con_error`.
#include <algorithm>
#include <optional>
#include <string_view>

#include "core/common/thread_local.hpp"
#include "core/json/canonical.hpp"
#include "core/json/fingerprint.hpp"
#include "core/json/reader.hpp"
#include "core/json/sha256.hpp"
#include "core/run/internal/fast_paths.hpp"
#include "core/run/internal/schemas.hpp"
#include "core/run/internal/state.hpp"
#include "core/run/internal/trace_records.hpp"
#include "core/run/one_trace.hpp"

namespace planlang::run::internal {

using json::Value;

namespace {

// §7 TRAZA_MALFORMADA: the first failing condition, or nullopt. `steps`, `records`: the trace's pasos and
// decisiones_de_arista.
std::optional<Bilingual> malformed(const Value& t, const std::vector<Step>& steps, const std::vector<rules::RecordedEdge>& records) {
    auto same_nodes = [&](const Value& list) {
        const json::Array& items = list.as_array();
        if (items.size() != steps.size()) return false;
        for (std::size_t i = 0; i < items.size(); ++i)
            if (!items[i].is_string() || items[i].as_string() != steps[i].nodo) return false;
        return true;
    };
    if (!same_nodes(at(t, "nodos_visitados")))
        return Bilingual{"nodos_visitados no son los nodos de los pasos, en orden", "nodos_visitados are not the step nodes, in order"};
    if (const Value* signal = at(t, "senales").find("nodos_visitados"); signal && signal->is_array() && !same_nodes(*signal))
        return Bilingual{"la señal nodos_visitados no son los nodos de los pasos, en orden",
                         "the nodos_visitados signal is not the step nodes, in order"};
    for (std::size_t i = 0; i < steps.size(); ++i)
        if (steps[i].orden != static_cast<std::int64_t>(i + 1))
            return Bilingual{"pasos." + std::to_string(i) + ".orden no es " + std::to_string(i + 1) + ": los pasos no van de 1 a n",
                             "pasos." + std::to_string(i) + ".orden is not " + std::to_string(i + 1) + ": steps are not numbered 1..n"};
    for (std::size_t i = 0; i < records.size(); ++i) {
        // The schema makes paso an integer from 1 below 2^53: its canonical form is its decimal digits.
        const std::int64_t paso = records[i].paso;
        const std::string& desde = records[i].desde;
        if (paso < 1 || static_cast<std::uint64_t>(paso) > steps.size() || steps[static_cast<std::size_t>(paso) - 1].nodo != desde)
            return Bilingual{"decisiones_de_arista." + std::to_string(i) + ": el paso " + std::to_string(paso) + " no es una visita de «" +
                                 desde + "»",
                             "decisiones_de_arista." + std::to_string(i) + ": step " + std::to_string(paso) + " is not a visit of \"" +
                                 desde + "\""};
    }
    return std::nullopt;
}

// One declared trace checked on its own, on any thread: what the sequential reading of that trace would
// add to the run's state, kept until it is applied in manifest order.
struct PreparedTrace {
    Value tree;                   // the trace, for a sink that did not measure it (then read and clean)
    std::vector<Step> steps;                 // and its steps and edge records
    std::vector<rules::RecordedEdge> records;
    std::vector<PauseRecord> pauses;
    bool read = false;            // read and fits its schema
    std::string caso_id;          // the trace's own, when read
    std::vector<Motive> motives;  // its own, in the order the checks find them
    Issues schema_issues;         // every schema issue when it fails its schema (esquema_completo)
    bool error = false;           // resultado == "error"
    std::unique_ptr<TraceMeasure> measured;  // the sink's TraceSink::measure, for a trace with no motive
};

// The trees traces are read into on this thread, read into again by the next ones (json::read_into): their
// containers and strings are reused, not allocated and freed per trace, and they stay in this core's cache
// (a tree kept in each slot instead was as slow as fresh trees with two threads: a slot is cold by the
// time it is read into again, often on the other core). The traces' canonical forms, copied as they are
// read and hashed for their huellas, likewise. Two of each: traces are prepared in pairs (prepare_traces).
Value& thread_tree(std::size_t k) {
    PLANLANG_THREAD_LOCAL Value trees[2];
    return trees[k];
}
json::CanonicalCopy& thread_copy(std::size_t k) {
    PLANLANG_THREAD_LOCAL json::CanonicalCopy copies[2] = {json::CanonicalCopy{"huella"}, json::CanonicalCopy{"huella"}};
    return copies[k];
}
TraceArrays& thread_arrays(std::size_t k) {
    PLANLANG_THREAD_LOCAL TraceArrays arrays[2];
    return arrays[k];
}

// One trace being prepared, in two halves around its huella (see prepare_traces).
struct TraceInProgress {
    const Value& entry;
    PreparedTrace& p;
    Value& tree;
    json::CanonicalCopy& canonical;
    TraceArrays& arrays;  // the trace's steps, edge records and pauses, typed
    json::MemberScanner* scanner;  // the accelerator's (fast::trace_arrays_scanner), or nullptr
    std::string archivo;
};

// Reads the trace and checks its schema; true when it fits and its huella is what comes next.
bool read_and_check(const FileSource& files, const RunHeader& h, TraceInProgress& w) {
    PreparedTrace& p = w.p;
    p.read = false;
    p.caso_id.clear();
    p.motives.clear();
    p.schema_issues.clear();
    p.error = false;
    p.measured.reset();
    w.archivo = join(h.dir, str(w.entry, "archivo"));
    w.arrays.clear_scanned();
    const std::optional<FileBytes> bytes = files ? files(w.archivo) : std::nullopt;
    if (!parse_json_into(w.tree, bytes, w.archivo, w.archivo, kReferenced, p.motives, &w.canonical, w.scanner)) return false;
    if (w.arrays.any_scanned() && !w.canonical.canonical) {
        // Not canonical after all, further on: its huella is written from the tree, which needs the arrays.
        w.arrays.clear_scanned();
        if (!parse_json_into(w.tree, bytes, w.archivo, w.archivo, kReferenced, p.motives, &w.canonical)) return false;
    }
    Issues issues = check_trace(w.tree, true, w.arrays.steps_scanned, w.arrays.records_scanned, w.arrays.pauses_scanned,
                                str(h.manifest, "demo_id"));
    if (!issues.empty()) {
        schema_motive(issues, w.archivo, p.motives, p.schema_issues);
        return false;
    }
    // Arrays the accelerator did not take are typed from the tree.
    if (!w.arrays.steps_scanned) read_steps(at(w.tree, "pasos"), w.arrays.steps);
    if (!w.arrays.pauses_scanned) read_pauses(at(w.tree, "pausas_humanas"), w.arrays.pauses);
    if (!w.arrays.records_scanned) read_edge_records(at(w.tree, "decisiones_de_arista"), w.arrays.records);
    return true;
}

// The rest, from the huella computed from the trace's canonical form on.
void finish_trace(const RunHeader& h, const TraceSink* sink, TraceInProgress& w, const std::string& computed) {
    PreparedTrace& p = w.p;
    const Value& t = w.tree;
    const Value& entry = w.entry;
    const std::string& archivo = w.archivo;
    p.error = str(t, "resultado") == "error";
    const std::string declared = checked_huella(json::declared_huella(t), computed, archivo, p.motives);
    if (declared != str(entry, "huella"))
        p.motives.push_back(motive("HUELLA_NO_COINCIDE", archivo,
                                   {"huella de la traza " + declared + " ≠ la declarada en el manifiesto " + str(entry, "huella"),
                                    "trace huella " + declared + " ≠ the one the manifest declares " + str(entry, "huella")}));
    auto field = [&](const char* key, const std::string& expected) {
        if (str(t, key) != expected)
            p.motives.push_back(motive("REFERENCIA_ROTA", archivo,
                                       {std::string(key) + " «" + str(t, key) + "» ≠ «" + expected + "» del manifiesto",
                                        std::string(key) + " \"" + str(t, key) + "\" ≠ the manifest's \"" + expected + "\""}));
    };
    field("caso_id", str(entry, "caso_id"));
    field("corrida_id", h.corrida_id);
    field("variante", h.variante);
    field("resultado", str(entry, "resultado"));
    if (std::optional<Bilingual> why = malformed(t, w.arrays.steps, w.arrays.records))
        p.motives.push_back(motive("TRAZA_MALFORMADA", archivo, std::move(*why)));
    p.read = true;
    p.caso_id = str(t, "caso_id");
    if (sink && p.motives.empty()) {
        p.measured = sink->measure(h, Trace{t, w.arrays.steps, w.arrays.records, w.arrays.pauses});
        if (!p.measured) {  // the slot keeps the trace for TraceSink::trace
            std::swap(p.tree, w.tree);
            std::swap(p.steps, w.arrays.steps);
            std::swap(p.records, w.arrays.records);
            std::swap(p.pauses, w.arrays.pauses);
        }
    }
}

// Prepares `count` (1 or 2) traces — entries[k] into slots[k] — each as it would be prepared alone. Two
// canonical forms are hashed together (json::sha256_pair): natively that runs two messages' rounds side by
// side, ~1.5× the speed of one after the other (hashing was ~12 % of verify's time before). Reads
// only the entries, the run's identity and the files: safe to run for several pairs at once.
void prepare_traces(const FileSource& files, const RunHeader& h, const Value* const entries[2], const TraceSink* sink,
                    PreparedTrace* const slots[2], std::size_t count, bool fast_paths) {
    std::optional<TraceInProgress> w[2];
    bool checked[2] = {false, false};
    for (std::size_t k = 0; k < count; ++k) {
        TraceArrays& arrays = thread_arrays(k);
        json::MemberScanner* scanner = fast_paths ? fast::trace_arrays_scanner(k, arrays) : nullptr;
        w[k].emplace(TraceInProgress{*entries[k], *slots[k], thread_tree(k), thread_copy(k), arrays, scanner, {}});
        checked[k] = read_and_check(files, h, *w[k]);
    }
    std::string computed[2];
    if (count == 2 && checked[0] && checked[1] && w[0]->canonical.canonical && w[1]->canonical.canonical) {
        json::Digest d[2];
        json::sha256_pair(w[0]->canonical.text(), w[1]->canonical.text(), d[0], d[1]);
        computed[0] = json::to_hex(d[0]);
        computed[1] = json::to_hex(d[1]);
    } else {
        for (std::size_t k = 0; k < count; ++k)
            if (checked[k])
                computed[k] = w[k]->canonical.canonical ? json::to_hex(json::sha256(w[k]->canonical.text())) : json::huella(w[k]->tree);
    }
    for (std::size_t k = 0; k < count; ++k)
        if (checked[k]) finish_trace(h, sink, *w[k], computed[k]);
}

// The run's bookkeeping for one prepared trace, in manifest order; a trace that passed every check goes to
// the sink: its measure (TraceSink::measure, taken where it was prepared), else its tree. Either stays in
// its slot until the slot is prepared again, freed by the task that prepares the next trace there. A sink
// that measures leaves no tree in the slot: the tree stays with the thread that read it (thread_tree).
struct TraceLedger {
    RunState& run;
    TraceSink* sink;
    Issues& schema_all;
    std::vector<std::string_view> read_ids;  // the manifest's caso_id of each trace read
    std::vector<std::string> error_ids;

    void apply(const Value& entry, PreparedTrace& p) {
        const bool clean = p.motives.empty();
        for (Motive& m : p.motives) run.traces.push_back(std::move(m));
        for (Issue& i : p.schema_issues) schema_all.push_back(std::move(i));
        if (p.read) {
            read_ids.push_back(str(entry, "caso_id"));
            if (p.error) error_ids.push_back(p.caso_id);
            if (sink && clean) {
                if (p.measured) sink->apply(run.header, *p.measured);
                else sink->trace(run.header, Trace{p.tree, p.steps, p.records, p.pauses});
            }
        }
        p.motives.clear();
        p.schema_issues.clear();
    }
};

}  // namespace

void read_traces(const FileSource& files, RunState& run, TraceSink* sink, Issues& schema_all, const ParallelFor& parallel,
                 std::size_t ahead, bool fast_paths) {
    const RunHeader& h = run.header;
    const std::string manifest_path = join(run.dir, "corrida.json");
    const json::Array& entries = at(h.manifest, "trazas").as_array();
    TraceLedger ledger{run, sink, schema_all, {}, {}};
    // Traces go in pairs (prepare_traces); slots[j] takes entry first + j.
    auto prepare_from = [&](std::size_t first, std::vector<PreparedTrace>& slots, std::size_t j) {
        const std::size_t count = std::min<std::size_t>(2, slots.size() - j);
        const Value* const pair_entries[2] = {&entries[first + j], count == 2 ? &entries[first + j + 1] : nullptr};
        PreparedTrace* const pair_slots[2] = {&slots[j], count == 2 ? &slots[j + 1] : nullptr};
        prepare_traces(files, h, pair_entries, sink, pair_slots, count, fast_paths);
    };
    auto pairs = [](std::size_t traces) { return (traces + 1) / 2; };
    if (!parallel) {
        std::vector<PreparedTrace> slots(2);
        for (std::size_t start = 0; start < entries.size(); start += 2) {
            slots.resize(std::min<std::size_t>(2, entries.size() - start));
            prepare_from(start, slots, 0);
            for (std::size_t j = 0; j < slots.size(); ++j) ledger.apply(entries[start + j], slots[j]);
        }
    } else {
        // Chunks of `ahead` traces: while task 0 applies chunk k in order (the sink measures), the other
        // tasks prepare chunk k+1, a pair each, in the slots of chunk k-1. At most two chunks of parsed
        // traces are alive.
        const std::size_t n = entries.size(), chunk = std::max<std::size_t>(ahead, 1);
        std::vector<PreparedTrace> ready(std::min(chunk, n)), next;
        parallel(pairs(ready.size()), [&](std::size_t g) { prepare_from(0, ready, 2 * g); });
        for (std::size_t start = 0; start < n;) {
            const std::size_t count = ready.size(), after = start + count;
            next.resize(std::min(chunk, n - after));
            parallel(1 + pairs(next.size()), [&](std::size_t i) {
                if (i == 0) {
                    for (std::size_t j = 0; j < count; ++j) ledger.apply(entries[start + j], ready[j]);
                } else {
                    prepare_from(after, next, 2 * (i - 1));
                }
            });
            std::swap(ready, next);
            start = after;
        }
    }
    // casos_con_error = the traces ending in error, judged only when every executed case's trace was read.
    // Every declared trace read, and the declared cases being the executed ones (check_references), say so
    // without looking each case up.
    if (ledger.read_ids.size() != entries.size() || !run.declared_are_executed) {
        const std::vector<std::string_view> read = sorted_unique(std::move(ledger.read_ids));
        for (const std::string& id : h.casos_ejecutados)
            if (!std::binary_search(read.begin(), read.end(), std::string_view(id))) run.every_trace_read = false;
    }
    if (!run.every_trace_read) return;
    const std::vector<std::string> declared_errors = strings(at(h.manifest, "casos_con_error"));
    const std::vector<std::string_view> declared = sorted_unique(views(declared_errors));
    const std::vector<std::string_view> actual = sorted_unique(views(ledger.error_ids));
    if (declared != actual)
        run.errors.push_back(motive("REFERENCIA_ROTA", manifest_path,
                                    {"casos_con_error [" + list_text(declared) + "] ≠ trazas terminadas en error [" + list_text(actual) + "]",
                                     "casos_con_error [" + list_text(declared) + "] ≠ traces ending in error [" + list_text(actual) + "]"}));
}

}  // namespace planlang::run::internal

namespace planlang::run {

// one_trace.hpp: the reader's own preparation of one trace (prepare_traces), no sink, no accelerator.
OneTrace read_one_trace(const FileSource& files, const RunHeader& header, std::string_view caso_id) {
    OneTrace out;
    const json::Value& trazas = json::member_or_null(header.manifest, "trazas");
    if (!trazas.is_array()) return out;
    const json::Value* entry = nullptr;
    for (const json::Value& e : trazas.as_array())
        if (e.is_object() && e.find("caso_id") && e.find("caso_id")->is_string() && e.find("caso_id")->as_string() == caso_id) {
            entry = &e;
            break;
        }
    if (!entry || !entry->find("archivo") || !entry->find("archivo")->is_string()) return out;
    out.declarada = true;
    out.archivo = join(header.dir, entry->find("archivo")->as_string());
    internal::PreparedTrace slot;
    const json::Value* const entries[2] = {entry, nullptr};
    internal::PreparedTrace* const slots[2] = {&slot, nullptr};
    internal::prepare_traces(files, header, entries, nullptr, slots, 1, false);
    out.motivos = std::move(slot.motives);
    out.esquema_completo = std::move(slot.schema_issues);
    if (slot.read) {
        // No sink: the tree and its arrays stay in this thread's first slot (thread_tree, thread_arrays).
        out.tree = std::move(internal::thread_tree(0));
        internal::TraceArrays& arrays = internal::thread_arrays(0);
        out.steps = std::move(arrays.steps);
        out.records = std::move(arrays.records);
        out.pauses = std::move(arrays.pauses);
        arrays = internal::TraceArrays{};
        internal::thread_tree(0) = json::Value();
    }
    out.ok = slot.read && out.motivos.empty();
    return out;
}

}  // namespace planlang::run
