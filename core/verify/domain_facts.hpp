#pragma once
// What the verifier reads differently per plan domain (`dominio_id`): its facet of the domain registry
// (core/domain), one per domain in verify/<domain>/domain_facts.cpp, registered by core/domains. The closed
// registry of built-in evaluators (traces-and-verifier.md §12), the calibration family's score and class (§10),
// the baseline's accuracy (§10) and what the report's example cases call a plain case and a hand-off to a person
// (§14). A domain with no module (a real agent's plan) has no built-in evaluators — the report names each one it
// requires as `sin_implementacion` — and demo A's formulas, the spec's defaults.
#include <optional>
#include <string>
#include <vector>

#include "core/common/issue.hpp"

namespace planlang::verify {

// The built-in evaluators of a plan domain (§12): population, condition, blamed node.
struct BuiltinEvaluator {
    std::string id;
    std::string poblacion;
    std::string condicion;
    std::string nodo;
};

struct DomainFacts {
    std::vector<BuiltinEvaluator> evaluadores;
    // Calibration family (§10): the numeric signal read as the score, and the rule that gives its class.
    std::string senal_de_puntaje = "senal_confianza";
    std::string clase_de_calibracion = "extraccion.campos == verdad_conocida.campos";
    // Baseline accuracy per case (§10): a rule, or unset for demo A's built-in formula (decision_final ==
    // verdad_conocida.decision AND pausa_humana == verdad_conocida.debe_escalar).
    std::optional<std::string> exactitud_base;
    // Example cases (§14): the case type of an ordinary case, and the signal that says a person took it.
    std::string tipo_ordinario = "normal";
    std::string senal_de_persona = "pausa_humana";
    // A domain that renders each scenario more than once (the adherence coach: one conversation per locale)
    // names the batch case key that identifies the scenario, the one that tells the renderings apart and the
    // reference rendering's value; a case of another rendering then reads its pair's signals as
    // `par_de_referencia` (rules::CaseBindings).
    struct Pairing {
        std::string escenario;   // batch case key: the scenario
        std::string variante;    // batch case key: the rendering
        std::string referencia;  // the reference rendering's value
    };
    std::optional<Pairing> emparejamiento;
    // Why an example case was picked (§14: `por_que`), in the domain's words.
    Bilingual por_que_exitoso{"caso normal resuelto sin pausa, con la decisión correcta y sin fallas",
                              "a normal case decided without a pause, correctly and with no failure"};
    Bilingual por_que_escalado{"la verdad pide una persona, hubo pausa y la decisión final es la correcta",
                               "the truth calls for a person, there was a pause and the final decision is correct"};
};

// What the case list, the case page and the playground read of a domain, so no stage above names one.
// The trace signal that says a case went to a person: demo A's `pausa_humana` (the auditor's pause), the
// adherence coach's `escalado` (the conversation handed to the care team or emergency services; its reviewer
// pause is a check of a draft, not a hand-off). Read as the verifier picks its example cases
// (traces-and-verifier.md §14).
const std::string& person_signal(const std::string& dominio_id);

}  // namespace planlang::verify
