#pragma once
// The all-or-nothing reader of the verifier's inputs (spec/traces-and-verifier.md §1–§5 and §7, decisions.md
// E3): the plan, the batch, the main run, its repetitions and its single-agent baseline, every fingerprint
// checked, every cross reference followed. All problems are collected, in the order §7 gives; any problem
// rejects the whole input and nothing may be measured.
//
// Traces are streamed: each trace file is read, parsed, checked and handed to the caller's TraceSink, then
// dropped, so memory does not grow with the number of traces (Request::parallel prepares a bounded chunk
// of them ahead on other threads). The sink sees a trace only once the plan and
// the batch have been read without a problem; it must still discard everything it measured when the final
// ReadResult is not ok (a later trace or a cross check may reject the input).
//
// The core does no I/O: files come through a FileSource the platform provides (native/, web/).
//
// Where the files come from: the main run's manifest names the plan (unless Request::plan overrides it),
// the batch (`casos.archivo`) and the world (`plan_beneficios.archivo`, `listas.archivo` in demo B, or
// `base_conocimiento.archivo` for the adherence coach, plans/adherencia/dominio.md §1),
// repository-relative, joined with Request::root; run folders are used as given; each run's `grafo.json`,
// its `ramas_esperadas.archivo` and its traces are run-relative.
//
// Codes for a file that cannot be read (ours where §7 is silent): the plan → PLAN_INVALIDO ("plan"); a
// manifest → ESQUEMA ("<run>/corrida.json", the run gets no further check); the batch, the world, a graph,
// a ramas file or a declared trace → REFERENCIA_ROTA (the reference naming it is broken; a run without its
// graph or ramas gets no reference or trace check, as if they failed their schema). JSON that does not
// parse: the plan → PLAN_INVALIDO, the batch → LOTE_INVALIDO, any other file → ESQUEMA; the detail gives
// the JSON path and line:column. The world (not listed in §7's schemas) is only parsed and fingerprinted:
// its motives carry the manifest's world key as archivo ("plan_beneficios", "listas", "base_conocimiento").
// Batches are of demo A (`demo-a`, traces-and-verifier.md §5) or of the adherence coach (`adherencia`,
// dominio.md §3, case ids ^M[H]?-\d{3,}$); a trace's optional `conversacion` (dominio.md §5) and the typed
// adherence signals are checked when the manifest's demo is `adherencia`.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/common/issue.hpp"
#include "core/json/value.hpp"
#include "core/plan/model.hpp"
#include "core/rules/recorded_edges.hpp"

namespace planlang::run {

// A reason to reject the input (§7): {codigo, archivo, detalle{es,en}}. `archivo` is "<run path>/<file>"
// (the run path as given, e.g. "synthetic/runs/demo-a/demo-a-20/trazas/A-001.json"), "plan" or "casos".
// `detalle` names the JSON path or the field that differs. Codes: PLAN_INVALIDO, ESQUEMA, HUELLA_NO_COINCIDE,
// REFERENCIA_ROTA, TRAZA_MALFORMADA, CORRIDA_INCOMPATIBLE, LOTE_INVALIDO; and ours, SESIONES_INCOHERENTES: the
// sessions' casos_ejecutados lists, one after the other, are not the manifest's casos_ejecutados (§2).
struct Motive {
    std::string codigo;
    std::string archivo;
    Bilingual detalle;
};

// A file's bytes as a FileSource gives them: a string it hands over, or a view of bytes it keeps alive for
// as long as any copy of this object lives (a memory-mapped file, files held in memory). A large batch is
// then read where it lies: copying 300 MB into fresh pages first was a serial tenth of verifying it.
class FileBytes {
public:
    FileBytes(std::string bytes);  // implicit: a source that reads into a string stays as it is
    FileBytes(std::string_view view, std::shared_ptr<const void> keeper);
    std::string_view view() const { return m_view; }

private:
    std::shared_ptr<const void> m_keeper;  // owns the bytes m_view shows (none: the source keeps them)
    std::string_view m_view;
};

// Bytes of a file, or nullopt when it does not exist or cannot be read. Paths are used as given (the
// caller joins --root with repository-relative paths through `join`).
using FileSource = std::function<std::optional<FileBytes>(const std::string& path)>;

// "a/b" + "c/d.json" → "a/b/c/d.json"; an empty base gives the path itself; never adds "./".
std::string join(const std::string& base, const std::string& relative);

// Runs task(0) … task(n-1), possibly at the same time on several threads, and returns when all are done.
// The core creates no thread: the platform may give one (native/cli/workers.hpp); empty means in sequence.
using ParallelFor = std::function<void(std::size_t n, const std::function<void(std::size_t)>& task)>;

enum class Role : std::uint8_t { principal, repeticion, base };

struct Request {
    std::string root;                        // manifest paths (plan, batch, world) resolve against it ("" = cwd)
    std::string main_run;                    // run folder paths as given on the command line
    std::vector<std::string> repetitions;
    std::optional<std::string> baseline;
    std::optional<std::string> plan;               // --plan: overrides the manifest's plan reference
    // How the report names that plan file when it is not the plan the manifest names (other huella): the
    // caller gives its path relative to `root` when it lies under it. Unset: the path as given.
    std::optional<std::string> plan_archivo;
    std::optional<std::string> plan_del_lote;      // the plan that generated the batch
    std::optional<std::string> plan_de_la_corrida; // the plan the runs executed
    // Where a plan the batch or the main run names is looked for when no flag above gives it and it is not
    // the plan the verdict is about (as the original finds it under its root): files the platform lists,
    // read in this order; the first approved plan with that huella is used as --plan-del-lote or
    // --plan-de-la-corrida would be (ReadResult::planes_encontrados says which). Empty: nothing is looked for.
    std::vector<std::string> plan_candidates;
    // How traces are read (never what is read: the result is the same byte for byte). With `parallel` set,
    // each run's traces are prepared — read through the FileSource, parsed, schema-checked, fingerprinted,
    // checked against their manifest entry — `prepare_ahead` at a time on its tasks while the previous ones
    // are applied in manifest order on one task at a time (the sink's calls never overlap and keep their
    // order), and the main run's batch and expected visits are walked for their items on one task while
    // another reads its manifest. The FileSource must then be safe to call from several threads at once.
    // Memory: up to twice `prepare_ahead` parsed traces. Empty: one trace at a time on the calling thread.
    ParallelFor parallel;
    std::size_t prepare_ahead = 128;
    // The members of each batch case the caller will ask for (Batch::read_case_members); empty: all. A batch
    // held compact then keeps only these, in the case's order, each case's object ready to be read as it is
    // stored: the verifier reads 5 of a case's 13 members, a quarter of its bytes.
    std::vector<std::string> batch_case_members;
    // Whether the accelerator (core/run/fast/) may read files the reference reader would read slower: it
    // either declines a file or gives exactly what the reference reader gives, so the result is the same
    // either way (false: the reference reader only, for tests and to compare). A build with
    // PLANLANG_FAST_PATHS OFF has no accelerator: then this changes nothing.
    bool fast_paths = true;
};

// A plan file accepted for verification (plan-format.md §12).
struct LoadedPlan {
    plan::Plan plan;
    json::Value document;  // as read (the verifier reports names and texts from the typed plan)
    std::string huella;
    // The file as the report names it: the main manifest's `plan.archivo` (repository-relative, whatever
    // --root was) for the plan the verdict is about when it is the one the manifest names; else
    // Request::plan_archivo or the path as given. Plans given as --plan-del-lote / --plan-de-la-corrida or
    // found under the root: the path as given or found.
    std::string archivo;
};

// grafo.json (§4), typed with the plan's shapes.
struct Graph {
    std::string demo_id;
    std::string variante;
    std::vector<plan::Node> nodos;
    std::vector<plan::Edge> aristas_condicionales;
    std::vector<std::pair<std::string, std::string>> ramas_por_defecto;  // as in the file
    std::vector<plan::Pause> pausas_humanas;
    json::Value document;  // the whole file as read
    std::string huella;
};

// One run folder whose manifest, graph and ramas were read and checked.
struct RunHeader {
    Role role = Role::principal;
    std::string dir;           // as given
    json::Value manifest;      // corrida.json as read
    std::string corrida_id;
    std::string variante;
    std::string huella;        // the manifest's (checked)
    json::Value umbrales_aplicados;  // object
    std::vector<std::string> casos_ejecutados;  // run order
    Graph grafo;
    json::Value ramas;         // ramas-esperadas.json as read, `visitas` emptied once checked and fingerprinted
};

class CaseStore;  // how a batch holds its cases (internal/case_store.hpp: parsed, or compact text)

// The batch (§5): its top-level members as read and its cases, answered by id. However the cases are held
// (the reference reader keeps them parsed, the accelerator as compact text: a batch of 100,000 cases then
// costs about its own bytes in memory), every answer below is the same.
struct Batch {
    json::Value document;  // the top-level members as read, `casos` emptied (the cases are asked for by id)
    std::string huella;
    std::string archivo;  // as the main manifest declares it (`casos.archivo`, repository-relative)
    std::int64_t n = 0;
    std::shared_ptr<const CaseStore> cases;  // never null in a batch the reader gives

    bool has_case(const std::string& caso_id) const;
    // The case with this id as read, or nullopt when the batch has none.
    std::optional<json::Value> find_case(const std::string& caso_id) const;
    // Only the named top-level members of that case (an object holding those it has, in its order): what
    // find_case gives with every other member left out, without building the rest of the case.
    std::optional<json::Value> find_case_members(const std::string& caso_id, const std::vector<std::string_view>& keys) const;
    // find_case_members read into `into`, whose containers and strings are reused (json::read_into): a
    // reader asking for the same members case after case allocates nothing. False when there is no case.
    bool read_case_members(const std::string& caso_id, const std::vector<std::string_view>& keys, json::Value& into) const;
    // A batch read with Request::batch_case_members holds those members of each case and no others: every
    // answer above leaves the others out (find_case too), as if the cases had only these.
    std::vector<std::string> case_ids() const;  // every case's id, in byte order
};

// A manifest's world reference keys (§2; `base_conocimiento` ours), in the format's order, each with what it
// names: the one list the CLI's hints, the cards and the reader read.
struct WorldKey {
    std::string_view clave;
    Bilingual nombre;  // "synthetic world", "synthetic knowledge base"…
};
const std::vector<WorldKey>& world_keys();

// The world file the main manifest references (demo A `plan_beneficios`, demo B `listas`, the adherence
// coach's `base_conocimiento`), parsed and fingerprinted (its content model is the world's own module,
// core/synth; it is not schema-checked here).
struct World {
    std::string clave;     // "plan_beneficios" | "listas" | "base_conocimiento"
    json::Value document;  // as read
    std::string huella;    // declared (equal to the computed one when no motive names the world)
    std::string archivo;   // as the main manifest declares it (repository-relative)
};

struct Inputs {
    LoadedPlan plan;                                  // the plan the verdict is about
    Batch batch;
    std::optional<World> world;
    std::optional<LoadedPlan> plan_del_lote;          // accepted --plan-del-lote
    std::optional<LoadedPlan> plan_de_la_corrida;     // accepted --plan-de-la-corrida (the runs' identity)
};

// One step of a trace's `pasos` (traces-and-verifier.md §3): what the verifier reads of it.
struct Step {
    std::string nodo;
    std::int64_t orden = 0;
    bool has_tipo_nodo = false;  // `tipo_nodo` is a string (else null)
    std::string tipo_nodo;
    double costo_nominal_usd = 0;
    std::int64_t reintentos_esquema = 0;
    bool error_proveedor = false;  // `error_proveedor` is not null
    std::int64_t tokens_entrada = 0;
    std::int64_t tokens_salida = 0;

    friend bool operator==(const Step& a, const Step& b);
};

// One record of a trace's `pausas_humanas` (§3): what the verifier reads of it — the payload only for its
// keys (rule-language.md §4, interrupt_payload; the contract's payload_minimo).
struct PauseRecord {
    std::string nodo;
    std::int64_t paso = 0;
    std::string rol;
    std::vector<std::string> payload_keys;  // in the trace's order

    friend bool operator==(const PauseRecord& a, const PauseRecord& b);
};

// A trace that passed its own checks, as the reader hands it to a sink.
struct Trace {
    // The document as read, except `pasos`, `decisiones_de_arista` and `pausas_humanas`, which may be null
    // here (the reader reads arrays of the plain shape planlang writes straight from the text, typed): read
    // them below.
    const json::Value& tree;
    const std::vector<Step>& steps;                 // pasos, in trace order
    const std::vector<rules::RecordedEdge>& records;  // decisiones_de_arista, in trace order
    const std::vector<PauseRecord>& pauses;         // pausas_humanas, in trace order
};

// What a sink found in one trace by itself, to be added to the run in manifest order (TraceSink::measure).
struct TraceMeasure {
    virtual ~TraceMeasure() = default;
};

// What the caller measures while the reader streams. Never called when the plan, the batch or the world
// had a problem (then nothing can be measured anyway); a run whose manifest, graph or ramas failed gets no
// run() and no trace() calls.
class TraceSink {
public:
    virtual ~TraceSink() = default;
    // Once, after the plan and the batch were read without a problem, before any trace.
    virtual void begin(const Inputs& inputs) = 0;
    // Once per run, main first, then repetitions in the given order, then the baseline; before its traces.
    virtual void run(const RunHeader& header) = 0;
    // Each trace of that run that passed its own checks (schema, huella, manifest entry, TRAZA_MALFORMADA),
    // in manifest order. With Request::parallel the calls may come from one of its threads, never two at once.
    virtual void trace(const RunHeader& header, const Trace& trace) = 0;
    // Optional: trace() split in two, so that the work that needs only the trace is spread over the threads.
    // measure() is called where the trace was prepared — with Request::parallel on any of its threads, for
    // several traces of the same run at once, never concurrently with begin() or run() — and apply() then gets
    // its result in manifest order instead of a trace() call. The tree and the typed arrays stay with the
    // thread that read them, which reads its next trace into them. The reader drops a result once it was
    // applied, on the thread that prepares the next trace in its place.
    // nullptr (the default) means: call trace() with the trace.
    virtual std::unique_ptr<TraceMeasure> measure(const RunHeader& header, const Trace& trace) const {
        (void)header;
        (void)trace;
        return nullptr;
    }
    virtual void apply(const RunHeader& header, TraceMeasure& measured) {
        (void)header;
        (void)measured;
    }
};

// A plan found among Request::plan_candidates: `rol` "plan_del_lote" or "plan_de_la_corrida".
struct FoundPlan {
    std::string rol;
    std::string archivo;  // the candidate's path as listed
    std::string huella;
};

struct ReadResult {
    bool ok = false;
    std::vector<Motive> motivos;    // every problem, in §7's order
    std::optional<Inputs> inputs;   // when plan and batch were read
    std::vector<RunHeader> runs;    // headers read (main, repetitions, baseline), without traces
    // Additions (ours; they never change `ok` or `motivos`):
    // every schema issue of each file that failed its schema (the motive names only the first,
    // decisions.md E3), as {ESQUEMA, "<archivo> · <path>", message};
    Issues esquema_completo;
    // the runs (corrida_id) whose manifest `casos.n_lote` differs from the batch's `n` (decisions.md E1: the
    // original does not cross-check it, pass^k uses n_lote).
    std::vector<std::string> n_lote_distinto;
    // the plans found under the root (Request::plan_candidates) and used, in the order they were looked for.
    std::vector<FoundPlan> planes_encontrados;
};

// Reads everything, streaming each accepted trace to `sink` (may be nullptr: check only).
ReadResult read(const Request& request, const FileSource& files, TraceSink* sink);

}  // namespace planlang::run
