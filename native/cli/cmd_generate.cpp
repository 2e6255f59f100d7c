// planlang world / generate (spec/cli.md; synthetic-and-simulation.md §1–§9, decisions.md C4–C6, F4).
#include <cstdint>
#include <string>

#include "core/json/canonical.hpp"
#include "core/json/number.hpp"
#include "core/plan/approval.hpp"
#include "core/synth/generator.hpp"
#include "core/synth/identifiers.hpp"
#include "native/cli/cli.hpp"
#include "native/cli/progress.hpp"

namespace planlang::cli {
namespace {

void print_issues(const std::string& path, const Issues& issues, Lang lang) {
    for (const Issue& i : issues) print_issue(Issue{i.code, path.empty() ? i.element : path + ": " + i.element, i.message}, lang);
}

// A decimal integer ≥ 0 with no sign, spaces or leading '+'.
bool parse_count(const std::string& s, std::int64_t& out) {
    if (s.empty() || s.size() > 12) return false;
    out = 0;
    for (char c : s) {
        if (c < '0' || c > '9') return false;
        out = out * 10 + (c - '0');
    }
    return true;
}

// The identifier validator (synthetic-and-simulation.md §8): any finding blocks publication.
bool publishable(const std::string& path, const json::Value& document, Lang lang) {
    const Issues findings = synth::scan_identifiers(document);
    print_issues(path, findings, lang);
    return findings.empty();
}

}  // namespace

int cmd_world(const std::vector<std::string>& words) {
    const Args args(words, Spec{{"--sin-topes"}, {"--demo", "-o"}});
    if (args.error()) return usage_error(*args.error());
    if (!args.positional().empty()) return usage_error({"argumento de más: " + args.positional()[0], "unexpected argument: " + args.positional()[0]});
    // --demo picks the world: demo A's benefit plan (the default) or another demo's (synth::Generator).
    const std::string demo = args.value("--demo").value_or("demo-a");
    const synth::Generator* generator = synth::generator_of_demo(demo);
    if (!generator) {
        std::string es, en;
        for (const std::string& d : synth::generator_demos()) {
            es += (es.empty() ? "" : " o ") + d;
            en += (en.empty() ? "" : " or ") + d;
        }
        return usage_error({"--demo: " + es + ": " + demo, "--demo: " + en + ": " + demo});
    }
    synth::WorldOptions options;
    options.sin_topes = args.flag("--sin-topes");
    if (const std::optional<Bilingual> refused = generator->refuses(options)) return usage_error(*refused);
    const json::Value world = generator->make_world(options);
    if (!publishable(args.value("-o").value_or("-"), world, args.lang())) return kRejected;
    const std::string bytes = json::disk_form(world);
    if (const auto out = args.value("-o")) {
        if (!write_file_atomically(*out, bytes, args.lang())) return kRejected;
        const std::string v = world.find("version") && world.find("version")->is_string() ? world.find("version")->as_string() : "?";
        const std::string h = world.find("huella") && world.find("huella")->is_string() ? short_huella(world.find("huella")->as_string()) : "?";
        print_written(generator->world_written(), *out, {"versión " + v + ", huella " + h, "version " + v + ", fingerprint " + h});
        return kOk;
    }
    write_stdout(bytes);
    return kOk;
}

int cmd_generate(const std::vector<std::string>& words) {
    const Args args(words, Spec{{}, {"--plan", "--world", "--seed", "--n", "--receta", "--id", "-o"}});
    if (args.error()) return usage_error(*args.error());
    const auto plan_path = args.value("--plan");
    const auto world_path = args.value("--world");
    const auto seed = args.value("--seed");
    const auto n_text = args.value("--n");
    const auto out = args.value("-o");
    if (!args.positional().empty()) return usage_error({"argumento de más: " + args.positional()[0], "unexpected argument: " + args.positional()[0]});
    for (const auto& [given, name] : {std::pair{bool(plan_path), "--plan"}, {bool(world_path), "--world"}, {bool(seed), "--seed"},
                                      {bool(n_text), "--n"}, {bool(out), "-o"}})
        if (!given) return usage_error({std::string("falta ") + name, std::string(name) + " is missing"});
    synth::GenerateOptions options;
    options.semilla = *seed;
    if (!parse_count(*n_text, options.n) || options.n < 1 || options.n > synth::kMaxCases)
        return usage_error({"--n: un entero de 1 a " + std::to_string(synth::kMaxCases) + ": " + *n_text,
                            "--n: an integer from 1 to " + std::to_string(synth::kMaxCases) + ": " + *n_text});
    const std::string receta = args.value("--receta").value_or("estandar");
    if (receta == "humo") options.receta = synth::Recipe::humo;
    else if (receta != "estandar") return usage_error({"--receta: estandar o humo: " + receta, "--recipe: standard or smoke: " + receta});
    options.id = args.value("--id");
    const Lang lang = args.lang();

    const auto plan_document = read_json_file(*plan_path, lang);
    if (!plan_document) return kRejected;
    const plan::LoadResult loaded = plan::load_for_verification(*plan_document);
    if (!loaded.ok) {
        print_issues(*plan_path, loaded.motivos, lang);
        return kRejected;
    }
    const auto world_document = read_json_file(*world_path, lang);
    if (!world_document) return kRejected;
    // The plan's domain says which generator runs (synth::Generator, registered in core/domains).
    const synth::Generator* generator = synth::find_generator(loaded.plan->dominio_id);
    if (!generator) {
        print_issues(*plan_path,
                     {Issue{"PLAN_INCOMPATIBLE", "dominio_id",
                            {"no hay generador sintético para el dominio «" + loaded.plan->dominio_id + "»",
                             "there is no synthetic generator for the domain “" + loaded.plan->dominio_id + "”"}}},
                     lang);
        return kRejected;
    }
    if (const std::optional<Issue> mismatch = synth::world_of_another_domain(*loaded.plan, *world_document)) {
        print_issues("", {*mismatch}, lang);
        return kRejected;
    }
    Issues world_issues;
    const std::shared_ptr<const synth::GeneratorWorld> world = generator->read_world(*world_document, world_issues);
    if (!world) {
        print_issues(*world_path, world_issues, lang);
        return kRejected;
    }
    synth::BatchResult batch;
    {
        Progress bar("generate", options.receta == synth::Recipe::humo ? 3 : static_cast<std::uint64_t>(options.n));
        batch = generator->generate(*loaded.plan, loaded.huella, *world, options, [&](std::size_t) { bar.step(); });
    }
    if (!batch.ok) {
        print_issues("", batch.issues, lang);
        return kRejected;
    }
    const json::Value generated = std::move(batch.batch);
    if (!publishable(*out, generated, lang)) return kRejected;
    if (!write_file_atomically(*out, json::disk_form(generated), lang)) return kRejected;
    auto text = [&](const char* key) {
        const json::Value* v = generated.find(key);
        return v && v->is_string() ? v->as_string() : v && v->is_number() ? json::format_number(v->as_number()) : std::string("?");
    };
    print_written({"lote escrito", "batch written"}, *out,
                  {"id `" + text("id") + "`, " + text("n") + " casos, semilla `" + text("semilla") + "`, huella " + short_huella(text("huella")),
                   "id `" + text("id") + "`, " + text("n") + " cases, seed `" + text("semilla") + "`, fingerprint " + short_huella(text("huella"))});
    return kOk;
}

}  // namespace planlang::cli
