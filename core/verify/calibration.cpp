// verify::calibration (verifier.hpp): the measurement pass of verify() up to the calibration samples.
#include "core/verify/internal/stages.hpp"
#include "core/verify/verifier.hpp"

namespace planlang::verify {

using namespace internal;

CalibrationOutcome calibration(const run::Request& request, const run::FileSource& files) {
    Measurer m;
    m.files = files;
    m.parallel = request.parallel;
    run::Request with_members = request;
    with_members.batch_case_members = Measurer::case_members();
    run::ReadResult read = run::read(with_members, files, &m);
    CalibrationOutcome out;
    if (!read.ok || m.runs.empty() || !m.inputs || read.runs.size() != m.runs.size()) {
        out.motivos = std::move(read.motivos);
        return out;
    }
    for (std::size_t k = 0; k < m.runs.size(); ++k) m.runs[k].header = &read.runs[k];
    m.inputs = &*read.inputs;
    m.plan = &m.inputs->plan.plan;
    m.finish();
    for (CalibrationBootstrap& b : calibration_bootstraps(m))
        out.calibraciones.push_back(Calibration{m.plan->supuestos[b.supuesto].id, std::move(b.samples)});
    out.ok = true;
    return out;
}

}  // namespace planlang::verify
