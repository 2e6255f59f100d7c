#pragma once
// One run opened in the app: read by the core's all-or-nothing reader, its playground compact built and
// self-checked, and the played setting with everything the screens show at it (changes, minutes, criteria,
// verdict, our additions, the U1 × U2 sweep). A view draws these values; it never reads a file or computes
// a figure itself. Every figure here is one `planlang playground RUNDIR --set … --json` prints.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/cards/chai.hpp"
#include "core/cards/repro.hpp"
#include "core/common/issue.hpp"
#include "core/json/value.hpp"
#include "core/playground/additions.hpp"
#include "core/playground/compact.hpp"
#include "core/playground/replay.hpp"
#include "core/playground/result_json.hpp"
#include "core/playground/sweep.hpp"
#include "core/run/reader.hpp"
#include "core/views/case_page.hpp"
#include "core/views/diagram.hpp"
#include "core/views/paths.hpp"
#include "core/verify/verifier.hpp"

namespace planlang::web {

// The runs bundled with the page (web/CMakeLists.txt packs them under the data root): multi-agent main runs
// with a report. Their repetitions and baselines are bundled too; the reader follows the manifests to them.
struct BundledRun {
    const char* id;      // corrida_id, as deep links name it
    const char* folder;  // repository-relative
};
const std::vector<BundledRun>& bundled_runs();

// A reason the run was not opened, as the core gives it: code, element (file or JSON path), ES/EN text.
struct LoadReason {
    std::string codigo;
    std::string elemento;
    Bilingual detalle;
};

class Session {
public:
    // Opens `<root>/<folder>` (plans looked for under <root>/plans, as `planlang playground --root`).
    // On failure keeps every reason and ok() is false; the previous run is dropped either way.
    void open(const std::string& root, const std::string& folder);

    bool ok() const { return m_ok; }
    const std::string& folder() const { return m_folder; }
    const std::vector<LoadReason>& reasons() const { return m_reasons; }

    const playground::Loaded& loaded() const { return m_loaded; }
    const playground::Compact& compact() const { return *m_loaded.compacto; }
    const run::Inputs& inputs() const { return *m_loaded.entradas; }
    const plan::Plan& plan() const { return m_loaded.entradas->plan.plan; }
    const run::RunHeader& run_header() const { return *m_loaded.corrida; }
    const json::Value& report() const { return m_loaded.compacto->informe; }
    // The root the run was opened under, and a FileSource reading under it (case pages re-read a trace).
    const std::string& root() const { return m_root; }
    run::FileSource files() const;

    // The played setting. set() replays at once when the value changed (the frame that moved the slider
    // shows the new figures).
    const playground::Setting& setting() const { return m_setting; }
    bool set(std::size_t threshold, json::Value value);
    bool set(const playground::Setting& setting);
    void reset();
    bool moved(std::size_t threshold) const;
    bool any_moved() const;
    int threshold_index(const std::string& id) const;  // -1 when the plan has none by that id

    const playground::Replay& replay() const { return m_replay; }
    const playground::Replay& at_plan() const { return m_at_plan; }  // the replay at plan values
    const playground::Extras& extras() const { return m_extras; }
    // `planlang playground --json` of the played setting (complementos included), built on first ask.
    const json::Value& result();
    const std::string& result_text();  // its disk form, byte for byte the CLI's stdout

    // §10.3 (ours): U1 × U2 over their whole playable ranges, the other thresholds at the played values;
    // recomputed on first ask after a move of a threshold off the two axes. nullopt: fewer than two sliders.
    const playground::Sweep* sweep();

    // The graph that ran, drawn (site-and-cards.md §3), and the cases' walks over it: each executed case's trace
    // read again through the reader's per-trace checks (a case whose file fails them has no walk and is named in
    // walk_problems). Built on first ask, for the Agente and Casos screens.
    const views::Diagram& diagram();
    const std::vector<run::CaseWalk>& walks();
    const views::Paths& paths();
    const std::vector<std::string>& walk_problems() { walks(); return m_walk_problems; }
    // The walk of one case (nullptr when it has none).
    const run::CaseWalk* walk_of(const std::string& caso_id);
    // The single-agent baseline beside the run ("<run>-base", as `planlang verify --base` reads it): its graph
    // drawn against the plan's contract — the early prototype, with the nodes the contract requires that it
    // lacks. Read (all of it, through the all-or-nothing reader) on first ask; nullptr when there is no such
    // folder or the reader refuses it (baseline_problems() then says why).
    const views::Diagram* baseline_diagram();
    const std::string& baseline_id() { baseline_diagram(); return m_baseline_id; }
    const std::vector<LoadReason>& baseline_problems() { baseline_diagram(); return m_baseline_problems; }
    // The samples behind the report's calibration assumptions (verify::calibration: the run measured again,
    // without the report), for the reliability diagram. Read on first ask.
    const verify::CalibrationOutcome& calibration();
    // The page of one case (site-and-cards.md §4), built on first ask and kept while the run is open.
    const views::CasePage& case_page(const std::string& caso_id);

    // The run's reproducibility card (site-and-cards.md §5; what `planlang card --kind repro` prints), its commands
    // naming the run folder as folder() does (repository-relative) and with the run's entorno.json when it has
    // one. Built on first ask and kept while the run is open.
    const cards::ReproCard& repro_card();
    // Why the reproducibility card is not shown: the run's entorno.json does not read (after repro_card()).
    const std::optional<Issue>& repro_problem() { repro_card(); return m_repro_problem; }
    // The run's CHAI model card (site-and-cards.md §7, schema v0.2; what `planlang card --kind chai` writes) in
    // `lang`, from the declared facts beside the run's plan (cards::declared_facts_path). A missing or bad
    // declared file, or a card that fails its lint or its check against the report, gives the card with its
    // `problemas` set: the screen lists them instead of the card.
    const cards::ChaiCard& chai_card(bool english);

    // Incremented on every replay: views cache what they derive from the replay by it.
    unsigned generation() const { return m_generation; }

private:
    void replay_now();

    bool m_ok = false;
    std::string m_root, m_folder;
    std::vector<LoadReason> m_reasons;
    playground::Loaded m_loaded;
    std::unique_ptr<playground::Additions> m_additions;
    playground::Setting m_setting, m_plan_setting;
    playground::Replay m_replay, m_at_plan;
    playground::Extras m_extras;
    std::optional<json::Value> m_result;
    std::optional<std::string> m_result_text;
    std::optional<playground::Sweep> m_sweep;
    playground::Setting m_sweep_base;
    unsigned m_generation = 0;
    std::optional<views::Diagram> m_diagram;
    std::optional<std::vector<run::CaseWalk>> m_walks;
    std::vector<std::string> m_walk_problems;
    std::optional<views::Paths> m_paths;
    std::vector<std::pair<std::string, views::CasePage>> m_pages;
    std::optional<verify::CalibrationOutcome> m_calibration;
    bool m_baseline_read = false;
    std::optional<views::Diagram> m_baseline;
    std::string m_baseline_id;
    std::vector<LoadReason> m_baseline_problems;
    std::optional<cards::ReproCard> m_repro_card;
    std::optional<Issue> m_repro_problem;  // the run's entorno.json does not read (cards::read_environment)
    std::optional<cards::ChaiCard> m_chai_card[2];  // es, en
};

}  // namespace planlang::web
