// planlang gate (ours): the CI gate of a run (core/verify/gate.hpp) — the run verified in memory exactly as
// `planlang verify` verifies it (same options, nothing written), then every safety, absolute and fairness
// criterion and risk of the plan judged on that report.
//
//   planlang gate RUNDIR [--root DIR] [--base RUNDIR] [--rep RUNDIR]… [--declared FILE] [--json] [--lang es|en]
//
// Subgroup keys come from the author's CHAI declared facts (`claves_de_subgrupo`): `chai-declarado.json` beside
// the plan the manifest names, or --declared FILE; without that file no criterion is gated for fairness (a note
// says so). Exit 0 the gate passes, 1 it fails (or the input is rejected), 2 usage error.
#include <optional>
#include <string>
#include <vector>

#include "core/cards/chai.hpp"
#include "core/json/canonical.hpp"
#include "core/plan/validator.hpp"
#include "core/verify/gate.hpp"
#include "core/verify/verifier.hpp"
#include "native/cli/cli.hpp"
#include "native/cli/whole_file.hpp"
#include "native/cli/workers.hpp"

namespace planlang::cli {

int cmd_gate(const std::vector<std::string>& words) {
    const Args args(words, Spec{{"--json"}, {"--root", "--base", "--rep", "--declared"}});
    if (args.error()) return usage_error(*args.error());
    if (args.positional().size() != 1) return usage_error({"se espera una CORRIDA (carpeta)", "one RUNDIR (folder) is expected"});
    const Lang lang = args.lang();
    run::Request request = run_request(args);
    if (!is_directory(request.main_run)) {
        print_issue({"ARCHIVO_ILEGIBLE", request.main_run, {"no existe esa carpeta de corrida", "there is no such run folder"}}, lang);
        return kRejected;
    }
    Workers workers;
    request.parallel = workers.parallel_for();
    const run::FileSource files = [](const std::string& path) { return read_whole_file(path); };
    const verify::Outcome outcome = verify::verify(request, files);
    if (!outcome.ok) {
        for (const run::Motive& m : outcome.motivos) print_issue(Issue{m.codigo, m.archivo, m.detalle}, lang);
        return kRejected;
    }
    // The plan the report was verified against, as the report names it (repository-relative, under --root).
    const json::Value* ficha = outcome.informe.find("ficha_reproducibilidad");
    const json::Value* plan_ref = ficha ? ficha->find("plan") : nullptr;
    const json::Value* archivo = plan_ref ? plan_ref->find("archivo") : nullptr;
    const std::string plan_path = run::join(request.root, archivo && archivo->is_string() ? archivo->as_string() : "");
    const std::optional<json::Value> plan_document = read_json_file(plan_path, lang);
    if (!plan_document) return kRejected;
    const plan::ValidationResult validated = plan::validate(*plan_document);
    if (!validated.plan) {
        print_issue({"PLAN_INVALIDO", plan_path, {"el plan del informe no se puede leer", "the report's plan cannot be read"}}, lang);
        return kRejected;
    }
    // The author's subgroup keys: the declared CHAI facts beside the plan, or --declared.
    std::vector<std::string> keys;
    std::optional<std::string> declared_path = args.value("--declared");
    if (!declared_path && plan_ref) {
        // declared_facts_path reads a manifest's `plan.archivo`: the report's plan reference has the same shape.
        const std::string beside = run::join(request.root, cards::declared_facts_path(json::Value(json::Object{{"plan", *plan_ref}})));
        if (read_whole_file(beside)) declared_path = beside;
    }
    if (declared_path) {
        const std::optional<json::Value> declared = read_json_file(*declared_path, lang);
        if (!declared) return kRejected;
        const Issues problems = cards::check_declared(*declared);
        if (!problems.empty()) {
            for (const Issue& i : problems) print_issue(Issue{i.code, *declared_path + ": " + i.element, i.message}, lang);
            return kRejected;
        }
        for (const json::Value& k : json::array_items(json::member_or_null(*declared, "claves_de_subgrupo")))
            if (k.is_string()) keys.push_back(k.as_string());
    }
    const verify::GateResult result = verify::gate(*validated.plan, outcome.informe, keys);
    write_stdout(args.flag("--json") ? json::disk_form(verify::gate_json(result)) : verify::gate_text(result, lang == Lang::en));
    return result.pasa() ? kOk : kRejected;
}

}  // namespace planlang::cli
