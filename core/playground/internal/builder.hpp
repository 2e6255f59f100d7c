#pragma once
// The compact's builder (playground.md §7): a run::TraceSink over the main run only. begin() and run() set up
// the thresholds, bindings, playable nodes, branch outcomes and the measures; trace() turns each trace into a
// case: its visits, its recorded context's results and one row per (playable visit, outcome) (§6).
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/playground/compact.hpp"
#include "core/rules/eval.hpp"
#include "core/run/reader.hpp"

namespace planlang::playground::internal {

class Builder final : public run::TraceSink {
public:
    Builder(const LoadRequest& request, const run::FileSource& files);
    void begin(const run::Inputs& inputs) override;
    void run(const run::RunHeader& header) override;
    void trace(const run::RunHeader& header, const run::Trace& trace) override;

    const Issues& problemas() const { return m_problemas; }
    std::shared_ptr<Compact> take();  // once the reader accepted the run and problemas() is empty

private:
    void add_case(const run::Trace& trace);
    void decide_minutes();
    void evaluate_row(const rules::Context& context, std::uint32_t row);

    const LoadRequest& m_request;
    const run::FileSource& m_files;
    const run::Inputs* m_inputs = nullptr;
    std::shared_ptr<Compact> m_compact = std::make_shared<Compact>();
    std::vector<rules::Meter> m_meters;  // aligned with Compact::medidas
    std::vector<std::string> m_edge_signals;  // every signal an edge of the run graph reads
    std::vector<std::string> m_pause_nodes;
    std::vector<std::string> m_writers;
    bool m_main_seen = false;
    Issues m_problemas;
};

// Reads the report into the measures (estado_informe, valor_informe) and checks it is this run's report.
Issues attach_report(Compact& compact);

}  // namespace planlang::playground::internal
