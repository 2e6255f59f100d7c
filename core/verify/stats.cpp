#include "core/verify/stats.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstring>
#include <functional>
#include <numeric>

#include "core/json/rounding.hpp"
#include "core/json/value.hpp"
#include "core/plan/slider_positions.hpp"
#include "core/rules/edges.hpp"
#include "core/common/prng.hpp"

namespace planlang::verify {
namespace {

using json::redondear;

// spec/traces-and-verifier.md §10: bin = min(⌊10c⌋, 9); a confidence below 0 falls in no bin 0..9 and so
// adds nothing to the sum, but still counts in N.
std::optional<double> ece_unrounded(const std::vector<Sample>& samples) {
    if (samples.empty()) return std::nullopt;
    double count[10] = {}, correct[10] = {}, conf[10] = {};
    for (const Sample& s : samples) {
        const double bin = std::min(std::floor(10 * s.confianza), 9.0);
        if (!(bin >= 0)) continue;
        const auto b = static_cast<std::size_t>(bin);
        count[b] += 1;
        correct[b] += s.correcta ? 1 : 0;
        conf[b] += s.confianza;
    }
    const double n = static_cast<double>(samples.size());
    double sum = 0;
    for (std::size_t b = 0; b < 10; ++b)
        if (count[b] > 0) sum += (count[b] / n) * std::fabs(correct[b] / count[b] - conf[b] / count[b]);
    return sum;
}

}  // namespace

Reliability reliability(const std::vector<Sample>& samples) {
    Reliability r;
    for (const Sample& s : samples) {
        const double bin = std::min(std::floor(10 * s.confianza), 9.0);
        if (!(bin >= 0)) {
            ++r.fuera;
            continue;
        }
        ReliabilityBin& b = r.bins[static_cast<std::size_t>(bin)];
        ++b.n;
        b.correctas += s.correcta ? 1 : 0;
        b.suma_confianza += s.confianza;
    }
    return r;
}

namespace {

// §10: ranks by ascending confidence, 1-based, ties sharing their average rank (Mann–Whitney U / (P·N)).
std::optional<double> auroc_unrounded(const std::vector<Sample>& samples) {
    const auto positives = static_cast<double>(
        std::count_if(samples.begin(), samples.end(), [](const Sample& s) { return s.correcta; }));
    const double negatives = static_cast<double>(samples.size()) - positives;
    if (positives == 0 || negatives == 0) return std::nullopt;
    std::vector<std::size_t> order(samples.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::sort(order.begin(), order.end(),
              [&](std::size_t a, std::size_t b) { return samples[a].confianza < samples[b].confianza; });
    double rank_sum = 0;
    for (std::size_t i = 0; i < order.size();) {
        std::size_t j = i;
        while (j < order.size() && samples[order[j]].confianza == samples[order[i]].confianza) ++j;
        const double average_rank = (static_cast<double>(i + 1) + static_cast<double>(j)) / 2;  // ranks i+1..j
        for (std::size_t k = i; k < j; ++k)
            if (samples[order[k]].correcta) rank_sum += average_rank;
        i = j;
    }
    return (rank_sum - positives * (positives + 1) / 2) / (positives * negatives);
}

std::optional<double> median_of(std::vector<double>& values) {
    if (values.empty()) return std::nullopt;
    std::sort(values.begin(), values.end());
    const std::size_t m = values.size() / 2;
    return values.size() % 2 == 1 ? values[m] : (values[m - 1] + values[m]) / 2;
}

// Nearest rank (1-based position ⌈p·B⌉, at least 1) for p = 25/1000 and 975/1000, in integers.
Interval percentile_interval(std::vector<double>& statistics) {
    std::sort(statistics.begin(), statistics.end());
    const std::size_t b = statistics.size();
    auto at = [&](std::size_t per_mille) {
        return statistics[std::max<std::size_t>((per_mille * b + 999) / 1000, 1) - 1];
    };
    return Interval{at(25), at(975)};
}

// Runs body(draw) where draw() is entero(0, n − 1) as Prng computes it (⌊real()·n⌋), without the
// libm floor: for n ≤ 2^21 the double product (u/2^32)·n of a 32-bit u is exact, so its floor is the
// integer (u·n) >> 32 — the same index, bit for bit. Larger samples take Prng::entero itself. The fast
// path draws from a local copy of the generator, written back afterwards: no call takes its address, so its
// state stays in registers instead of being stored after every draw.
template <class Body>
void draw_indices(Prng& prng, std::size_t n, Body&& body) {
    constexpr std::size_t kExactSpan = std::size_t{1} << 21;
    if (n <= kExactSpan) {
        Prng local = prng;
        body([&local, n] { return static_cast<std::size_t>((std::uint64_t{local.next_u32()} * n) >> 32); });
        prng = local;
        return;
    }
    body([&prng, n] { return static_cast<std::size_t>(prng.entero(0, static_cast<std::int64_t>(n) - 1)); });
}

// A bootstrap makes one call per resample to a function that is not inlined: V8 optimizes a wasm function
// only for its later calls (it never replaces a running call), so a loop of 2,000 resamples inside one call
// ran to its end on baseline code, two to three times slower than natively (bench history at 1a35ddd, "Node within
// 2x"). One call per resample reaches the optimized code after a few resamples; natively the calls cost
// nothing measurable.
template <class Item>
[[gnu::noinline]] void draw_resample(const std::vector<Item>& items, Prng& prng, std::vector<Item>& resample) {
    draw_indices(prng, items.size(), [&](auto draw) {
        for (Item& item : resample) item = items[draw()];
    });
}

// Draws kBootstrapResamples resamples of n indices (entero(0, n − 1) each, resample by resample) and keeps
// the statistic of each resample where it is defined.
template <class Item>
std::optional<Interval> bootstrap(const std::vector<Item>& items, std::string_view seed,
                                  const std::function<std::optional<double>(std::vector<Item>&)>& statistic) {
    if (items.empty()) return std::nullopt;
    Prng prng(seed);
    std::vector<Item> resample(items.size());
    std::vector<double> statistics;
    statistics.reserve(kBootstrapResamples);
    for (int r = 0; r < kBootstrapResamples; ++r) {
        draw_resample(items, prng, resample);
        if (const std::optional<double> value = statistic(resample)) statistics.push_back(*value);
    }
    if (statistics.empty()) return std::nullopt;
    return percentile_interval(statistics);
}

// One resample of bootstrap_auroc (a call of its own: see draw_resample). Each draw counts its item in its
// (block, class) slot; the pass that turns counts into ranks then walks the blocks, not the items.
[[gnu::noinline]] std::optional<double> auroc_of_resample(const std::vector<std::uint32_t>& slot_of, Prng& prng,
                                                          std::vector<std::uint32_t>& count) {
    std::fill(count.begin(), count.end(), 0u);
    draw_indices(prng, slot_of.size(), [&](auto draw) {
        for (std::size_t k = 0; k < slot_of.size(); ++k) ++count[slot_of[draw()]];
    });
    double before = 0, positives = 0, rank_sum = 0;
    for (std::size_t b = 0; b < count.size(); b += 2) {
        const double pos = count[b + 1], total = count[b] + pos;
        rank_sum += pos * (2 * before + total + 1) / 2;
        positives += pos;
        before += total;
    }
    const double negatives = before - positives;
    if (positives == 0 || negatives == 0) return std::nullopt;
    return (rank_sum - positives * (positives + 1) / 2) / (positives * negatives);
}

// The AUROC bootstrap in O(n) per resample: the sample is sorted once into blocks of equal confidence, and a
// resample is how many positives and negatives it drew in each block (the same draws as bootstrap()). A
// block of t resampled items starting after s others holds ranks s+1..s+t, average (2s + t + 1)/2, the rank
// every positive in it gets — the tie rule of auroc_unrounded, so each resample's value is the one sorting
// it would give (rank sums are half-integers, exact in doubles).
std::optional<Interval> bootstrap_auroc(const std::vector<Sample>& samples, std::string_view seed) {
    if (samples.empty()) return std::nullopt;
    std::vector<std::size_t> order(samples.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return samples[a].confianza < samples[b].confianza; });
    // slot_of[item] = 2 × its block (in ascending confidence) + 1 if it is a positive.
    std::vector<std::uint32_t> slot_of(samples.size());
    std::uint32_t block = 0;
    for (std::size_t i = 0; i < order.size(); ++i) {
        if (i > 0 && samples[order[i]].confianza != samples[order[i - 1]].confianza) ++block;
        slot_of[order[i]] = 2 * block + (samples[order[i]].correcta ? 1 : 0);
    }
    Prng prng(seed);
    std::vector<std::uint32_t> count(2 * (std::size_t{block} + 1));
    std::vector<double> statistics;
    statistics.reserve(kBootstrapResamples);
    for (int r = 0; r < kBootstrapResamples; ++r)
        if (const std::optional<double> value = auroc_of_resample(slot_of, prng, count)) statistics.push_back(*value);
    if (statistics.empty()) return std::nullopt;
    return percentile_interval(statistics);
}

// The ECE of a resample from its tallies: count[2b] and count[2b + 1] the draws in bin b that were wrong and
// right, conf[b] their confidences' sum; the terms ece_unrounded adds, in its order (same bits).
double ece_of_tallies(const std::uint32_t (&count)[21], const double (&conf)[11], double n) {
    double sum = 0;
    for (std::size_t b = 0; b < 10; ++b) {
        const auto correct = static_cast<double>(count[2 * b + 1]);
        const auto all = static_cast<double>(std::uint64_t{count[2 * b]} + count[2 * b + 1]);
        if (all > 0) sum += (all / n) * std::fabs(correct / all - conf[b] / all);
    }
    return sum;
}

// One resample of bootstrap_ece (a call of its own: see draw_resample). A draw reads its item's key — 2 × bin +
// 1 if correct; items in no bin share key 20, read back by nobody — and its confidence, from two arrays:
// the keys of 10,000 items fit in the first-level cache, where 16-byte items side by side did not. Counts
// per key are integers, order-free; the confidences are summed per bin in draw order, the additions
// ece_unrounded makes over the copied resample (same bits). Against one 16-byte item and one 64-bit tally per
// bin, a sixth less time (perf samples in this function, verify of 20,000 cases: ~1,120 → ~930). The chain
// of additions to the fullest bin's sum (a third of the draws in our runs) bounds what is left.
[[gnu::noinline]] double ece_of_resample(const std::vector<std::uint8_t>& key, const std::vector<double>& confianza, Prng& prng,
                                         double n) {
    std::uint32_t count[21] = {};
    double conf[11] = {};
    draw_indices(prng, key.size(), [&](auto draw) {
        for (std::size_t k = 0; k < key.size(); ++k) {
            const std::size_t i = draw();
            const unsigned item_key = key[i];
            ++count[item_key];
            conf[item_key >> 1] += confianza[i];
        }
    });
    return ece_of_tallies(count, conf, n);
}

// ece_of_resample for a sample with at most 256 distinct confidences (two decimals give 101): an item is
// one 16-bit word, its key and the index of its confidence in `values`, so the items of 10,000 cases take
// 20 KB and stay in the first-level cache with the table, where the 80 KB of confidences did not. The
// same draws add the same doubles in the same order (same bits).
[[gnu::noinline]] double ece_of_resample_coded(const std::vector<std::uint16_t>& item, const std::vector<double>& values, Prng& prng,
                                               double n) {
    std::uint32_t count[21] = {};
    double conf[11] = {};
    draw_indices(prng, item.size(), [&](auto draw) {
        for (std::size_t k = 0; k < item.size(); ++k) {
            const unsigned word = item[draw()];
            const unsigned item_key = word >> 8;
            ++count[item_key];
            conf[item_key >> 1] += values[word & 0xFF];
        }
    });
    return ece_of_tallies(count, conf, n);
}

// The ECE bootstrap without building each resample: every draw adds its item to its bin, in draw order, so
// each bin's sums are the very additions ece_unrounded would make over the copied resample (same bits).
std::optional<Interval> bootstrap_ece(const std::vector<Sample>& samples, std::string_view seed) {
    if (samples.empty()) return std::nullopt;
    assert(samples.size() < (std::size_t{1} << 32) && "a key's count holds 32 bits");
    std::vector<std::uint8_t> key(samples.size());
    std::vector<double> confianza(samples.size());
    for (std::size_t i = 0; i < samples.size(); ++i) {
        const double bin = std::min(std::floor(10 * samples[i].confianza), 9.0);
        key[i] = bin >= 0 ? static_cast<std::uint8_t>(2 * static_cast<int>(bin) + (samples[i].correcta ? 1 : 0)) : std::uint8_t{20};
        confianza[i] = samples[i].confianza;
    }
    // The distinct confidences, compared as bits (a value and its bits are one: -0 and 0 stay apart).
    std::vector<std::uint64_t> bits(confianza.size());
    std::memcpy(bits.data(), confianza.data(), bits.size() * sizeof(double));
    std::vector<std::uint64_t> distinct = bits;
    std::sort(distinct.begin(), distinct.end());
    distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
    Prng prng(seed);
    const double n = static_cast<double>(samples.size());
    std::vector<double> statistics;
    statistics.reserve(kBootstrapResamples);
    if (distinct.size() <= 256) {
        std::vector<double> values(distinct.size());
        std::memcpy(values.data(), distinct.data(), values.size() * sizeof(double));
        std::vector<std::uint16_t> item(samples.size());
        for (std::size_t i = 0; i < item.size(); ++i) {
            const auto code = static_cast<unsigned>(std::lower_bound(distinct.begin(), distinct.end(), bits[i]) - distinct.begin());
            item[i] = static_cast<std::uint16_t>(key[i] << 8 | code);
        }
        for (int r = 0; r < kBootstrapResamples; ++r) statistics.push_back(ece_of_resample_coded(item, values, prng, n));
    } else {
        for (int r = 0; r < kBootstrapResamples; ++r) statistics.push_back(ece_of_resample(key, confianza, prng, n));
    }
    return percentile_interval(statistics);
}

}  // namespace

std::optional<double> ece(const std::vector<Sample>& samples) {
    const std::optional<double> v = ece_unrounded(samples);
    if (!v) return std::nullopt;
    return redondear(*v, 4);
}

std::optional<double> auroc(const std::vector<Sample>& samples) {
    const std::optional<double> v = auroc_unrounded(samples);
    if (!v) return std::nullopt;
    return redondear(*v, 4);
}

std::optional<double> exactitud(const std::vector<Sample>& samples) {
    if (samples.empty()) return std::nullopt;
    const auto correct = std::count_if(samples.begin(), samples.end(), [](const Sample& s) { return s.correcta; });
    return redondear(static_cast<double>(correct) / static_cast<double>(samples.size()), 4);
}

std::vector<CoveragePoint> risk_coverage(const std::vector<Sample>& samples, double min, double max, double paso,
                                         std::string_view operador, bool inclusivo) {
    std::vector<CoveragePoint> curve;
    const std::vector<double> positions = plan::slider_positions(min, max, paso, kMaxCoveragePoints);
    if (positions.empty()) return curve;
    // The threshold edge "conf <operador> u" through the one edge interpreter (rule-language.md §7.2).
    rules::Edge edge;
    edge.desde = "umbral";
    edge.senal = "confianza";
    edge.operador = std::string(operador);
    edge.inclusivo = inclusivo;
    json::Value state{json::Object{{"confianza", json::Value(0.0)}}};
    json::Value& observed = *state.find("confianza");
    const json::Value applied{json::Object{}};
    const double n = static_cast<double>(samples.size());
    // The edge's answer depends on the confidence alone: it is asked once per distinct confidence (two
    // decimals give at most 101; asked per sample, ~50 positions × 10,000 cases took ~2.6 ms of one core
    // after the other stages, perf) and counts for every sample that has it. Distinct as bits, as the
    // bootstraps take them.
    struct Group {
        double confianza = 0;
        std::int64_t samples = 0, errors = 0;
    };
    std::vector<std::pair<std::uint64_t, bool>> keyed(samples.size());
    for (std::size_t k = 0; k < samples.size(); ++k) {
        std::memcpy(&keyed[k].first, &samples[k].confianza, sizeof(double));
        keyed[k].second = samples[k].correcta;
    }
    std::sort(keyed.begin(), keyed.end());
    std::vector<Group> groups;
    for (std::size_t k = 0; k < keyed.size(); ++k) {
        if (k == 0 || keyed[k].first != keyed[k - 1].first) {
            groups.emplace_back();
            std::memcpy(&groups.back().confianza, &keyed[k].first, sizeof(double));
        }
        ++groups.back().samples;
        if (!keyed[k].second) ++groups.back().errors;
    }
    for (const double position : positions) {
        CoveragePoint point;
        point.umbral = position;
        edge.valor = json::Value(point.umbral);
        std::int64_t errors = 0;
        for (const Group& g : groups) {
            observed = json::Value(g.confianza);
            const rules::EdgeResult outcome = rules::edge_result(edge, state, applied);
            if (outcome.error) return {};  // an unknown operator: no curve
            if (outcome.resultado) continue;
            point.aceptados += g.samples;
            errors += g.errors;
        }
        const auto accepted = static_cast<double>(point.aceptados);
        point.cobertura = samples.empty() ? 0.0 : redondear(accepted / n, 4);
        if (point.aceptados > 0) point.riesgo = redondear(static_cast<double>(errors) / accepted, 4);
        curve.push_back(point);
    }
    return curve;
}

std::optional<double> median(std::vector<double> values) {
    values.erase(std::remove_if(values.begin(), values.end(), [](double v) { return std::isnan(v); }), values.end());
    return median_of(values);
}

std::optional<Interval> median_interval(std::vector<double> values) {
    values.erase(std::remove_if(values.begin(), values.end(), [](double v) { return std::isnan(v); }), values.end());
    const std::size_t n = values.size();
    if (n < 6) return std::nullopt;
    std::size_t l = 0;  // 1-based; 0: none
    if (n <= 1000) {
        // pmf(i) = C(n, i) / 2^n built up from pmf(0) = 2^-n (≥ 2^-1000, a normal double); the tail sums in order.
        double pmf = std::ldexp(1.0, -static_cast<int>(n));
        double tail = 0;  // P(X ≤ i)
        for (std::size_t i = 0; i < n; ++i) {
            tail += pmf;
            if (tail > 0.025) break;
            l = i + 1;  // P(X ≤ l − 1) ≤ 0.025
            pmf = pmf * static_cast<double>(n - i) / static_cast<double>(i + 1);
        }
    } else {
        const double half = static_cast<double>(n) / 2.0 - 0.98 * std::sqrt(static_cast<double>(n));
        l = half < 1 ? 0 : static_cast<std::size_t>(std::floor(half));
    }
    if (l < 1) return std::nullopt;
    std::sort(values.begin(), values.end());
    return Interval{values[l - 1], values[n - l]};
}

std::optional<Interval> mean_interval(const std::vector<double>& values) {
    const std::size_t n = values.size();
    if (n < 2) return std::nullopt;
    double sum = 0;
    for (double v : values) sum += v;
    const double mean = sum / static_cast<double>(n);
    double squares = 0;
    for (double v : values) squares += (v - mean) * (v - mean);
    const double half = 1.96 * std::sqrt(squares / static_cast<double>(n - 1)) / std::sqrt(static_cast<double>(n));
    return Interval{mean - half, mean + half};
}

std::optional<Interval> wilson(std::int64_t k, std::int64_t n) {
    if (n <= 0 || k < 0 || k > n) return std::nullopt;
    // Wilson (1927): (p̂ + z²/2n ± z·√(p̂(1 − p̂)/n + z²/4n²)) / (1 + z²/n).
    const double nn = static_cast<double>(n);
    const double p = static_cast<double>(k) / nn;
    const double z2 = kWilsonZ * kWilsonZ;
    const double denominator = 1 + z2 / nn;
    const double centre = (p + z2 / (2 * nn)) / denominator;
    const double half = kWilsonZ * std::sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn)) / denominator;
    // At k = 0 (k = n) the lower (upper) bound is 0 (1) exactly; rounding must not leave it a hair off.
    return Interval{k == 0 ? 0.0 : std::max(0.0, centre - half), k == n ? 1.0 : std::min(1.0, centre + half)};
}

std::string bootstrap_seed(std::string_view corrida_id, std::string_view metric_id) {
    return "bootstrap/" + std::string(corrida_id) + "/" + std::string(metric_id);
}

std::optional<Interval> bootstrap_median(const std::vector<double>& values, std::string_view seed) {
    std::vector<double> finite;
    for (double v : values)
        if (!std::isnan(v)) finite.push_back(v);
    return bootstrap<double>(finite, seed, [](std::vector<double>& resample) { return median_of(resample); });
}

std::optional<Interval> bootstrap_calibration(const std::vector<Sample>& samples, Statistic statistic,
                                              std::string_view seed) {
    switch (statistic) {
        case Statistic::median: {
            std::vector<double> confidences;
            for (const Sample& s : samples) confidences.push_back(s.confianza);
            return bootstrap_median(confidences, seed);
        }
        case Statistic::ece:
            return bootstrap_ece(samples, seed);
        case Statistic::auroc:
            return bootstrap_auroc(samples, seed);
    }
    return std::nullopt;
}

}  // namespace planlang::verify
