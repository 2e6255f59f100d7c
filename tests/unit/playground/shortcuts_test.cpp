// The two ways a move is made cheaper give what the plain way gives (playground.md: "results must equal"):
// judging only the edges that read a moved threshold (PlayOptions::atajos, Compact::plan_reproducido) against
// judging every edge of every playable visit, and re-measuring from the recorded tallies plus the diverging
// cases (internal::remeasure) against adding up every case (internal::remeasure_full) — over a grid of
// settings on demo-a-200 and demo-a-20, compared as the JSON the CLI prints.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "core/json/canonical.hpp"
#include "core/playground/compact.hpp"
#include "core/playground/internal/measures.hpp"
#include "core/playground/replay.hpp"
#include "core/playground/result_json.hpp"
#include "support/files.hpp"

using namespace planlang;
using namespace planlang::playground;

namespace {

run::FileSource source() {
    return [](const std::string& path) -> std::optional<run::FileBytes> {
        const std::string full = testing::source_path(path);
        if (!testing::file_exists(full)) return std::nullopt;
        return run::FileBytes(testing::read_text(full));
    };
}

std::shared_ptr<const Compact> load_run(const std::string& run) {
    LoadRequest request;
    request.lectura.main_run = run;
    const Loaded loaded = load(request, source());
    REQUIRE(loaded.ok);
    return loaded.compacto;
}

std::vector<Setting> grid(const Compact& c) {
    std::vector<Setting> out;
    const char* u1s[] = {"U1=0.5", "U1=0.75", "U1=0.85", "U1=0.95"};
    const char* u2s[] = {"U2=200", "U2=1000", "U2=1500", "U2=5000"};
    const char* u3s[] = {"U3=0", "U3=2", "U3=4"};
    const char* u4s[] = {"U4=false", "U4=true"};
    for (const char* a : u1s)
        for (const char* b : u2s)
            for (const char* d : u3s)
                for (const char* e : u4s) {
                    Setting s = plan_setting(c);
                    for (const char* x : {a, b, d, e}) REQUIRE_FALSE(set_threshold(c, s, x));
                    out.push_back(std::move(s));
                }
    return out;
}

}  // namespace

TEST_CASE("playground: shortcuts and incremental re-measurement give the plain results") {
    for (const char* run : {"synthetic/runs/demo-a/demo-a-200", "synthetic/runs/demo-a/demo-a-20"}) {
        const std::shared_ptr<const Compact> compact = load_run(run);
        const Compact& c = *compact;
        CAPTURE(run);
        REQUIRE(c.autocomprobacion_ok);
        REQUIRE(c.plan_reproducido);
        REQUIRE(c.registradas.size() == c.medidas.size());
        std::size_t with_changes = 0;
        for (const Setting& s : grid(c)) {
            CAPTURE(json::canonical(applied_object(c, s)));
            const Replay fast = play(c, s);
            PlayOptions plain_options;
            plain_options.atajos = false;
            Replay plain = play(c, s, plain_options);
            plain.medidas = internal::remeasure_full(c, plain.camino);
            plain.veredicto = internal::verdict_at(c, plain.medidas, plain.camino);
            CHECK(json::canonical(replay_json(c, fast, true)) == json::canonical(replay_json(c, plain, true)));
            with_changes += !fast.cambios.empty();
        }
        CHECK(with_changes > 80);  // the grid moves cases: the comparison is not between two empty replays
    }
}
