#pragma once
// The seeded-gap suite (spec/traces-and-verifier.md §16, `planlang m9`): each seed copies the clean run in
// memory, alters one thing, re-seals what the spec says, and verifies again; a seed is *detected* when the
// check the spec names reports in the seeded run something it does not report in the clean control. The
// clean control must have no failed criterion, no occurred risk, no gap and no blocking contract finding.
// Ten seeds of §16 plus seeds of ours. §16 writes them for demo A's smoke run (AH-001, AH-002, AH-003); here
// each seed alters the case that plays that case's role in the run given (an approved case, another that reached
// `decision`, an injection case denied at the pause: the first of each in run order), so any clean demo A run
// serves, whatever its case ids; the adherence coach's seeds likewise. Nothing is written to disk: the altered
// files live in an overlay over the caller's FileSource.
#include <optional>
#include <string>
#include <vector>

#include "core/common/issue.hpp"
#include "core/run/reader.hpp"

namespace planlang::verify {

struct SeedOutcome {
    int numero = 0;
    bool nuestra = false;     // a seed of ours (not in §16)
    Bilingual mutacion;
    std::string detector;     // the check that must catch it, e.g. "C2 ∧ R2", "SENAL_FALTANTE"
    bool detectada = false;
    Bilingual evidencia;      // what the check reported (or why it was not detected)
};

struct SuiteOutcome {
    bool control_legible = false;  // the clean run was read and verified
    bool control_limpio = false;
    std::vector<Bilingual> problemas_del_control;  // why the control is not clean
    // Set when the run was read but has no case for some role (or is of a domain without seeds): no seed is
    // tried, and why is said here.
    std::optional<Bilingual> no_es_humo;
    std::vector<SeedOutcome> semillas;
    bool ok() const;  // control clean and every seed detected
};

namespace internal {
class Overlay;
struct Roles;
struct Seed;
}  // namespace internal

// A domain's seeds: its facet of the domain registry (core/domain), written in verify/<domain>/seeds.cpp on the
// types of internal/seed_run.hpp. A domain with none gets no seed and `no_es_humo` says so.
struct SeedSuite {
    // The cases the seeds alter, picked from the clean run by role (the first in run order that fits each).
    internal::Roles (*roles)(const internal::Overlay& clean);
    // The seeds, written for the cases `roles` picked (called only when every role has a case).
    std::vector<internal::Seed> (*seeds)(const internal::Roles& roles);
};

// `clean` names the clean run (main run only; repetitions and baseline are ignored). Its plan is resolved as
// verify() resolves it (Request::plan_candidates for a batch or run made with another version of the plan).
SuiteOutcome run_seeded_gaps(const run::Request& clean, const run::FileSource& files);

// The table, one row per seed, and the "detected N of M" lines, in Spanish or English.
std::string suite_table(const SuiteOutcome& outcome, bool english);

}  // namespace planlang::verify
