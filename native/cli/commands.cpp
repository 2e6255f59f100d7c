// The command table and its help pages (spec/cli.md). Wording ours, one text per language.
#include "native/cli/commands.hpp"

#include <algorithm>
#include <utility>

namespace planlang::cli {

namespace {

const OptionHelp kJson{"--json", "--json", "imprime un documento JSON (forma en disco) en lugar del texto para personas",
                       "prints one JSON document (disk form) instead of the text for people"};
const OptionHelp kRoot{"--root DIR", "--root DIR",
                       "carpeta contra la que se resuelven las rutas de los manifiestos (por defecto, la carpeta actual: la raíz del repositorio)",
                       "folder the manifests' paths are resolved against (default: the current folder, i.e. the repository root)"};

std::vector<Command> make_commands() {
    return {
        {"canon", cmd_canon, "canon ARCHIVO [--rfc8785]", "canon FILE [--rfc8785]",
         "JSON canónico (RFC 8785 con NFC) de cualquier archivo JSON.", "Canonical JSON (RFC 8785 with NFC) of any JSON file.",
         {{"--rfc8785", "--rfc8785", "RFC 8785 puro, sin normalizar a NFC", "plain RFC 8785, without NFC normalisation"}}},
        {"fingerprint", cmd_fingerprint, "fingerprint ARCHIVO [--check] [--json]", "fingerprint FILE [--check] [--json]",
         "Huella de un archivo de planlang: SHA-256 de su JSON canónico sin la clave «huella».",
         "Fingerprint (huella) of a planlang file: SHA-256 of its canonical JSON without its own huella key.",
         {{"--check", "--check", "sale con 1 si la huella declarada no es la calculada", "exits 1 unless the declared fingerprint equals the computed one"},
          kJson}},
        {"validate", cmd_validate, "validate PLAN [--json] [--strict]", "validate PLAN [--json] [--strict]",
         "Valida un plan: motivos que lo rechazan, advertencias, observaciones (nuestras), prioridades de los riesgos y ondas de decisiones.",
         "Validates a plan: reasons that reject it, warnings, observations (ours), risk priorities and decision waves.",
         {kJson, {"--strict", "--strict", "omite las observaciones (nuestras)", "leaves out the observations (ours)"}},
         "Salida: 0 plan válido, 1 plan con motivos, 2 error de uso.", "Exit: 0 valid plan, 1 plan with reasons, 2 usage error."},
        {"check", cmd_check, "check PLAN", "check PLAN",
         "Carga un plan para verificar: válido, aprobado y con la huella declarada igual a la calculada.",
         "Loads a plan for verification: valid, approved, and its declared fingerprint equal to the computed one.",
         {},
         "Un borrador se aprueba con `planlang approve`.", "A draft is approved with `planlang approve`."},
        {"approve", cmd_approve, "approve PLAN --by NOMBRE --on AAAA-MM-DD [-o SALIDA]", "approve PLAN --by NAME --on YYYY-MM-DD [-o OUT]",
         "Aprueba un plan: lo valida, completa los valores por defecto y lo sella con su huella.",
         "Approves a plan: validates it, fills in the defaults and seals it with its fingerprint.",
         {{"--by NOMBRE", "--by NAME", "quién aprueba", "who approves"},
          {"--on AAAA-MM-DD", "--on YYYY-MM-DD", "fecha de aprobación (una fecha del calendario)", "approval date (a calendar date)"},
          {"-o SALIDA", "-o OUT", "escribe el plan aprobado ahí (sin -o, a la salida estándar)", "writes the approved plan there (without -o, to standard output)"}}},
        {"compat", cmd_compat, "compat PLAN_A PLAN_B [--json]", "compat PLAN_A PLAN_B [--json]",
         "«Misma verdad»: ¿tienen los dos planes los mismos umbrales y el mismo contrato de grafo? Si no, dice qué difiere.",
         "\"Same truth\": do both plans have the same thresholds and the same graph contract? If not, says what differs.",
         {kJson},
         "Salida: 0 misma verdad, 1 distinta.", "Exit: 0 same truth, 1 different."},
        {"review", cmd_review, "review BORRADOR [--revision ARCHIVO] [--json]", "review DRAFT [--revision FILE] [--json]",
         "Revisión de un borrador: contradicciones, preguntas pendientes y si ya se puede aprobar.",
         "Reviews a draft: contradictions, pending questions and whether it can be approved yet.",
         {{"--revision ARCHIVO", "--revision FILE", "revision.json: preguntas pendientes y contradicciones aceptadas",
           "revision.json: pending questions and accepted contradictions"},
          kJson}},
        {"world", cmd_world, "world [--demo demo-a|adherencia] [--sin-topes] [-o ARCHIVO]", "world [--demo demo-a|adherencia] [--no-caps] [-o FILE]",
         "Escribe el mundo sintético de una demo, sellado: el plan de beneficios de la demo A (por defecto) o la base de conocimiento "
         "del acompañante de adherencia.",
         "Writes a demo's synthetic world, sealed: demo A's benefit plan (the default) or the adherence coach's knowledge base.",
         {{"--demo demo-a|adherencia", "--demo demo-a|adherencia", "qué mundo: demo-a (plan de beneficios) o adherencia (base de conocimiento)",
           "which world: demo-a (benefit plan) or adherencia (knowledge base)"},
          {"--sin-topes", "--no-caps", "la versión 1.0.0, sin los 6 topes (solo demo A)", "version 1.0.0, without the 6 caps (demo A only)"},
          {"-o ARCHIVO", "-o FILE", "escribe ahí (sin -o, a la salida estándar)", "writes there (without -o, to standard output)"}}},
        {"generate", cmd_generate, "generate --plan P --world W --seed S --n N [--receta estandar|humo] [--id ID] -o LOTE",
         "generate --plan P --world W --seed S --n N [--recipe standard|smoke] [--id ID] -o BATCH",
         "Lote sintético con semilla: casos con su verdad conocida. El formato del mundo elige el dominio: un plan de beneficios da "
         "casos de la demo A; una base de conocimiento, escenarios de adherencia en en, es-419 y pt-BR (N múltiplo de 3).",
         "Seeded synthetic batch: cases with their known truth. The world's format picks the domain: a benefit plan gives demo A "
         "cases; a knowledge base, adherence scenarios in en, es-419 and pt-BR (N a multiple of 3).",
         {{"--plan P", "--plan P", "plan aprobado", "approved plan"},
          {"--world W", "--world W", "plan de beneficios o base de conocimiento (de `planlang world`)",
           "benefit plan or knowledge base (from `planlang world`)"},
          {"--seed S", "--seed S", "semilla: la misma semilla da los mismos bytes", "seed: the same seed gives the same bytes"},
          {"--n N", "--n N", "número de casos, de 1 a 100000", "number of cases, 1 to 100000"},
          {"--receta estandar|humo", "--recipe standard|smoke", "estándar (mezcla 60/15/15/10; adherencia 60/25/5/15 por 105) o humo (3 casos fijos)",
           "standard (60/15/15/10 mix; adherence 60/25/5/15 per 105) or smoke (3 fixed cases; the files call them `estandar` and `humo`)"},
          {"--id ID", "--id ID", "id del lote (por defecto <semilla>-<n>)", "batch id (default <seed>-<n>)"},
          {"-o LOTE", "-o BATCH", "archivo del lote", "batch file"}}},
        {"simulate", cmd_simulate,
         "simulate --plan P --batch L --world W --variant multiagente|agente_unico [--repeat R] --date AAAA-MM-DD -o CORRIDA [--root DIR]",
         "simulate --plan P --batch B --world W --variant multi-agent|single-agent [--repeat R] --date YYYY-MM-DD -o RUNDIR [--root DIR]",
         "Corrida simulada determinista del agente de la demo A (sin modelo ni red), como carpeta completa.",
         "Deterministic simulated run of demo A's agent (no model, no network), as a complete run folder.",
         {{"--plan P", "--plan P", "plan aprobado", "approved plan"},
          {"--batch L", "--batch B", "lote (de `planlang generate`)", "batch (from `planlang generate`)"},
          {"--world W", "--world W", "plan de beneficios", "benefit plan"},
          {"--variant multiagente|agente_unico", "--variant multi-agent|single-agent", "el agente de varios nodos o la línea base de un solo agente",
           "the several-node agent or the single-agent baseline (the files call them `multiagente` and `agente_unico`)"},
          {"--repeat R", "--repeat R", "repetición R ≥ 2 para pass^k (el id de la corrida termina en -rR)",
           "repetition R ≥ 2 for pass^k (the run id ends in -rR)"},
          {"--date AAAA-MM-DD", "--date YYYY-MM-DD", "fecha de la corrida (nunca el reloj)", "the run's date (never the clock)"},
          {"-o CORRIDA", "-o RUNDIR", "carpeta de la corrida; su último componente es el id", "run folder; its last component is the run id"},
          kRoot},
         "Las rutas de plan, lote y mundo se guardan relativas a --root.", "The plan, batch and world paths are recorded relative to --root."},
        {"verify", cmd_verify,
         "verify CORRIDA [--root DIR] [--base CORRIDA] [--rep CORRIDA]... [--plan P] [--plan-del-lote P] [--plan-de-la-corrida P] [--strict] [-o SALIDA] [--json]",
         "verify RUNDIR [--root DIR] [--base RUNDIR] [--rep RUNDIR]... [--plan P] [--batch-plan P] [--run-plan P] [--strict] [-o OUTDIR] [--json]",
         "El verificador: lee plan, lote y corridas (todo o nada), mide criterios, riesgos, supuestos, contrato de grafo y brechas, da el "
         "veredicto y escribe el informe de brecha (informe.json, informe.es.md, informe.en.md).",
         "The verifier: reads plan, batch and runs (all or nothing), measures criteria, risks, assumptions, graph contract and gaps, gives the "
         "verdict and writes the gap report (informe.json, informe.es.md, informe.en.md).",
         {kRoot,
          {"--base CORRIDA", "--base RUNDIR", "la corrida de línea base de un solo agente (para el supuesto de comparación)",
           "the single-agent baseline run (for the baseline assumption)"},
          {"--rep CORRIDA", "--rep RUNDIR", "una repetición (pass^k); se puede repetir", "a repetition (pass^k); may be given more than once"},
          {"--plan P", "--plan P", "el plan contra el que se verifica (por defecto, el que nombra la corrida)",
           "the plan to verify against (default: the one the run names)"},
          {"--plan-del-lote P", "--batch-plan P", "el plan con que se generó el lote, si es otro (si no se da, se busca en <root>/plans/)",
           "the plan the batch was generated with, if another (when not given, it is looked for under <root>/plans/)"},
          {"--plan-de-la-corrida P", "--run-plan P", "el plan que ejecutó la corrida, si es otro (si no se da, se busca en <root>/plans/)",
           "the plan the run executed, if another (when not given, it is looked for under <root>/plans/)"},
          {"--strict", "--strict", "omite los complementos (nuestras adiciones)", "leaves out `complementos` (our additions)"},
          {"-o SALIDA", "-o OUTDIR", "carpeta del informe (por defecto, la de la corrida si no tiene un informe distinto)",
           "report folder (default: the run folder, unless it holds a different report)"},
          {"--json", "--json", "imprime además el informe", "also prints the report object"}},
         "Salida: 0 veredicto calculado (cualquiera), 1 entrada rechazada (se listan todos los motivos y no se escribe nada), 2 error de uso. "
         "Nunca sobrescribe un informe distinto sin -o.",
         "Exit: 0 verdict computed (whatever it is), 1 input rejected (every reason listed, nothing written), 2 usage error. "
         "Never overwrites a different report without -o."},
        {"m9", cmd_m9, "m9 CORRIDA [--root DIR]", "m9 RUNDIR [--root DIR]",
         "Suite de brechas sembradas: siembra fallas conocidas (17 en la demo A, 2 en el acompañante de adherencia) en una copia en memoria "
         "de una corrida limpia y comprueba que el verificador detecta cada una. Cada falla va al caso que cumple su papel en la corrida "
         "(en la demo A: un caso aprobado, otro que llegó a `decision`, un caso de inyección negado en la pausa), sean cuales sean sus ids.",
         "Seeded-gap suite: plants known faults (17 in demo A, 2 in the adherence coach) in an in-memory copy of a clean run and checks "
         "that the verifier catches each one. Each fault goes into the case that plays its role in the run (in demo A: an approved case, "
         "another that reached `decision`, an injection case denied at the pause), whatever their ids.",
         {kRoot},
         "El plan se busca como en verify (bajo --root/plans si el lote o la corrida se hicieron con otra versión). Ejemplo: planlang m9 "
         "synthetic/runs/demo-a/demo-a-humo-3. Salida: 0 todas detectadas y control limpio, 1 alguna sin detectar, control con fallas "
         "o corrida rechazada, 2 una corrida sin caso para algún papel.",
         "The plan is resolved as verify resolves it (under --root/plans when the batch or run was made with another version). Example: "
         "planlang m9 synthetic/runs/demo-a/demo-a-humo-3. Exit: 0 every seed caught and a clean control, 1 a seed missed, a control "
         "with failures or the run rejected, 2 a run with no case for some role."},
        {"gate", cmd_gate, "gate CORRIDA [--root DIR] [--base CORRIDA] [--rep CORRIDA]... [--declared ARCHIVO] [--json]",
         "gate RUNDIR [--root DIR] [--base RUNDIR] [--rep RUNDIR]... [--declared FILE] [--json]",
         "La puerta de CI de una corrida (nuestra): la verifica en memoria como `planlang verify` y juzga en su informe cada criterio y "
         "riesgo de seguridad (severidad ≥ 9 o control legal), cada criterio absoluto y cada criterio o riesgo de equidad (su población lee "
         "una clave de subgrupo, o compara cada caso con su par en inglés). Una barra de tasa se juzga solo en el lote completo del plan.",
         "The CI gate of a run (ours): verifies it in memory as `planlang verify` does and judges on its report every safety criterion "
         "and risk (severity ≥ 9 or legal control), every absolute criterion and every fairness criterion or risk (its population reads a "
         "subgroup key, or sets each case against its English twin). A rate bar is judged on the plan's full batch only.",
         {kRoot,
          {"--base CORRIDA", "--base RUNDIR", "la línea base de agente único", "the single-agent baseline"},
          {"--rep CORRIDA", "--rep RUNDIR", "una repetición (se puede dar varias veces)", "a repetition (may be given several times)"},
          {"--declared ARCHIVO", "--declared FILE", "los datos CHAI que declara el autor, con sus claves de subgrupo (por defecto el del plan)",
           "the author's CHAI declared facts, with their subgroup keys (default: the plan's)"},
          kJson},
         "Ejemplo: planlang gate synthetic/runs/adherencia/adherencia-315 --lang en. Salida: 0 la puerta pasa, 1 falla algún elemento "
         "(se nombra) o la corrida se rechaza, 2 error de uso.",
         "Example: planlang gate synthetic/runs/adherencia/adherencia-315 --lang en. Exit: 0 the gate passes, 1 an item fails (it is "
         "named) or the run is rejected, 2 usage error."},
        {"playground", cmd_playground, "playground CORRIDA [--root DIR] [--set U1=0.8]... [--demo ARCHIVO] [--strict] [--json]",
         "playground RUNDIR [--root DIR] [--set U1=0.8]... [--demo FILE] [--strict] [--json]",
         "Rejuega una corrida verificada con otros umbrales: qué casos cambian de camino, si cada cambio introduce o evita un error, "
         "cuántos minutos de revisor cuesta y cómo quedan los criterios y el veredicto (playground.md).",
         "Replays a verified run at other thresholds: which cases change path, whether each change introduces or avoids an error, what it "
         "costs in reviewer minutes and how the criteria and the verdict come out (playground.md).",
         {kRoot,
          {"--set U=V", "--set U=V", "juega el umbral U en V (número en su rango, o true/false); se puede repetir; los demás quedan en el plan",
           "plays threshold U at V (a number in its range, or true/false); may be repeated; the others stay at the plan's"},
          {"--demo ARCHIVO", "--demo FILE", "el manifiesto de demo (playground.md §2) si no está junto al plan como playground.json",
           "the demo manifest (playground.md §2) when it is not next to the plan as playground.json"},
          {"--strict", "--strict", "omite los complementos (nuestras adiciones)", "leaves out `complementos` (our additions)"},
          kJson},
         "Salida: 0 rejugada (también si la autocomprobación falla: el resultado lo dice), 1 corrida rechazada o sin playground, 2 error de uso.",
         "Exit: 0 replayed (also when the self-check fails: the result says so), 1 run rejected or without a playground, 2 usage error."},
        {"sweep", cmd_sweep, "sweep CORRIDA [--root DIR] [--grid U1=a:b:paso --grid U2=a:b:paso] [--set U3=3]... [--demo ARCHIVO] [--json]",
         "sweep RUNDIR [--root DIR] [--grid U1=a:b:step --grid U2=a:b:step] [--set U3=3]... [--demo FILE] [--json]",
         "Barrido (nuestro, playground.md §10.3): rejuega una corrida verificada en cada punto de una rejilla de dos umbrales numéricos y "
         "da, por punto, errores introducidos, evitados y totales, minutos de revisor y casos no observados, con el frente de Pareto de "
         "errores contra minutos y el punto del plan.",
         "Sweep (ours, playground.md §10.3): replays a verified run at every point of a grid over two numeric thresholds and gives, per "
         "point, errors introduced, avoided and in all, reviewer minutes and cases not observed, with the Pareto front of errors against "
         "minutes and the plan's point.",
         {kRoot,
          {"--grid U=a:b:paso", "--grid U=a:b:step", "un eje: el umbral numérico U de a a b con ese paso; exactamente dos, o ninguno (los dos primeros umbrales numéricos del plan en todo su rango jugable)",
           "an axis: numeric threshold U from a to b by that step; exactly two, or none (the plan's first two numeric thresholds over their whole playable range)"},
          {"--set U=V", "--set U=V", "fija otro umbral en V para todo el barrido (p. ej. U3=3, U4=true); se puede repetir; los demás quedan en el plan",
           "fixes another threshold at V for the whole sweep (e.g. U3=3, U4=true); may be repeated; the others stay at the plan's"},
          {"--demo ARCHIVO", "--demo FILE", "el manifiesto de demo (playground.md §2) si no está junto al plan como playground.json",
           "the demo manifest (playground.md §2) when it is not next to the plan as playground.json"},
          kJson},
         "Salida: 0 barrida, 1 corrida rechazada o sin playground, 2 error de uso (rejilla mal escrita, fuera de rango o de más de 100000 puntos).",
         "Exit: 0 swept, 1 run rejected or without a playground, 2 usage error (a grid badly written, out of range or above 100000 points)."},
        {"case", cmd_case, "case CORRIDA CASO [--root DIR] [--demo ARCHIVO] [--expert] [--json]",
         "case RUNDIR CASE_ID [--root DIR] [--demo FILE] [--expert] [--json]",
         "Página de un caso de una corrida verificada (site-and-cards.md §4): qué debía pasar y qué pasó, qué recibió, qué hizo paso a "
         "paso, qué entregó (con el aviso de IA comprobado contra lo ocurrido) y la pausa humana, si la hubo.",
         "The page of one case of a verified run (site-and-cards.md §4): what should have happened and what did, what it received, what "
         "it did step by step, what it delivered (with the AI notice checked against what happened) and the human pause, if any.",
         {kRoot,
          {"--demo ARCHIVO", "--demo FILE", "el manifiesto de demo (playground.md §2) si no está junto al plan como playground.json",
           "the demo manifest (playground.md §2) when it is not next to the plan as playground.json"},
          {"--expert", "--expert", "añade la tabla de aristas de cada paso, los valores de las señales y lo que recibió la persona",
           "adds each step's edge table, the signals' values and what the person received"},
          kJson},
         "Salida: 0 página escrita, 1 corrida rechazada, caso que la corrida no ejecutó o traza que no pasa las comprobaciones del lector, "
         "2 error de uso.",
         "Exit: 0 page written, 1 run rejected, a case the run did not execute or a trace that fails the reader's checks, 2 usage error."},
        {"diagram", cmd_diagram, "diagram CORRIDA [--root DIR] [--svg|--json]", "diagram RUNDIR [--root DIR] [--svg|--json]",
         "Diagrama del grafo que corrió (site-and-cards.md §3): nodos por banda, una flecha por arista condicional, por rama por defecto y "
         "por arista fija; los nodos que el contrato exige y faltan; y los recorridos distintos de los casos, con cuántos pasaron por cada "
         "nodo y flecha.",
         "Diagram of the graph a run ran (site-and-cards.md §3): nodes by band, one arrow per conditional edge, per default branch and per "
         "fixed edge; the nodes the contract requires that are missing; and the cases' distinct paths, with how many passed each node and "
         "arrow.",
         {kRoot,
          {"--svg", "--svg", "imprime el SVG (un documento para tema claro y oscuro; textos en el idioma de --lang)",
           "prints the SVG (one document for light and dark themes; texts in the --lang language)"},
          kJson},
         "Salida: 0 dibujado, 1 corrida rechazada (se listan todos los motivos), 2 error de uso.",
         "Exit: 0 drawn, 1 run rejected (every reason listed), 2 usage error."},
        {"card", cmd_card, "card CORRIDA --kind repro|chai [--schema v0.1|v0.2] [--declared ARCHIVO] [--root DIR] [-o ARCHIVO]",
         "card RUNDIR --kind repro|chai [--schema v0.1|v0.2] [--declared FILE] [--root DIR] [-o FILE]",
         "Fichas de una corrida verificada (site-and-cards.md §5, §7): la de reproducibilidad (Markdown: huellas, entorno, umbrales "
         "aplicados frente a los del plan, revisor simulado, verificador y los comandos que rehacen la corrida y el informe) o la ficha del "
         "modelo CHAI (XML del esquema v0.2 o v0.1, un archivo por idioma).",
         "Cards of a verified run (site-and-cards.md §5, §7): the reproducibility card (Markdown: fingerprints, environment, applied against "
         "plan thresholds, the simulated reviewer, the verifier and the commands that rebuild the run and the report) or the CHAI model "
         "card (XML of schema v0.2 or v0.1, one file per language).",
         {kRoot,
          {"--kind repro|chai", "--kind repro|chai", "qué ficha", "which card"},
          {"--schema v0.1|v0.2", "--schema v0.1|v0.2", "versión del esquema CHAI (v0.2 por defecto)", "CHAI schema version (default v0.2)"},
          {"--declared ARCHIVO", "--declared FILE", "los datos que declara el autor (CHAI; por defecto el del plan)",
           "the facts the author declares (CHAI; default: the plan's)"},
          {"-o ARCHIVO", "-o FILE", "escribe la ficha en ARCHIVO en lugar de la salida estándar", "writes the card to FILE instead of stdout"}},
         "Salida: 0 ficha escrita, 1 corrida rechazada o ficha que no pasa sus comprobaciones, 2 error de uso.",
         "Exit: 0 card written, 1 run rejected or a card that fails its own checks, 2 usage error."},
        {"site", cmd_site, "site --out DIR [--root DIR] [--manifest ARCHIVO] [--json]", "site --out DIR [--root DIR] [--manifest FILE] [--json]",
         "El sitio estático (site-and-cards.md): por idioma y demo, la entrada, el plan (lectura líder y experta en la misma página), "
         "el agente con su diagrama, el informe de brecha, todos los casos con su repetición paso a paso y las fichas (reproducibilidad y "
         "CHAI, también como archivos). HTML y una hoja de estilo, sin peticiones fuera del sitio.",
         "The static site (site-and-cards.md): per language and demo, the entry page, the plan (leader and expert reading on one page), "
         "the agent with its diagram, the gap report, every case with its step-by-step replay and the cards (reproducibility and CHAI, "
         "also as files). HTML and one stylesheet, no request outside the site.",
         {{"--out DIR", "--out DIR", "la carpeta donde se escribe (se crea si falta)", "the folder it writes to (created when missing)"},
          kRoot,
          {"--manifest ARCHIVO", "--manifest FILE", "qué demos y qué corrida muestra cada una (por defecto <root>/plans/sitio.json)",
           "which demos and which run each shows (default <root>/plans/sitio.json)"},
          kJson},
         "Salida: 0 sitio escrito, 1 corrida rechazada, manifiesto o catálogo ilegible, o página o ficha que no pasa sus comprobaciones (no "
         "se escribe nada), 2 error de uso.",
         "Exit: 0 site written, 1 a run rejected, a manifest or catalogue unreadable, or a page or card that fails its checks (nothing is "
         "written), 2 usage error."},
        {"bench", cmd_bench, "bench [--cases N] [--lote L] [--root DIR] [--json]", "bench [--cases N] [--round L] [--root DIR] [--json]",
         "Mide el núcleo en memoria: genera, simula y verifica N casos de la demo A en rondas; casos/s por fase y una huella de los informes "
         "que no depende de la máquina.",
         "Benchmarks the core in memory: generates, simulates and verifies N cases of demo A in rounds; cases/s per phase and a digest of the "
         "reports that does not depend on the machine.",
         {{"--cases N", "--cases N", "casos en total (10000 por defecto)", "cases in all (default 10000)"},
          {"--lote L", "--round L", "casos por ronda (10000 por defecto)", "cases per round (default 10000)"},
          kRoot, kJson}},
    };
}

const OptionHelp kLang{"--lang es|en", "--lang es|en", "idioma de los mensajes (también PLANLANG_LANG o LANG)",
                       "language of the messages (also PLANLANG_LANG or LANG)"};
const OptionHelp kHelp{"--help", "--help", "esta ayuda", "this help"};

// `text` in lines of at most `width` columns (counted in code points), the first prefixed by `first`, the
// others indented to the same column.
std::string wrapped(const std::string& first, std::string_view text, std::size_t width = 100) {
    auto columns = [](std::string_view s) {
        std::size_t n = 0;
        for (unsigned char c : s) n += (c & 0xC0) != 0x80;
        return n;
    };
    const std::string indent(columns(first), ' ');
    std::string out = first, line;
    std::size_t at = 0;
    auto flush = [&](bool last) {
        out += line + "\n";
        line.clear();
        if (!last) out += indent;
    };
    while (at < text.size()) {
        // A word ends at a space outside brackets: "[--repeat R]" stays on one line.
        std::size_t space = at;
        int depth = 0;
        while (space < text.size() && (text[space] != ' ' || depth > 0)) {
            depth += text[space] == '[' ? 1 : text[space] == ']' ? -1 : 0;
            ++space;
        }
        const std::string_view word = text.substr(at, space - at);
        if (!line.empty() && columns(indent) + columns(line) + 1 + columns(word) > width) flush(false);
        if (!line.empty()) line += ' ';
        line += word;
        at = space + 1;
    }
    flush(true);
    return out;
}

std::string padded(std::string_view s, std::size_t width) {
    std::string out(s);
    std::size_t n = 0;
    for (unsigned char c : s) n += (c & 0xC0) != 0x80;
    if (n < width) out.append(width - n, ' ');
    return out;
}

}  // namespace

const std::vector<Command>& commands() {
    static const std::vector<Command> kCommands = make_commands();
    return kCommands;
}

const Command* find_command(std::string_view name) {
    for (const Command& c : commands())
        if (c.name == name) return &c;
    return nullptr;
}

std::string usage_line(const Command& c, Lang lang) {
    return std::string(lang == Lang::en ? "usage: planlang " : "uso: planlang ") + std::string(lang == Lang::en ? c.usage_en : c.usage_es);
}

std::string overview_help(Lang lang) {
    const bool en = lang == Lang::en;
    std::string t = wrapped("", en ? "planlang — an AI agent's plan written as a contract, and a verifier with no AI that measures the gap between "
                                     "the plan and what the agent did."
                                   : "planlang — el plan de un agente de IA escrito como contrato, y un verificador sin IA que mide la brecha "
                                     "entre el plan y lo que hizo el agente.");
    t += en ? "\nCommands:\n" : "\nÓrdenes:\n";
    for (const Command& c : commands()) t += wrapped("  " + padded(c.name, 12), en ? c.summary_en : c.summary_es);
    t += en ? "\nTypical order: validate → approve → generate → simulate → verify.\n"
              "`planlang help COMMAND` or `planlang COMMAND --help` for its options.\n\n"
              "Options for every command:\n"
            : "\nOrden habitual: validate → approve → generate → simulate → verify.\n"
              "`planlang help ORDEN` o `planlang ORDEN --help` para sus opciones.\n\n"
              "Opciones de todas las órdenes:\n";
    for (const OptionHelp* o : {&kLang, &kHelp}) t += wrapped("  " + padded(en ? o->en_name : o->es_name, 12) + "  ", en ? o->en : o->es);
    t += en ? "\nExit codes: 0 success, 1 rejected input, 2 usage error.\n" : "\nCódigos de salida: 0 éxito, 1 entrada rechazada, 2 error de uso.\n";
    return t;
}

std::string command_help(const Command& c, Lang lang) {
    const bool en = lang == Lang::en;
    std::string t = wrapped(en ? "usage: planlang " : "uso: planlang ", en ? c.usage_en : c.usage_es) + "\n" +
                    wrapped("", en ? c.summary_en : c.summary_es);
    std::vector<const OptionHelp*> options;
    for (const OptionHelp& o : c.options) options.push_back(&o);
    options.push_back(&kLang);
    options.push_back(&kHelp);
    std::size_t width = 0;
    for (const OptionHelp* o : options) width = std::max(width, padded(en ? o->en_name : o->es_name, 0).size());
    t += en ? "\nOptions:\n" : "\nOpciones:\n";
    for (const OptionHelp* o : options) t += wrapped("  " + padded(en ? o->en_name : o->es_name, width) + "  ", en ? o->en : o->es);
    const std::string_view notes = en ? c.notes_en : c.notes_es;
    if (!notes.empty()) t += "\n" + wrapped("", notes);
    return t;
}

std::vector<std::string> canonical_spellings(std::vector<std::string> words) {
    static const std::pair<std::string_view, std::string_view> kNames[] = {
        {"--recipe", "--receta"}, {"--no-caps", "--sin-topes"}, {"--batch-plan", "--plan-del-lote"}, {"--run-plan", "--plan-de-la-corrida"},
        {"--round", "--lote"}};
    static const std::pair<std::string_view, std::string_view> kValues[] = {
        {"standard", "estandar"}, {"smoke", "humo"}, {"multi-agent", "multiagente"}, {"single-agent", "agente_unico"}};
    auto value_of = [](std::string& v) {
        for (const auto& [english, spanish] : kValues)
            if (v == english) v = std::string(spanish);
    };
    for (std::size_t i = 0; i < words.size(); ++i) {
        std::string& w = words[i];
        const auto eq = w.find('=');
        std::string name = w.substr(0, eq);
        for (const auto& [english, spanish] : kNames)
            if (name == english) name = std::string(spanish);
        if (name != "--receta" && name != "--variant") {
            if (eq != std::string::npos) w = name + w.substr(eq);
            else w = name;
            continue;
        }
        if (eq != std::string::npos) {
            std::string v = w.substr(eq + 1);
            value_of(v);
            w = name + "=" + v;
        } else {
            w = name;
            if (i + 1 < words.size()) value_of(words[i + 1]);
        }
    }
    return words;
}

}  // namespace planlang::cli
