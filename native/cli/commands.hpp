#pragma once
// The subcommands of planlang and their help (spec/cli.md), in Spanish and English: the overview
// (`planlang help`), one page per command (`planlang help CMD`, `planlang CMD --help`), the usage line a usage
// error ends with, and the English spellings of Spanish option names and values that the command line accepts
// beside them (`--recipe smoke` for `--receta humo`).
#include <string>
#include <string_view>
#include <vector>

#include "native/cli/cli.hpp"

namespace planlang::cli {

struct OptionHelp {
    std::string_view es_name;  // as the Spanish help shows it, e.g. "--receta estandar|humo"
    std::string_view en_name;  // as the English help shows it, e.g. "--recipe standard|smoke"
    std::string_view es;
    std::string_view en;
};

struct Command {
    std::string_view name;
    int (*run)(const std::vector<std::string>&);
    std::string_view usage_es;  // "verify RUNDIR [--root DIR] …", Spanish option names
    std::string_view usage_en;  // the same with the English spellings
    std::string_view summary_es;
    std::string_view summary_en;
    std::vector<OptionHelp> options;
    std::string_view notes_es = {};  // exit codes and what is written, when the command has more to say
    std::string_view notes_en = {};
};

const std::vector<Command>& commands();
const Command* find_command(std::string_view name);

std::string overview_help(Lang lang);
std::string command_help(const Command& command, Lang lang);
std::string usage_line(const Command& command, Lang lang);  // "uso: planlang …" / "usage: planlang …"

// `words` with the English spellings of option names and of enumerated values turned into the ones the
// commands read (--recipe → --receta, smoke → humo, --variant multi-agent → multiagente, …).
std::vector<std::string> canonical_spellings(std::vector<std::string> words);

}  // namespace planlang::cli
