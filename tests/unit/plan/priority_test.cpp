// RPN, the AIAG-VDA action priority table, effective priority under legal control and the risk order
// (plan-format.md §5.1).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "core/json/reader.hpp"
#include "core/plan/priority.hpp"
#include "core/plan/validator.hpp"
#include "support/files.hpp"

using namespace planlang;

namespace {

// The table of §5.1 as printed there: rows S 9–10, 7–8, 4–6, 2–3, 1; columns O 8–10, 6–7, 4–5, 2–3, 1;
// each cell the letters for D 7–10, 5–6, 2–4, 1.
const char* const kRows[5] = {
    "AAAA AAAA AAAM AMBB BBBB",  // S 9–10
    "AAAA AAAM AMMM MMBB BBBB",  // S 7–8
    "AAMM MMMB MBBB BBBB BBBB",  // S 4–6
    "MMBB BBBB BBBB BBBB BBBB",  // S 2–3
    "BBBB BBBB BBBB BBBB BBBB",  // S 1
};
// Band of each score 1..10 (index 0 unused), read off the band lists of §5.1.
const int kSeverityBand[11] = {-1, 4, 3, 3, 2, 2, 2, 1, 1, 0, 0};
const int kOccurrenceBand[11] = {-1, 4, 3, 3, 2, 2, 1, 1, 0, 0, 0};
const int kDetectionBand[11] = {-1, 3, 2, 2, 2, 1, 1, 0, 0, 0, 0};

char expected_letter(int s, int o, int d) {
    return kRows[kSeverityBand[s]][kOccurrenceBand[o] * 5 + kDetectionBand[d]];
}

plan::Risk risk(const std::string& id, int s, int o, int d, std::optional<bool> legal = std::nullopt) {
    plan::Risk r;
    r.id = id;
    r.severidad = s;
    r.ocurrencia = o;
    r.deteccion = d;
    r.control_legal = legal;
    return r;
}

std::string ids(const std::vector<plan::RiskPriority>& order) {
    std::string out;
    for (const auto& p : order) out += (out.empty() ? "" : " ") + p.id;
    return out;
}

}  // namespace

TEST_CASE("action_priority: every one of the 1000 cells of the AIAG-VDA table") {
    int letters[3] = {0, 0, 0};
    for (int s = 1; s <= 10; ++s)
        for (int o = 1; o <= 10; ++o)
            for (int d = 1; d <= 10; ++d) {
                CAPTURE(s);
                CAPTURE(o);
                CAPTURE(d);
                const char want = expected_letter(s, o, d);
                CHECK(plan::action_priority(s, o, d) == want);
                const plan::RiskPriority p = plan::risk_priority(risk("R", s, o, d));
                CHECK(p.rpn == s * o * d);
                CHECK(p.prioridad_de_tabla == (want == 'A' ? "alta" : want == 'M' ? "media" : "baja"));
                CHECK(p.prioridad_de_accion == p.prioridad_de_tabla);
                CHECK_FALSE(p.control_legal);
                ++letters[want == 'A' ? 0 : want == 'M' ? 1 : 2];
            }
    // Counted by hand from the table, each cell weighted by its band sizes (S 2,2,3,2,1; O 3,2,2,2,1;
    // D 4,2,3,1): rows 9–10 A 76 M 6 B 18 (×2), 7–8 A 56 M 26 B 18 (×2), 4–6 A 18 M 38 B 44 (×3),
    // 2–3 M 18 B 82 (×2), 1 B 100.
    CHECK(letters[0] == 318);
    CHECK(letters[1] == 214);
    CHECK(letters[2] == 468);
}

TEST_CASE("action_priority: hand-picked cells, band edges and the §5.1 example") {
    CHECK(plan::action_priority(10, 4, 4) == 'A');  // the spec's example: row 9–10, column 4–5, third letter
    CHECK(plan::action_priority(9, 5, 1) == 'M');   // AAAM, D = 1
    CHECK(plan::action_priority(9, 3, 6) == 'M');   // AMBB, D 5–6
    CHECK(plan::action_priority(9, 3, 7) == 'A');
    CHECK(plan::action_priority(9, 3, 4) == 'B');
    CHECK(plan::action_priority(9, 1, 10) == 'B');  // O = 1: always B
    CHECK(plan::action_priority(8, 6, 1) == 'M');   // AAAM
    CHECK(plan::action_priority(7, 5, 7) == 'A');   // AMMM
    CHECK(plan::action_priority(7, 5, 6) == 'M');
    CHECK(plan::action_priority(7, 2, 5) == 'M');   // MMBB
    CHECK(plan::action_priority(7, 2, 4) == 'B');
    CHECK(plan::action_priority(6, 8, 5) == 'A');   // AAMM
    CHECK(plan::action_priority(4, 8, 4) == 'M');
    CHECK(plan::action_priority(4, 7, 2) == 'M');   // MMMB
    CHECK(plan::action_priority(4, 7, 1) == 'B');
    CHECK(plan::action_priority(6, 4, 7) == 'M');   // MBBB
    CHECK(plan::action_priority(6, 4, 6) == 'B');
    CHECK(plan::action_priority(3, 10, 10) == 'M'); // MMBB
    CHECK(plan::action_priority(2, 8, 4) == 'B');
    CHECK(plan::action_priority(3, 7, 10) == 'B');
    CHECK(plan::action_priority(1, 10, 10) == 'B');
    CHECK(std::string(plan::priority_name('A')) == "alta");
    CHECK(std::string(plan::priority_name('M')) == "media");
    CHECK(std::string(plan::priority_name('B')) == "baja");
    // Outside 1–10 (the schema reports them): clamped to the nearest band, never out of bounds.
    CHECK(plan::action_priority(0, 0, 0) == 'B');
    CHECK(plan::action_priority(11, 11, 11) == 'A');
    CHECK(plan::action_priority(-5, 99, 99) == 'B');
}

TEST_CASE("risk_priority: RPN and the effective priority under control_legal") {
    const plan::RiskPriority example = plan::risk_priority(risk("R2", 10, 4, 4));
    CHECK(example.rpn == 160);
    CHECK(example.prioridad_de_tabla == "alta");
    CHECK(example.prioridad_de_accion == "alta");
    const plan::RiskPriority legal = plan::risk_priority(risk("R1", 9, 3, 3, true));
    CHECK(legal.rpn == 81);
    CHECK(legal.prioridad_de_tabla == "baja");
    CHECK(legal.prioridad_de_accion == "alta");
    CHECK(legal.control_legal);
    const plan::RiskPriority media_legal = plan::risk_priority(risk("R", 9, 5, 1, true));
    CHECK(media_legal.prioridad_de_tabla == "media");
    CHECK(media_legal.prioridad_de_accion == "alta");
    const plan::RiskPriority not_legal = plan::risk_priority(risk("R", 9, 3, 3, false));
    CHECK(not_legal.prioridad_de_accion == "baja");
    CHECK_FALSE(not_legal.control_legal);
    const plan::RiskPriority minimal = plan::risk_priority(risk("R", 1, 1, 1));
    CHECK(minimal.rpn == 1);
    const plan::RiskPriority maximal = plan::risk_priority(risk("R", 10, 10, 10));
    CHECK(maximal.rpn == 1000);
}

TEST_CASE("ordered_priorities: effective priority, then RPN descending, then id by UTF-16 code units") {
    // Effective priority beats RPN: a legal B with RPN 6 comes before an M with RPN 140 (4·7·5, MMMB).
    CHECK(ids(plan::ordered_priorities({risk("Rm", 4, 7, 5), risk("Rlegal", 1, 2, 3, true), risk("Rb", 5, 3, 3),
                                        risk("Ra", 9, 9, 9)})) == "Ra Rlegal Rm Rb");
    // Same priority: RPN descending.
    CHECK(ids(plan::ordered_priorities({risk("R1", 9, 9, 2), risk("R2", 9, 9, 9), risk("R3", 9, 9, 5)})) == "R2 R3 R1");
    // Same priority and RPN: id by UTF-16 code units ("R10" < "R2" < "R9" < "Ra"; uppercase before lowercase).
    CHECK(ids(plan::ordered_priorities({risk("R9", 5, 4, 2), risk("Ra", 5, 2, 4), risk("R2", 2, 4, 5), risk("R10", 4, 5, 2)})) ==
          "R10 R2 R9 Ra");
    // UTF-16, not code points: a supplementary character (a surrogate pair, 0xD83D…) sorts before U+FF21.
    CHECK(ids(plan::ordered_priorities({risk("x\xEF\xBC\xA1", 1, 1, 1), risk("x\xF0\x9F\x98\x80", 1, 1, 1)})) ==
          "x\xF0\x9F\x98\x80 x\xEF\xBC\xA1");
    // A prefix sorts first; the input order never matters.
    CHECK(ids(plan::ordered_priorities({risk("R1a", 1, 1, 1), risk("R1", 1, 1, 1)})) == "R1 R1a");
    CHECK(ids(plan::ordered_priorities({risk("R1", 1, 1, 1), risk("R1a", 1, 1, 1)})) == "R1 R1a");
    CHECK(plan::ordered_priorities({}).empty());
}

TEST_CASE("our demo A plan: its risk order, worked out by hand from its S, O, D and control_legal") {
    const json::ReadResult doc = json::read(testing::read_text(testing::source_path("plans/demo-a/plan-demo-a.borrador.json")));
    REQUIRE(doc.ok());
    const plan::ValidationResult r = plan::validate(doc.value);
    REQUIRE(r.ok);
    // R5 7·6·5 A; R3 9·5·4 A; R2 10·4·4 A; R1 9·3·3 B→A; R10 9·2·3 B→A; R6 8·3·2 B→A; R7 6·4·4 B;
    // R4 5·4·2 B and R8 5·2·4 B tie at 40 (id); R9 4·3·3 B.
    CHECK(ids(r.prioridades) == "R5 R3 R2 R1 R10 R6 R7 R4 R8 R9");
    const int rpn[] = {210, 180, 160, 81, 54, 48, 96, 40, 40, 36};
    const char* table[] = {"alta", "alta", "alta", "baja", "baja", "baja", "baja", "baja", "baja", "baja"};
    REQUIRE(r.prioridades.size() == 10);
    for (std::size_t i = 0; i < 10; ++i) {
        CAPTURE(r.prioridades[i].id);
        CHECK(r.prioridades[i].rpn == rpn[i]);
        CHECK(r.prioridades[i].prioridad_de_tabla == table[i]);
        CHECK(r.prioridades[i].prioridad_de_accion == (i < 6 ? "alta" : "baja"));
        CHECK(r.prioridades[i].control_legal == (i >= 3 && i < 6));
    }
}
