// Approval, loading for verification and "same truth" (plan-format.md §12 and §14) on our demo A plan.
#include <doctest/doctest.h>

#include <string>

#include "core/json/canonical.hpp"
#include "core/json/fingerprint.hpp"
#include "core/json/reader.hpp"
#include "core/plan/approval.hpp"
#include "support/files.hpp"
#include "support/json_patch.hpp"

using namespace planlang;
using planlang::testing::apply_patch;
using planlang::testing::read_text;
using planlang::testing::source_path;

namespace {

const char* const kDraft = "plans/demo-a/plan-demo-a.borrador.json";
const char* const kApproved = "plans/demo-a/plan-demo-a.json";

json::Value parse(const std::string& text) {
    const json::ReadResult r = json::read(text);
    REQUIRE(r.ok());
    return r.value;
}

json::Value read_plan(const char* relative) { return parse(read_text(source_path(relative))); }

json::Value patched(const char* relative, const std::string& patch) {
    json::Value doc = read_plan(relative);
    const auto error = apply_patch(doc, parse(patch));
    INFO(error.value_or(""));
    REQUIRE_FALSE(error);
    return doc;
}

std::string lines(const Issues& issues) {
    std::string out;
    for (const Issue& i : issues) out += i.code + " @ " + i.element + "\n";
    return out;
}

}  // namespace

TEST_CASE("load_for_verification: the approved demo A loads; the draft and a tampered copy do not") {
    const json::Value approved = read_plan(kApproved);
    const plan::LoadResult ok = plan::load_for_verification(approved);
    CHECK(ok.ok);
    CHECK(ok.motivos.empty());
    REQUIRE(ok.plan);
    CHECK(ok.plan->id == "plan-demo-a");
    CHECK(ok.huella == approved.find("huella")->as_string());
    CHECK(ok.huella == json::huella(approved));

    const plan::LoadResult draft = plan::load_for_verification(read_plan(kDraft));
    CHECK_FALSE(draft.ok);
    CHECK(lines(draft.motivos) == "HUELLA_AUSENTE @ huella\n");
    CHECK_FALSE(draft.plan);

    // A text changed after approval: the declared huella no longer matches the file.
    const json::Value tampered = patched(kApproved, R"([{"op":"replace","path":"/problema/en","value":"Changed after approval."}])");
    const std::string declared = tampered.find("huella")->as_string();
    const std::string computed = json::huella(tampered);
    REQUIRE(declared != computed);
    const plan::LoadResult bad = plan::load_for_verification(tampered);
    CHECK_FALSE(bad.ok);
    REQUIRE(lines(bad.motivos) == "HUELLA_AUSENTE @ huella\n");
    for (const std::string& message : {bad.motivos[0].message.es, bad.motivos[0].message.en}) {
        CAPTURE(message);
        CHECK(message.find(declared) != std::string::npos);
        CHECK(message.find(computed) != std::string::npos);
    }

    // Approved with an empty huella: motive "absent", the declared value shown as none.
    const json::Value empty = patched(kApproved, R"([{"op":"replace","path":"/huella","value":""}])");
    const plan::LoadResult absent = plan::load_for_verification(empty);
    CHECK_FALSE(absent.ok);
    // "" is not HEX64: the schema speaks first.
    CHECK(lines(absent.motivos) == "ESQUEMA @ huella\n");
    // Approved with huella null: the validator's own HUELLA_AUSENTE (§11.1 step 11).
    const plan::LoadResult null_huella = plan::load_for_verification(patched(kApproved, R"([{"op":"replace","path":"/huella","value":null}])"));
    CHECK(lines(null_huella.motivos) == "HUELLA_AUSENTE @ huella\n");
    // Well-formed but wrong: 64 zeros.
    const json::Value zeros = patched(kApproved, R"([{"op":"replace","path":"/huella","value":"0000000000000000000000000000000000000000000000000000000000000000"}])");
    const plan::LoadResult wrong = plan::load_for_verification(zeros);
    REQUIRE(lines(wrong.motivos) == "HUELLA_AUSENTE @ huella\n");
    CHECK(wrong.motivos[0].message.en.find(std::string(64, '0')) != std::string::npos);
    CHECK(wrong.motivos[0].message.en.find(json::huella(zeros)) != std::string::npos);
    // An invalid approved plan is refused with the validator's reasons.
    const plan::LoadResult invalid = plan::load_for_verification(patched(kApproved, R"([{"op":"replace","path":"/riesgos/0/severidad","value":11}])"));
    CHECK(lines(invalid.motivos) == "ESQUEMA @ riesgos.0.severidad\n");
}

TEST_CASE("approve: the demo A draft gives the committed approved file byte for byte") {
    const json::Value committed = read_plan(kApproved);
    const std::string by = committed.find("aprobado_por")->as_string();
    const std::string on = committed.find("aprobado_el")->as_string();
    const plan::ApprovalResult r = plan::approve(read_plan(kDraft), by, on);
    REQUIRE(r.ok);
    CHECK(r.motivos.empty());
    CHECK(r.advertencias.empty());
    CHECK(r.huella == committed.find("huella")->as_string());
    CHECK(json::disk_form(r.plan) == read_text(source_path(kApproved)));
    // The approved result loads for verification.
    CHECK(plan::load_for_verification(r.plan).ok);
    // Another approver or date: another huella (both are hashed, §15.3).
    const plan::ApprovalResult other = plan::approve(read_plan(kDraft), by + " bis", on);
    REQUIRE(other.ok);
    CHECK(other.huella != r.huella);
    // Approving the approved file again changes nothing.
    const plan::ApprovalResult again = plan::approve(committed, by, on);
    REQUIRE(again.ok);
    CHECK(json::disk_form(again.plan) == read_text(source_path(kApproved)));
}

TEST_CASE("approve: an undeclared signal refuses approval (SENAL_NO_DECLARADA becomes a reason)") {
    // C7's population reads a root that is neither a required signal nor a known name.
    const json::Value draft = patched(kDraft, R"([{"op":"replace","path":"/criterios_aceptacion/6/regla_de_medicion/poblacion","value":"servicio_nuevo == true"}])");
    const plan::ValidationResult v = plan::validate(draft);
    CHECK(v.ok);  // only a warning for the validator
    CHECK(lines(v.advertencias) == "SENAL_NO_DECLARADA @ C7.poblacion\n");
    const plan::ApprovalResult r = plan::approve(draft, "Equipo planlang", "2026-11-29");
    CHECK_FALSE(r.ok);
    CHECK(lines(r.motivos) == "SENAL_NO_DECLARADA @ C7.poblacion\n");
    CHECK(r.advertencias.empty());

    // Other warnings stay warnings and do not refuse: a rule evaluator that covers no risk.
    const json::Value warned = patched(kDraft, R"([{"op":"replace","path":"/contrato_de_grafo/evaluadores_requeridos/0/riesgos_cubiertos","value":[]}])");
    const plan::ApprovalResult w = plan::approve(warned, "Equipo planlang", "2026-11-29");
    CHECK(w.ok);
    CHECK(lines(w.advertencias) == "REFERENCIA_ROTA @ evaluadores.exactitud_extraccion\n");

    // Reasons refuse; HUELLA_AUSENTE is ignored (approval sets huella null itself).
    const json::Value broken = patched(kDraft, R"([{"op":"replace","path":"/decisiones/2/depende_de","value":["D9"]}])");
    const plan::ApprovalResult b = plan::approve(broken, "Equipo planlang", "2026-11-29");
    CHECK_FALSE(b.ok);
    CHECK(lines(b.motivos) == "DEPENDENCIA_DESCONOCIDA @ D3 → D9\n");
}

TEST_CASE("same_truth: umbrales and contrato_de_grafo, canonical, as read (plan-format.md §14)") {
    const json::Value draft = read_plan(kDraft);
    const json::Value approved = read_plan(kApproved);
    CHECK(plan::same_truth(draft, draft));
    CHECK(plan::same_truth(draft, approved));
    // Texts, criteria, risks, version may differ.
    CHECK(plan::same_truth(draft, patched(kDraft, R"([{"op":"replace","path":"/problema/es","value":"Otro texto."}])")));
    CHECK(plan::same_truth(draft, patched(kDraft, R"([{"op":"replace","path":"/version","value":"9.9.9"}])")));
    CHECK(plan::same_truth(draft, patched(kDraft, R"([{"op":"remove","path":"/criterios_aceptacion/10"}])")));
    // Member order and NFC do not matter (canonical JSON); a threshold text inside umbrales does.
    json::Value reordered = draft;
    auto& members = reordered.find("umbrales")->as_array()[0].as_object();
    std::swap(members.front(), members.back());
    CHECK(plan::same_truth(draft, reordered));
    CHECK_FALSE(plan::same_truth(draft, patched(kDraft, R"([{"op":"replace","path":"/umbrales/0/nombre/en","value":"x"}])")));
    // A threshold value or an edge: other truth.
    CHECK_FALSE(plan::same_truth(draft, patched(kDraft, R"([{"op":"replace","path":"/umbrales/0/valor_en_plan","value":0.8}])")));
    CHECK_FALSE(plan::same_truth(draft, patched(kDraft, R"([{"op":"replace","path":"/contrato_de_grafo/aristas_condicionales/4/valor","value":1}])")));
    CHECK_FALSE(plan::same_truth(draft, patched(kDraft, R"([{"op":"remove","path":"/contrato_de_grafo/aristas_condicionales/11"}])")));
    // Defaults are not filled: an explicit empty default is another text.
    CHECK_FALSE(plan::same_truth(draft, patched(kDraft, R"([{"op":"remove","path":"/contrato_de_grafo/evaluadores_requeridos/4/riesgos_cubiertos"}])")));
    // A missing key on either side: never the same truth, even when both lack it.
    const json::Value no_thresholds = patched(kDraft, R"([{"op":"remove","path":"/umbrales"}])");
    const json::Value no_contract = patched(kDraft, R"([{"op":"remove","path":"/contrato_de_grafo"}])");
    CHECK_FALSE(plan::same_truth(draft, no_thresholds));
    CHECK_FALSE(plan::same_truth(no_thresholds, draft));
    CHECK_FALSE(plan::same_truth(no_contract, draft));
    CHECK_FALSE(plan::same_truth(no_contract, no_contract));
    CHECK_FALSE(plan::same_truth(json::Value(nullptr), json::Value(nullptr)));
}
