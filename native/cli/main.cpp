// planlang: the command line (spec/cli.md). The same file builds natively and to wasm for Node.
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "native/cli/allocator.hpp"
#include "native/cli/cli.hpp"
#include "native/cli/commands.hpp"

namespace {

using planlang::Bilingual;
using planlang::cli::Lang;

// "en…" or "es…" (en_US.UTF-8, es_AR, en): the language a locale variable names; nothing for others (C, fr_FR).
std::optional<Lang> language_of_locale(const char* value) {
    if (!value) return std::nullopt;
    const std::string_view v(value);
    if (v.size() >= 2 && v.substr(0, 2) == "en" && (v.size() == 2 || v[2] == '_' || v[2] == '.' || v[2] == '-')) return Lang::en;
    if (v.size() >= 2 && v.substr(0, 2) == "es" && (v.size() == 2 || v[2] == '_' || v[2] == '.' || v[2] == '-')) return Lang::es;
    return std::nullopt;
}

void write(const std::string& text) { std::fwrite(text.data(), 1, text.size(), stdout); }

}  // namespace

int main(int argc, char** argv) {
    planlang::cli::tune_allocator();
    std::vector<std::string> words(argv + 1, argv + argc);

    // The language: --lang anywhere (taken out of the words), else PLANLANG_LANG, else the locale.
    std::optional<std::string> asked;
    bool lang_error = false;
    for (std::size_t i = 0; i < words.size();) {
        if (words[i] == "--lang" || words[i].rfind("--lang=", 0) == 0) {
            if (words[i] == "--lang") {
                if (i + 1 < words.size()) {
                    asked = words[i + 1];
                    words.erase(words.begin() + static_cast<std::ptrdiff_t>(i), words.begin() + static_cast<std::ptrdiff_t>(i) + 2);
                } else {
                    lang_error = true;
                    words.erase(words.begin() + static_cast<std::ptrdiff_t>(i));
                }
            } else {
                asked = words[i].substr(7);
                words.erase(words.begin() + static_cast<std::ptrdiff_t>(i));
            }
            continue;
        }
        ++i;
    }
    const char* from_env = std::getenv("PLANLANG_LANG");
    if (!asked && from_env && *from_env) asked = from_env;
    if (asked) {
        if (*asked == "en") planlang::cli::set_language(Lang::en);
        else if (*asked != "es") lang_error = true;
    } else {
        for (const char* var : {"LC_ALL", "LC_MESSAGES", "LANG"}) {
            const char* value = std::getenv(var);
            if (!value || !*value) continue;
            if (auto l = language_of_locale(value)) planlang::cli::set_language(*l);
            break;
        }
    }
    if (lang_error)
        return planlang::cli::usage_error(Bilingual{"--lang necesita es o en" + (asked ? ": " + *asked : std::string()),
                                                    "--lang takes es or en" + (asked ? ": " + *asked : std::string())});
    const Lang lang = planlang::cli::language();

    if (words.empty() || words.front() == "--help" || words.front() == "-h") {
        write(planlang::cli::overview_help(lang));
        return words.empty() ? planlang::cli::kUsage : planlang::cli::kOk;
    }
    const std::string command = words.front();
    words.erase(words.begin());
    if (command == "--version") {
        write("planlang 0.1.0\n");
        return planlang::cli::kOk;
    }
    if (command == "help") {
        if (words.empty()) {
            write(planlang::cli::overview_help(lang));
            return planlang::cli::kOk;
        }
        if (const planlang::cli::Command* c = planlang::cli::find_command(words.front())) {
            write(planlang::cli::command_help(*c, lang));
            return planlang::cli::kOk;
        }
        return planlang::cli::usage_error(Bilingual{"orden desconocida: " + words.front(), "unknown command: " + words.front()});
    }
    const planlang::cli::Command* c = planlang::cli::find_command(command);
    if (!c) return planlang::cli::usage_error(Bilingual{"orden desconocida: " + command, "unknown command: " + command});
    planlang::cli::set_current_command(c);
    for (const std::string& w : words)
        if (w == "--help" || w == "-h") {
            write(planlang::cli::command_help(*c, lang));
            return planlang::cli::kOk;
        }
    return c->run(planlang::cli::canonical_spellings(std::move(words)));
}
