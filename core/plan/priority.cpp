#include "core/plan/priority.hpp"

#include <algorithm>

#include "core/json/unicode.hpp"

namespace planlang::plan {
namespace {

// plan-format.md §5.1. Rows: S bands 9–10, 7–8, 4–6, 2–3, 1. Columns: O bands 8–10, 6–7, 4–5, 2–3, 1.
// Each cell: the letters for D bands 7–10, 5–6, 2–4, 1.
constexpr const char* kTable[5][5] = {
    {"AAAA", "AAAA", "AAAM", "AMBB", "BBBB"},
    {"AAAA", "AAAM", "AMMM", "MMBB", "BBBB"},
    {"AAMM", "MMMB", "MBBB", "BBBB", "BBBB"},
    {"MMBB", "BBBB", "BBBB", "BBBB", "BBBB"},
    {"BBBB", "BBBB", "BBBB", "BBBB", "BBBB"},
};

int severity_band(int s) { return s >= 9 ? 0 : s >= 7 ? 1 : s >= 4 ? 2 : s >= 2 ? 3 : 4; }
int occurrence_band(int o) { return o >= 8 ? 0 : o >= 6 ? 1 : o >= 4 ? 2 : o >= 2 ? 3 : 4; }
int detection_band(int d) { return d >= 7 ? 0 : d >= 5 ? 1 : d >= 2 ? 2 : 3; }

int rank(const std::string& priority) { return priority == "alta" ? 0 : priority == "media" ? 1 : 2; }

}  // namespace

char action_priority(int s, int o, int d) { return kTable[severity_band(s)][occurrence_band(o)][detection_band(d)]; }

const char* priority_name(char letter) { return letter == 'A' ? "alta" : letter == 'M' ? "media" : "baja"; }

RiskPriority risk_priority(const Risk& risk) {
    RiskPriority p;
    p.id = risk.id;
    p.rpn = risk.severidad * risk.ocurrencia * risk.deteccion;
    p.prioridad_de_tabla = priority_name(action_priority(risk.severidad, risk.ocurrencia, risk.deteccion));
    p.control_legal = risk.control_legal.value_or(false);
    p.prioridad_de_accion = p.control_legal ? "alta" : p.prioridad_de_tabla;
    return p;
}

std::vector<RiskPriority> ordered_priorities(const std::vector<Risk>& risks) {
    std::vector<RiskPriority> out;
    out.reserve(risks.size());
    for (const Risk& r : risks) out.push_back(risk_priority(r));
    std::stable_sort(out.begin(), out.end(), [](const RiskPriority& a, const RiskPriority& b) {
        if (rank(a.prioridad_de_accion) != rank(b.prioridad_de_accion)) return rank(a.prioridad_de_accion) < rank(b.prioridad_de_accion);
        if (a.rpn != b.rpn) return a.rpn > b.rpn;
        return json::utf16_less(a.id, b.id);
    });
    return out;
}

}  // namespace planlang::plan
