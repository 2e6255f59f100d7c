#include "web/app/session.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/json/canonical.hpp"
#include "core/json/reader.hpp"
#include "core/run/one_trace.hpp"
#include "native/platform/plan_files.hpp"

namespace planlang::web {

const std::vector<BundledRun>& bundled_runs() {
    static const std::vector<BundledRun> runs = {
        {"demo-a-200", "synthetic/runs/demo-a/demo-a-200"},
        {"demo-a-20", "synthetic/runs/demo-a/demo-a-20"},
        {"demo-a-humo-3", "synthetic/runs/demo-a/demo-a-humo-3"},
        {"adherencia-315", "synthetic/runs/adherencia/adherencia-315"},
        {"adherencia-21", "synthetic/runs/adherencia/adherencia-21"},
        {"adherencia-humo-3", "synthetic/runs/adherencia/adherencia-humo-3"},
    };
    return runs;
}

namespace {

std::optional<run::FileBytes> read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::nullopt;
    std::ostringstream bytes;
    bytes << in.rdbuf();
    if (in.bad()) return std::nullopt;
    return run::FileBytes(bytes.str());
}

// How the run under `root` is read (plans looked for under <root>/plans, as `planlang playground --root`):
// the load, the baseline and the calibration samples all read it the same way.
run::Request read_request(const std::string& root, const std::string& folder) {
    return platform::run_request(run::join(root, folder), root);
}

}  // namespace

run::FileSource Session::files() const { return read_file; }

void Session::open(const std::string& root, const std::string& folder) {
    m_ok = false;
    m_root = root;
    m_folder = folder;
    m_reasons.clear();
    m_loaded = playground::Loaded{};
    m_additions.reset();
    m_result.reset();
    m_result_text.reset();
    m_sweep.reset();
    m_diagram.reset();
    m_walks.reset();
    m_walk_problems.clear();
    m_paths.reset();
    m_pages.clear();
    m_calibration.reset();
    m_baseline_read = false;
    m_baseline.reset();
    m_baseline_id.clear();
    m_baseline_problems.clear();
    m_repro_card.reset();
    m_chai_card[0].reset();
    m_chai_card[1].reset();
    ++m_generation;

    playground::LoadRequest request;
    request.lectura = read_request(root, folder);
    if (!std::filesystem::is_directory(request.lectura.main_run)) {
        m_reasons.push_back({"ARCHIVO_ILEGIBLE", folder, {"no existe esa carpeta de corrida", "there is no such run folder"}});
        return;
    }
    m_loaded = playground::load(request, read_file);
    if (!m_loaded.ok) {
        for (const run::Motive& m : m_loaded.motivos) m_reasons.push_back({m.codigo, m.archivo, m.detalle});
        for (const Issue& i : m_loaded.problemas) m_reasons.push_back({i.code, i.element, i.message});
        m_loaded = playground::Loaded{};
        return;
    }
    m_additions = std::make_unique<playground::Additions>(m_loaded);
    m_plan_setting = playground::plan_setting(compact());
    m_setting = m_plan_setting;
    m_at_plan = playground::play(compact(), m_plan_setting);
    m_ok = true;
    replay_now();
}

void Session::replay_now() {
    m_replay = playground::play(compact(), m_setting);
    m_extras = m_additions->at(m_replay);
    m_result.reset();
    m_result_text.reset();
    ++m_generation;
}

bool Session::set(std::size_t threshold, json::Value value) {
    if (!m_ok || threshold >= m_setting.valores.size() || m_setting.valores[threshold] == value) return false;
    m_setting.valores[threshold] = std::move(value);
    replay_now();
    return true;
}

bool Session::set(const playground::Setting& setting) {
    if (!m_ok || setting.valores.size() != m_setting.valores.size() || setting == m_setting) return false;
    m_setting = setting;
    replay_now();
    return true;
}

void Session::reset() { set(m_plan_setting); }

bool Session::moved(std::size_t threshold) const {
    return m_ok && threshold < m_setting.valores.size() && !(m_setting.valores[threshold] == m_plan_setting.valores[threshold]);
}

bool Session::any_moved() const { return m_ok && !(m_setting == m_plan_setting); }

int Session::threshold_index(const std::string& id) const {
    if (!m_ok) return -1;
    const auto& u = compact().umbrales;
    for (std::size_t i = 0; i < u.size(); ++i)
        if (u[i].id == id) return static_cast<int>(i);
    return -1;
}

const json::Value& Session::result() {
    if (!m_result) m_result = playground::replay_json(compact(), m_replay, false, m_extras);
    return *m_result;
}

const std::string& Session::result_text() {
    if (!m_result_text) m_result_text = json::disk_form(result());
    return *m_result_text;
}

const playground::Sweep* Session::sweep() {
    if (!m_ok) return nullptr;
    const playground::Compact& c = compact();
    std::vector<std::size_t> axes;
    for (std::size_t t = 0; t < c.umbrales.size() && axes.size() < 2; ++t)
        if (!c.umbrales[t].booleano) axes.push_back(t);
    if (axes.size() < 2) return nullptr;
    // The sweep depends on the thresholds off its two axes only: moving U1 or U2 keeps it.
    playground::Setting base = m_setting;
    base.valores[axes[0]] = m_plan_setting.valores[axes[0]];
    base.valores[axes[1]] = m_plan_setting.valores[axes[1]];
    if (!m_sweep || !(base == m_sweep_base)) {
        const playground::GridAxis a = playground::full_axis(c, axes[0]);
        const playground::GridAxis b = playground::full_axis(c, axes[1]);
        m_sweep = playground::sweep(c, base, a, b, [&c](std::size_t caso, const json::Value& applied) {
            return playground::must_escalate_at(c, caso, applied);
        });
        m_sweep_base = base;
    }
    return &*m_sweep;
}

const views::Diagram& Session::diagram() {
    if (!m_diagram) m_diagram = m_ok ? views::layout_diagram(plan(), run_header().grafo) : views::Diagram{};
    return *m_diagram;
}

const views::Diagram* Session::baseline_diagram() {
    if (m_baseline_read) return m_baseline ? &*m_baseline : nullptr;
    m_baseline_read = true;
    if (!m_ok) return nullptr;
    run::Request request = read_request(m_root, m_folder);
    request.baseline = request.main_run + "-base";
    if (!std::filesystem::is_directory(*request.baseline)) return nullptr;
    const run::ReadResult read = run::read(request, read_file, nullptr);
    for (const run::Motive& m : read.motivos) m_baseline_problems.push_back({m.codigo, m.archivo, m.detalle});
    if (!read.ok) return nullptr;
    for (const run::RunHeader& h : read.runs)
        if (h.role == run::Role::base) {
            m_baseline = views::layout_diagram(plan(), h.grafo);
            m_baseline_id = h.corrida_id;
        }
    return m_baseline ? &*m_baseline : nullptr;
}

const verify::CalibrationOutcome& Session::calibration() {
    if (m_calibration) return *m_calibration;
    m_calibration.emplace();
    if (!m_ok) return *m_calibration;
    *m_calibration = verify::calibration(read_request(m_root, m_folder), read_file);
    return *m_calibration;
}

const std::vector<run::CaseWalk>& Session::walks() {
    if (m_walks) return *m_walks;
    m_walks.emplace();
    if (!m_ok) return *m_walks;
    *m_walks = run::read_walks(files(), run_header(), &m_walk_problems);
    return *m_walks;
}

const views::Paths& Session::paths() {
    if (!m_paths) m_paths = views::compute_paths(diagram(), walks());
    return *m_paths;
}

const run::CaseWalk* Session::walk_of(const std::string& caso_id) {
    for (const run::CaseWalk& w : walks())
        if (w.caso_id == caso_id) return &w;
    return nullptr;
}

const views::CasePage& Session::case_page(const std::string& caso_id) {
    for (const auto& p : m_pages)
        if (p.first == caso_id) return p.second;
    if (m_pages.size() >= 64) m_pages.erase(m_pages.begin());  // a reader browsing every case keeps memory bounded
    m_pages.emplace_back(caso_id, views::build_case_page(m_loaded, files(), caso_id));
    // The trace is named as the repository (and `planlang case` run from its root) names it, not by where this
    // platform keeps the files (/datos in the browser, the source tree on the desktop).
    std::string& trace = m_pages.back().second.fuente_traza;
    const std::string prefix = m_root.empty() || m_root.back() == '/' ? m_root : m_root + "/";
    if (!prefix.empty() && trace.compare(0, prefix.size(), prefix) == 0) trace.erase(0, prefix.size());
    return m_pages.back().second;
}

const cards::ReproCard& Session::repro_card() {
    if (m_repro_card) return *m_repro_card;
    // A real run's own record of its environment (traces-and-verifier.md §1, no fingerprint), read as `planlang
    // card` reads it: one that does not parse is an issue shown where the card would be, as the CLI refuses it.
    const std::string path = run::join(m_folder, "entorno.json");
    const std::optional<run::FileBytes> bytes = read_file(run::join(run::join(m_root, m_folder), "entorno.json"));
    const cards::RecordedEnvironment entorno = cards::read_environment(bytes ? std::optional<std::string_view>(bytes->view()) : std::nullopt, path);
    m_repro_problem = entorno.problema;
    m_repro_card = cards::build_repro_card(m_loaded, m_folder, entorno.valor ? &*entorno.valor : nullptr);
    return *m_repro_card;
}

const cards::ChaiCard& Session::chai_card(bool english) {
    std::optional<cards::ChaiCard>& slot = m_chai_card[english ? 1 : 0];
    if (slot) return *slot;
    const std::string path = cards::declared_facts_path(m_loaded.corrida ? m_loaded.corrida->manifest : json::Value());
    json::Value declared;
    Issues unreadable;
    if (std::optional<run::FileBytes> bytes = read_file(run::join(m_root, path))) {
        json::ReadResult read = json::read(bytes->view());
        if (read.ok()) declared = std::move(read.value);
        else unreadable.push_back({"DECLARADO_ILEGIBLE", path, {"no es JSON válido", "is not valid JSON"}});
    } else {
        unreadable.push_back({"DECLARADO_AUSENTE", path,
                              {"la ficha CHAI necesita los datos que declara el autor en este archivo", "the CHAI card needs the author's declared facts in this file"}});
    }
    if (!unreadable.empty()) {
        slot.emplace();
        slot->problemas = std::move(unreadable);
        return *slot;
    }
    slot = cards::checked_chai_card(m_loaded, declared, english ? report::Lang::en : report::Lang::es, cards::ChaiSchema::v0_2);
    return *slot;
}

}  // namespace planlang::web
