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

// ECE with 10 bins, bin = min(⌊10c⌋, 9): Σ_b (n_b/N)·|mean correct_b − mean conf_b|, redondear 4;
// nullopt when the sample is empty.
std::optional<double> ece(const std::vector<Sample>& samples);

// AUROC of confidence for "correct": ties get the average 1-based rank; (Σ ranks of correct − P(P+1)/2) /
// (P·N_neg), redondear 4; nullopt unless both classes are present.
std::optional<double> auroc(const std::vector<Sample>& samples);

// redondear(correct / N, 4); nullopt when N = 0.
std::optional<double> exactitud(const std::vector<Sample>& samples);

// Risk–coverage over a confidence threshold's playable range. u_i = redondear(min + i·paso, 6),
// i = 0..round((max − min)/paso); a sample is *accepted* at u when the threshold edge "conf <operador> u"
// (with `inclusivo`) is false. Operators: those of rule-language.md §7.2 on numbers.
struct CoveragePoint {
    double umbral = 0;
    double cobertura = 0;          // redondear(accepted / N, 4), 0 when N = 0
    std::optional<double> riesgo;  // redondear(errors among accepted / accepted, 4), nullopt when none accepted
    std::int64_t aceptados = 0;
};
std::vector<CoveragePoint> risk_coverage(const std::vector<Sample>& samples, double min, double max, double paso,
                                         std::string_view operador, bool inclusivo);

// The median of the values (even count: mean of the middle two); nullopt when empty. Unrounded.
std::optional<double> median(std::vector<double> values);

// Wilson score interval at 95 % (z = 1.959963984540054) for k successes in n trials; nullopt when n = 0.
// Unrounded bounds in [0, 1].
struct Interval {
    double bajo = 0;
    double alto = 0;
};
std::optional<Interval> wilson(std::int64_t k, std::int64_t n);

// Percentile bootstrap (decisions.md E4): 2,000 resamples with replacement drawn with synth::Prng seeded
// `seed` ("bootstrap/<corrida_id>/<metric id>"), index = entero(0, n − 1) per draw, the statistic of each
// resample, sorted; the 2.5 % and 97.5 % percentiles by the nearest-rank rule on the sorted statistics
// (positions ⌈0.025·B⌉ and ⌈0.975·B⌉, 1-based). nullopt when the sample is empty or a statistic is undefined
// for every resample.
enum class Statistic : std::uint8_t { median, ece, auroc };
std::optional<Interval> bootstrap_median(const std::vector<double>& values, std::string_view seed);
std::optional<Interval> bootstrap_calibration(const std::vector<Sample>& samples, Statistic statistic,
                                              std::string_view seed);

}  // namespace planlang::verify
