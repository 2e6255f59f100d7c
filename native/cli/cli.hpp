#pragma once
// Shared pieces of the planlang command line (spec/cli.md): arguments, output, errors, exit codes.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/common/issue.hpp"
#include "core/json/value.hpp"
#include "core/run/reader.hpp"
#include "native/platform/plan_files.hpp"

namespace planlang::cli {

enum Exit : int { kOk = 0, kRejected = 1, kUsage = 2 };

enum class Lang { es, en };

// The language of this invocation's messages, help and summaries (main sets it: `--lang` anywhere on the
// command line, else PLANLANG_LANG, else LC_ALL / LC_MESSAGES / LANG starting with "en" or "es", else es).
// Files written (reports, plans, runs) never depend on it.
Lang language();
void set_language(Lang lang);

struct Command;
// The subcommand being run (for the usage line a usage error ends with); main sets it.
void set_current_command(const Command* command);

// What a subcommand accepts: flags (--json) and options that take a value (--lang en, -o OUT).
struct Spec {
    std::vector<std::string_view> flags;
    std::vector<std::string_view> valued;
};

// Parsed command line of one subcommand. `--name=value` and `--name value` are both accepted.
class Args {
public:
    // On a usage problem (unknown option, missing value) error() is set. `--lang` never reaches a command
    // (main takes it out wherever it is).
    Args(const std::vector<std::string>& words, const Spec& spec);
    const std::vector<std::string>& positional() const { return m_positional; }
    bool flag(std::string_view name) const;
    std::optional<std::string> value(std::string_view name) const;  // the last one given
    std::vector<std::string> values(std::string_view name) const;   // all, in order
    const std::optional<Bilingual>& error() const { return m_error; }
    Lang lang() const { return language(); }

private:
    std::vector<std::string> m_positional;
    std::vector<std::pair<std::string, std::string>> m_options;  // flags carry an empty value
    std::optional<Bilingual> m_error;
};

// "planlang: <CODE>: <element>: <message>" on stderr, in the chosen language.
void print_issue(const Issue& issue, Lang lang);
// A usage error: the message in the session's language, the current command's usage line and where its help
// is, on stderr; returns kUsage (2).
int usage_error(const Bilingual& message);
// What a command wrote, for people, on stdout: "<what> → <path> (<details>)" in the session's language.
void print_written(const Bilingual& what, const std::string& path, const Bilingual& details);

// The first 12 hex digits of a huella and an ellipsis, as people read it.
std::string short_huella(const std::string& huella);

// A line for people on stderr ("planlang: <text>"), in the session's language: hints and notes.
void print_note(const Bilingual& text);

// Reads a whole file; on failure prints ARCHIVO_ILEGIBLE and returns nullopt.
std::optional<std::string> read_file(const std::string& path, Lang lang);

// Reads and parses a JSON file; on failure prints the reader's issue and returns nullopt.
std::optional<json::Value> read_json_file(const std::string& path, Lang lang);
// The same, keeping the file's bytes beside its value (to place an element in the file: json::locate).
struct JsonFile {
    std::string bytes;
    json::Value value;
};
std::optional<JsonFile> read_json_file_with_bytes(const std::string& path, Lang lang);

// Writes bytes to stdout exactly (no newline translation).
void write_stdout(std::string_view bytes);

// Whether `path` is a directory; mkdir -p (true when it exists or was made).
bool is_directory(const std::string& path);
bool make_directories(const std::string& path);

// A calendar date written YYYY-MM-DD (month 1–12, a day the month has, 29 February in leap years). Stricter
// than the format's FECHA pattern, which files keep as the spec says: this is for dates people type.
bool is_calendar_date(std::string_view text);

// `path` relative to `root` ("" = the working directory) when it lies under it, both taken lexically (no
// link followed), e.g. ("/repo/plans/a.json", "/repo") → "plans/a.json"; nullopt when it does not.
std::optional<std::string> path_under(const std::string& path, const std::string& root);

using platform::json_files_under;  // native/platform/plan_files.hpp

// A run folder's path as given, without trailing slashes ("runs/x/" → "runs/x").
std::string strip_slash(std::string path);

// How every command that reads a run finds its files — one rule for verify, m9, gate, playground, sweep, case,
// card, diagram and site, and the app's (platform::run_request): the run folder as given; the plan, batch and world paths inside its manifest resolved against
// `root` (default: the working directory); and a plan the batch or the run names by huella that no flag gives
// looked for among every *.json under <root>/plans/ (as the original finds it: a batch generated with an earlier
// version of the plan, say). PLANLANG_FAST_PATHS=off (or 0) in the environment reads with the reference reader
// alone (Request::fast_paths; the same bytes).
run::Request run_request(const std::string& rundir, const std::optional<std::string>& root);
// The same from a command's arguments: its one positional RUNDIR, --root, and the --rep (each) and --base runs
// that verify and gate take (absent where the command has no such option).
run::Request run_request(const Args& args);

// Writes a file through a temporary sibling and a rename, so nothing half-written is left behind.
bool write_file_atomically(const std::string& path, std::string_view bytes, Lang lang);

int cmd_canon(const std::vector<std::string>& words);
int cmd_fingerprint(const std::vector<std::string>& words);
int cmd_validate(const std::vector<std::string>& words);
int cmd_check(const std::vector<std::string>& words);
int cmd_approve(const std::vector<std::string>& words);
int cmd_compat(const std::vector<std::string>& words);
int cmd_world(const std::vector<std::string>& words);
int cmd_generate(const std::vector<std::string>& words);
int cmd_simulate(const std::vector<std::string>& words);
int cmd_review(const std::vector<std::string>& words);
int cmd_verify(const std::vector<std::string>& words);
int cmd_m9(const std::vector<std::string>& words);
int cmd_gate(const std::vector<std::string>& words);
int cmd_playground(const std::vector<std::string>& words);
int cmd_sweep(const std::vector<std::string>& words);
int cmd_case(const std::vector<std::string>& words);
int cmd_diagram(const std::vector<std::string>& words);
int cmd_card(const std::vector<std::string>& words);
int cmd_site(const std::vector<std::string>& words);
int cmd_bench(const std::vector<std::string>& words);

}  // namespace planlang::cli
