// planlang: the command line (spec/cli.md). The same file builds natively and to wasm for Node.
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "native/cli/allocator.hpp"
#include "native/cli/cli.hpp"

namespace {

struct Command {
    std::string_view name;
    int (*run)(const std::vector<std::string>&);
    std::string_view synopsis;
    std::string_view es;
    std::string_view en;
};

const Command kCommands[] = {
    {"canon", planlang::cli::cmd_canon, "canon FILE [--rfc8785]",
     "JSON canónico (RFC 8785 + NFC) de cualquier archivo JSON; --rfc8785: RFC 8785 sin NFC",
     "canonical JSON (RFC 8785 + NFC) of any JSON file; --rfc8785: plain RFC 8785, no NFC"},
    {"fingerprint", planlang::cli::cmd_fingerprint, "fingerprint FILE [--check] [--json]",
     "huella (SHA-256 del JSON canónico sin la clave huella); --check: compara con la declarada",
     "huella (SHA-256 of the canonical JSON without the huella key); --check: compare with the declared one"},
    {"validate", planlang::cli::cmd_validate, "validate PLAN [--json] [--strict]",
     "valida el plan: motivos, advertencias, observaciones (nuestras), prioridades y ondas; --strict omite las observaciones",
     "validates the plan: reasons, warnings, observations (ours), priorities and waves; --strict omits the observations"},
    {"check", planlang::cli::cmd_check, "check PLAN",
     "carga para verificar: plan válido, aprobado y con la huella declarada igual a la calculada",
     "load for verification: a valid, approved plan whose declared huella equals the computed one"},
    {"approve", planlang::cli::cmd_approve, "approve PLAN --by NAME --on YYYY-MM-DD [-o OUT]",
     "aprueba el plan: valida, completa los valores por defecto y lo sella con su huella (stdout sin -o)",
     "approves the plan: validates, fills the defaults and seals it with its huella (stdout without -o)"},
    {"compat", planlang::cli::cmd_compat, "compat PLAN_A PLAN_B [--json]",
     "«misma verdad»: mismos umbrales y mismo contrato de grafo (salida 0 si sí, 1 si no)",
     "\"same truth\": same thresholds and graph contract (exit 0 if so, 1 if not)"},
    {"review", planlang::cli::cmd_review, "review DRAFT [--revision FILE] [--json]",
     "revisión del borrador (§13): contradicciones, pendientes y si es aprobable con las aceptadas en revision.json",
     "draft review (§13): contradictions, pending items and whether it is approvable given revision.json's accepted ones"},
    {"world", planlang::cli::cmd_world, "world [--sin-topes] [-o FILE]",
     "escribe nuestro plan de beneficios sintético de la demo A (planlang-plan-beneficios/v1, v2.0.0 con 6 topes; --sin-topes: v1.0.0), sellado con su huella (stdout sin -o)",
     "writes our synthetic benefit plan of demo A (planlang-plan-beneficios/v1, v2.0.0 with 6 caps; --sin-topes: v1.0.0), sealed with its huella (stdout without -o)"},
    {"generate", planlang::cli::cmd_generate,
     "generate --plan P --world W --seed S --n N [--receta estandar|humo] [--id ID] -o BATCH",
     "lote sintético con semilla (planlang-casos/v1): plan aprobado y con huella, plan de beneficios de world; n de 1 a 100000 (humo: 3); id por defecto <semilla>-<n>",
     "seeded synthetic batch (planlang-casos/v1): an approved, fingerprinted plan and a benefit plan from world; n from 1 to 100000 (humo: 3); id defaults to <seed>-<n>"},
    {"simulate", planlang::cli::cmd_simulate,
     "simulate --plan P --batch B --world W --variant multiagente|agente_unico [--repeat R] --date YYYY-MM-DD -o RUNDIR [--root DIR]",
     "corrida simulada determinista (sin modelo ni red) como carpeta completa; --repeat R (R ≥ 2): repetición R con parámetros de simulación redibujados; el id de la corrida es el último componente de RUNDIR",
     "deterministic simulated run (no model, no network) as a complete run folder; --repeat R (R ≥ 2): repetition R with redrawn simulation parameters; the run id is RUNDIR's last component"},
    {"verify", planlang::cli::cmd_verify,
     "verify RUNDIR [--root DIR] [--base RUNDIR] [--rep RUNDIR]... [--plan P] [--plan-del-lote P] [--plan-de-la-corrida P] [--strict] [-o OUTDIR] [--json]",
     "verificador: lee plan, lote y corridas (todo o nada), mide criterios, riesgos, supuestos, contrato de grafo y brechas, da el veredicto y escribe informe.json, informe.es.md e informe.en.md en OUTDIR (por defecto RUNDIR); --json imprime el informe; --strict omite los complementos",
     "the verifier: reads plan, batch and runs (all or nothing), measures criteria, risks, assumptions, graph contract and gaps, gives the verdict and writes informe.json, informe.es.md and informe.en.md into OUTDIR (default RUNDIR); --json prints the report; --strict omits the additions"},
    {"m9", planlang::cli::cmd_m9, "m9 RUNDIR [--root DIR]",
     "suite de brechas sembradas (§16) sobre la corrida de humo limpia: tabla bilingüe; salida 1 salvo que se detecten todas y el control esté limpio",
     "seeded-gap suite (§16) on the clean smoke run: a bilingual table; exit 1 unless every seed is detected and the control is clean"},
    {"bench", planlang::cli::cmd_bench, "bench [--cases N] [--lote L] [--root DIR] [--json]",
     "mide el núcleo con datos generados, todo en memoria: N casos (10000 por defecto) en rondas de hasta L que se generan, simulan y verifican (cada huella) con el plan y el mundo de la demo A; casos/s por fase, proporciones, memoria pico y una huella de los informes que no depende de la máquina",
     "benchmarks the core on generated data, all in memory: N cases (default 10000) in rounds of up to L, each generated, simulated and verified (every huella) with demo A's plan and world; cases/s per phase, ratios, peak memory and a digest of the reports that does not depend on the machine"},
};

int help(bool english) {
    std::string text = english ? "planlang: a plan written as a contract, and a verifier with no AI.\n\nCommands:\n"
                               : "planlang: un plan escrito como contrato y un verificador sin IA.\n\nÓrdenes:\n";
    for (const Command& c : kCommands) {
        text += "  planlang " + std::string(c.synopsis) + "\n      " + std::string(english ? c.en : c.es) + "\n";
    }
    text += english ? "\nCommon options: --lang es|en (messages), --json (machine-readable output).\n"
                      "Exit codes: 0 success, 1 rejected input, 2 usage error.\n"
                    : "\nOpciones comunes: --lang es|en (mensajes), --json (salida para programas).\n"
                      "Códigos de salida: 0 éxito, 1 entrada rechazada, 2 error de uso.\n";
    std::fwrite(text.data(), 1, text.size(), stdout);
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    planlang::cli::tune_allocator();
    std::vector<std::string> words(argv + 1, argv + argc);
    if (words.empty()) return planlang::cli::usage_error("falta la orden / missing command");
    const std::string command = words.front();
    words.erase(words.begin());
    bool english = false;
    for (std::size_t i = 0; i + 1 < words.size(); ++i)
        if (words[i] == "--lang" && words[i + 1] == "en") english = true;
    if (command == "--help" || command == "-h" || command == "help") return help(english);
    if (command == "--version") {
        std::fwrite("planlang 0.1.0\n", 1, 15, stdout);
        return 0;
    }
    for (const Command& c : kCommands)
        if (command == c.name) return c.run(words);
    return planlang::cli::usage_error("orden desconocida / unknown command: " + command);
}
