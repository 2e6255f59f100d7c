// The accelerator's seam in a build without it (PLANLANG_FAST_PATHS OFF): every function declines, so
// the reference reader does all the work (internal/fast_paths.hpp).
#include "core/run/internal/fast_paths.hpp"

namespace planlang::run::internal::fast {

bool built() { return false; }

bool read_main_header(const FileSource&, const Request&, RunState&, Issues&, std::shared_ptr<const Prescans>&) { return false; }

std::optional<FileBytes> prescanned_bytes(const Prescans*, const std::string&) { return std::nullopt; }

std::optional<Batch> read_batch(std::string_view, const std::string&, std::vector<Motive>&, const ParallelFor&,
                                const std::vector<std::string>&, const Prescans*) {
    return std::nullopt;
}

std::optional<RamasRead> read_ramas(std::string_view, const ParallelFor&, const Prescans*) { return std::nullopt; }

json::MemberScanner* trace_arrays_scanner(std::size_t, TraceArrays&) { return nullptr; }

}  // namespace planlang::run::internal::fast
