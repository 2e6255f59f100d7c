// Decision waves, DEPENDENCIA_DESCONOCIDA and CICLO (plan-format.md §11.1 step 2a).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "core/json/reader.hpp"
#include "core/plan/validator.hpp"
#include "core/plan/waves.hpp"
#include "support/files.hpp"

using namespace planlang;

namespace {

plan::Decision decision(const std::string& id, std::vector<std::string> deps, const std::string& reversibilidad = "dos_vias") {
    plan::Decision d;
    d.id = id;
    d.depende_de = std::move(deps);
    d.reversibilidad = reversibilidad;
    return d;
}

// "[D1 D2] [D3]"
std::string shown(const std::vector<std::vector<plan::Id>>& waves) {
    std::string out;
    for (const auto& wave : waves) {
        out += out.empty() ? "[" : " [";
        for (std::size_t i = 0; i < wave.size(); ++i) out += (i ? " " : "") + wave[i];
        out += "]";
    }
    return out;
}

std::string problem(const plan::WavesResult& r) { return r.code ? *r.code + " @ " + r.element : "none"; }

}  // namespace

TEST_CASE("waves: Kahn waves, una_via first inside a wave, each group sorted by id") {
    const plan::WavesResult one = plan::decision_waves({decision("D4", {}, "una_via"), decision("D2", {}, "costosa"),
                                                        decision("D3", {}, "una_via"), decision("D1", {})});
    CHECK(problem(one) == "none");
    CHECK(shown(one.waves) == "[D3 D4 D1 D2]");

    // D3 needs D2; D5 needs D3 and D1; D6 needs D5: four waves.
    const plan::WavesResult chain = plan::decision_waves({decision("D6", {"D5"}, "una_via"), decision("D5", {"D3", "D1"}),
                                                          decision("D3", {"D2"}, "una_via"), decision("D2", {}),
                                                          decision("D1", {}, "una_via"), decision("D4", {"D1"})});
    CHECK(problem(chain) == "none");
    CHECK(shown(chain.waves) == "[D1 D2] [D3 D4] [D5] [D6]");

    // Ids sort by UTF-16 code units: "D10" < "D2", uppercase before lowercase.
    const plan::WavesResult ids = plan::decision_waves({decision("d1", {}), decision("D2", {}), decision("D10", {}),
                                                        decision("Z", {}, "una_via"), decision("A", {}, "una_via")});
    CHECK(shown(ids.waves) == "[A Z D10 D2 d1]");

    // A repeated dependency is harmless.
    CHECK(shown(plan::decision_waves({decision("D2", {"D1", "D1"}), decision("D1", {})}).waves) == "[D1] [D2]");
    CHECK(plan::decision_waves({}).waves.empty());
}

TEST_CASE("waves: our demo A plan gives [D1 D2 D4 D5 D6] [D3] (D1, D2 una_via; D3 depends on D2)") {
    const json::ReadResult doc = json::read(testing::read_text(testing::source_path("plans/demo-a/plan-demo-a.borrador.json")));
    REQUIRE(doc.ok());
    const plan::ValidationResult r = plan::validate(doc.value);
    REQUIRE(r.ok);
    CHECK(shown(r.ondas) == "[D1 D2 D4 D5 D6] [D3]");
}

TEST_CASE("DEPENDENCIA_DESCONOCIDA: the first unknown dependency in file order, and only that one") {
    // File order, not id order: D2 comes first in the file.
    CHECK(problem(plan::decision_waves({decision("D2", {"D8"}), decision("D1", {"D9"})})) == "DEPENDENCIA_DESCONOCIDA @ D2 → D8");
    // Inside one decision, its first unknown entry (known ones are skipped).
    CHECK(problem(plan::decision_waves({decision("D1", {"D2", "D9", "D7"}), decision("D2", {})})) ==
          "DEPENDENCIA_DESCONOCIDA @ D1 → D9");
    // It wins over a cycle, even one earlier in the file; no waves are given.
    const plan::WavesResult r = plan::decision_waves({decision("D1", {"D2"}), decision("D2", {"D1"}), decision("D3", {"X"})});
    CHECK(problem(r) == "DEPENDENCIA_DESCONOCIDA @ D3 → X");
    CHECK(r.waves.empty());
    // Ids are case-sensitive.
    CHECK(problem(plan::decision_waves({decision("D1", {"d2"}), decision("D2", {})})) == "DEPENDENCIA_DESCONOCIDA @ D1 → d2");
}

TEST_CASE("CICLO: the first cycle of a depth-first search over the unplaced ids, ids and dependencies sorted") {
    // Self-dependency.
    CHECK(problem(plan::decision_waves({decision("D1", {}), decision("D5", {"D5"})})) == "CICLO @ D5 → D5");
    // Two cycles: the search starts at the smallest unplaced id, whatever the file order.
    const plan::WavesResult two = plan::decision_waves({decision("D4", {"D3"}), decision("D3", {"D4"}), decision("D2", {"D1"}),
                                                        decision("D1", {"D2"})});
    CHECK(problem(two) == "CICLO @ D1 → D2 → D1");
    CHECK(two.waves.empty());
    // Dependencies in sorted order: D1 → D2 is explored before D1 → D3, although D3 is listed first.
    CHECK(problem(plan::decision_waves({decision("D1", {"D3", "D2"}), decision("D2", {"D1"}), decision("D3", {"D1"})})) ==
          "CICLO @ D1 → D2 → D1");
    // The path starts at the repeated id: D1 leads into the cycle but is not part of it.
    CHECK(problem(plan::decision_waves({decision("D1", {"D2"}), decision("D2", {"D3"}), decision("D3", {"D2"})})) ==
          "CICLO @ D2 → D3 → D2");
    // A longer cycle, written in full.
    CHECK(problem(plan::decision_waves({decision("D3", {"D1"}), decision("D1", {"D2"}), decision("D2", {"D3"})})) ==
          "CICLO @ D1 → D2 → D3 → D1");
    // Placed decisions take no part: D0 is in the first wave, the search runs over D1 and D2 only.
    CHECK(problem(plan::decision_waves({decision("D0", {}), decision("D2", {"D0", "D1"}), decision("D1", {"D0", "D2"})})) ==
          "CICLO @ D1 → D2 → D1");
    // UTF-16 order of ids: "D10" < "D2", so the search starts at D10.
    CHECK(problem(plan::decision_waves({decision("D2", {"D10"}), decision("D10", {"D2"})})) == "CICLO @ D10 → D2 → D10");
    // The first cycle met, not one through the start: D1 → D2 → D4 reaches D4's self-loop before D1 → D3 → D1.
    CHECK(problem(plan::decision_waves({decision("D1", {"D2", "D3"}), decision("D2", {"D4"}), decision("D3", {"D1"}),
                                        decision("D4", {"D4"})})) == "CICLO @ D4 → D4");
}
