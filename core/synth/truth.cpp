// Escalation rules of the known truth (spec/synthetic-and-simulation.md §6).
#include "core/synth/truth.hpp"

#include <cmath>

namespace planlang::synth {

std::vector<std::string> escalation_reasons(const TruthFacts& f, const TruthThresholds& at) {
    if (f.urgencia || f.servicio_exento) return {};  // coverage skipped: decision aprobar, no reasons
    const bool exhausted = !f.ciclos_aclaracion_necesarios || static_cast<double>(*f.ciclos_aclaracion_necesarios) > at.u3;
    if (exhausted) return {"aclaracion_agotada"};
    std::vector<std::string> reasons;
    if (f.costo_estimado > at.u2) reasons.push_back("costo_mayor_que_U2");
    if (f.contradiccion_orden_texto) reasons.push_back("contradiccion_orden_texto");
    if (f.excluido) reasons.push_back("propuesta_negar");
    if (at.u4 && f.decision != "aprobar") reasons.push_back("modo_texas");
    return reasons;
}

std::optional<TruthFacts> truth_facts_of(const json::Value& v) {
    if (!v.is_object()) return std::nullopt;
    auto boolean = [&](const char* key, bool& into) {
        const json::Value* x = v.find(key);
        if (!x || !x->is_bool()) return false;
        into = x->as_bool();
        return true;
    };
    TruthFacts f;
    if (!boolean("urgencia", f.urgencia) || !boolean("servicio_exento", f.servicio_exento) ||
        !boolean("contradiccion_orden_texto", f.contradiccion_orden_texto))
        return std::nullopt;
    const json::Value* campos = v.find("campos");
    const json::Value* cost = campos && campos->is_object() ? campos->find("costo_estimado") : nullptr;
    if (!cost || !cost->is_number()) return std::nullopt;
    f.costo_estimado = cost->as_number();
    const json::Value* cycles = v.find("ciclos_aclaracion_necesarios");
    if (!cycles) return std::nullopt;
    if (cycles->is_number()) {
        const double n = cycles->as_number();
        if (n < 0 || n != std::floor(n) || n > 1e15) return std::nullopt;
        f.ciclos_aclaracion_necesarios = static_cast<std::int64_t>(n);
    } else if (!cycles->is_null()) {
        return std::nullopt;
    }
    const json::Value* decision = v.find("decision");
    if (!decision || !decision->is_string()) return std::nullopt;
    f.decision = decision->as_string();
    if (f.decision != "aprobar" && f.decision != "negar" && f.decision != "aprobar_parcial") return std::nullopt;
    // The batch does not store "excluded"; §6's decision does: it is `negar` iff the service is excluded and
    // coverage is not skipped (skipped cases are always `aprobar`). The rules read `excluido` only when
    // coverage is not skipped, and there excluded ⇔ decision == negar, so this is exact. (An excluded service
    // that is also exempt or urgent is skipped: no reasons either way.)
    f.excluido = f.decision == "negar";
    return f;
}

}  // namespace planlang::synth
