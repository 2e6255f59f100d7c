// spec/traces-and-verifier.md §16: the seeded-gap suite on the clean smoke run; each domain's seeds are its
// SeedSuite (verify/<domain>/seeds.cpp), found through the domain registry by the verified plan's `dominio_id`.
#include "core/verify/seeded_gaps.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "core/domain/registry.hpp"
#include "core/verify/internal/seed_run.hpp"
#include "core/verify/verifier.hpp"

namespace planlang::verify {

using json::Value;
using namespace internal;

namespace {

// What a verified (or rejected) run reports, reduced to what detection compares.
struct Facts {
    bool ok = false;
    std::set<std::string> motive_codes;
    std::map<std::string, std::set<std::string>> failing;  // criterion/risk/evaluator id → case ids
    std::map<std::string, std::string> states;             // criterion/risk id → state
    std::map<std::string, int> findings;                   // contract finding code → count
    int gaps = 0;
};

Facts facts_of(const Outcome& o) {
    Facts f;
    f.ok = o.ok;
    for (const run::Motive& m : o.motivos) f.motive_codes.insert(m.codigo);
    if (!o.ok) return f;
    const Value& i = o.informe;
    for (const Value& c : get(i, "criterios").as_array()) {
        const std::string& id = get(c, "id").as_string();
        f.states[id] = get(c, "estado").as_string();
        for (const Value& x : get(c, "casos_que_incumplen").as_array()) f.failing[id].insert(x.as_string());
    }
    for (const Value& r : get(i, "riesgos").as_array()) {
        const std::string& id = get(r, "id").as_string();
        f.states[id] = get(r, "estado").as_string();
        for (const Value& x : get(r, "casos").as_array()) f.failing[id].insert(x.as_string());
    }
    for (const Value& e : get(get(i, "brechas_no_previstas"), "evaluadores").as_array())
        for (const Value& x : get(e, "fallas").as_array()) f.failing[get(e, "id").as_string()].insert(x.as_string());
    for (const Value& h : get(get(i, "contrato_de_grafo"), "hallazgos").as_array()) ++f.findings[get(h, "codigo").as_string()];
    f.gaps = static_cast<int>(get(get(i, "brechas_no_previstas"), "brechas").as_array().size());
    return f;
}

// One check of a detector: "C2", "R2", an evaluator id, a contract finding code or a reader code.
bool reports_more(const Facts& clean, const Facts& seeded, const std::string& check) {
    if (!seeded.ok) return seeded.motive_codes.count(check) > 0;
    if (seeded.findings.count(check)) {
        auto c = clean.findings.find(check);
        return seeded.findings.at(check) > (c == clean.findings.end() ? 0 : c->second);
    }
    auto s = seeded.failing.find(check);
    auto c = clean.failing.find(check);
    if (s != seeded.failing.end())
        for (const std::string& id : s->second)
            if (c == clean.failing.end() || !c->second.count(id)) return true;
    auto ss = seeded.states.find(check);
    auto cs = clean.states.find(check);
    return ss != seeded.states.end() && cs != clean.states.end() && ss->second != cs->second &&
           (ss->second == "incumple" || ss->second == "ocurrio");
}
std::string join_checks(const std::vector<std::string>& v) {
    std::string s;
    for (const std::string& c : v) s += (s.empty() ? "" : " ∧ ") + c;
    return s;
}
}  // namespace

bool SuiteOutcome::ok() const {
    if (!control_legible || !control_limpio) return false;
    for (const SeedOutcome& s : semillas)
        if (!s.detectada) return false;
    return true;
}

SuiteOutcome run_seeded_gaps(const run::Request& clean_request, const run::FileSource& files) {
    SuiteOutcome out;
    run::Request base = clean_request;
    base.repetitions.clear();
    base.baseline.reset();
    const Outcome clean = verify(base, files);
    out.control_legible = clean.ok;
    if (!clean.ok) {
        for (const run::Motive& m : clean.motivos)
            out.problemas_del_control.push_back({m.codigo + ": " + m.archivo + ": " + m.detalle.es, m.codigo + ": " + m.archivo + ": " + m.detalle.en});
        return out;
    }
    // The seeds are §16's, written for the smoke run; they need cases in three roles, picked from the run by what
    // the traces and the batch say (so any clean run of the domain works, whatever its case ids).
    const SeedSuite* suite = domain::find<SeedSuite>(clean.dominio_id);
    if (!suite) {
        std::string known;
        for (const std::string& id : domain::ids<SeedSuite>()) known += (known.empty() ? "" : ", ") + id;
        out.no_es_humo = Bilingual{"m9 no tiene semillas para el dominio «" + clean.dominio_id + "» del plan (las tiene para: " + known + ")",
                                   "m9 has no seeds for the plan's domain “" + clean.dominio_id + "” (it has them for: " + known + ")"};
        return out;
    }
    const Roles roles = suite->roles(Overlay(files, base));
    if (!roles.complete()) {
        out.no_es_humo = roles.missing();
        return out;
    }
    const Facts cf = facts_of(clean);
    for (const auto& [id, state] : cf.states) {
        if (state == "incumple") out.problemas_del_control.push_back({"el criterio " + id + " incumple", "criterion " + id + " fails"});
        if (state == "ocurrio") out.problemas_del_control.push_back({"ocurrió el riesgo " + id, "risk " + id + " occurred"});
    }
    if (cf.gaps)
        out.problemas_del_control.push_back({std::to_string(cf.gaps) + (cf.gaps == 1 ? " brecha no prevista" : " brechas no previstas"),
                                             std::to_string(cf.gaps) + (cf.gaps == 1 ? " unforeseen gap" : " unforeseen gaps")});
    for (const Value& h : get(get(clean.informe, "contrato_de_grafo"), "hallazgos").as_array())
        if (get(h, "severidad") == Value("bloqueante"))
            out.problemas_del_control.push_back({"hallazgo bloqueante " + get(h, "codigo").as_string(), "blocking finding " + get(h, "codigo").as_string()});
    out.control_limpio = out.problemas_del_control.empty();

    for (const Seed& seed : suite->seeds(roles)) {
        run::Request request = base;
        Overlay overlay(files, request);
        seed.apply(overlay, request);
        const Outcome seeded = verify(request, overlay.source());
        const Facts sf = facts_of(seeded);
        SeedOutcome o;
        o.numero = seed.numero;
        o.nuestra = seed.nuestra;
        o.mutacion = seed.mutacion;
        o.detector = join_checks(seed.checks);
        o.detectada = true;
        std::string missing;
        for (const std::string& c : seed.checks)
            if (!reports_more(cf, sf, c)) {
                o.detectada = false;
                missing += (missing.empty() ? "" : ", ") + c;
            }
        if (o.detectada) o.evidencia = {seeded.ok ? "informe con más fallas que el control" : "lectura rechazada", seeded.ok ? "report with more failures than the control" : "input rejected"};
        else o.evidencia = {"sin detección por: " + missing, "not detected by: " + missing};
        out.semillas.push_back(std::move(o));
    }
    return out;
}

std::string suite_table(const SuiteOutcome& s, bool english) {
    auto t_ = [&](const char* es, const char* en) { return std::string(english ? en : es); };
    auto b_ = [&](const Bilingual& b) { return english ? b.en : b.es; };
    std::string t = t_("| # | Mutación | Debe detectarlo | Detectada |\n", "| # | Mutation | Must be caught by | Caught |\n") + "|---|---|---|---|\n";
    int spec_total = 0, spec_found = 0, ours_total = 0, ours_found = 0;
    for (const SeedOutcome& o : s.semillas) {
        t += "| " + std::to_string(o.numero) + (o.nuestra ? "*" : "") + " | " + b_(o.mutacion) + " | " + o.detector + " | " +
             (o.detectada ? t_("✓ sí", "✓ yes") : "✗ no — " + b_(o.evidencia)) + " |\n";
        (o.nuestra ? ours_total : spec_total) += 1;
        (o.nuestra ? ours_found : spec_found) += o.detectada;
    }
    t += "\n";
    t += t_("Control limpio: ", "Clean control: ") + (s.control_limpio ? t_("sí", "yes") : "no") + "\n";
    for (const Bilingual& p : s.problemas_del_control) t += "- " + b_(p) + "\n";
    if (spec_total > 0)  // §16's seeds are demo A's; the adherence coach's smoke run has only ours
        t += english ? "Detected " + std::to_string(spec_found) + " of " + std::to_string(spec_total) + " (§16)\n"
                     : "Detectadas " + std::to_string(spec_found) + " de " + std::to_string(spec_total) + " (§16)\n";
    t += english ? "Ours (*): detected " + std::to_string(ours_found) + " of " + std::to_string(ours_total) + "\n"
                 : "Nuestras (*): detectadas " + std::to_string(ours_found) + " de " + std::to_string(ours_total) + "\n";
    return t;
}

}  // namespace planlang::verify
