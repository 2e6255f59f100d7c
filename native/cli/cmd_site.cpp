// planlang site (spec/cli.md; site-and-cards.md; core/site/site.hpp).
//
//   planlang site --out DIR [--root DIR] [--manifest FILE] [--json]
//
// Reads the site's manifest (default <root>/plans/sitio.json: which demos, which run each shows, the CHAI
// declared facts), the app's catalogues (<root>/lang/es.json, en.json), loads every demo's run through the
// all-or-nothing reader as `case` and `playground` do, builds the pages in memory and only then writes them
// under DIR, each file atomically. Nothing is written when any page or card fails its checks.
// Exit 0 site written; 1 a run rejected, a manifest or catalogue unreadable, or a page or card refused (every
// reason on stderr); 2 usage error.
#include <memory>
#include <string>
#include <vector>

#include "core/json/canonical.hpp"
#include "core/json/object_builder.hpp"
#include "core/run/reader.hpp"
#include "core/site/site.hpp"
#include "native/cli/cli.hpp"
#include "native/cli/playground_load.hpp"
#include "native/cli/whole_file.hpp"

namespace planlang::cli {

namespace {

std::string parent_of(const std::string& path) {
    const std::size_t slash = path.find_last_of('/');
    return slash == std::string::npos ? std::string() : path.substr(0, slash);
}

std::optional<std::string> manifest_text(const json::Value& v, const char* key, const std::string& where, Lang lang) {
    const json::Value* m = v.is_object() ? v.find(key) : nullptr;
    if (m && m->is_string() && !m->as_string().empty()) return m->as_string();
    print_issue({"SITIO_MANIFIESTO", where + "." + key, {"falta o está vacío", "missing or empty"}}, lang);
    return std::nullopt;
}

}  // namespace

int cmd_site(const std::vector<std::string>& words) {
    const Args args(words, Spec{{"--json"}, {"--out", "--root", "--manifest"}});
    if (args.error()) return usage_error(*args.error());
    if (!args.positional().empty()) return usage_error({"site no lleva argumentos sueltos", "site takes no positional argument"});
    const std::optional<std::string> out = args.value("--out");
    if (!out) return usage_error({"falta --out DIR", "--out DIR is missing"});
    const Lang lang = args.lang();
    const std::string root = args.value("--root").value_or("");
    const std::string manifest_path = args.value("--manifest").value_or(run::join(root, "plans/sitio.json"));

    site::SiteInputs inputs;
    inputs.root = root;
    const std::optional<json::Value> manifest = read_json_file(manifest_path, lang);
    const std::optional<json::Value> es = read_json_file(run::join(root, "lang/es.json"), lang);
    const std::optional<json::Value> en = read_json_file(run::join(root, "lang/en.json"), lang);
    if (!manifest || !es || !en) return kRejected;
    inputs.catalogue_es = *es;
    inputs.catalogue_en = *en;
    const json::Value* formato = manifest->is_object() ? manifest->find("formato") : nullptr;
    const json::Value* demos = manifest->is_object() ? manifest->find("demos") : nullptr;
    if (!formato || !formato->is_string() || formato->as_string() != "planlang-sitio/v1" || !demos || !demos->is_array() || demos->as_array().empty()) {
        print_issue({"SITIO_MANIFIESTO", manifest_path,
                     {"se espera {\"formato\": \"planlang-sitio/v1\", \"demos\": [{\"id\", \"corrida\", \"ficha_chai_declarada\"}, …]}",
                      "expected {\"formato\": \"planlang-sitio/v1\", \"demos\": [{\"id\", \"corrida\", \"ficha_chai_declarada\"}, …]}"}},
                    lang);
        return kRejected;
    }
    std::vector<std::unique_ptr<playground::Loaded>> runs;
    for (std::size_t i = 0; i < demos->as_array().size(); ++i) {
        const json::Value& d = demos->as_array()[i];
        const std::string where = "$.demos[" + std::to_string(i) + "]";
        const auto id = manifest_text(d, "id", where, lang);
        const auto corrida = manifest_text(d, "corrida", where, lang);
        const auto declared_path = manifest_text(d, "ficha_chai_declarada", where, lang);
        if (!id || !corrida || !declared_path) return kRejected;
        const std::optional<json::Value> declared = read_json_file(run::join(root, *declared_path), lang);
        if (!declared) return kRejected;
        runs.push_back(std::make_unique<playground::Loaded>());
        if (int code = load_playground(run::join(root, *corrida), args.value("--root"), std::nullopt, lang, *runs.back())) return code;
        inputs.demos.push_back({*id, *corrida, runs.back().get(), *declared});
    }
    inputs.files = [](const std::string& path) { return read_whole_file(path); };

    const site::Site site = site::build_site(inputs);
    if (!site.ok) {
        for (const Issue& i : site.problemas) print_issue(i, lang);
        return kRejected;
    }
    std::size_t bytes = 0, pages = 0;
    for (const site::SiteFile& f : site.files) {
        const std::string path = run::join(*out, f.path);
        if (!make_directories(parent_of(path)) || !write_file_atomically(path, f.bytes, lang)) return kRejected;
        bytes += f.bytes.size();
        if (f.path.size() > 5 && f.path.compare(f.path.size() - 5, 5, ".html") == 0) ++pages;
    }
    if (args.flag("--json")) {
        write_stdout(json::disk_form(json::ObjectBuilder(3)
                                         .add("archivos", static_cast<double>(site.files.size()))
                                         .add("bytes", static_cast<double>(bytes))
                                         .add("paginas", static_cast<double>(pages))
                                         .done()));
    } else {
        print_written({"sitio", "site"}, *out,
                      {std::to_string(pages) + " páginas, " + std::to_string(site.files.size()) + " archivos, " + std::to_string(bytes) + " bytes",
                       std::to_string(pages) + " pages, " + std::to_string(site.files.size()) + " files, " + std::to_string(bytes) + " bytes"});
    }
    return kOk;
}

}  // namespace planlang::cli
