#pragma once
// Statistics of the verifier (spec/traces-and-verifier.md §10 calibration and baseline, §18 improvements 1–2,
// decisions.md E4). Values the spec rounds are returned rounded exactly as it says (redondear, §15); the
// unrounded value is kept beside it where a report addition needs it.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace planlang::verify {

// One calibration sample: the extraction's confidence and whether the extraction was correct.
struct Sample {
    double confianza = 0;
    bool correcta = false;
};

// ECE with 10 bins, bin = min(⌊10c⌋, 9): Σ_b (n_b/N)·|mean correct_b − mean conf_b| over bins 0..9,
// redondear 4; nullopt when the sample is empty. A confidence below 0 lies in no bin 0..9: it adds nothing
// to the sum but counts in N (the spec's formula taken literally).
std::optional<double> ece(const std::vector<Sample>& samples);

// The ten bins ECE sums over (bin = min(⌊10c⌋, 9)), for a reliability diagram (ours): per bin its count, its
// correct count and the sum of its confidences, unrounded. A confidence below 0 (or NaN) lies in no bin, as in
// ece(); `fuera` counts those.
struct ReliabilityBin {
    std::int64_t n = 0;
    std::int64_t correctas = 0;
    double suma_confianza = 0;
};
struct Reliability {
    ReliabilityBin bins[10];
    std::int64_t fuera = 0;
};
Reliability reliability(const std::vector<Sample>& samples);

// AUROC of confidence for "correct": ties get the average 1-based rank; (Σ ranks of correct − P(P+1)/2) /
// (P·N_neg), redondear 4; nullopt unless both classes are present.
std::optional<double> auroc(const std::vector<Sample>& samples);

// redondear(correct / N, 4); nullopt when N = 0.
std::optional<double> exactitud(const std::vector<Sample>& samples);

// Risk–coverage over a confidence threshold's playable range, one point u_i per slider position
// (plan::slider_positions: redondear(min + i·paso, 6), i = 0..round((max − min)/paso)); a sample is
// *accepted* at u when the threshold edge "conf <operador> u" (with `inclusivo`) is false, evaluated by
// rules::edge_result (rule-language.md §7.2, the interpreter the runtime routes with). Empty curve when
// min, max or paso is not finite, paso ≤ 0, max < min (round(...) < 0), the curve would exceed
// kMaxCoveragePoints, or the operator is unknown.
constexpr std::int64_t kMaxCoveragePoints = 100000;
struct CoveragePoint {
    double umbral = 0;
    double cobertura = 0;          // redondear(accepted / N, 4), 0 when N = 0
    std::optional<double> riesgo;  // redondear(errors among accepted / accepted, 4), nullopt when none accepted
    std::int64_t aceptados = 0;
};
std::vector<CoveragePoint> risk_coverage(const std::vector<Sample>& samples, double min, double max, double paso,
                                         std::string_view operador, bool inclusivo);

// The median of the values (even count: mean of the middle two); NaN values are ignored; nullopt when
// none is left. Unrounded.
std::optional<double> median(std::vector<double> values);

// Wilson score interval at 95 % (z = 1.959963984540054) for k successes in n trials (§18 item 2);
// nullopt unless 0 ≤ k ≤ n and n > 0. Unrounded bounds in [0, 1]; exactly 0 at k = 0 and 1 at k = n.
constexpr double kWilsonZ = 1.959963984540054;
struct Interval {
    double bajo = 0;
    double alto = 0;
};
std::optional<Interval> wilson(std::int64_t k, std::int64_t n);

// A distribution-free 95 % confidence interval for the median (ours, §18 item 2): with the n values sorted,
// [x(l), x(n + 1 − l)] (1-based) for the largest l whose binomial tail P(Bin(n, ½) ≤ l − 1) is at most
// 0.025 — exact for n ≤ 1000 (the binomial probabilities by products and sums of doubles, no logarithm, so
// every build computes the same bits); above that l = ⌊n/2 − 0.98·√n⌋ (the normal approximation, its
// error far below one rank there). Coverage is at least 95 %. nullopt when n < 6 (no l ≥ 1 then) or after
// dropping NaN nothing is left. No randomness: cheap enough for a 100,000-case run.
std::optional<Interval> median_interval(std::vector<double> values);

// The usual 95 % interval for a mean, mean ± 1.96·s/√n with s the sample standard deviation (n − 1); nullopt
// for fewer than 2 values. Sums in the values' order.
std::optional<Interval> mean_interval(const std::vector<double>& values);

// Percentile bootstrap (decisions.md E4): 2,000 resamples with replacement drawn with Prng seeded
// `seed` ("bootstrap/<corrida_id>/<metric id>", see bootstrap_seed), index = entero(0, n − 1) per draw,
// resample after resample; the unrounded statistic of each resample, sorted; the 2.5 % and 97.5 %
// percentiles by the nearest-rank rule on the sorted statistics (positions ⌈0.025·B⌉ and ⌈0.975·B⌉,
// 1-based). B counts only the resamples whose statistic is defined (an AUROC resample can be single-class).
// nullopt when the sample is empty or a statistic is undefined for every resample. Bounds unrounded.
// NaN values are dropped before resampling (bootstrap_median).
// For bootstrap_calibration, Statistic::median is the median confidence.
constexpr int kBootstrapResamples = 2000;
enum class Statistic : std::uint8_t { median, ece, auroc };
std::string bootstrap_seed(std::string_view corrida_id, std::string_view metric_id);
std::optional<Interval> bootstrap_median(const std::vector<double>& values, std::string_view seed);
std::optional<Interval> bootstrap_calibration(const std::vector<Sample>& samples, Statistic statistic,
                                              std::string_view seed);

}  // namespace planlang::verify
