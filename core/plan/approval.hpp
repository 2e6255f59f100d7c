#pragma once
// Approval, loading for verification and plan compatibility (spec/plan-format.md §12 and §14).
#include <optional>
#include <string>
#include <vector>

#include "core/common/issue.hpp"
#include "core/json/value.hpp"
#include "core/plan/validator.hpp"

namespace planlang::plan {

struct ApprovalResult {
    bool ok = false;
    Issues motivos;       // why approval was refused (validation reasons; SENAL_NO_DECLARADA warnings promoted)
    Issues advertencias;  // the other warnings
    json::Value plan;     // the approved plan (defaults filled, sealed with its huella) when ok
    std::string huella;
};

// aprobarPlan (§12): mark approved by `by` on `on` (YYYY-MM-DD), validate (ignoring HUELLA_AUSENTE; any
// reason or SENAL_NO_DECLARADA warning refuses), fill defaults, seal with the huella.
ApprovalResult approve(const json::Value& document, const std::string& by, const std::string& on);

struct LoadResult {
    bool ok = false;
    Issues motivos;  // validation reasons, or HUELLA_AUSENTE (draft, absent or mismatching huella)
    std::optional<Plan> plan;
    std::string huella;  // the verified huella when ok
};

// cargarPlan (§12): validate, require `aprobado`, and check the declared huella against the one computed
// from the raw parsed file.
LoadResult load_for_verification(const json::Value& document);

// mismaVerdad (§14): canonical JSON of `umbrales` and of `contrato_de_grafo` equal, on the files as read.
bool same_truth(const json::Value& a, const json::Value& b);

// What makes two plans differ in truth (ours, for people): each place where `umbrales` or
// `contrato_de_grafo` differ, deepest first reached in document order — `path` dotted, an array element named
// by its `id` when both sides have the same one ("umbrales[U2].valor_en_plan"), else by its index — with both
// sides as canonical JSON (long texts cut with "…"). Empty exactly when same_truth is true.
struct TruthDifference {
    std::string path;
    std::string a;  // canonical JSON; empty when that side lacks the member
    std::string b;
};
std::vector<TruthDifference> truth_differences(const json::Value& a, const json::Value& b);

}  // namespace planlang::plan
