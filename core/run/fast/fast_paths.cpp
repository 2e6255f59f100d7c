// The accelerator's side of internal/fast_paths.hpp: the main run's files walked ahead, the expected visits
// streamed, the trace arrays scanner (the batch: batch_stream.cpp).
#include "core/run/internal/fast_paths.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/common/thread_local.hpp"
#include "core/json/reader.hpp"
#include "core/run/fast/json_spans.hpp"
#include "core/run/fast/plain_visit.hpp"
#include "core/run/fast/prescans.hpp"
#include "core/run/fast/streamed_document.hpp"
#include "core/run/fast/trace_arrays.hpp"
#include "core/run/internal/schemas.hpp"
#include "core/run/internal/state.hpp"
#include "core/run/internal/trace_records.hpp"

namespace planlang::run::internal::fast {

using json::Value;

bool built() { return true; }

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

std::optional<FileBytes> prescanned_bytes(const Prescans* prescans, const std::string& path) {
    if (prescans)
        for (const Prescanned& f : prescans->files)
            if (f.path == path) return f.bytes;
    return std::nullopt;
}

namespace {

// The paths the manifest's text gives the batch and the expected visits (its top level walked by
// json_spans, the two small objects read), or nullopt when it does not give both so.
struct NamedFiles {
    std::string casos, ramas;
};
std::optional<NamedFiles> named_files(std::string_view manifest) {
    const std::optional<std::vector<MemberSpan>> members = object_members(manifest);
    if (!members) return std::nullopt;
    auto archivo = [&](std::string_view key) -> std::optional<std::string> {
        for (const MemberSpan& m : *members) {
            if (m.key != key) continue;
            const json::ReadResult r = json::read(manifest.substr(m.value.begin, m.value.end - m.value.begin));
            const Value* a = r.ok() && r.value.is_object() ? r.value.find("archivo") : nullptr;
            return a && a->is_string() ? std::optional<std::string>(a->as_string()) : std::nullopt;
        }
        return std::nullopt;
    };
    std::optional<std::string> casos = archivo("casos"), ramas = archivo("ramas_esperadas");
    if (!casos || !ramas) return std::nullopt;
    return NamedFiles{std::move(*casos), std::move(*ramas)};
}

}  // namespace

// After the manifest, on the one core that read it, the walks of the batch and the visits took about as
// long as the manifest itself (a 10,000-case round: ~7 ms for the 30 MB batch and ~2 ms for the visits,
// against ~8 ms) while the other core waited. The manifest names both files, so the walking task takes
// their paths from its text first. What follows is served the same bytes and walks (files are read once);
// a walk of a file that is then not streamed, or not read at all (a manifest that fails its checks), is
// dropped.
bool read_main_header(const FileSource& files, const Request& request, RunState& run, Issues& schema_all,
                      std::shared_ptr<const Prescans>& prescans) {
    if (!request.parallel || !files) return false;
    Prescans pre;
    const std::string manifest_path = join(run.dir, "corrida.json");
    pre.files.push_back(Prescanned{manifest_path, files(manifest_path), {}, {}});
    const std::optional<FileBytes> manifest = pre.files.front().bytes;  // a copy: pre.files grows below
    const FileSource with_manifest = pre.serving(files);  // pre.files does not change until the call returns
    std::vector<Prescanned> walked;
    request.parallel(2, [&](std::size_t k) {
        if (k == 0) return read_manifest_and_graph(with_manifest, run, schema_all);
        const std::optional<NamedFiles> named = manifest ? named_files(manifest->view()) : std::nullopt;
        if (!named) return;
        const std::pair<std::string, std::string_view> named_paths[2] = {{join(request.root, named->casos), "casos"},
                                                                         {join(run.dir, named->ramas), "visitas"}};
        for (const auto& [path, key] : named_paths) {
            Prescanned f{path, files(path), key, {}};
            if (f.bytes) f.spans = document_spans(f.bytes->view(), key);
            walked.push_back(std::move(f));
        }
    });
    for (Prescanned& f : walked) pre.files.push_back(std::move(f));
    read_ramas(pre.serving(files), run, schema_all, request.parallel, true, &pre);
    auto batch = std::make_shared<Prescans>();  // the other files' bytes are not held any longer
    for (Prescanned& f : pre.files)
        if (f.array_key == "casos") batch->files.push_back(std::move(f));
    prescans = std::move(batch);
    return true;
}

// The visits are checked and hashed one at a time and not kept (the verifier recomputes every one and
// compares fingerprints, RF-09.2) — a visit of the plain shape planlang writes without building its tree
// (fast/plain_visit.hpp).
std::optional<RamasRead> read_ramas(std::string_view bytes, const ParallelFor& parallel, const Prescans* prescans) {
    auto check_top = [](const Value& top, std::size_t) { return check_ramas(top).empty(); };
    auto check_visit = [](const Value& visit, std::size_t i, std::string_view, KeptItem&) { return check_ramas_visit(visit, i).empty(); };
    auto keep = [](KeptItem&, std::size_t) {};
    auto plain = [](std::string_view visit, std::string& canonical, KeptItem&) { return read_plain_visit(visit, canonical); };
    const DocumentSpans* spans = prescans ? prescans->spans_for(bytes, "visitas") : nullptr;
    std::optional<StreamedDocument> doc = stream_document(bytes, "visitas", check_top, check_visit, keep, parallel, StreamSizes{}, plain, spans);
    if (!doc) return std::nullopt;
    return RamasRead{std::move(doc->top), std::move(doc->huella_calculada)};
}

json::MemberScanner* trace_arrays_scanner(std::size_t slot, TraceArrays& into) {
    PLANLANG_THREAD_LOCAL std::optional<TraceArraysScanner> scanners[2];
    scanners[slot].emplace(into);
    return &*scanners[slot];
}

}  // namespace planlang::run::internal::fast
