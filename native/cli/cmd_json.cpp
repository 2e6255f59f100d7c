// planlang canon / planlang fingerprint (spec/cli.md; plan-format.md §15).
#include "core/json/canonical.hpp"
#include "core/json/fingerprint.hpp"
#include "native/cli/cli.hpp"

namespace planlang::cli {

int cmd_canon(const std::vector<std::string>& words) {
    const Args args(words, Spec{{"--rfc8785"}, {}});
    if (args.error()) return usage_error(*args.error());
    if (args.positional().size() != 1) return usage_error({"se espera un ARCHIVO", "one FILE is expected"});
    const auto value = read_json_file(args.positional()[0], args.lang());
    if (!value) return kRejected;
    write_stdout(json::canonical(*value, args.flag("--rfc8785") ? json::Canon::rfc8785 : json::Canon::planlang));
    return kOk;
}

int cmd_fingerprint(const std::vector<std::string>& words) {
    const Args args(words, Spec{{"--check", "--json"}, {}});
    if (args.error()) return usage_error(*args.error());
    if (args.positional().size() != 1) return usage_error({"se espera un ARCHIVO", "one FILE is expected"});
    const std::string& path = args.positional()[0];
    const auto value = read_json_file(path, args.lang());
    if (!value) return kRejected;
    const std::string computed = json::huella(*value);
    const auto declared = json::declared_huella(*value);
    const bool matches = declared && *declared == computed;
    if (args.flag("--json")) {
        json::Object report{{"huella", json::Value(computed)}};
        if (args.flag("--check")) {
            report.push_back({"declarada", declared ? json::Value(*declared) : json::Value(nullptr)});
            report.push_back({"coincide", json::Value(matches)});
        }
        write_stdout(json::disk_form(json::Value(std::move(report))));
    } else {
        write_stdout(computed + "\n");
    }
    if (!args.flag("--check") || matches) return kOk;
    if (!declared)
        print_issue({"HUELLA_AUSENTE", path + ": huella",
                     {"el archivo no declara huella (calculada: " + computed + ")",
                      "the file declares no huella (computed: " + computed + ")"}},
                    args.lang());
    else
        print_issue({"HUELLA_NO_COINCIDE", path + ": huella",
                     {"declarada " + *declared + ", calculada " + computed,
                      "declared " + *declared + ", computed " + computed}},
                    args.lang());
    return kRejected;
}

}  // namespace planlang::cli
