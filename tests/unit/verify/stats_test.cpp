// core/verify/stats (traces-and-verifier.md §10, §18 items 1–2; decisions.md E4). Small hand-made samples;
// every expected value is worked out in the comments, independently of the implementation's formula.
#include "core/verify/stats.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/json/rounding.hpp"
#include "core/json/value.hpp"
#include "core/plan/model.hpp"
#include "core/common/prng.hpp"
#include "core/rules/edges.hpp"

using planlang::json::redondear;
using planlang::verify::CoveragePoint;
using planlang::verify::Interval;
using planlang::verify::Sample;
using planlang::verify::Statistic;
namespace verify = planlang::verify;

TEST_CASE("ECE: 10 bins, bin = min(⌊10c⌋, 9), weighted gap per bin") {
    // N = 8.
    // bin 9: 1.00 ✓, 0.95 ✓, 0.91 ✗ (1.00 falls in bin 9, not 10): correct 2/3 = 0.666…,
    //        conf (1.00 + 0.95 + 0.91)/3 = 0.95333…; gap 0.28666…; × 3/8 = 0.1075
    // bin 7: 0.75 ✓, 0.72 ✗: correct 0.5, conf 0.735; gap 0.235; × 2/8 = 0.05875
    // bin 5: 0.55 ✓: gap 0.45; × 1/8 = 0.05625
    // bin 1: 0.15 ✗: gap 0.15; × 1/8 = 0.01875
    // bin 0: 0.05 ✓: gap 0.95; × 1/8 = 0.11875
    // ECE = 0.1075 + 0.05875 + 0.05625 + 0.01875 + 0.11875 = 0.36
    const std::vector<Sample> s = {{1.00, true}, {0.95, true}, {0.91, false}, {0.75, true},
                                   {0.72, false}, {0.55, true}, {0.15, false}, {0.05, true}};
    CHECK(verify::ece(s) == 0.36);

    // Ten at 0.8 with eight correct: one bin, gap |0.8 − 0.8| = 0.
    std::vector<Sample> calibrated(10, Sample{0.8, true});
    calibrated[3].correcta = calibrated[7].correcta = false;
    CHECK(verify::ece(calibrated) == 0);

    // Rounded to 4 decimals: 0.3 ✓, 0.3 ✗, 0.3 ✗ → bin 3, correct 1/3, gap |0.3333… − 0.3| = 0.03333… → 0.0333.
    CHECK(verify::ece({{0.3, true}, {0.3, false}, {0.3, false}}) == 0.0333);

    // A confidence below 0 lies in no bin 0..9: it adds nothing but still counts in N.
    // bin 5: 0.5 ✓, gap 0.5 × 1/2 = 0.25.
    CHECK(verify::ece({{-0.2, true}, {0.5, true}}) == 0.25);

    CHECK_FALSE(verify::ece({}).has_value());
}

// The Mann–Whitney count, pair by pair: 1 when the correct one is more confident, ½ on a tie.
double pairwise_auroc(const std::vector<Sample>& s) {
    double wins = 0, pairs = 0;
    for (const Sample& p : s)
        for (const Sample& n : s)
            if (p.correcta && !n.correcta) {
                pairs += 1;
                wins += p.confianza > n.confianza ? 1 : p.confianza == n.confianza ? 0.5 : 0;
            }
    return wins / pairs;
}

TEST_CASE("AUROC with ties: rank formula against the pairwise count") {
    // P = 3 (0.9, 0.8, 0.6), N = 4 (0.8, 0.7, 0.5, 0.5).
    // Pairwise: 0.9 beats all 4 → 4; 0.8 ties 0.8 (½) and beats 0.7, 0.5, 0.5 → 3.5; 0.6 beats 0.5, 0.5 → 2.
    //   U = 9.5, AUROC = 9.5/12 = 0.791666… → 0.7917.
    // Ranks (ascending): 0.5, 0.5 → 1.5 each; 0.6 → 3; 0.7 → 4; 0.8, 0.8 → 5.5 each; 0.9 → 7.
    //   Σ ranks of correct = 7 + 5.5 + 3 = 15.5; 15.5 − 3·4/2 = 9.5; same 0.7917.
    const std::vector<Sample> s = {{0.9, true}, {0.8, true}, {0.8, false}, {0.7, false},
                                   {0.6, true}, {0.5, false}, {0.5, false}};
    CHECK(verify::auroc(s) == 0.7917);
    CHECK(pairwise_auroc(s) == 9.5 / 12);

    CHECK(verify::auroc({{0.9, true}, {0.1, false}}) == 1);
    CHECK(verify::auroc({{0.1, true}, {0.9, false}}) == 0);
    CHECK(verify::auroc({{0.5, true}, {0.5, false}}) == 0.5);  // one tie: ½
    CHECK_FALSE(verify::auroc({{0.5, true}, {0.7, true}}).has_value());  // one class
    CHECK_FALSE(verify::auroc({{0.5, false}}).has_value());
    CHECK_FALSE(verify::auroc({}).has_value());

    // Random samples with many ties (confidence in steps of 1/20): the rank formula equals the pairwise count.
    planlang::Prng prng("stats-test/auroc");
    for (int round = 0; round < 200; ++round) {
        std::vector<Sample> r(static_cast<std::size_t>(prng.entero(2, 40)));
        for (Sample& x : r) x = {static_cast<double>(prng.entero(0, 20)) / 20, prng.probabilidad(0.6)};
        CAPTURE(round);
        const bool both = std::any_of(r.begin(), r.end(), [](const Sample& x) { return x.correcta; }) &&
                          std::any_of(r.begin(), r.end(), [](const Sample& x) { return !x.correcta; });
        if (!both) {
            CHECK_FALSE(verify::auroc(r).has_value());
            continue;
        }
        REQUIRE(verify::auroc(r).has_value());
        CHECK(*verify::auroc(r) == redondear(pairwise_auroc(r), 4));
    }
}

TEST_CASE("exactitud = redondear(correct / N, 4)") {
    CHECK(verify::exactitud({{0.1, true}, {0.2, true}, {0.3, false}}) == 0.6667);  // 2/3
    CHECK(verify::exactitud({{0.1, true}, {0.2, true}, {0.3, false}, {0.4, true}, {0.5, true},
                             {0.6, false}, {0.7, false}, {0.8, true}}) == 0.625);  // 5/8
    CHECK(verify::exactitud({{0.1, false}}) == 0);
    CHECK_FALSE(verify::exactitud({}).has_value());
}

TEST_CASE("risk–coverage: accepted = the threshold edge is false") {
    // N = 5: 0.9 ✓, 0.8 ✓, 0.8 ✗, 0.7 ✗, 0.6 ✓. Range 0.6..0.9 step 0.1: round((0.9 − 0.6)/0.1) =
    // round(3.0000000000000004) = 3, so u = 0.6, 0.7, 0.8, 0.9.
    const std::vector<Sample> s = {{0.9, true}, {0.8, true}, {0.8, false}, {0.7, false}, {0.6, true}};
    struct Row {
        const char* operador;
        bool inclusivo;
        // per u: accepted, coverage, risk (−1 = none accepted)
        std::int64_t aceptados[4];
        double cobertura[4];
        double riesgo[4];
    };
    const Row rows[] = {
        // conf < u pauses → accepted conf ≥ u: {5 (2 ✗), 4 (2 ✗), 3 (1 ✗), 1 (0 ✗)}
        {"menor_que", false, {5, 4, 3, 1}, {1, 0.8, 0.6, 0.2}, {0.4, 0.5, 0.3333, 0}},
        // conf ≤ u pauses → accepted conf > u: {4 (2 ✗), 3 (1 ✗), 1 (0 ✗), 0}
        {"menor_que", true, {4, 3, 1, 0}, {0.8, 0.6, 0.2, 0}, {0.5, 0.3333, 0, -1}},
        {"menor_o_igual_que", false, {4, 3, 1, 0}, {0.8, 0.6, 0.2, 0}, {0.5, 0.3333, 0, -1}},
        // conf ≥ u is the edge → accepted conf < u: {0, 1 (0.6 ✓), 2 (0.6, 0.7 ✗), 4 (2 ✗)}
        {"mayor_o_igual_que", false, {0, 1, 2, 4}, {0, 0.2, 0.4, 0.8}, {-1, 0, 0.5, 0.5}},
        // conf > u → accepted conf ≤ u: {1 (0.6 ✓), 2 (1 ✗), 4 (2 ✗), 5 (2 ✗)}
        {"mayor_que", false, {1, 2, 4, 5}, {0.2, 0.4, 0.8, 1}, {0, 0.5, 0.5, 0.4}},
        // conf == u → accepted conf ≠ u: {4 (2 ✗), 4 (1 ✗), 3 (1 ✗), 4 (2 ✗)}
        {"igual_a", false, {4, 4, 3, 4}, {0.8, 0.8, 0.6, 0.8}, {0.5, 0.25, 0.3333, 0.5}},
        // conf ≠ u → accepted conf == u: {1 (0.6 ✓), 1 (0.7 ✗), 2 (1 ✗), 1 (0.9 ✓)}
        {"distinto_de", false, {1, 1, 2, 1}, {0.2, 0.2, 0.4, 0.2}, {0, 1, 0.5, 0}},
    };
    const double umbrales[] = {0.6, 0.7, 0.8, 0.9};
    for (const Row& r : rows) {
        CAPTURE(r.operador);
        CAPTURE(r.inclusivo);
        const std::vector<CoveragePoint> curve = verify::risk_coverage(s, 0.6, 0.9, 0.1, r.operador, r.inclusivo);
        REQUIRE(curve.size() == 4);
        for (std::size_t i = 0; i < 4; ++i) {
            CAPTURE(i);
            CHECK(curve[i].umbral == umbrales[i]);
            CHECK(curve[i].aceptados == r.aceptados[i]);
            CHECK(curve[i].cobertura == r.cobertura[i]);
            if (r.riesgo[i] < 0) {
                CHECK_FALSE(curve[i].riesgo.has_value());
            } else {
                REQUIRE(curve[i].riesgo.has_value());
                CHECK(*curve[i].riesgo == r.riesgo[i]);
            }
        }
    }
}

TEST_CASE("risk–coverage: thresholds, empty samples and refusals") {
    // 0.5..0.95 by 0.05: round((0.95 − 0.5)/0.05) = round(8.999999999999998) = 9 → ten slider positions,
    // each cleaned by redondear 6 (0.5 + 7·0.05 = 0.8500000000000001 → 0.85).
    const auto curve = verify::risk_coverage({}, 0.5, 0.95, 0.05, "menor_que", false);
    const double expected[] = {0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95};
    REQUIRE(curve.size() == 10);
    for (std::size_t i = 0; i < 10; ++i) {
        CAPTURE(i);
        CHECK(curve[i].umbral == expected[i]);
        CHECK(curve[i].cobertura == 0);  // N = 0
        CHECK(curve[i].aceptados == 0);
        CHECK_FALSE(curve[i].riesgo.has_value());
    }
    // A single position when min = max.
    CHECK(verify::risk_coverage({{0.7, true}}, 0.7, 0.7, 0.05, "menor_que", false).size() == 1);
    // Refusals: an unknown operator, a step that is not positive, max < min, non-finite bounds, too many points.
    const std::vector<Sample> one = {{0.7, true}};
    CHECK(verify::risk_coverage(one, 0, 1, 0.1, "entre", false).empty());
    CHECK(verify::risk_coverage(one, 0, 1, 0, "menor_que", false).empty());
    CHECK(verify::risk_coverage(one, 0, 1, -0.1, "menor_que", false).empty());
    CHECK(verify::risk_coverage(one, 1, 0, 0.1, "menor_que", false).empty());
    CHECK(verify::risk_coverage(one, 0, std::nan(""), 0.1, "menor_que", false).empty());
    CHECK(verify::risk_coverage(one, 0, 1e300, 1e-300, "menor_que", false).empty());
    const double last = static_cast<double>(verify::kMaxCoveragePoints - 1);
    CHECK(verify::risk_coverage(one, 0, last, 1, "menor_que", false).size() ==
          static_cast<std::size_t>(verify::kMaxCoveragePoints));
}

TEST_CASE("median: the middle value, or the mean of the middle two") {
    CHECK(verify::median({3, 1, 2}) == 2);
    CHECK(verify::median({4, 1, 3, 2}) == 2.5);
    CHECK(verify::median({8.117}) == 8.117);
    CHECK(verify::median({5, std::nan(""), 1}) == 3);  // NaN ignored
    CHECK_FALSE(verify::median({}).has_value());
    CHECK_FALSE(verify::median({std::nan("")}).has_value());
}

TEST_CASE("median interval: order statistics, ranks from the binomial tail") {
    // The ranks of the distribution-free 95 % interval for the median, worked out by hand from Bin(n, ½):
    // n = 6: P(X ≤ 0) = 1/64 = 0.0156 ≤ 0.025 < P(X ≤ 1) = 7/64 → l = 1: [x(1), x(6)];
    // n = 10: P(X ≤ 1) = 11/1024 = 0.0107 ≤ 0.025 < P(X ≤ 2) = 56/1024 = 0.0547 → l = 2: [x(2), x(9)];
    // n = 100: P(X ≤ 39) = 0.0176 ≤ 0.025 < P(X ≤ 40) = 0.0284 → l = 40: [x(40), x(61)] (the rank pair
    // published tables give, e.g. Conover, Practical Nonparametric Statistics, 3rd ed., table A3);
    // n = 5: P(X ≤ 0) = 1/32 = 0.031 > 0.025 → no interval.
    auto ranks = [](std::size_t n) {
        std::vector<double> v(n);
        for (std::size_t i = 0; i < n; ++i) v[i] = static_cast<double>(n - i);  // x(k) = k once sorted
        return verify::median_interval(v);
    };
    CHECK_FALSE(ranks(5).has_value());
    CHECK(ranks(6)->bajo == 1);
    CHECK(ranks(6)->alto == 6);
    CHECK(ranks(10)->bajo == 2);
    CHECK(ranks(10)->alto == 9);
    CHECK(ranks(100)->bajo == 40);
    CHECK(ranks(100)->alto == 61);
    // Above 1000 the normal approximation: n = 10,000 → l = ⌊5000 − 0.98·100⌋ = 4902: [x(4902), x(5099)].
    CHECK(ranks(10000)->bajo == 4902);
    CHECK(ranks(10000)->alto == 5099);
    // At 1000 (exact) and 1001 (approximate) the ranks agree within one: l(1000) by the tail is 469;
    // ⌊500.5 − 0.98·√1001⌋ = ⌊469.49⌋ = 469.
    CHECK(ranks(1000)->bajo == 469);
    CHECK(ranks(1001)->bajo == 469);
    // NaN values are dropped; the median lies inside.
    CHECK(verify::median_interval({std::nan(""), 1, 2, 3, 4, 5, 6})->alto == 6);
    for (std::size_t n = 6; n <= 300; n += 7) {
        std::vector<double> v;
        for (std::size_t i = 0; i < n; ++i) v.push_back(static_cast<double>((i * 37) % 101));
        const auto ci = verify::median_interval(v);
        const auto med = verify::median(v);
        CAPTURE(n);
        REQUIRE(ci.has_value());
        CHECK((ci->bajo <= *med && *med <= ci->alto));
    }
}

TEST_CASE("mean interval: mean ± 1.96·s/√n") {
    // {2, 4, 4, 4, 5, 5, 7, 9}: mean 5, Σ(x − 5)² = 32, s = √(32/7) = 2.138090; half = 1.96·2.138090/2.828427 = 1.481621.
    const auto ci = verify::mean_interval({2, 4, 4, 4, 5, 5, 7, 9});
    REQUIRE(ci.has_value());
    CHECK(redondear(ci->bajo, 5) == 3.51838);
    CHECK(redondear(ci->alto, 5) == 6.48162);
    CHECK_FALSE(verify::mean_interval({3}).has_value());
    CHECK(verify::mean_interval({3, 3})->bajo == 3);
}

TEST_CASE("Wilson 95 % against published values") {
    // Newcombe, "Two-sided confidence intervals for the single proportion", Stat. Med. 17 (1998), Table I,
    // method 3 (score, no continuity correction), four decimals.
    struct Row {
        std::int64_t k, n;
        double bajo, alto;
    };
    const Row rows[] = {
        {81, 263, 0.2553, 0.3662},
        {15, 148, 0.0624, 0.1605},
        {0, 20, 0.0, 0.1611},
        {1, 29, 0.0061, 0.1718},
        // S2 of demo A, 20/24 (spec §18: ≈ 0.64–0.93). By hand: p̂ = 0.83333, z² = 3.84146, z²/n = 0.16006;
        // centre = (0.83333 + 0.08003)/1.16006 = 0.78734; half = 1.95996·√(0.0057870 + 0.0016673)/1.16006
        // = 0.14587 → 0.6415–0.9332.
        {20, 24, 0.6415, 0.9332},
    };
    for (const Row& r : rows) {
        CAPTURE(r.k);
        CAPTURE(r.n);
        const auto w = verify::wilson(r.k, r.n);
        REQUIRE(w.has_value());
        CHECK(redondear(w->bajo, 4) == r.bajo);
        CHECK(redondear(w->alto, 4) == r.alto);
    }
    // Exact ends: 0 at k = 0, 1 at k = n; always inside [0, 1] around p̂.
    CHECK(verify::wilson(0, 7)->bajo == 0);
    CHECK(verify::wilson(7, 7)->alto == 1);
    for (std::int64_t n = 1; n <= 60; ++n)
        for (std::int64_t k = 0; k <= n; ++k) {
            CAPTURE(k);
            CAPTURE(n);
            const Interval w = *verify::wilson(k, n);
            const double p = static_cast<double>(k) / static_cast<double>(n);
            CHECK((0 <= w.bajo && w.bajo <= p && p <= w.alto && w.alto <= 1));
        }
    CHECK_FALSE(verify::wilson(0, 0).has_value());
    CHECK_FALSE(verify::wilson(3, 2).has_value());
    CHECK_FALSE(verify::wilson(-1, 2).has_value());
}

TEST_CASE("bootstrap: the documented procedure, determinism, the point estimate inside") {
    CHECK(verify::bootstrap_seed("suscripcion-a-002", "S3.latencia_mediana") ==
          "bootstrap/suscripcion-a-002/S3.latencia_mediana");
    // 201 latencies in 2..14 s with three decimals, drawn once.
    planlang::Prng draw("stats-test/latencies");
    std::vector<double> lat;
    for (int i = 0; i < 201; ++i) lat.push_back(static_cast<double>(draw.entero(2000, 14000)) / 1000);
    const double point = *verify::median(lat);
    const std::string seed = verify::bootstrap_seed("r1", "S3.latencia_mediana");
    const auto a = verify::bootstrap_median(lat, seed);
    const auto b = verify::bootstrap_median(lat, seed);
    REQUIRE(a.has_value());
    REQUIRE(b.has_value());
    CHECK(a->bajo == b->bajo);
    CHECK(a->alto == b->alto);
    CAPTURE(point);
    CAPTURE(a->bajo);
    CAPTURE(a->alto);
    CHECK((a->bajo <= point && point <= a->alto && a->bajo < a->alto));

    // decisions.md E4 step by step: 2,000 resamples of entero(0, n − 1) draws, medians sorted, the 50th and
    // the 1950th (⌈0.025·2000⌉, ⌈0.975·2000⌉).
    planlang::Prng prng(seed);
    std::vector<double> medians;
    for (int r = 0; r < 2000; ++r) {
        std::vector<double> x;
        for (std::size_t i = 0; i < lat.size(); ++i) x.push_back(lat[static_cast<std::size_t>(prng.entero(0, 200))]);
        std::sort(x.begin(), x.end());
        medians.push_back(x[100]);
    }
    std::sort(medians.begin(), medians.end());
    CHECK(a->bajo == medians[49]);
    CHECK(a->alto == medians[1949]);

    // Another seed gives other draws (and here another interval).
    const auto c = verify::bootstrap_median(lat, verify::bootstrap_seed("r2", "S3.latencia_mediana"));
    REQUIRE(c.has_value());
    CHECK((c->bajo != a->bajo || c->alto != a->alto));

    // A constant sample: every resample has the same median.
    const auto flat = verify::bootstrap_median({4.5, 4.5, 4.5}, "s");
    REQUIRE(flat.has_value());
    CHECK(flat->bajo == 4.5);
    CHECK(flat->alto == 4.5);
    CHECK_FALSE(verify::bootstrap_median({}, "s").has_value());
}

// The bootstrap draws entero(0, n − 1) as (u·n) >> 32 for n ≤ 2^21: the identity with ⌊(u/2^32)·n⌋ (what
// Prng::entero computes in doubles) that this relies on, checked on the edges of u and on pseudo-random u.
TEST_CASE("bootstrap index draw: (u·n) >> 32 equals the double floor for n up to 2^21") {
    planlang::Prng prng("stats-test/index-draw");
    for (const std::uint64_t n : {1ull, 2ull, 3ull, 161ull, 1000ull, 99999ull, (1ull << 21) - 1, 1ull << 21}) {
        CAPTURE(n);
        for (int k = 0; k < 20000; ++k) {
            const std::uint32_t u = k < 4 ? std::uint32_t{0xFFFFFFFFu} - static_cast<std::uint32_t>(k) : k < 8 ? static_cast<std::uint32_t>(k - 4) : prng.next_u32();
            const auto exact = (std::uint64_t{u} * n) >> 32;
            const auto viadouble = static_cast<std::uint64_t>(std::floor(static_cast<double>(u) / 4294967296.0 * static_cast<double>(n)));
            REQUIRE(exact == viadouble);
        }
    }
}

TEST_CASE("bootstrap of ECE and AUROC") {
    // 120 samples: confidence in steps of 1/100, correct more often when confident.
    planlang::Prng prng("stats-test/calibration");
    std::vector<Sample> s(120);
    for (Sample& x : s) {
        x.confianza = static_cast<double>(prng.entero(40, 100)) / 100;
        x.correcta = prng.probabilidad(x.confianza);
    }
    for (const Statistic statistic : {Statistic::ece, Statistic::auroc}) {
        CAPTURE(static_cast<int>(statistic));
        const std::string seed = verify::bootstrap_seed("r1", statistic == Statistic::ece ? "S1.ece" : "S1.auroc");
        const auto i1 = verify::bootstrap_calibration(s, statistic, seed);
        const auto i2 = verify::bootstrap_calibration(s, statistic, seed);
        REQUIRE(i1.has_value());
        REQUIRE(i2.has_value());
        CHECK(i1->bajo == i2->bajo);
        CHECK(i1->alto == i2->alto);
        const double point = *(statistic == Statistic::ece ? verify::ece(s) : verify::auroc(s));
        CAPTURE(point);
        CAPTURE(i1->bajo);
        CAPTURE(i1->alto);
        CHECK((i1->bajo < i1->alto && i1->bajo <= point && point <= i1->alto));
    }
    // The AUROC bootstrap (positives and negatives drawn per block of equal confidence) gives exactly the interval
    // of drawing each resample and counting its pairs (Mann–Whitney, ties ½): numerators are half-integers,
    // exact in doubles, so both ways give the same doubles.
    {
        planlang::Prng draw(verify::bootstrap_seed("r1", "S1.auroc"));
        std::vector<double> stats;
        for (int r = 0; r < 2000; ++r) {
            std::vector<Sample> x(s.size());
            for (Sample& y : x) y = s[static_cast<std::size_t>(draw.entero(0, static_cast<std::int64_t>(s.size()) - 1))];
            double pairs = 0, pos = 0, neg = 0;
            for (const Sample& a : x) (a.correcta ? pos : neg) += 1;
            for (const Sample& a : x)
                for (const Sample& b : x)
                    if (a.correcta && !b.correcta) pairs += a.confianza > b.confianza ? 1 : a.confianza == b.confianza ? 0.5 : 0;
            if (pos > 0 && neg > 0) stats.push_back(pairs / (pos * neg));
        }
        std::sort(stats.begin(), stats.end());
        const auto fast = verify::bootstrap_calibration(s, Statistic::auroc, verify::bootstrap_seed("r1", "S1.auroc"));
        REQUIRE(fast.has_value());
        CHECK(fast->bajo == stats[(25 * stats.size() + 999) / 1000 - 1]);
        CHECK(fast->alto == stats[(975 * stats.size() + 999) / 1000 - 1]);
    }
    // The ECE bootstrap (each draw added to its bin, no resample built) gives exactly the interval of drawing
    // each resample with Prng::entero and computing ECE over the copy; a negative confidence (in no bin)
    // still counts in N. Both of its ways: confidences coded by a table (at most 256 distinct: the 120 above,
    // in steps of 1/100) and read as they are (400 in steps of 1/10,000, more than 256 distinct).
    std::vector<Sample> fine(400);
    for (Sample& x : fine) {
        x.confianza = static_cast<double>(prng.entero(0, 10000)) / 10000;
        x.correcta = prng.probabilidad(x.confianza);
    }
    for (const std::vector<Sample>* sample : {&s, &fine}) {
        CAPTURE(sample->size());
        std::vector<Sample> t = *sample;
        t[7].confianza = -0.5;
        planlang::Prng draw(verify::bootstrap_seed("r1", "S1.ece"));
        std::vector<double> stats;
        for (int r = 0; r < 2000; ++r) {
            double count[10] = {}, correct[10] = {}, conf[10] = {};
            std::vector<Sample> x(t.size());
            for (Sample& y : x) y = t[static_cast<std::size_t>(draw.entero(0, static_cast<std::int64_t>(t.size()) - 1))];
            for (const Sample& y : x) {
                if (y.confianza < 0) continue;
                const int b = std::min(static_cast<int>(std::floor(10 * y.confianza)), 9);
                count[b] += 1;
                correct[b] += y.correcta ? 1 : 0;
                conf[b] += y.confianza;
            }
            double sum = 0;
            for (int b = 0; b < 10; ++b)
                if (count[b] > 0) sum += (count[b] / static_cast<double>(x.size())) * std::fabs(correct[b] / count[b] - conf[b] / count[b]);
            stats.push_back(sum);
        }
        std::sort(stats.begin(), stats.end());
        const auto fast = verify::bootstrap_calibration(t, Statistic::ece, verify::bootstrap_seed("r1", "S1.ece"));
        REQUIRE(fast.has_value());
        CHECK(fast->bajo == stats[(25 * stats.size() + 999) / 1000 - 1]);
        CHECK(fast->alto == stats[(975 * stats.size() + 999) / 1000 - 1]);
    }
    // The median confidence, by bootstrap_median over the confidences.
    std::vector<double> conf;
    for (const Sample& x : s) conf.push_back(x.confianza);
    const auto m1 = verify::bootstrap_calibration(s, Statistic::median, "m");
    const auto m2 = verify::bootstrap_median(conf, "m");
    REQUIRE(m1.has_value());
    CHECK((m1->bajo == m2->bajo && m1->alto == m2->alto));

    // One correct sample in four: many resamples are single-class and skipped, the rest still give an interval.
    const std::vector<Sample> rare = {{0.9, true}, {0.3, false}, {0.4, false}, {0.2, false}};
    const auto r = verify::bootstrap_calibration(rare, Statistic::auroc, "rare");
    REQUIRE(r.has_value());
    CHECK((0 <= r->bajo && r->bajo <= r->alto && r->alto <= 1));
    // One class only: AUROC is undefined for every resample.
    CHECK_FALSE(verify::bootstrap_calibration({{0.9, true}, {0.8, true}}, Statistic::auroc, "x").has_value());
    CHECK_FALSE(verify::bootstrap_calibration({}, Statistic::ece, "x").has_value());
}

// risk_coverage asks the edge once per distinct confidence; the reference asks it once per sample, as the
// curve is defined (rule-language.md §7.2 through planlang::rules::edge_result). Random samples with many ties (two
// decimals), a few values of their own (-0, 0, three decimals), every operator both ways.
TEST_CASE("risk–coverage: the same curve as the edge asked sample by sample") {
    auto reference = [](const std::vector<Sample>& samples, double min, double max, double paso, const std::string& operador,
                        bool inclusivo) {
        planlang::rules::Edge edge;
        edge.desde = "umbral";
        edge.senal = "confianza";
        edge.operador = operador;
        edge.inclusivo = inclusivo;
        planlang::json::Value state{planlang::json::Object{{"confianza", planlang::json::Value(0.0)}}};
        const planlang::json::Value applied{planlang::json::Object{}};
        std::vector<CoveragePoint> curve;
        const auto steps = static_cast<std::int64_t>(planlang::json::ecma_round((max - min) / paso));
        for (std::int64_t i = 0; i <= steps; ++i) {
            CoveragePoint p;
            p.umbral = redondear(min + static_cast<double>(i) * paso, 6);
            edge.valor = planlang::json::Value(p.umbral);
            std::int64_t errors = 0;
            for (const Sample& s : samples) {
                *state.find("confianza") = planlang::json::Value(s.confianza);
                if (planlang::rules::edge_result(edge, state, applied).resultado) continue;
                ++p.aceptados;
                errors += s.correcta ? 0 : 1;
            }
            p.cobertura = samples.empty() ? 0.0 : redondear(static_cast<double>(p.aceptados) / static_cast<double>(samples.size()), 4);
            if (p.aceptados > 0) p.riesgo = redondear(static_cast<double>(errors) / static_cast<double>(p.aceptados), 4);
            curve.push_back(p);
        }
        return curve;
    };
    planlang::Prng g("tests/risk-coverage");
    for (int round = 0; round < 40; ++round) {
        std::vector<Sample> samples(static_cast<std::size_t>(g.entero(0, 300)));
        for (Sample& s : samples) {
            s.confianza = static_cast<double>(g.entero(0, 100)) / 100;
            if (g.probabilidad(0.05)) s.confianza = g.elegir(std::vector<double>{-0.0, 0.0, 0.555, 1.0});
            s.correcta = g.probabilidad(0.7);
        }
        for (const char* operador : {"menor_que", "menor_o_igual_que", "mayor_que", "mayor_o_igual_que", "igual_a", "distinto_de"})
            for (const bool inclusivo : {false, true}) {
                CAPTURE(round);
                CAPTURE(operador);
                CAPTURE(inclusivo);
                const std::vector<CoveragePoint> got = verify::risk_coverage(samples, 0.5, 0.99, 0.01, operador, inclusivo);
                const std::vector<CoveragePoint> want = reference(samples, 0.5, 0.99, 0.01, operador, inclusivo);
                REQUIRE(got.size() == want.size());
                for (std::size_t i = 0; i < got.size(); ++i) {
                    CHECK(got[i].umbral == want[i].umbral);
                    CHECK(got[i].aceptados == want[i].aceptados);
                    CHECK(got[i].cobertura == want[i].cobertura);
                    CHECK(got[i].riesgo == want[i].riesgo);
                }
            }
    }
}

TEST_CASE("reliability: ECE's ten bins, counted by hand") {
    using planlang::verify::Sample;
    // Bins by min(⌊10c⌋, 9): 0.05 → 0; 0.15 and 0.15 → 1; 0.95 and 1.0 → 9 (⌊10⌋ = 10, capped); −0.1 in none.
    const std::vector<Sample> s = {{0.05, true}, {0.15, false}, {0.15, true}, {0.95, true}, {1.0, false}, {-0.1, true}};
    const planlang::verify::Reliability r = planlang::verify::reliability(s);
    CHECK(r.fuera == 1);
    CHECK(r.bins[0].n == 1);
    CHECK(r.bins[0].correctas == 1);
    CHECK(r.bins[1].n == 2);
    CHECK(r.bins[1].correctas == 1);
    CHECK(r.bins[1].suma_confianza == doctest::Approx(0.30));
    CHECK(r.bins[9].n == 2);
    CHECK(r.bins[9].correctas == 1);
    CHECK(r.bins[9].suma_confianza == doctest::Approx(1.95));
    for (int b : {2, 3, 4, 5, 6, 7, 8}) CHECK(r.bins[b].n == 0);
    // ECE from those bins, N = 6: 1/6·|1 − 0.05| + 2/6·|0.5 − 0.15| + 2/6·|0.5 − 0.975| = 0.158333 + 0.116667 +
    // 0.158333 = 0.433333 → 0.4333: the same bins ece() sums over.
    CHECK(planlang::verify::ece(s).value() == 0.4333);
}
