#pragma once
// The reproducibility card (spec/site-and-cards.md §5): everything needed to rebuild a verified run and its
// report and to check that they come out the same — which plan, batch, run, graph, repetitions and baseline,
// each with its id, version and fingerprint; the environment the run records; how the run went; the
// thresholds applied against the plan's; the simulated reviewer; the verifier and the report's fingerprint;
// and, for the expert, the `planlang` commands that rebuild it all (spec/cli.md) with the report's expected
// fingerprint.
//
// Built from what the app and the CLI have loaded (playground::Loaded: the run the all-or-nothing reader
// accepted, its inputs and its report): the report's `ficha_reproducibilidad` (traces-and-verifier.md §14)
// and `huella`, the run's manifest (`corrida.json`), the batch's top-level members. Nothing about the machine
// that builds the card enters it (no build id, compiler or platform): the card is the same bytes on every
// platform, because it describes the run, not the viewer. A real run's own environment enters only as the run
// recorded it (`entorno.json`, passed in by the caller, who reads files; the core does no I/O).
//
// Ours where the spec is silent: the repetitions and the baseline are rebuilt with the main run's date (the
// report records only their id and fingerprint; the final fingerprint shows whether that held); a
// repetition's number is its id's "-r<R>" suffix (decisions.md C2); the baseline runs the single-agent
// variant when the plan's contract asks for one (decisions.md C3); the folders of repetitions and baseline
// are the main run's siblings named by their ids (traces-and-verifier.md §1).
#include <optional>
#include <string>
#include <vector>

#include "core/common/issue.hpp"
#include "core/json/value.hpp"
#include "core/playground/compact.hpp"

namespace planlang::cards {

// The label that heads every card (site-and-cards.md §1).
extern const Bilingual kReproLabel;  // "Simulación · no operativo · datos sintéticos"

// The card's own headings, one wording per language, shared by every rendering and the app's screen.
struct ReproHeadings {
    Bilingual intro;                                          // what the card is for
    Bilingual what, id, version, huella, detail, source;     // the row table's columns
    Bilingual thresholds, threshold, in_plan, applied;       // the thresholds table
    Bilingual same, differs;                                 // a threshold's mark: "=" / "≠ …"
    Bilingual commands;                                      // the expert's section
};
extern const ReproHeadings kReproHeadings;

// One row of the card. Empty strings mean "does not apply" (a row with no version, a row with no
// fingerprint); the detail always says in words what the row holds, including "none".
struct ReproRow {
    std::string key;       // stable: plan_verificado, plan_ejecutado, lote, corrida, grafo, repeticion, repeticiones,
                           // linea_base, entorno, ejecucion, revisor, verificador, informe
    Bilingual what;        // the row's heading
    std::string id;
    std::string version;
    std::string huella;    // 64 lowercase hex, or empty
    Bilingual detail;
    std::string source;    // where the row's values come from: "informe.json · ficha_reproducibilidad.plan", …
};

// A threshold as the run applied it against the plan's value.
struct ThresholdRow {
    std::string id;
    json::Value in_plan;  // umbrales_del_plan[id]; null when the plan has no such threshold
    json::Value applied;  // umbrales_aplicados[id]; null when the run did not record it
    Bilingual in_plan_text, applied_text;  // as the report writes them: numCorto(x, 4), decimal comma in Spanish; yes/no
    bool differs = false;
};

// One command of the rebuild, as a shell line for people and as its words for scripts.
struct ReproCommand {
    std::string step;                // validar, comprobar, generar, simular, repeticion, linea_base, verificar, huella
    Bilingual what;                  // what it does
    std::vector<std::string> words;  // the words after `planlang`
    std::string line;                // "planlang " + the words, each quoted for a POSIX shell when it needs it
};

struct ReproCard {
    std::string corrida_id;
    Bilingual title;         // "Ficha de reproducibilidad — corrida <id>"
    std::string run_folder;  // as the commands name it (root-relative)
    std::vector<ReproRow> rows;
    std::vector<ThresholdRow> thresholds;  // the plan's order, then any the run applied that the plan lacks
    bool thresholds_differ = false;
    Bilingual thresholds_note;             // all equal / which differ
    bool simulated = false;                // the run's provider is the simulated agent
    std::string verifier_version, report_format, report_huella;
    // Expert: the rebuild, in order, from the repository root with the inputs the manifest names.
    std::vector<ReproCommand> commands;
    Bilingual commands_note;               // where to run them, and what they assume
    Bilingual byte_identical;              // the statement: the report comes out byte-identical, with its fingerprint
};

// The card of the run `loaded` holds. `run_folder`: the run folder as the commands should name it, relative
// to the repository root they run from (e.g. "synthetic/runs/demo-a/demo-a-20"). `entorno`: the run's own
// `entorno.json` when the run folder has one (real runs), else nullptr. A run that is not loaded, or a report
// without a field, gives rows that say so in words; nothing throws.
ReproCard build_repro_card(const playground::Loaded& loaded, const std::string& run_folder, const json::Value* entorno = nullptr);

// A run's own `entorno.json` as every front end reads it: no file (nullopt) → no environment; bytes that do not
// read as JSON → `problema` (the reader's code, element "<path>: <JSON path>") and no card is shown or written from
// the run until it is mended — the CLI refuses it, the app says so where the card would be.
struct RecordedEnvironment {
    std::optional<json::Value> valor;
    std::optional<Issue> problema;
};
RecordedEnvironment read_environment(const std::optional<std::string_view>& bytes, const std::string& path);

// Markdown for people, in Spanish or English (our wording, per language): the label, the title, the rows
// (fingerprints shortened to 12 hex digits for the leader, whole for the expert, who also sees each row's
// source), the thresholds; `expert` adds the commands and the byte-identical statement. Ends with "\n".
std::string repro_markdown(const ReproCard& card, bool english, bool expert);

// The card as one JSON object (`formato` "planlang-ficha-repro/v1", ours): every row, threshold and command
// with both languages; `comandos[].argumentos` are the words after `planlang`.
json::Value repro_json(const ReproCard& card);

// An HTML fragment for a static page: <section class="card repro"> with the label, a table of rows (<th
// scope="row">), the thresholds (a differing one has class "differs" and a visible ≠), and the commands in
// <div class="expert"><pre><code>. No document wrapper, no link, no script; every text through html_escape.
std::string repro_html(const ReproCard& card, bool english);

}  // namespace planlang::cards
