#pragma once
// The verifier (spec/traces-and-verifier.md §6–§14, rule-language.md §6, decisions.md E): reads the plan, the
// batch and the recorded runs all or nothing (run/reader.hpp), measures in one streaming pass over the traces
// — criteria, risks, assumptions, the graph contract with RF-09.2, evaluators and unforeseen gaps — and
// gives the verdict and the report object (`planlang-informe/v1`, §14). Pure: no clock, no randomness, no
// locale; files come through the caller's FileSource.
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "core/json/value.hpp"
#include "core/run/reader.hpp"
#include "core/verify/stats.hpp"

namespace planlang::verify {

// `version_verificador` of our reports (ours; the original's 1.3.0 semantics are what it implements).
inline constexpr const char* kVersion = "planlang-cpp 1.0.0";

struct Options {
    bool strict = false;  // omit every addition (`complementos`)
    // Called after each accepted trace with the run's id, the traces measured so far in that run and the
    // run's executed cases (for a progress bar; the result never depends on it).
    std::function<void(const std::string& corrida_id, std::size_t done, std::size_t total)> progress;
};

struct Outcome {
    bool ok = false;                    // false: the reader rejected the input; nothing was measured
    std::vector<run::Motive> motivos;   // every reader problem when !ok
    json::Value informe;                // the report object with its huella (when ok)
    std::string dominio_id;             // the verified plan's domain (when ok): what the domain registry is asked
    std::vector<run::FoundPlan> planes_encontrados;  // plans found under the root and used (run::ReadResult)
};

Outcome verify(const run::Request& request, const run::FileSource& files, const Options& options = {});

// The samples behind the report's calibration assumptions (§10: the main run's (confidence, correct) pairs,
// by case id — what ECE, AUROC and the accuracy were computed on), for a reliability diagram (ours). The same
// all-or-nothing read and measurement as verify(), without the report.
struct Calibration {
    std::string supuesto;          // the assumption's id
    std::vector<Sample> muestras;  // sorted by case id (UTF-16 order), as §10 measures them
};
struct CalibrationOutcome {
    bool ok = false;
    std::vector<run::Motive> motivos;
    std::vector<Calibration> calibraciones;  // one per assumption measured by calibration with a sample, plan order
};
CalibrationOutcome calibration(const run::Request& request, const run::FileSource& files);

}  // namespace planlang::verify
