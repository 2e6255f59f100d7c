// One run folder (traces-and-verifier.md §1–§4, §7): its files (manifest, graph, ramas), its internal
// references, and its traces streamed in manifest order (prepared one at a time, or a chunk ahead on the
// caller's ParallelFor), then `casos_con_error`.
// [SECTION] motives and file loading
// [SECTION] files
// [SECTION] references
// [SECTION] traces
#include <algorithm>
#include <cassert>
#include <optional>
#include <string_view>
#include <unordered_set>

#include "core/common/thread_local.hpp"
#include "core/json/canonical.hpp"
#include "core/json/fingerprint.hpp"
#include "core/json/reader.hpp"
#include "core/json/sha256.hpp"
#include "core/run/internal/plain_visit.hpp"
#include "core/run/internal/schemas.hpp"
#include "core/run/internal/streamed_document.hpp"
#include "core/run/internal/trace_arrays.hpp"
#include "core/run/internal/state.hpp"

namespace planlang::run::internal {

using json::Value;

// [SECTION] motives and file loading

Motive motive(const char* codigo, std::string archivo, Bilingual detalle) {
    return Motive{codigo, std::move(archivo), std::move(detalle)};
}

std::optional<Value> load_json(const FileSource& files, const std::string& path, const std::string& archivo, FileCodes codes,
                               std::vector<Motive>& out, json::CanonicalCopy* copy) {
    return parse_json(files ? files(path) : std::nullopt, path, archivo, codes, out, copy);
}

std::optional<Value> parse_json(const std::optional<FileBytes>& bytes, const std::string& path, const std::string& archivo,
                                FileCodes codes, std::vector<Motive>& out, json::CanonicalCopy* copy) {
    Value value;
    if (!parse_json_into(value, bytes, path, archivo, codes, out, copy)) return std::nullopt;
    return value;
}

bool parse_json_into(Value& value, const std::optional<FileBytes>& bytes, const std::string& path, const std::string& archivo,
                     FileCodes codes, std::vector<Motive>& out, json::CanonicalCopy* copy, json::MemberScanner* scanner) {
    if (!bytes) {
        out.push_back(motive(codes.missing, archivo,
                             {"el archivo «" + path + "» no existe o no se puede leer", "the file \"" + path + "\" does not exist or cannot be read"}));
        return false;
    }
    if (const std::optional<Issue> e = json::read_into(value, bytes->view(), json::ReadLimits{}, copy, scanner)) {
        out.push_back(motive(codes.not_json, archivo,
                             {"no es JSON válido (" + e->code + ", " + e->element + "): " + e->message.es,
                              "not valid JSON (" + e->code + ", " + e->element + "): " + e->message.en}));
        return false;
    }
    return true;
}

void schema_motive(Issues& issues, const std::string& archivo, std::vector<Motive>& out, Issues& all) {
    const Issue& first = issues.front();
    out.push_back(motive("ESQUEMA", archivo, {first.element + ": " + first.message.es, first.element + ": " + first.message.en}));
    for (Issue& i : issues) all.push_back(Issue{i.code, archivo + " · " + i.element, std::move(i.message)});
}

std::string own_huella(const Value& doc, const std::string& archivo, std::vector<Motive>& out) {
    return checked_huella(json::declared_huella(doc), json::huella(doc), archivo, out);
}

std::string own_huella(const Value& doc, const json::CanonicalCopy& copy, const std::string& archivo, std::vector<Motive>& out) {
    const std::string computed = copy.canonical ? json::to_hex(json::sha256(copy.text())) : json::huella(doc);
    return checked_huella(json::declared_huella(doc), computed, archivo, out);
}

std::string checked_huella(const std::optional<std::string>& declared, const std::string& computed, const std::string& archivo,
                           std::vector<Motive>& out) {
    if (!declared || *declared != computed)
        out.push_back(motive("HUELLA_NO_COINCIDE", archivo,
                             {"huella declarada " + declared.value_or("ninguna") + ", calculada " + computed,
                              "declared huella " + declared.value_or("none") + ", computed " + computed}));
    return declared.value_or(computed);
}

const std::string& str(const Value& object, const char* key) { return object.find(key)->as_string(); }
const Value& at(const Value& object, const char* key) { return *object.find(key); }

namespace {

template <class Ids>
std::string list_text(const Ids& ids) {
    std::string out;
    for (std::size_t i = 0; i < ids.size(); ++i) {
        if (i == 10) return out + ", …";
        if (i) out += ", ";
        out += ids[i];
    }
    return out;
}

// Views into strings that outlive the result: a run's ids are sorted once, not copied (10,000 of them
// per run of the bench, on the one core that reads the manifest while the other waits).
std::vector<std::string_view> sorted_unique(std::vector<std::string_view> v) {
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
    return v;
}

std::vector<std::string_view> views(const std::vector<std::string>& v) { return {v.begin(), v.end()}; }

std::vector<std::string> strings(const Value& list) {
    std::vector<std::string> out;
    out.reserve(list.as_array().size());
    for (const Value& v : list.as_array()) out.push_back(v.as_string());
    return out;
}

constexpr FileCodes kReferenced{"REFERENCIA_ROTA", "ESQUEMA"};

}  // namespace

// [SECTION] files

namespace {

// ramas-esperadas.json in one streamed pass, its visits checked and hashed one at a time and not kept (the
// verifier recomputes every one and compares fingerprints, RF-09.2) — a visit of the plain shape planlang
// writes without building its tree (internal/plain_visit.hpp); nullopt: read it whole instead.
std::optional<StreamedDocument> stream_ramas(std::string_view text, const ParallelFor& parallel, const DocumentSpans* spans) {
    auto check_top = [](const Value& top, std::size_t) { return check_ramas(top).empty(); };
    auto check_visit = [](const Value& visit, std::size_t i, std::string_view, KeptItem&) { return check_ramas_visit(visit, i).empty(); };
    auto keep = [](KeptItem&, std::size_t) {};
    auto plain = [](std::string_view visit, std::string& canonical, KeptItem&) { return read_plain_visit(visit, canonical); };
    return stream_document(text, "visitas", check_top, check_visit, keep, parallel, StreamSizes{}, plain, spans);
}

}  // namespace

FileSource Prescans::serving(const FileSource& source) const {
    return [this, source](const std::string& path) -> std::optional<FileBytes> {
        for (const Prescanned& f : files)
            if (f.path == path) return f.bytes;
        return source ? source(path) : std::nullopt;
    };
}

const DocumentSpans* Prescans::spans_for(std::string_view text, std::string_view array_key) const {
    for (const Prescanned& f : files)
        if (f.bytes && f.array_key == array_key && f.bytes->view().data() == text.data() && f.bytes->view().size() == text.size())
            return &f.spans;
    return nullptr;
}

void read_header(const FileSource& files, RunState& run, Issues& schema_all, const ParallelFor& parallel) {
    read_manifest_and_graph(files, run, schema_all);
    read_ramas(files, run, schema_all, parallel);
}

void read_manifest_and_graph(const FileSource& files, RunState& run, Issues& schema_all) {
    RunHeader& h = run.header;
    h.role = run.role;
    h.dir = run.dir;
    const std::string manifest_path = join(run.dir, "corrida.json");
    // The manifest (one entry per trace: megabytes for a large run) and the graph are hashed from the
    // canonical copy taken as they are read, when their text is canonical, rather than written again.
    json::CanonicalCopy copy{"huella"};
    if (std::optional<Value> m = load_json(files, manifest_path, manifest_path, {"ESQUEMA", "ESQUEMA"}, run.files, &copy)) {
        Issues issues = check_manifest(*m);
        if (!issues.empty()) {
            schema_motive(issues, manifest_path, run.files, schema_all);
        } else {
            run.manifest_ok = true;
            h.huella = own_huella(*m, copy, manifest_path, run.files);
            h.corrida_id = str(*m, "corrida_id");
            h.variante = str(*m, "variante");
            h.umbrales_aplicados = at(*m, "umbrales_aplicados");
            h.casos_ejecutados = strings(at(*m, "casos_ejecutados"));
            h.manifest = std::move(*m);
        }
    }
    const std::string graph_path = join(run.dir, "grafo.json");
    if (std::optional<Value> g = load_json(files, graph_path, graph_path, kReferenced, run.files, &copy)) {
        Issues issues = check_graph(*g, h.grafo);
        if (!issues.empty()) {
            schema_motive(issues, graph_path, run.files, schema_all);
            h.grafo = Graph{};
        } else {
            run.graph_ok = true;
            own_huella(*g, copy, graph_path, run.files);
            h.grafo.document = std::move(*g);
        }
    }
}

void read_ramas(const FileSource& files, RunState& run, Issues& schema_all, const ParallelFor& parallel, const Prescans* prescans) {
    RunHeader& h = run.header;
    bool ramas_ok = false;
    if (run.manifest_ok) {  // only the manifest knows where the ramas file is
        const std::string ramas_path = join(run.dir, str(at(h.manifest, "ramas_esperadas"), "archivo"));
        std::optional<FileBytes> bytes = files(ramas_path);
        const DocumentSpans* spans = bytes && prescans ? prescans->spans_for(bytes->view(), "visitas") : nullptr;
        if (std::optional<StreamedDocument> streamed = bytes ? stream_ramas(bytes->view(), parallel, spans) : std::nullopt) {
            ramas_ok = true;
            run.ramas_huella = checked_huella(json::declared_huella(streamed->top), streamed->huella_calculada, ramas_path, run.files);
            h.ramas = std::move(streamed->top);
        } else if (std::optional<Value> r = parse_json(bytes, ramas_path, ramas_path, kReferenced, run.files)) {
            Issues issues = check_ramas(*r);
            if (!issues.empty()) {
                schema_motive(issues, ramas_path, run.files, schema_all);
            } else {
                ramas_ok = true;
                run.ramas_huella = own_huella(*r, ramas_path, run.files);
                // Checked and fingerprinted, the visits are not kept: the verifier recomputes every one and
                // compares fingerprints (RF-09.2), and a large run's visits outweigh everything else here.
                *r->find("visitas") = json::Array{};
                h.ramas = std::move(*r);
            }
        }
    }
    run.header_ok = run.manifest_ok && run.graph_ok && ramas_ok;
}

// [SECTION] references

namespace {

// The sessions' casos_ejecutados lists, one after the other, are the manifest's casos_ejecutados (§2; a
// code of ours, SESIONES_INCOHERENTES): the session context counts a session's cases from its list, so a list
// that does not add up would measure session detectors on cases the run does not hold. One motive per run,
// naming the first place where they part.
void check_sessions(RunState& run, const std::string& manifest_path) {
    const std::vector<std::string>& executed = run.header.casos_ejecutados;
    std::size_t at_case = 0;
    std::optional<Bilingual> first;
    for (const Value& sesion : at(run.header.manifest, "sesiones").as_array()) {
        const std::string numero = json::canonical(at(sesion, "numero"));
        const json::Array& ids = at(sesion, "casos_ejecutados").as_array();
        for (std::size_t i = 0; i < ids.size() && !first; ++i, ++at_case) {
            const std::string& id = ids[i].as_string();
            if (at_case >= executed.size())
                first = Bilingual{"la sesión " + numero + " lista «" + id + "» después del último de casos_ejecutados",
                                  "session " + numero + " lists \"" + id + "\" after the last of casos_ejecutados"};
            else if (id != executed[at_case])
                first = Bilingual{"la sesión " + numero + " lista «" + id + "» donde casos_ejecutados tiene «" + executed[at_case] + "» (posición " +
                                      std::to_string(at_case + 1) + ")",
                                  "session " + numero + " lists \"" + id + "\" where casos_ejecutados has \"" + executed[at_case] +
                                      "\" (position " + std::to_string(at_case + 1) + ")"};
        }
        if (first) break;
    }
    if (!first && at_case < executed.size())
        first = Bilingual{"las sesiones listan " + std::to_string(at_case) + " casos y casos_ejecutados " + std::to_string(executed.size()) +
                              " (falta «" + executed[at_case] + "»)",
                          "the sessions list " + std::to_string(at_case) + " cases and casos_ejecutados " + std::to_string(executed.size()) +
                              " (\"" + executed[at_case] + "\" is missing)"};
    if (first)
        run.references.push_back(motive("SESIONES_INCOHERENTES", manifest_path,
                                        {"las listas de las sesiones, una tras otra, no son casos_ejecutados: " + first->es,
                                         "the sessions' lists, one after the other, are not casos_ejecutados: " + first->en}));
}

}  // namespace

void check_references(RunState& run) {
    const RunHeader& h = run.header;
    const Value& m = h.manifest;
    const std::string manifest_path = join(run.dir, "corrida.json");
    const std::string graph_path = join(run.dir, "grafo.json");
    const std::string ramas_path = join(run.dir, str(at(m, "ramas_esperadas"), "archivo"));
    auto differs = [&](const std::string& archivo, const char* es, const char* en, const std::string& a, const std::string& b) {
        run.references.push_back(motive("REFERENCIA_ROTA", archivo,
                                        {std::string(es) + ": «" + a + "» ≠ «" + b + "»", std::string(en) + ": \"" + a + "\" ≠ \"" + b + "\""}));
    };
    const std::string& version_grafo = str(m, "version_grafo");
    const std::string& ramas_declared = str(at(m, "ramas_esperadas"), "huella");
    if (version_grafo != h.grafo.huella)
        differs(manifest_path, "version_grafo ≠ huella de grafo.json", "version_grafo ≠ the huella of grafo.json", version_grafo, h.grafo.huella);
    if (ramas_declared != run.ramas_huella)
        differs(manifest_path, "ramas_esperadas.huella ≠ huella del archivo de ramas", "ramas_esperadas.huella ≠ the ramas file's huella",
                ramas_declared, run.ramas_huella);
    if (str(h.ramas, "corrida_id") != h.corrida_id)
        differs(ramas_path, "corrida_id ≠ el del manifiesto", "corrida_id ≠ the manifest's", str(h.ramas, "corrida_id"), h.corrida_id);
    if (h.grafo.variante != h.variante)
        differs(graph_path, "variante ≠ la del manifiesto", "variante ≠ the manifest's", h.grafo.variante, h.variante);
    if (h.grafo.demo_id != str(m, "demo_id"))
        differs(graph_path, "demo_id ≠ el del manifiesto", "demo_id ≠ the manifest's", h.grafo.demo_id, str(m, "demo_id"));
    const std::string ramas_thresholds = json::canonical(at(h.ramas, "umbrales_aplicados"));
    const std::string manifest_thresholds = json::canonical(h.umbrales_aplicados);
    if (ramas_thresholds != manifest_thresholds)
        differs(ramas_path, "umbrales_aplicados ≠ los del manifiesto", "umbrales_aplicados ≠ the manifest's", ramas_thresholds,
                manifest_thresholds);
    check_sessions(run, manifest_path);
    // Declared traces: no case twice, and the same set as casos_ejecutados.
    const json::Array& traces = at(m, "trazas").as_array();
    std::vector<std::string_view> a;
    a.reserve(traces.size());
    for (const Value& t : traces) a.push_back(str(t, "caso_id"));
    // The usual manifest lists its traces in the order of casos_ejecutados, each case once: equal lists
    // with no id seen twice (a hash set only answers membership here; nothing is listed from it) are the
    // same set, and the sorts below — most of this check's time with 10,000 cases — are for finding what
    // differs.
    if (a.size() == h.casos_ejecutados.size() && std::equal(a.begin(), a.end(), h.casos_ejecutados.begin())) {
        std::unordered_set<std::string_view> seen(a.size());
        bool twice = false;
        for (std::string_view id : a)
            if (!seen.insert(id).second) {
                twice = true;
                break;
            }
        if (!twice) {
            run.declared_are_executed = true;
            return;
        }
    }
    std::sort(a.begin(), a.end());
    std::vector<std::string_view> repeated;
    for (std::size_t i = 1; i < a.size(); ++i)
        if (a[i] == a[i - 1] && (repeated.empty() || repeated.back() != a[i])) repeated.push_back(a[i]);
    if (!repeated.empty())
        run.references.push_back(motive("REFERENCIA_ROTA", manifest_path,
                                        {"trazas declara más de una vez: " + list_text(repeated), "trazas declares more than once: " + list_text(repeated)}));
    a.erase(std::unique(a.begin(), a.end()), a.end());
    const std::vector<std::string_view> b = sorted_unique(views(h.casos_ejecutados));
    run.declared_are_executed = a == b;
    if (a != b) {
        std::vector<std::string_view> only_traces, only_executed;
        std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(only_traces));
        std::set_difference(b.begin(), b.end(), a.begin(), a.end(), std::back_inserter(only_executed));
        run.references.push_back(motive(
            "REFERENCIA_ROTA", manifest_path,
            {"las trazas declaradas no son los casos_ejecutados (solo en trazas: " + list_text(only_traces) +
                 "; solo en casos_ejecutados: " + list_text(only_executed) + ")",
             "the declared traces are not casos_ejecutados (only in trazas: " + list_text(only_traces) +
                 "; only in casos_ejecutados: " + list_text(only_executed) + ")"}));
    }
}

// [SECTION] traces

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
TraceArraysScanner& thread_arrays(std::size_t k) {
    PLANLANG_THREAD_LOCAL TraceArraysScanner scanners[2];
    return scanners[k];
}

// One trace being prepared, in two halves around its huella (see prepare_traces).
struct TraceInProgress {
    const Value& entry;
    PreparedTrace& p;
    Value& tree;
    json::CanonicalCopy& canonical;
    TraceArraysScanner& scanner;  // the trace's steps and edge records, typed
    std::string archivo;
    std::unique_ptr<TraceMeasure> spent;  // applied already: the sink may fill it again
};

// Reads the trace and checks its schema; true when it fits and its huella is what comes next.
bool read_and_check(const FileSource& files, const RunHeader& h, TraceInProgress& w) {
    PreparedTrace& p = w.p;
    p.read = false;
    p.caso_id.clear();
    p.motives.clear();
    p.schema_issues.clear();
    p.error = false;
    w.spent = std::move(p.measured);
    w.archivo = join(h.dir, str(w.entry, "archivo"));
    w.scanner.clear_scanned();
    const std::optional<FileBytes> bytes = files ? files(w.archivo) : std::nullopt;
    if (!parse_json_into(w.tree, bytes, w.archivo, w.archivo, kReferenced, p.motives, &w.canonical, &w.scanner)) return false;
    if (w.scanner.any_scanned() && !w.canonical.canonical) {
        // Not canonical after all, further on: its huella is written from the tree, which needs the arrays.
        w.scanner.clear_scanned();
        if (!parse_json_into(w.tree, bytes, w.archivo, w.archivo, kReferenced, p.motives, &w.canonical)) return false;
    }
    Issues issues = check_trace(w.tree, true, w.scanner.steps_scanned, w.scanner.records_scanned, w.scanner.pauses_scanned);
    if (!issues.empty()) {
        schema_motive(issues, w.archivo, p.motives, p.schema_issues);
        return false;
    }
    if (!w.scanner.steps_scanned) read_steps(at(w.tree, "pasos"), w.scanner.steps);  // another shape: typed from the tree
    if (!w.scanner.pauses_scanned) read_pauses(at(w.tree, "pausas_humanas"), w.scanner.pauses);
    if (!w.scanner.records_scanned) {
        const json::Array& records = at(w.tree, "decisiones_de_arista").as_array();
        w.scanner.records.resize(records.size());
        for (std::size_t i = 0; i < records.size(); ++i) {
            [[maybe_unused]] const bool read = rules::read_recorded_edge(records[i], w.scanner.records[i]);
            assert(read && "check_trace admits only records of a visit");
        }
    }
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
    if (std::optional<Bilingual> why = malformed(t, w.scanner.steps, w.scanner.records))
        p.motives.push_back(motive("TRAZA_MALFORMADA", archivo, std::move(*why)));
    p.read = true;
    p.caso_id = str(t, "caso_id");
    if (sink && p.motives.empty()) {
        p.measured = sink->measure_reusing(h, Trace{t, w.scanner.steps, w.scanner.records, w.scanner.pauses}, std::move(w.spent));
        if (!p.measured) {  // the slot keeps the trace for TraceSink::trace
            std::swap(p.tree, w.tree);
            std::swap(p.steps, w.scanner.steps);
            std::swap(p.records, w.scanner.records);
            std::swap(p.pauses, w.scanner.pauses);
        }
    }
}

// Prepares `count` (1 or 2) traces — entries[k] into slots[k] — each as it would be prepared alone. Two
// canonical forms are hashed together (json::sha256_pair): natively that runs two messages' rounds side by
// side, ~1.5× the speed of one after the other (hashing was ~12 % of verify's time before). Reads
// only the entries, the run's identity and the files: safe to run for several pairs at once.
void prepare_traces(const FileSource& files, const RunHeader& h, const Value* const entries[2], const TraceSink* sink,
                    PreparedTrace* const slots[2], std::size_t count) {
    std::optional<TraceInProgress> w[2];
    bool checked[2] = {false, false};
    for (std::size_t k = 0; k < count; ++k) {
        w[k].emplace(TraceInProgress{*entries[k], *slots[k], thread_tree(k), thread_copy(k), thread_arrays(k), {}, nullptr});
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
                 std::size_t ahead) {
    const RunHeader& h = run.header;
    const std::string manifest_path = join(run.dir, "corrida.json");
    const json::Array& entries = at(h.manifest, "trazas").as_array();
    TraceLedger ledger{run, sink, schema_all, {}, {}};
    // Traces go in pairs (prepare_traces); slots[j] takes entry first + j.
    auto prepare_from = [&](std::size_t first, std::vector<PreparedTrace>& slots, std::size_t j) {
        const std::size_t count = std::min<std::size_t>(2, slots.size() - j);
        const Value* const pair_entries[2] = {&entries[first + j], count == 2 ? &entries[first + j + 1] : nullptr};
        PreparedTrace* const pair_slots[2] = {&slots[j], count == 2 ? &slots[j + 1] : nullptr};
        prepare_traces(files, h, pair_entries, sink, pair_slots, count);
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
