// planlang simulate (spec/cli.md; synthetic-and-simulation.md §10; decisions.md C2, C3, C5).
//
//   planlang simulate --plan P --batch B --world W --variant multiagente|agente_unico [--repeat R]
//                     --date YYYY-MM-DD -o RUNDIR [--root DIR] [--lang es|en]
//
// P, B and W are repository-relative paths (read under --root, default the current directory) and go into
// the manifest as given. The run id is RUNDIR's last component; with --repeat R it must end in "-r<R>".
// Trace files are written as the cases run, into a temporary sibling that is renamed into place at the end
// (an existing RUNDIR is replaced only then) or removed if the run fails, so nothing half-written is left
// behind and memory does not grow with the number of traces. A safety stop still writes the cases finished
// before it and exits 1.
#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <optional>
#include <string>
#include <tuple>

#include "core/plan/approval.hpp"
#include "core/sim/simulation.hpp"
#include "native/cli/cli.hpp"
#include "native/cli/progress.hpp"

namespace planlang::cli {
namespace {


void print_issues(const std::string& path, const Issues& issues, Lang lang) {
    for (const Issue& i : issues) print_issue(Issue{i.code, path.empty() ? i.element : path + ": " + i.element, i.message}, lang);
}

bool exists(const std::string& path) {
    struct stat st {};
    return ::lstat(path.c_str(), &st) == 0;
}

// rm -r (our own temporary folders and the folder being replaced only)
bool remove_tree(const std::string& path) {
    if (!exists(path)) return true;
    if (is_directory(path)) {
        DIR* d = ::opendir(path.c_str());
        if (!d) return false;
        std::vector<std::string> names;
        while (const dirent* e = ::readdir(d)) {
            const std::string name = e->d_name;
            if (name != "." && name != "..") names.push_back(name);
        }
        ::closedir(d);
        for (const std::string& name : names)
            if (!remove_tree(path + "/" + name)) return false;
        return ::rmdir(path.c_str()) == 0;
    }
    return std::remove(path.c_str()) == 0;
}

std::string without_trailing_slashes(std::string s) {
    while (s.size() > 1 && s.back() == '/') s.pop_back();
    return s;
}

// A repository-relative path as the manifest keeps it: no leading "./", never absolute or above the root.
bool repository_relative(const std::string& path, std::string& out) {
    out = path;
    while (out.compare(0, 2, "./") == 0) out = out.substr(2);
    if (out.empty() || out[0] == '/') return false;
    if (out == ".." || out.compare(0, 3, "../") == 0 || out.find("/../") != std::string::npos) return false;
    return true;
}

bool valid_run_id(const std::string& id) {
    if (id.empty() || id == "." || id == "..") return false;
    for (char c : id)
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.')) return false;
    return true;
}

bool parse_repeat(const std::string& s, int& out) {
    if (s.empty() || s.size() > 6) return false;
    out = 0;
    for (char c : s) {
        if (c < '0' || c > '9') return false;
        out = out * 10 + (c - '0');
    }
    return out >= 2;
}

Issue not_written(const std::string& path) {
    return Issue{"ARCHIVO_NO_ESCRITO", path, {"no se puede escribir la carpeta de la corrida", "the run folder cannot be written"}};
}

// The run folder written as the core hands its files over: into RUNDIR.tmp-planlang, renamed into place
// at the end (an existing RUNDIR is replaced only then), removed if the run fails.
class RunFolderWriter {
public:
    RunFolderWriter(std::string rundir, Lang lang)
        : m_rundir(std::move(rundir)), m_temporary(m_rundir + ".tmp-planlang"), m_lang(lang) {}

    bool open() {
        const auto slash = m_rundir.find_last_of('/');
        if (slash != std::string::npos && slash > 0 && !make_directories(m_rundir.substr(0, slash))) return failed(m_rundir);
        if (!remove_tree(m_temporary) || !make_directories(m_temporary + "/trazas")) return failed(m_temporary);
        return true;
    }

    // The FileSink: a file's chunks are appended in order; the last one closes it. A failure is reported by
    // the core (ARCHIVO_NO_ESCRITO with the file's path).
    bool write(const std::string& path, std::string_view chunk, bool last) {
        if (!m_file.is_open() || m_path != path) {
            m_file.close();
            m_path = path;
            m_file.open(m_temporary + "/" + path, std::ios::binary | std::ios::trunc);
        }
        m_file.write(chunk.data(), static_cast<std::streamsize>(chunk.size()));
        if (!m_file) return false;
        if (last) m_file.close();
        return !m_file.fail();
    }

    void discard() {
        m_file.close();
        remove_tree(m_temporary);
    }

    bool commit() {
        const std::string previous = m_rundir + ".old-planlang";
        if (exists(m_rundir)) {
            if (!remove_tree(previous) || std::rename(m_rundir.c_str(), previous.c_str()) != 0) {
                discard();
                return failed(m_rundir);
            }
        }
        if (std::rename(m_temporary.c_str(), m_rundir.c_str()) != 0) {
            if (exists(previous)) std::rename(previous.c_str(), m_rundir.c_str());
            discard();
            return failed(m_rundir);
        }
        remove_tree(previous);
        return true;
    }

private:
    bool failed(const std::string& path) {
        print_issue(not_written(path), m_lang);
        return false;
    }

    std::string m_rundir, m_temporary;
    Lang m_lang;
    std::ofstream m_file;
    std::string m_path;
};

}  // namespace

int cmd_simulate(const std::vector<std::string>& words) {
    const Args args(words, Spec{{}, {"--plan", "--batch", "--world", "--variant", "--repeat", "--date", "-o", "--root"}});
    if (args.error()) return usage_error(*args.error());
    const auto plan_arg = args.value("--plan");
    const auto batch_arg = args.value("--batch");
    const auto world_arg = args.value("--world");
    const auto variant = args.value("--variant");
    const auto date = args.value("--date");
    const auto out = args.value("-o");
    if (!args.positional().empty()) return usage_error({"argumento de más: " + args.positional()[0], "unexpected argument: " + args.positional()[0]});
    for (const auto& [given, name] : {std::pair{bool(plan_arg), "--plan"}, {bool(batch_arg), "--batch"}, {bool(world_arg), "--world"},
                                      {bool(variant), "--variant"}, {bool(date), "--date"}, {bool(out), "-o"}})
        if (!given) return usage_error({std::string("falta ") + name, std::string(name) + " is missing"});
    const Lang lang = args.lang();

    sim::RunRequest in;
    if (*variant == "multiagente") in.variante = sim::Variant::multiagente;
    else if (*variant == "agente_unico") in.variante = sim::Variant::agente_unico;
    else return usage_error({"--variant: multiagente o agente_unico: " + *variant, "--variant: multi-agent or single-agent: " + *variant});
    if (!is_calendar_date(*date))
        return usage_error({"--date: se espera una fecha del calendario AAAA-MM-DD, p. ej. 2026-11-30: " + *date,
                            "--date: expected a calendar date YYYY-MM-DD, e.g. 2026-11-30: " + *date});
    in.fecha = *date;
    if (const auto repeat = args.value("--repeat")) {
        if (!parse_repeat(*repeat, in.repeticion))
            return usage_error({"--repeat: un entero ≥ 2: " + *repeat, "--repeat: an integer ≥ 2: " + *repeat});
    }
    const std::string rundir = without_trailing_slashes(*out);
    const auto slash = rundir.find_last_of('/');
    in.corrida_id = slash == std::string::npos ? rundir : rundir.substr(slash + 1);
    if (!valid_run_id(in.corrida_id))
        return usage_error({"-o: el último componente es el id de la corrida ([A-Za-z0-9._-]): " + rundir, "-o: the last component is the run id ([A-Za-z0-9._-]): " + rundir});
    const std::string suffix = "-r" + std::to_string(in.repeticion);
    if (in.repeticion >= 2 && (in.corrida_id.size() <= suffix.size() ||
                               in.corrida_id.compare(in.corrida_id.size() - suffix.size(), suffix.size(), suffix) != 0))
        return usage_error({"--repeat " + std::to_string(in.repeticion) + ": el id de la corrida termina en " + suffix + ": " + in.corrida_id,
                            "--repeat " + std::to_string(in.repeticion) + ": the run id ends in " + suffix + ": " + in.corrida_id});
    const std::string root = without_trailing_slashes(args.value("--root").value_or("."));
    // The manifest records repository-relative paths: a path relative to --root is kept; an absolute one (or
    // one going up) is taken relative to --root when the file lies under it.
    for (const auto& [given, archivo, name] : {std::tuple{&*plan_arg, &in.plan_archivo, "--plan"}, {&*batch_arg, &in.batch_archivo, "--batch"},
                                               {&*world_arg, &in.world_archivo, "--world"}}) {
        if (repository_relative(*given, *archivo)) continue;
        const bool absolute = !given->empty() && (*given)[0] == '/';
        const std::optional<std::string> under = path_under(absolute ? *given : root + "/" + *given, root == "." ? "" : root);
        if (!under)
            return usage_error({std::string(name) + ": " + *given + " no está bajo --root (" + root +
                                    "); la corrida guarda las rutas relativas a esa raíz: dé --root con la carpeta del repositorio",
                                std::string(name) + ": " + *given + " is not under --root (" + root +
                                    "); the run records paths relative to that root: give --root the repository folder"});
        *archivo = *under;
    }
    const auto under_root = [&](const std::string& relative) { return root == "." ? relative : root + "/" + relative; };

    const auto plan_document = read_json_file(under_root(in.plan_archivo), lang);
    if (!plan_document) return kRejected;
    const plan::LoadResult loaded = plan::load_for_verification(*plan_document);
    if (!loaded.ok) {
        print_issues(in.plan_archivo, loaded.motivos, lang);
        return kRejected;
    }
    const auto world_document = read_json_file(under_root(in.world_archivo), lang);
    if (!world_document) return kRejected;
    auto batch_document = read_json_file(under_root(in.batch_archivo), lang);
    if (!batch_document) return kRejected;
    const auto sink_into = [](RunFolderWriter& folder) {
        return [&folder](const std::string& path, std::string_view chunk, bool last) { return folder.write(path, chunk, last); };
    };

    // The plan's domain says which simulated agent runs it (sim::Simulation, registered in core/domains).
    const sim::Simulation* simulation = sim::find_simulation(loaded.plan->dominio_id);
    if (!simulation) {
        std::string known;
        for (const std::string& id : sim::simulated_domains()) known += (known.empty() ? "" : ", ") + id;
        print_issues(in.plan_archivo,
                     {Issue{"PLAN_NO_SIMULABLE", "dominio_id",
                            {"el agente simulado no conoce el dominio «" + loaded.plan->dominio_id + "» (conoce: " + known +
                                 "); las corridas de un agente real se importan",
                             "the simulated agent does not know the domain “" + loaded.plan->dominio_id + "” (it knows: " + known +
                                 "); a real agent's runs are imported"}}},
                     lang);
        return kRejected;
    }
    in.plan = &*loaded.plan;
    in.plan_document = &*plan_document;
    in.plan_huella = loaded.huella;
    in.world_document = &*world_document;
    in.batch_document = std::move(*batch_document);
    const std::string plan_archivo = in.plan_archivo, world_archivo = in.world_archivo, batch_archivo = in.batch_archivo;
    const std::string corrida_id = in.corrida_id;
    const sim::Variant variante = in.variante;
    const sim::Prepared prepared = simulation->prepare(std::move(in));
    if (!prepared.run) {
        if (!prepared.world_issues.empty()) print_issues(world_archivo, prepared.world_issues, lang);
        else print_issues(batch_archivo, prepared.batch_issues, lang);
        return kRejected;
    }
    std::optional<RunFolderWriter> folder;
    folder.emplace(rundir, lang);
    if (!folder->open()) return kRejected;
    Progress bar("simulate", static_cast<std::uint64_t>(prepared.run->case_count()));
    const sim::StreamedRun run = prepared.run->stream(sink_into(*folder), [&] { bar.step(); });
    if (!run.issues.empty()) {
        folder->discard();
        print_issues("", run.issues, lang);
        return kRejected;
    }
    if (!folder->commit()) return kRejected;
    const std::string cases = std::to_string(run.casos_ejecutados.size());
    const bool multi = variante == sim::Variant::multiagente;
    print_written({"corrida escrita", "run written"}, rundir,
                  {"id `" + corrida_id + "`, " + (multi ? "multiagente" : "agente único") + ", " + cases + " casos, " + cases + " trazas",
                   "id `" + corrida_id + "`, " + (multi ? "multi-agent" : "single agent") + ", " + cases + " cases, " + cases + " traces"});
    if (run.stop) {
        print_issue(*run.stop, lang);
        return kRejected;
    }
    return kOk;
}

}  // namespace planlang::cli
