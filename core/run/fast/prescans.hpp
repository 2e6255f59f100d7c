#pragma once
// Files the accelerator read, and walked for their large array's items, before the stage that streams them
// (fast_paths.cpp walks the main run's batch and expected visits on one task while another reads its
// manifest).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/run/fast/streamed_document.hpp"
#include "core/run/internal/fast_paths.hpp"
#include "core/run/reader.hpp"

namespace planlang::run::internal::fast {

struct Prescanned {
    std::string path;
    std::optional<FileBytes> bytes;  // as the FileSource gave them
    std::string_view array_key;      // the array walked (document_spans)
    DocumentSpans spans;
};

struct Prescans {
    std::vector<Prescanned> files;
    // The prescanned files' bytes for their paths, any other path from `source`.
    FileSource serving(const FileSource& source) const;
    // The walk of `array_key` found in exactly these bytes (same address and size), or nullptr.
    const DocumentSpans* spans_for(std::string_view text, std::string_view array_key) const;
};

}  // namespace planlang::run::internal::fast
