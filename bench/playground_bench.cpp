// The playground's speed and size (playground.md §10.3; the issue's goals: one slider move ≤ 1 ms at 200
// cases and ≤ 16 ms at 100,000, the U1 × U2 sweep ≤ 100 ms in wasm, the compact ≤ 150 MB at 100,000 cases).
// A benchmark program, not a test: timing lives here only (steady clock); the core has no clock.
//
//   playground_bench RUNDIR [--root DIR] [--moves K] [--sweeps K] [--sweep-large]
//
// Loads RUNDIR as `planlang playground` does (the run folder's informe.json when it has one) and prints:
//   load       the whole load (read every trace, build the compact, self-check), once;
//   compact    the compact's bytes, counted: every vector's capacity × its element's size, every string's
//              heap block, every JSON value's tree (sizeof of this build: wasm32's pointers are 4 bytes),
//              per part; and the process's peak resident memory (natively; under Node it is Node's own);
//   move       one slider move = play() with the criteria, risks and verdict re-measured, at nine settings,
//              each K times (default 21) in turn; the median per setting and over all; play() without them
//              (the paths alone, what the sweep does per point); and play() plus replay_json (what
//              `playground --json` prints, change records included);
//   sweep      the default U1 × U2 sweep (both numeric thresholds over their playable ranges, 490 points for
//              demo A) K times (default 7), the median; skipped above 20,000 cases unless --sweep-large.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "bench/posix_read.hpp"
#include "core/playground/compact.hpp"
#include "core/playground/replay.hpp"
#include "core/playground/result_json.hpp"
#include "core/playground/sweep.hpp"
#include "native/cli/peak_memory.hpp"

namespace {

using namespace planlang;
using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point t0) { return std::chrono::duration<double, std::milli>(Clock::now() - t0).count(); }

std::optional<run::FileBytes> read_file(const std::string& path) { return bench::read_file_posix(path); }

std::vector<std::string> plans_under(const std::string& root) {
    // The demo plans the CLI would find under <root>/plans/ (enough for runs of our demos).
    std::vector<std::string> out;
    for (const char* p : {"plans/demo-a/plan-demo-a.json", "plans/permisos-obra-menor/plan-permisos-obra-menor.json"})
        if (read_file(run::join(root, p))) out.push_back(run::join(root, p));
    return out;
}

// Heap bytes a string owns (none when its text lives inside the object: the short-string buffer).
std::size_t heap(const std::string& s) {
    const char* d = s.data();
    const char* self = reinterpret_cast<const char*>(&s);
    return d >= self && d < self + sizeof s ? 0 : s.capacity() + 1;
}
std::size_t heap(const json::Value& v);
std::size_t heap(const playground::Case& k);
std::size_t heap(const playground::Signal& s);
std::size_t heap(const playground::Visit&) { return 0; }
std::size_t heap(const playground::Path&) { return 0; }
std::size_t heap(const json::Member& m) { return heap(m.key) + heap(m.value); }
template <class T>
std::size_t vector_heap(const std::vector<T>& v) {
    std::size_t n = v.capacity() * sizeof(T);
    for (const T& x : v) n += heap(x);
    return n;
}
std::size_t heap(const json::Value& v) {
    if (v.is_string()) return heap(v.as_string());
    if (v.is_array()) return vector_heap(v.as_array());
    if (v.is_object()) return vector_heap(v.as_object());
    return 0;
}
std::size_t heap(const playground::Case& k) {
    return heap(k.id) + heap(k.tipo) + heap(k.subtipo) + heap(k.decision_verdad) + (k.verdad_por_ajuste ? 96 : 0)  /* the domain's per-case truth: about a control block and its facts */;
}
std::size_t heap(const playground::Signal& s) { return heap(s.valor); }

struct Part {
    const char* name;
    std::size_t bytes;
};

std::vector<Part> compact_parts(const playground::Compact& c) {
    std::vector<Part> parts = {
        {"casos", vector_heap(c.casos)},
        {"visitas", vector_heap(c.visitas)},
        {"senales", vector_heap(c.senales)},
        {"caminos", vector_heap(c.caminos)},
        {"filas", c.filas.r.capacity() * sizeof(playground::Result) + c.filas.m.capacity() * sizeof(double) + c.filas.con_m.capacity()},
        {"senales_de_umbral", vector_heap(c.senales_de_umbral)},
        {"informe", heap(c.informe)},
    };
    std::size_t tallies = c.registradas.capacity() * sizeof(playground::MeasureTally) + c.con_error_proveedor.capacity() * sizeof(std::uint32_t);
    for (const playground::MeasureTally& t : c.registradas)
        tallies += (t.incumplen.capacity() + t.no_evaluables.capacity()) * sizeof(std::uint32_t);
    parts.push_back({"registradas", tallies});
    std::size_t rest = vector_heap(c.nombres) + heap(c.umbrales_del_plan) + vector_heap(c.llevado_alertas) + vector_heap(c.llevado_bloqueantes);
    for (const rules::Edge& e : c.grafo.aristas) rest += sizeof e + heap(e.desde) + heap(e.senal) + heap(e.valor) + heap(e.si_verdadero);
    parts.push_back({"resto", rest + sizeof c});
    return parts;
}

double median(std::vector<double> v) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: playground_bench RUNDIR [--root DIR] [--moves K] [--sweeps K] [--sweep-large]\n");
        return 2;
    }
    std::string rundir = argv[1], root;
    int moves = 21, sweeps = 7;
    bool sweep_large = false;
    for (int i = 2; i < argc; ++i) {
        const std::string flag = argv[i];
        if (flag == "--sweep-large") sweep_large = true;
        else if (i + 1 < argc && flag == "--root") root = argv[++i];
        else if (i + 1 < argc && flag == "--moves") moves = std::atoi(argv[++i]);
        else if (i + 1 < argc && flag == "--sweeps") sweeps = std::atoi(argv[++i]);
        else {
            std::fprintf(stderr, "unknown option %s\n", flag.c_str());
            return 2;
        }
    }
    while (rundir.size() > 1 && rundir.back() == '/') rundir.pop_back();

    const long rss0 = cli::peak_memory_kb();
    playground::LoadRequest request;
    request.lectura.root = root;
    request.lectura.main_run = rundir;
    request.lectura.plan_candidates = plans_under(root);
    const run::FileSource files = [](const std::string& path) { return read_file(path); };
    auto t0 = Clock::now();
    playground::Loaded loaded = playground::load(request, files);
    const double load_ms = ms_since(t0);
    if (!loaded.ok) {
        for (const run::Motive& m : loaded.motivos) std::fprintf(stderr, "%s: %s: %s\n", m.codigo.c_str(), m.archivo.c_str(), m.detalle.en.c_str());
        for (const Issue& i : loaded.problemas) std::fprintf(stderr, "%s: %s: %s\n", i.code.c_str(), i.element.c_str(), i.message.en.c_str());
        return 1;
    }
    const playground::Compact& c = *loaded.compacto;
    std::printf("run %s: %zu cases, %zu visits, %zu paths, self-check %s; load %.0f ms\n", c.corrida_id.c_str(), c.casos.size(), c.visitas.size(),
                c.caminos.size(), c.autocomprobacion_ok ? "ok" : "FAILED", load_ms);
    std::size_t total = 0;
    std::string detail;
    for (const Part& p : compact_parts(c)) {
        total += p.bytes;
        char buf[64];
        std::snprintf(buf, sizeof buf, " %s %.1f", p.name, static_cast<double>(p.bytes) / 1e6);
        detail += buf;
    }
    std::printf("compact: %.1f MB counted (%zu-bit pointers):%s; peak RSS %.0f MB (%.0f MB before loading)\n", static_cast<double>(total) / 1e6,
                sizeof(void*) * 8, detail.c_str(), static_cast<double>(cli::peak_memory_kb()) / 1024.0, static_cast<double>(rss0) / 1024.0);

    // One slider move at nine settings, each `moves` times, in turn (settings a demo lacks are skipped).
    const std::vector<std::vector<std::string>> assignments = {
        {}, {"U1=0.8"}, {"U1=0.6"}, {"U2=1500"}, {"U2=600"}, {"U3=3"}, {"U3=1"}, {"U4=true"}, {"U1=0.9", "U2=400", "U4=true"}};
    std::vector<playground::Setting> settings;
    std::vector<std::string> names;
    for (const auto& list : assignments) {
        playground::Setting s = playground::plan_setting(c);
        bool ok = true;
        std::string name;
        for (const std::string& a : list) {
            ok = ok && !playground::set_threshold(c, s, a);
            name += (name.empty() ? "" : ",") + a;
        }
        if (!ok) continue;
        settings.push_back(s);
        names.push_back(name.empty() ? "plan" : name);
    }
    std::vector<std::vector<double>> play_ms(settings.size()), json_ms(settings.size()), paths_ms(settings.size());
    std::size_t sink = 0;
    for (int r = 0; r < moves; ++r)
        for (std::size_t i = 0; i < settings.size(); ++i) {
            t0 = Clock::now();
            const playground::Replay replay = playground::play(c, settings[i]);
            play_ms[i].push_back(ms_since(t0));
            sink += replay.cambios.size();
            t0 = Clock::now();
            sink += playground::play(c, settings[i], playground::PlayOptions{.medidas = false}).cambios.size();
            paths_ms[i].push_back(ms_since(t0));
            t0 = Clock::now();
            const playground::Replay again = playground::play(c, settings[i]);
            const json::Value j = playground::replay_json(c, again, false);
            json_ms[i].push_back(ms_since(t0));
            sink += j.is_object();
        }
    std::vector<double> all_play, all_json, all_paths;
    for (std::size_t i = 0; i < settings.size(); ++i) {
        std::printf("move %-22s play %8.3f ms (paths only %8.3f) · play + replay_json %8.3f ms · %zu changes\n", names[i].c_str(), median(play_ms[i]),
                    median(paths_ms[i]), median(json_ms[i]), playground::play(c, settings[i]).cambios.size());
        all_play.insert(all_play.end(), play_ms[i].begin(), play_ms[i].end());
        all_json.insert(all_json.end(), json_ms[i].begin(), json_ms[i].end());
        all_paths.insert(all_paths.end(), paths_ms[i].begin(), paths_ms[i].end());
    }
    std::printf("move median over %zu moves: play %.3f ms (paths only, medidas = false: %.3f) · play + replay_json %.3f ms\n", all_play.size(),
                median(all_play), median(all_paths), median(all_json));

    if (c.casos.size() <= 20000 || sweep_large) {
        std::vector<std::size_t> numeric;
        for (std::size_t t = 0; t < c.umbrales.size(); ++t)
            if (!c.umbrales[t].booleano) numeric.push_back(t);
        if (numeric.size() >= 2) {
            const playground::GridAxis a = playground::full_axis(c, numeric[0]), b = playground::full_axis(c, numeric[1]);
            std::vector<double> sweep_ms, json_sweep_ms;
            std::size_t front = 0;
            for (int r = 0; r < sweeps; ++r) {
                t0 = Clock::now();
                const playground::Sweep s = playground::sweep(c, playground::plan_setting(c), a, b, {});
                sweep_ms.push_back(ms_since(t0));
                t0 = Clock::now();
                sink += playground::sweep_json(c, s).is_object();
                json_sweep_ms.push_back(ms_since(t0));
                front = s.frente_pareto.size();
            }
            std::printf("sweep %s × %s = %zu points: median %.2f ms over %d (min %.2f, max %.2f) · sweep_json %.2f ms · front %zu points\n",
                        c.umbrales[a.umbral].id.c_str(), c.umbrales[b.umbral].id.c_str(), a.valores.size() * b.valores.size(), median(sweep_ms), sweeps,
                        *std::min_element(sweep_ms.begin(), sweep_ms.end()), *std::max_element(sweep_ms.begin(), sweep_ms.end()),
                        median(json_sweep_ms), front);
        }
    }
    std::printf("peak RSS %.0f MB (sink %zu)\n", static_cast<double>(cli::peak_memory_kb()) / 1024.0, sink % 7);
    return 0;
}
