// The graph diagram's speed (core/site; the goal: layout ≤ 5 ms for demo A). A benchmark program, not a
// test: timing lives here only (steady clock); the core has no clock.
//
//   diagram_bench RUNDIR [--root DIR] [--repeat K]
//
// Reads RUNDIR as `planlang diagram` does (collecting each case's walk), then K times (default 51) each of:
//   layout     layout_diagram (nodes placed, every arrow routed by A*, labels placed);
//   svg        diagram_svg of that diagram (Spanish);
//   paths      compute_paths over the walks;
// and prints the median and the fastest of each, with the A* states the last layout expanded.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "bench/posix_read.hpp"
#include "core/site/diagram_svg.hpp"
#include "core/views/diagram.hpp"
#include "core/views/paths.hpp"

namespace {

using namespace planlang;
using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point t0) { return std::chrono::duration<double, std::milli>(Clock::now() - t0).count(); }

std::optional<run::FileBytes> read_file(const std::string& path) { return bench::read_file_posix(path); }

template <class F>
void measure(const char* what, int repeat, F&& f) {
    std::vector<double> ms;
    for (int k = 0; k < repeat; ++k) {
        const Clock::time_point t0 = Clock::now();
        f();
        ms.push_back(ms_since(t0));
    }
    std::sort(ms.begin(), ms.end());
    std::printf("%-8s median %.3f ms  fastest %.3f ms  (%d runs)\n", what, ms[ms.size() / 2], ms.front(), repeat);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: diagram_bench RUNDIR [--root DIR] [--repeat K]\n");
        return 2;
    }
    run::Request request;
    request.main_run = argv[1];
    int repeat = 51;
    for (int i = 2; i + 1 < argc; i += 2) {
        const std::string flag = argv[i];
        if (flag == "--root") request.root = argv[i + 1];
        else if (flag == "--repeat") repeat = std::max(1, std::atoi(argv[i + 1]));
    }
    run::WalkSink sink;
    const Clock::time_point t0 = Clock::now();
    const run::ReadResult read = run::read(request, [](const std::string& p) { return read_file(p); }, &sink);
    if (!read.ok) {
        std::fprintf(stderr, "the run was rejected (planlang diagram says why)\n");
        return 1;
    }
    std::printf("read     %.1f ms (every trace, once)\n", ms_since(t0));
    const plan::Plan& plan = read.inputs->plan.plan;
    const run::Graph& graph = read.runs.front().grafo;
    views::Diagram d;
    measure("layout", repeat, [&] { d = views::layout_diagram(plan, graph); });
    std::printf("         %zu nodes, %zu arrows, %.0f × %.0f units\n", d.nodos.size(), d.flechas.size(), d.ancho, d.alto);
    std::size_t bytes = 0;
    measure("svg", repeat, [&] { bytes = site::diagram_svg(d, false).size(); });
    std::printf("         %zu bytes\n", bytes);
    measure("paths", repeat, [&] { (void)views::compute_paths(d, sink.walks()); });
    return 0;
}
