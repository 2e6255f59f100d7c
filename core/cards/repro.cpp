// The reproducibility card (repro.hpp; site-and-cards.md §5).
// [SECTION] reading helpers · [SECTION] rows · [SECTION] thresholds · [SECTION] commands · [SECTION] entry point
// Renderings (Markdown, JSON, HTML) are in repro_render.cpp.
#include "core/cards/repro.hpp"

#include <cctype>
#include <utility>

#include "core/json/canonical.hpp"
#include "core/json/number.hpp"
#include "core/json/reader.hpp"
#include "core/report/numbers.hpp"

namespace planlang::cards {

const Bilingual kReproLabel{"Simulación · no operativo · datos sintéticos", "Simulation · not operational · synthetic data"};

const ReproHeadings kReproHeadings{
    {"Todo lo necesario para rehacer esta corrida y su informe y comprobar que salen iguales: qué versiones, con qué huellas, con qué "
     "umbrales y con qué verificador.",
     "Everything needed to rebuild this run and its report and check they come out the same: which versions, with which fingerprints, "
     "with which thresholds and with which verifier."},
    {"Qué", "What"},
    {"Id", "Id"},
    {"Versión", "Version"},
    {"Huella", "Fingerprint"},
    {"Detalle", "Detail"},
    {"Fuente", "Source"},
    {"Umbrales aplicados frente a los del plan", "Applied thresholds against the plan's"},
    {"Umbral", "Threshold"},
    {"Del plan", "In the plan"},
    {"Aplicado", "Applied"},
    {"= igual", "= same"},
    {"≠ distinto", "≠ differs"},
    {"Cómo repetirlo", "How to repeat it"},
};

namespace {

using json::Value;
using json::array_items;
using json::member_or_null;

// ---------------------------------------------------------------------------------------------- [SECTION] reading helpers

const Value& get(const Value& v, std::string_view key) { return member_or_null(v, key); }

std::string str(const Value& v, std::string_view key) {
    const Value& x = get(v, key);
    return x.is_string() ? x.as_string() : std::string();
}

// A count as the report writes it (integers plain); a missing count reads "—".
std::string count(const Value& v, report::Lang lang) {
    if (!v.is_number()) return "—";
    return report::num_corto(v.as_number(), 4, lang);
}

std::string cat(std::initializer_list<std::string> parts) {
    std::string out;
    for (const std::string& p : parts) out += p;
    return out;
}

// The words for the format's codes this card shows (the report's vocabulary, traces-and-verifier.md §2).
Bilingual code_word(const std::string& code) {
    if (code == "multiagente") return {"multiagente", "multi-agent"};
    if (code == "agente_unico") return {"agente único", "single agent"};
    if (code == "simulado") return {"simulado", "simulated"};
    if (code == "estandar") return {"estándar", "standard"};
    if (code == "humo") return {"humo", "smoke"};
    return {code, code};
}

// A threshold value as the report shows it (numCorto(x, 4), decimal comma in Spanish; booleans yes/no).
std::string threshold_value(const Value& v, report::Lang lang) {
    if (v.is_bool()) return v.as_bool() ? (lang == report::Lang::es ? "sí" : "yes") : "no";
    if (v.is_number()) return report::num_corto(v.as_number(), 4, lang);
    if (v.is_null()) return "—";
    return json::canonical(v);
}

// ---------------------------------------------------------------------------------------------- [SECTION] rows

ReproRow row(std::string key, Bilingual what, std::string id, std::string version, std::string huella, Bilingual detail, std::string source) {
    return ReproRow{std::move(key), std::move(what), std::move(id), std::move(version), std::move(huella), std::move(detail), std::move(source)};
}

const std::string kFicha = "informe.json · ficha_reproducibilidad.";

void plan_rows(ReproCard& card, const Value& f) {
    const Value& plan = get(f, "plan");
    const std::string plan_huella = str(plan, "huella");
    card.rows.push_back(row("plan_verificado", {"Plan verificado", "Plan verified"}, str(plan, "id"), str(plan, "version"), plan_huella,
                            {"archivo " + str(plan, "archivo") + ": el plan sobre el que el informe da su veredicto",
                             "file " + str(plan, "archivo") + ": the plan the report's verdict is about"},
                            kFicha + "plan"));
    const Value& ran = get(get(f, "corrida"), "plan_de_ejecucion");
    if (!ran.is_object())
        card.rows.push_back(row("plan_ejecutado", {"Plan con que corrió", "Plan the run ran"}, "", "", "",
                                {"el informe no registra con qué plan corrió la corrida", "the report does not record which plan the run ran"},
                                kFicha + "corrida.plan_de_ejecucion"));
    else if (str(ran, "huella") == plan_huella)
        card.rows.push_back(row("plan_ejecutado", {"Plan con que corrió", "Plan the run ran"}, str(plan, "id"), str(ran, "version"), str(ran, "huella"),
                                {"el mismo plan verificado", "the verified plan itself"}, kFicha + "corrida.plan_de_ejecucion"));
    else
        card.rows.push_back(row("plan_ejecutado", {"Plan con que corrió", "Plan the run ran"}, "", str(ran, "version"), str(ran, "huella"),
                                {"otro plan, que el verificador aceptó como de la misma verdad (mismos umbrales y contrato de grafo)",
                                 "another plan, which the verifier accepted as the same truth (same thresholds and graph contract)"},
                                kFicha + "corrida.plan_de_ejecucion"));
}

void batch_row(ReproCard& card, const playground::Loaded& loaded, const Value& f) {
    const Value& casos = get(f, "casos");
    const Value& gen = get(casos, "plan_de_generacion");
    const bool same_plan = str(gen, "huella") == str(get(f, "plan"), "huella");
    const Value batch_doc = loaded.entradas ? loaded.entradas->batch.document : Value();
    const Bilingual receta = code_word(str(batch_doc, "receta"));
    const std::string generator = str(batch_doc, "version_generador");
    auto part = [](const std::string& label, const std::string& value) { return value.empty() ? std::string() : " · " + label + " " + value; };
    Bilingual detail{
        cat({"semilla «", str(casos, "semilla"), "» · ", count(get(casos, "n_lote"), report::Lang::es), " casos", part("receta", receta.es),
             part("generador", generator), " · generado con el plan v", str(gen, "version"), same_plan ? " (el verificado)" : " (otro plan)",
             " · archivo ", str(casos, "archivo")}),
        cat({"seed \"", str(casos, "semilla"), "\" · ", count(get(casos, "n_lote"), report::Lang::en), " cases", part("recipe", receta.en),
             part("generator", generator), " · generated with plan v", str(gen, "version"), same_plan ? " (the verified one)" : " (another plan)",
             " · file ", str(casos, "archivo")})};
    card.rows.push_back(row("lote", {"Lote de casos", "Case batch"}, str(casos, "id"), "", str(casos, "huella"), std::move(detail),
                            kFicha + "casos; " + str(casos, "archivo") + " · receta, version_generador"));
}

void run_rows(ReproCard& card, const Value& f) {
    const Value& corrida = get(f, "corrida");
    const Bilingual provider = code_word(str(corrida, "proveedor")), model = code_word(str(corrida, "modelo")),
                    variant = code_word(str(corrida, "variante"));
    card.rows.push_back(row("corrida", {"Corrida", "Run"}, str(corrida, "id"), "", str(corrida, "huella"),
                            {cat({str(corrida, "fecha"), " · proveedor ", provider.es, " · modelo ", model.es, " · variante ", variant.es}),
                             cat({str(corrida, "fecha"), " · provider ", provider.en, " · model ", model.en, " · variant ", variant.en})},
                            kFicha + "corrida"));
    card.rows.push_back(row("grafo", {"Grafo compilado", "Compiled graph"}, "", "", str(corrida, "version_grafo"),
                            {"la huella de grafo.json, el grafo que corrió (version_grafo)", "the fingerprint of grafo.json, the graph that ran (version_grafo)"},
                            kFicha + "corrida.version_grafo"));
    const json::Array& reps = array_items(get(f, "repeticiones"));
    if (reps.empty())
        card.rows.push_back(row("repeticiones", {"Repeticiones", "Repetitions"}, "", "", "",
                                {"ninguna: el informe se hizo sin repeticiones (pass^k no se midió sobre repeticiones)",
                                 "none: the report was made without repetitions (pass^k was not measured over repetitions)"},
                                kFicha + "repeticiones"));
    for (const Value& r : reps)
        card.rows.push_back(row("repeticion", {"Repetición", "Repetition"}, str(r, "corrida_id"), "", str(r, "huella"),
                                {"la misma corrida otra vez, con los parámetros de simulación sorteados de nuevo, para pass^k",
                                 "the same run again, with the simulation parameters drawn anew, for pass^k"},
                                kFicha + "repeticiones"));
    const Value& base = get(f, "linea_base");
    if (base.is_object())
        card.rows.push_back(row("linea_base", {"Línea base", "Baseline"}, str(base, "corrida_id"), "", str(base, "huella"),
                                {"el agente único sobre el mismo lote, para comparar", "the single agent on the same batch, for comparison"},
                                kFicha + "linea_base"));
    else
        card.rows.push_back(row("linea_base", {"Línea base", "Baseline"}, "", "", "",
                                {"ninguna: el informe se hizo sin línea base", "none: the report was made without a baseline"}, kFicha + "linea_base"));
}

// Only what the run and the report record: never the machine building the card (repro.hpp).
void environment_row(ReproCard& card, const Value& report, const Value& manifest, const Value* entorno) {
    const Value& v = get(get(report, "ficha_reproducibilidad"), "verificador");
    const Bilingual provider = code_word(str(manifest, "proveedor")), model = code_word(str(manifest, "modelo"));
    Bilingual detail{cat({"verificador ", str(v, "version"), " · proveedor ", provider.es, ", modelo ", model.es, " · "}),
                     cat({"verifier ", str(v, "version"), " · provider ", provider.en, ", model ", model.en, " · "})};
    std::string source = "informe.json · ficha_reproducibilidad.verificador.version; corrida.json · proveedor, modelo";
    if (entorno && entorno->is_object()) {
        std::string recorded;
        for (const json::Member& m : entorno->as_object())
            recorded += (recorded.empty() ? "" : ", ") + m.key + " = " + (m.value.is_string() ? m.value.as_string() : json::canonical(m.value));
        detail.es += "entorno registrado por la corrida (entorno.json, sin huella): " + (recorded.empty() ? std::string("vacío") : recorded);
        detail.en += "environment the run recorded (entorno.json, no fingerprint): " + (recorded.empty() ? std::string("empty") : recorded);
        source += "; entorno.json";
    } else if (card.simulated) {
        detail.es += "corrida simulada: el agente simulado determinista no usa modelo ni red y no deja entorno.json; las mismas entradas dan los "
                     "mismos bytes en cualquier máquina";
        detail.en += "simulated run: the deterministic simulated agent uses no model and no network and leaves no entorno.json; the same "
                     "inputs give the same bytes on any machine";
    } else {
        detail.es += "la corrida no registró su entorno (no hay entorno.json en su carpeta)";
        detail.en += "the run did not record its environment (there is no entorno.json in its folder)";
    }
    card.rows.push_back(row("entorno", {"Entorno", "Environment"}, "", "", "", std::move(detail), std::move(source)));
}

void execution_row(ReproCard& card, const Value& f) {
    const Value& c = get(f, "corrida");
    auto es = [&](const char* k) { return count(get(c, k), report::Lang::es); };
    auto en = [&](const char* k) { return count(get(c, k), report::Lang::en); };
    card.rows.push_back(row("ejecucion", {"Ejecución", "Execution"}, "", "", "",
                            {cat({"sesiones: ", es("sesiones"), " · casos ejecutados: ", es("casos_ejecutados"), " · casos con error: ",
                                  es("casos_con_error"), " · límites alcanzados: ", es("limites_alcanzados")}),
                             cat({"sessions: ", en("sesiones"), " · cases executed: ", en("casos_ejecutados"), " · cases with an error: ",
                                  en("casos_con_error"), " · limits reached: ", en("limites_alcanzados")})},
                            kFicha + "corrida.sesiones, casos_ejecutados, casos_con_error, limites_alcanzados"));
}

void reviewer_and_verifier_rows(ReproCard& card, const Value& report, const Value& f) {
    const Value& reviewer = get(f, "revisor_simulado");
    Bilingual policy{str(reviewer, "es"), str(reviewer, "en")};
    if (policy.es.empty() && policy.en.empty()) policy = {"el informe no registra la política del revisor simulado", "the report records no simulated reviewer policy"};
    card.rows.push_back(row("revisor", {"Revisor simulado", "Simulated reviewer"}, "", "", "", std::move(policy), kFicha + "revisor_simulado"));
    const Value& v = get(f, "verificador");
    card.verifier_version = str(v, "version");
    card.report_format = str(v, "formato");
    card.report_huella = str(report, "huella");
    card.rows.push_back(row("verificador", {"Verificador", "Verifier"}, card.verifier_version, card.report_format, "",
                            {"la versión del verificador y el formato del informe que escribió", "the verifier's version and the format of the report it wrote"},
                            kFicha + "verificador"));
    card.rows.push_back(row("informe", {"Informe", "Report"}, str(report, "corrida_id"), "", card.report_huella,
                            {"informe.json de la corrida; sus versiones en Markdown (informe.es.md, informe.en.md) salen de él",
                             "the run's informe.json; its Markdown versions (informe.es.md, informe.en.md) come from it"},
                            "informe.json · huella"));
}

// ---------------------------------------------------------------------------------------------- [SECTION] thresholds

void thresholds(ReproCard& card, const Value& f) {
    const Value &planned = get(f, "umbrales_del_plan"), &applied = get(f, "umbrales_aplicados");
    std::vector<std::string> differ;
    auto add = [&](const std::string& id, const Value& p, const Value& a) {
        ThresholdRow t;
        t.id = id;
        t.in_plan = p;
        t.applied = a;
        t.differs = !(p == a);
        t.applied_text = {threshold_value(a, report::Lang::es), threshold_value(a, report::Lang::en)};
        t.in_plan_text = {threshold_value(p, report::Lang::es), threshold_value(p, report::Lang::en)};
        if (t.differs) differ.push_back(id);
        card.thresholds.push_back(std::move(t));
    };
    if (planned.is_object())
        for (const json::Member& m : planned.as_object()) add(m.key, m.value, get(applied, m.key));
    if (applied.is_object())
        for (const json::Member& m : applied.as_object())
            if (!planned.is_object() || !planned.find(m.key)) add(m.key, Value(), m.value);
    card.thresholds_differ = !differ.empty();
    if (card.thresholds.empty()) {
        card.thresholds_note = {"el informe no registra umbrales", "the report records no thresholds"};
    } else if (differ.empty()) {
        card.thresholds_note = {"La corrida aplicó exactamente los umbrales del plan.", "The run applied exactly the plan's thresholds."};
    } else {
        std::string ids;
        for (const std::string& id : differ) ids += (ids.empty() ? "" : ", ") + id;
        card.thresholds_note = {"La corrida no aplicó los umbrales del plan en " + ids + ": el contrato lo señala como hallazgo bloqueante.",
                                "The run did not apply the plan's thresholds for " + ids + ": the contract reports it as a blocking finding."};
    }
}

// ---------------------------------------------------------------------------------------------- [SECTION] commands

// A POSIX shell word: single-quoted when it holds anything but plain path characters.
std::string shell_word(const std::string& s) {
    if (s.empty()) return "''";
    for (char c : s)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '/' || c == '.' || c == '-' || c == '_' || c == '=' || c == ':' || c == ',')) {
            std::string q = "'";
            for (char d : s) q += d == '\'' ? std::string("'\\''") : std::string(1, d);
            return q + "'";
        }
    return s;
}

// A number as a command word: ECMAScript's shortest form (20, not 20.0).
std::string number_word(const Value& v) { return v.is_number() ? json::format_number(v.as_number()) : std::string(); }

ReproCommand command(std::string step, Bilingual what, std::vector<std::string> words) {
    std::string line = "planlang";
    for (const std::string& w : words) line += " " + shell_word(w);
    return ReproCommand{std::move(step), std::move(what), std::move(words), std::move(line)};
}

// "synthetic/runs/demo-a/demo-a-20" → "synthetic/runs/demo-a/<id>": repetitions and baselines are the run
// folder's siblings named by their run id (traces-and-verifier.md §1).
std::string sibling(const std::string& folder, const std::string& id) {
    const std::size_t slash = folder.find_last_of('/');
    return slash == std::string::npos ? id : folder.substr(0, slash + 1) + id;
}

// decisions.md C2: repetition R of run X is named "X-r<R>". nullopt when the id does not end so.
std::optional<std::string> repetition_number(const std::string& id, const std::string& main_id) {
    const std::string prefix = main_id + "-r";
    if (id.size() <= prefix.size() || id.compare(0, prefix.size(), prefix) != 0) return std::nullopt;
    const std::string r = id.substr(prefix.size());
    for (char c : r)
        if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
    return r;
}

void commands(ReproCard& card, const playground::Loaded& loaded, const Value& report, const Value& manifest) {
    const Value& f = get(report, "ficha_reproducibilidad");
    const Value &casos = get(f, "casos"), &corrida = get(f, "corrida");
    const std::string verified_plan = str(get(f, "plan"), "archivo");
    const std::string manifest_plan = str(get(manifest, "plan"), "archivo");
    const std::string run_plan = manifest_plan.empty() ? verified_plan : manifest_plan;
    // The batch was generated with the plan its own `plan` member names (plan_de_generacion): the run's or the
    // verified plan's file when the fingerprint is theirs, else the one the reader found for it.
    const std::string gen_huella = str(get(casos, "plan_de_generacion"), "huella");
    std::string batch_plan = run_plan;
    if (gen_huella == str(get(f, "plan"), "huella")) batch_plan = verified_plan;
    else if (gen_huella != str(get(corrida, "plan_de_ejecucion"), "huella") && loaded.entradas && loaded.entradas->plan_del_lote)
        batch_plan = loaded.entradas->plan_del_lote->archivo;
    std::string world;
    if (loaded.entradas && loaded.entradas->world) world = loaded.entradas->world->archivo;
    const std::string batch = str(casos, "archivo"), folder = card.run_folder, date = str(corrida, "fecha"), variant = str(corrida, "variante");
    const std::string batch_doc_receta = loaded.entradas ? str(loaded.entradas->batch.document, "receta") : std::string();
    std::vector<Bilingual> notes;

    card.commands.push_back(command("validar", {"validar el plan", "validate the plan"}, {"validate", verified_plan}));
    card.commands.push_back(command("comprobar", {"comprobar que el plan está aprobado y que su huella coincide", "check that the plan is approved and its fingerprint matches"},
                                    {"check", verified_plan}));
    std::vector<std::string> generate = {"generate", "--plan", batch_plan};
    if (!world.empty()) generate.insert(generate.end(), {"--world", world});
    generate.insert(generate.end(), {"--seed", str(casos, "semilla"), "--n", number_word(get(casos, "n_lote"))});
    if (!batch_doc_receta.empty() && batch_doc_receta != "estandar") generate.insert(generate.end(), {"--receta", batch_doc_receta});
    generate.insert(generate.end(), {"--id", str(casos, "id"), "-o", batch});
    card.commands.push_back(command("generar", {"generar el lote de casos sintéticos", "generate the synthetic case batch"}, std::move(generate)));

    std::vector<std::string> simulate = {"simulate", "--plan", run_plan, "--batch", batch};
    if (!world.empty()) simulate.insert(simulate.end(), {"--world", world});
    auto simulated_run = [&](const std::string& run_variant, std::optional<std::string> repeat, const std::string& out) {
        std::vector<std::string> w = simulate;
        w.insert(w.end(), {"--variant", run_variant});
        if (repeat) w.insert(w.end(), {"--repeat", *repeat});
        w.insert(w.end(), {"--date", date, "-o", out});
        return w;
    };
    std::vector<std::string> verify = {"verify", folder};
    if (card.simulated)
        card.commands.push_back(command("simular", {"correr el agente simulado", "run the simulated agent"}, simulated_run(variant, std::nullopt, folder)));
    for (const Value& rep : array_items(get(f, "repeticiones"))) {
        const std::string id = str(rep, "corrida_id");
        const std::optional<std::string> r = repetition_number(id, card.corrida_id);
        if (card.simulated && r)
            card.commands.push_back(command("repeticion", {"correr la repetición " + *r, "run repetition " + *r},
                                            simulated_run(variant, r, sibling(folder, id))));
        else if (card.simulated)
            notes.push_back({"La repetición " + id + " no se llama «" + card.corrida_id + "-r<R>»: no hay orden que la rehaga; se verifica como está.",
                             "Repetition " + id + " is not named \"" + card.corrida_id + "-r<R>\": no command rebuilds it; it is verified as it is."});
        verify.insert(verify.end(), {"--rep", sibling(folder, id)});
    }
    const Value& base = get(f, "linea_base");
    if (base.is_object()) {
        const std::string id = str(base, "corrida_id");
        const auto& contract = loaded.entradas ? loaded.entradas->plan.plan.contrato_de_grafo.linea_base : std::nullopt;
        const std::string base_variant = contract && contract->agente_unico ? "agente_unico" : variant;
        if (card.simulated)
            card.commands.push_back(command("linea_base", {"correr la línea base", "run the baseline"}, simulated_run(base_variant, std::nullopt, sibling(folder, id))));
        verify.insert(verify.end(), {"--base", sibling(folder, id)});
    }
    if (run_plan != verified_plan) verify.insert(verify.end(), {"--plan", verified_plan});
    if (!report.find("complementos")) verify.push_back("--strict");  // the report was written without additions
    card.commands.push_back(command("verificar", {"verificar las trazas y escribir el informe", "verify the traces and write the report"}, std::move(verify)));
    const std::string informe = folder.empty() ? std::string("informe.json") : folder + "/informe.json";
    card.commands.push_back(command("huella", {"imprimir la huella del informe y comprobar la declarada", "print the report's fingerprint and check the declared one"},
                                    {"fingerprint", informe, "--check"}));

    card.commands_note = card.simulated
                             ? Bilingual{"Desde la raíz del repositorio, con el binario planlang y los archivos que nombra el manifiesto (plan, mundo). Las "
                                         "repeticiones y la línea base se rehacen con la fecha de la corrida principal: el informe solo registra su id y su huella.",
                                         "From the repository root, with the planlang binary and the files the manifest names (plan, world). Repetitions "
                                         "and baseline are rebuilt with the main run's date: the report records only their id and fingerprint."}
                             : Bilingual{"Desde la raíz del repositorio. La corrida es real (proveedor " + str(manifest, "proveedor") +
                                             "): no se puede volver a correr byte a byte; las órdenes rehacen el lote y vuelven a verificar las carpetas tal como están.",
                                         "From the repository root. The run is real (provider " + str(manifest, "proveedor") +
                                             "): it cannot be run again byte for byte; the commands rebuild the batch and verify the folders as they are."};
    for (const Bilingual& n : notes) {
        card.commands_note.es += " " + n.es;
        card.commands_note.en += " " + n.en;
    }
    card.byte_identical = {"El informe sale byte a byte igual: " + informe + ", informe.es.md e informe.en.md vuelven a ser los mismos, y la última orden imprime la huella " +
                               card.report_huella + ".",
                           "The report comes out byte-identical: " + informe + ", informe.es.md and informe.en.md are the same again, and the last command prints the fingerprint " +
                               card.report_huella + "."};
}

}  // namespace

// ---------------------------------------------------------------------------------------------- [SECTION] entry point

ReproCard build_repro_card(const playground::Loaded& loaded, const std::string& run_folder, const json::Value* entorno) {
    ReproCard card;
    card.run_folder = run_folder;
    static const Value kNone;
    const Value& report = loaded.compacto ? loaded.compacto->informe : kNone;
    const Value& manifest = loaded.corrida ? loaded.corrida->manifest : kNone;
    const Value& f = get(report, "ficha_reproducibilidad");
    card.corrida_id = str(report, "corrida_id");
    if (card.corrida_id.empty() && loaded.corrida) card.corrida_id = loaded.corrida->corrida_id;
    card.title = {"Ficha de reproducibilidad — corrida " + card.corrida_id, "Reproducibility card — run " + card.corrida_id};
    card.simulated = str(manifest, "proveedor") == "simulado";
    plan_rows(card, f);
    batch_row(card, loaded, f);
    run_rows(card, f);
    environment_row(card, report, manifest, entorno);
    execution_row(card, f);
    thresholds(card, f);
    reviewer_and_verifier_rows(card, report, f);
    commands(card, loaded, report, manifest);
    return card;
}

RecordedEnvironment read_environment(const std::optional<std::string_view>& bytes, const std::string& path) {
    RecordedEnvironment out;
    if (!bytes) return out;
    json::ReadResult read = json::read(*bytes);
    if (read.ok()) out.valor = std::move(read.value);
    else out.problema = Issue{read.error->code, path + ": " + read.error->element, read.error->message};
    return out;
}

}  // namespace planlang::cards
