// libFuzzer target: plan loading and validation from arbitrary bytes (json::read, then plan::validate), and
// approval of whatever validates. Properties, not just "no crash":
//  - validation is deterministic: twice on the same document, the same result (codes, elements, messages,
//    instruments), and ok exactly when there is no reason; every issue has a code, an element and both
//    messages; loading for verification refuses with the validator's reasons, and accepts only a valid
//    plan whose huella is the computed one;
//  - a valid plan either approves or is refused with reasons, and it approves whenever no warning is an
//    undeclared signal (plan-format.md §12); an approved plan loads for verification with the huella it
//    was sealed with, also after a trip through its disk form.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "core/json/canonical.hpp"
#include "core/json/fingerprint.hpp"
#include "core/json/reader.hpp"
#include "core/plan/approval.hpp"
#include "core/json/schema.hpp"
#include "core/plan/validator.hpp"

using namespace planlang;

namespace {

void require(bool condition) {
    if (!condition) std::abort();
}

void well_formed(const Issues& issues) {
    for (const Issue& i : issues)
        require(!i.code.empty() && !i.element.empty() && !i.message.es.empty() && !i.message.en.empty());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    json::ReadLimits limits;
    limits.max_depth = 64;
    const json::ReadResult read = json::read(text, limits);
    if (!read.ok()) return 0;

    const plan::ValidationResult first = plan::validate(read.value);
    const plan::ValidationResult second = plan::validate(read.value);
    require(first.ok == second.ok);
    require(first.motivos == second.motivos);
    require(first.advertencias == second.advertencias);
    require(first.observaciones == second.observaciones);
    require(first.ondas == second.ondas);
    require(first.prioridades.size() == second.prioridades.size());
    for (std::size_t i = 0; i < first.prioridades.size(); ++i) require(first.prioridades[i].id == second.prioridades[i].id);
    require(first.ok == first.motivos.empty());
    well_formed(first.motivos);
    well_formed(first.advertencias);
    well_formed(first.observaciones);
    // Loading for verification: the validator's verdict first, then approved + huella (§12).
    const plan::LoadResult load = plan::load_for_verification(read.value);
    require(load.ok == load.motivos.empty());
    if (load.ok) require(first.ok && load.huella == json::huella(read.value));
    if (!first.ok) {
        require(!load.ok && load.motivos == first.motivos);
        return 0;
    }
    require(first.plan.has_value());

    bool undeclared = false;
    for (const Issue& w : first.advertencias) undeclared = undeclared || w.code == "SENAL_NO_DECLARADA";
    const plan::ApprovalResult approved = plan::approve(read.value, "Fuzz", "2026-11-29");
    if (!approved.ok) {
        require(!approved.motivos.empty());
        require(undeclared);
        well_formed(approved.motivos);
        return 0;
    }
    require(approved.motivos.empty());
    require(json::schema::is_hex64(approved.huella));
    const plan::LoadResult loaded = plan::load_for_verification(approved.plan);
    require(loaded.ok && loaded.huella == approved.huella);
    const json::ReadResult disk = json::read(json::disk_form(approved.plan), limits);
    require(disk.ok());
    require(json::huella(disk.value) == approved.huella);
    const plan::LoadResult reloaded = plan::load_for_verification(disk.value);
    require(reloaded.ok && reloaded.huella == approved.huella);
    return 0;
}
