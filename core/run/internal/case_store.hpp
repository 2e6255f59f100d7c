#pragma once
// How a Batch holds its cases (reader.hpp): the reference reader keeps them parsed (batch.cpp), the
// accelerator as compact text (CompactCases, fast/batch_stream.cpp). Both answer every question alike; the
// fuzz targets and tests/unit/run/fast_equals_reference_test.cpp compare them.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/json/value.hpp"
#include "core/run/reader.hpp"

namespace planlang::run {

namespace internal {

// One case of a store's index: where the case lies in the store (its meaning is the store's).
struct CaseEntry {
    std::string id;
    std::size_t offset = 0;
    std::size_t length = 0;
    bool kept_only = false;  // the stored case holds only the kept members
};

}  // namespace internal

class CaseStore {
public:
    virtual ~CaseStore() = default;
    // Batch::find_case and Batch::read_case_members (the kept members only, see Request::batch_case_members).
    virtual std::optional<json::Value> find_case(const std::string& caso_id) const = 0;
    virtual bool read_case_members(const std::string& caso_id, const std::vector<std::string_view>& keys, json::Value& into) const = 0;
    virtual const std::vector<internal::CaseEntry>& index() const = 0;  // sorted by id (bytes)
    virtual bool held_compact() const = 0;  // the accelerator's compact text (tests: it took the batch)
};

namespace internal {

// Sorts an index by id (bytes), as a batch lists its ids: a few ascending runs merged, else a sort.
void sort_case_index(std::vector<CaseEntry>& index);
// The entry with this id in a sorted index, or nullptr.
const CaseEntry* find_case_entry(const std::vector<CaseEntry>& index, const std::string& caso_id);
// True when the index (sorted) names an id twice.
bool has_repeated_id(const std::vector<CaseEntry>& index);

// Whether a member is kept (Request::batch_case_members; empty keeps all) and asked for.
bool is_kept(const std::vector<std::string>& kept_members, std::string_view key);
bool is_wanted(const std::vector<std::string>& kept_members, const std::vector<std::string_view>& keys, std::string_view key);

}  // namespace internal
}  // namespace planlang::run
