#include "native/cli/cli.hpp"

#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>

#include "core/json/reader.hpp"
#include "native/cli/commands.hpp"
#include "native/cli/whole_file.hpp"

namespace planlang::cli {

namespace {
Lang g_language = Lang::es;
const Command* g_command = nullptr;
}  // namespace

Lang language() { return g_language; }
void set_language(Lang lang) { g_language = lang; }
void set_current_command(const Command* command) { g_command = command; }

Args::Args(const std::vector<std::string>& words, const Spec& spec) {
    auto contains = [](const std::vector<std::string_view>& list, std::string_view name) {
        for (auto item : list)
            if (item == name) return true;
        return false;
    };
    for (std::size_t i = 0; i < words.size(); ++i) {
        const std::string& w = words[i];
        const bool is_option = (w.size() > 2 && w.compare(0, 2, "--") == 0) || w == "-o";
        if (!is_option) {
            m_positional.push_back(w);
            continue;
        }
        const auto eq = w.find('=');
        const std::string name = w.substr(0, eq);
        if (contains(spec.flags, name) && eq == std::string::npos) {
            m_options.emplace_back(name, std::string());
        } else if (contains(spec.valued, name)) {
            if (eq != std::string::npos) {
                m_options.emplace_back(name, w.substr(eq + 1));
            } else if (i + 1 < words.size()) {
                m_options.emplace_back(name, words[++i]);
            } else if (!m_error) {
                m_error = Bilingual{"la opción " + name + " necesita un valor", "option " + name + " needs a value"};
            }
        } else if (!m_error) {
            m_error = Bilingual{"opción desconocida: " + w, "unknown option: " + w};
        }
    }
}

bool Args::flag(std::string_view name) const {
    for (const auto& option : m_options)
        if (option.first == name) return true;
    return false;
}

std::optional<std::string> Args::value(std::string_view name) const {
    std::optional<std::string> found;
    for (const auto& option : m_options)
        if (option.first == name) found = option.second;
    return found;
}

std::vector<std::string> Args::values(std::string_view name) const {
    std::vector<std::string> found;
    for (const auto& option : m_options)
        if (option.first == name) found.push_back(option.second);
    return found;
}

void print_issue(const Issue& issue, Lang lang) {
    std::string line = "planlang: " + issue.code + ": " + issue.element + ": " +
                       (lang == Lang::en ? issue.message.en : issue.message.es) + "\n";
    std::fwrite(line.data(), 1, line.size(), stderr);
    std::fflush(stderr);
}

int usage_error(const Bilingual& message) {
    const bool en = language() == Lang::en;
    std::string text = "planlang: " + (en ? message.en : message.es) + "\n";
    if (g_command) {
        text += usage_line(*g_command, language()) + "\n";
        text += en ? "(planlang help " + std::string(g_command->name) + ")\n" : "(planlang help " + std::string(g_command->name) + ")\n";
    } else {
        text += "(planlang help)\n";
    }
    std::fwrite(text.data(), 1, text.size(), stderr);
    return kUsage;
}

void print_written(const Bilingual& what, const std::string& path, const Bilingual& details) {
    const bool en = language() == Lang::en;
    write_stdout((en ? what.en : what.es) + " → " + path + " (" + (en ? details.en : details.es) + ")\n");
}

std::string short_huella(const std::string& huella) { return huella.size() > 12 ? huella.substr(0, 12) + "…" : huella; }

void print_note(const Bilingual& note) {
    const std::string line = "planlang: " + (language() == Lang::en ? note.en : note.es) + "\n";
    std::fwrite(line.data(), 1, line.size(), stderr);
    std::fflush(stderr);
}

// Through read_whole_file, as the verifier reads: a directory or a FIFO is refused (an ifstream read a
// directory as an empty text and waited on a FIFO for a writer).
std::optional<std::string> read_file(const std::string& path, Lang lang) {
    std::optional<std::string> bytes = read_whole_file(path);
    if (!bytes) print_issue({"ARCHIVO_ILEGIBLE", path, {"no se puede leer el archivo", "the file cannot be read"}}, lang);
    return bytes;
}

std::optional<JsonFile> read_json_file_with_bytes(const std::string& path, Lang lang) {
    auto bytes = read_file(path, lang);
    if (!bytes) return std::nullopt;
    json::ReadResult parsed = json::read(*bytes);
    if (!parsed.ok()) {
        Issue issue = *parsed.error;
        issue.element = path + ": " + issue.element;
        print_issue(issue, lang);
        return std::nullopt;
    }
    return JsonFile{std::move(*bytes), std::move(parsed.value)};
}

std::optional<json::Value> read_json_file(const std::string& path, Lang lang) {
    std::optional<JsonFile> file = read_json_file_with_bytes(path, lang);
    if (!file) return std::nullopt;
    return std::move(file->value);
}

void write_stdout(std::string_view bytes) {
    std::fwrite(bytes.data(), 1, bytes.size(), stdout);
    std::fflush(stdout);
}

bool write_file_atomically(const std::string& path, std::string_view bytes, Lang lang) {
    const std::string temporary = path + ".tmp-planlang";
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
        out.flush();
        if (!out) {
            std::remove(temporary.c_str());
            print_issue({"ARCHIVO_NO_ESCRITO", path, {"no se puede escribir el archivo", "the file cannot be written"}}, lang);
            return false;
        }
    }
    if (std::rename(temporary.c_str(), path.c_str()) != 0) {
        std::remove(temporary.c_str());
        print_issue({"ARCHIVO_NO_ESCRITO", path, {"no se puede escribir el archivo", "the file cannot be written"}}, lang);
        return false;
    }
    return true;
}

bool is_directory(const std::string& path) {
    struct stat st {};
    return ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

bool make_directories(const std::string& path) {
    if (path.empty() || is_directory(path)) return true;
    const auto slash = path.find_last_of('/');
    if (slash != std::string::npos && slash > 0 && !make_directories(path.substr(0, slash))) return false;
    return ::mkdir(path.c_str(), 0777) == 0 || is_directory(path);
}

namespace {

// `path` made absolute against the working directory and normalised lexically ("." and ".." segments
// resolved, repeated slashes dropped); symbolic links are not followed.
std::string absolute_normal(const std::string& path) {
    std::string full = path;
    if (path.empty() || path[0] != '/') {
        std::string cwd(4096, '\0');
        if (!::getcwd(cwd.data(), cwd.size())) return path;
        cwd.resize(std::char_traits<char>::length(cwd.c_str()));
        full = cwd + "/" + path;
    }
    std::vector<std::string> parts;
    std::size_t at = 0;
    while (at <= full.size()) {
        std::size_t slash = full.find('/', at);
        if (slash == std::string::npos) slash = full.size();
        const std::string part = full.substr(at, slash - at);
        if (part == "..") {
            if (!parts.empty()) parts.pop_back();
        } else if (!part.empty() && part != ".") {
            parts.push_back(part);
        }
        at = slash + 1;
    }
    std::string out;
    for (const std::string& part : parts) out += "/" + part;
    return out.empty() ? "/" : out;
}

}  // namespace

bool is_calendar_date(std::string_view s) {
    if (s.size() != 10 || s[4] != '-' || s[7] != '-') return false;
    int v[3] = {0, 0, 0};
    const std::size_t start[3] = {0, 5, 8}, length[3] = {4, 2, 2};
    for (int k = 0; k < 3; ++k)
        for (std::size_t i = start[k]; i < start[k] + length[k]; ++i) {
            if (s[i] < '0' || s[i] > '9') return false;
            v[k] = v[k] * 10 + (s[i] - '0');
        }
    const int year = v[0], month = v[1], day = v[2];
    if (month < 1 || month > 12 || day < 1) return false;
    const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    const int days[12] = {31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    return day <= days[month - 1];
}

std::optional<std::string> path_under(const std::string& path, const std::string& root) {
    const std::string p = absolute_normal(path);
    std::string r = absolute_normal(root.empty() ? "." : root);
    if (r != "/") r += "/";
    if (p.size() <= r.size() || p.compare(0, r.size(), r) != 0) return std::nullopt;
    return p.substr(r.size());
}

std::string strip_slash(std::string path) {
    while (path.size() > 1 && path.back() == '/') path.pop_back();
    return path;
}

run::Request run_request(const std::string& rundir, const std::optional<std::string>& root) {
    run::Request request = platform::run_request(rundir, root);
    // PLANLANG_FAST_PATHS=off: the reference reader alone (the sanitizer build's CLI tests; the result is the
    // same bytes either way, core/run/reader.hpp Request::fast_paths).
    if (const char* fast = std::getenv("PLANLANG_FAST_PATHS"); fast && (std::string_view(fast) == "off" || std::string_view(fast) == "0"))
        request.fast_paths = false;
    return request;
}

run::Request run_request(const Args& args) {
    run::Request request = run_request(args.positional().at(0), args.value("--root"));
    for (const std::string& r : args.values("--rep")) request.repetitions.push_back(strip_slash(r));
    if (auto b = args.value("--base")) request.baseline = strip_slash(*b);
    return request;
}

}  // namespace planlang::cli
