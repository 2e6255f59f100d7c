#pragma once
// The seam between the reference reader (core/run) and its optional accelerator (core/run/fast/): the few
// places where the reference reader lets the accelerator try first. Each function here either declines
// (nullopt, false, nullptr) — the reference reader then does that work itself — or gives exactly what the
// reference reader would have given, byte for byte: the accelerator never explains a bad file, it only
// recognises good ones faster. Built with PLANLANG_FAST_PATHS OFF, core/run/no_fast_paths.cpp declines
// everything; with it ON, Request::fast_paths false keeps the reference reader's paths (the reader does not
// call in here then).
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/common/issue.hpp"
#include "core/json/reader.hpp"
#include "core/json/value.hpp"
#include "core/run/reader.hpp"

namespace planlang::run::internal {

struct RunState;
struct TraceArrays;

namespace fast {

// Files the accelerator read, and walked for their large array's items, ahead of the stage that reads them
// (fast/prescans.hpp).
struct Prescans;

// Whether this build has the accelerator (false: every function below declines).
bool built();

// The main run's header (read_header) with its batch and expected visits read and walked on another of
// Request::parallel's tasks meanwhile; `prescans` then holds the batch's bytes and walk for read_batch.
// False: declined, nothing was read.
bool read_main_header(const FileSource& files, const Request& request, RunState& run, Issues& schema_all,
                      std::shared_ptr<const Prescans>& prescans);

// The bytes of `path` when `prescans` (may be null) holds them, read ahead.
std::optional<FileBytes> prescanned_bytes(const Prescans* prescans, const std::string& path);

// The batch at `path` (bytes given) read in one streamed pass, every case checked, its huella motive (if
// any) appended to `out` — what load_batch_whole gives; nullopt declines (nothing appended).
std::optional<Batch> read_batch(std::string_view bytes, const std::string& path, std::vector<Motive>& out, const ParallelFor& parallel,
                                const std::vector<std::string>& members, const Prescans* prescans);

// ramas-esperadas.json read in one streamed pass: its top level with `visitas` emptied, and the huella
// computed from the whole file; only for a file whose every part fits check_ramas. nullopt declines.
struct RamasRead {
    json::Value top;
    std::string huella_calculada;
};
std::optional<RamasRead> read_ramas(std::string_view bytes, const ParallelFor& parallel, const Prescans* prescans);

// A scanner for json::read_into that takes a trace's pasos, decisiones_de_arista and pausas_humanas from
// its text into `into` (flagging those it took, left null in the tree), or nullptr. `slot` (0 or 1): two
// traces are read side by side on a thread, each with its own scanner.
json::MemberScanner* trace_arrays_scanner(std::size_t slot, TraceArrays& into);

}  // namespace fast
}  // namespace planlang::run::internal
