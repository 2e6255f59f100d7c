// Demo A's node roles for the case page (node_roles.hpp): what its simulated agent leaves in the trace
// (synthetic-and-simulation.md §10) — the node that asks the clarifications (its k-th model call asks cycle k),
// and the trace member each node leaves, written at its last visit.
#include "core/views/demo_a/node_roles.hpp"

#include <string>

#include "core/views/internal/value_text.hpp"

namespace planlang::views::demo_a {

namespace {

using json::Value;
using internal::strings;
using internal::value_text;

const Value& get(const Value& v, std::string_view key) { return json::member_or_null(v, key); }

constexpr std::string_view kClarificationNode = "aclaracion";
constexpr std::string_view kExtractorNode = "extractor";
constexpr std::string_view kCheckerNode = "verificador_cobertura";
constexpr std::string_view kWriterNode = "redactor";
constexpr std::string_view kGuardNode = "guardia_salida";

class AuditorRoles final : public NodeRoles {
public:
    std::string_view clarification_node() const override { return kClarificationNode; }

    std::vector<Bilingual> left_by(const std::string& node, const Value& trace) const override {
        std::vector<Bilingual> out;
        if (node == kExtractorNode) {
            const Value& x = get(trace, "extraccion");
            if (x.is_object()) {
                const Value& campos = get(x, "campos");
                const report::Lang ES = report::Lang::es, EN = report::Lang::en;
                std::string es = "Dejó la extracción: procedimiento " + value_text(get(campos, "procedimiento"), ES) + ", diagnóstico " +
                                 value_text(get(campos, "diagnostico"), ES) + ", costo " + value_text(get(x, "costo_estimado"), ES);
                std::string en = "Left the extraction: procedure " + value_text(get(campos, "procedimiento"), EN) + ", diagnosis " +
                                 value_text(get(campos, "diagnostico"), EN) + ", cost " + value_text(get(x, "costo_estimado"), EN);
                if (get(x, "confianza").is_number()) {
                    es += ", confianza " + value_text(get(x, "confianza"), ES);
                    en += ", confidence " + value_text(get(x, "confianza"), EN);
                }
                const std::vector<std::string> faltan = strings(get(x, "campos_faltantes"));
                if (!faltan.empty()) {
                    std::string list;
                    for (const std::string& f : faltan) list += (list.empty() ? "" : ", ") + f;
                    es += "; faltan " + list;
                    en += "; missing " + list;
                }
                out.push_back({es + ".", en + "."});
            }
        }
        if (node == kCheckerNode) {
            const Value& c = get(trace, "cobertura");
            if (c.is_object()) {
                std::string reglas;
                for (const std::string& r : strings(get(c, "reglas_disparadas"))) reglas += (reglas.empty() ? "" : ", ") + r;
                const std::string propuesta = value_text(get(c, "propuesta"), report::Lang::es);
                out.push_back({"Revisó la cobertura: propuesta «" + propuesta + "»" + (reglas.empty() ? "" : "; reglas " + reglas) + ".",
                               "Checked the coverage: proposal \"" + propuesta + "\"" + (reglas.empty() ? "" : "; rules " + reglas) + "."});
            }
        }
        if (node == kWriterNode) {
            const Value& decision = get(get(trace, "senales"), "decision_final");
            if (decision.is_string())
                out.push_back({"Redactó la respuesta al afiliado para la decisión «" + decision.as_string() + "».",
                               "Wrote the reply to the member for the decision \"" + decision.as_string() + "\"."});
            if (get(trace, "documento_adverso").is_object())
                out.push_back({"Preparó el documento adverso.", "Prepared the adverse document."});
        }
        if (node == kGuardNode) {
            const Value& g = get(trace, "guardia_salida");
            if (g.is_object()) {
                const std::string sev = value_text(get(g, "severidad_accion"), report::Lang::es);
                const std::size_t n = json::array_items(get(g, "hallazgos")).size();
                out.push_back({"Revisó la salida: severidad de acción " + sev + ", " + std::to_string(n) + (n == 1 ? " hallazgo." : " hallazgos."),
                               "Checked the output: action severity " + sev + ", " + std::to_string(n) + (n == 1 ? " finding." : " findings.")});
            }
        }
        return out;
    }
};

}  // namespace

std::unique_ptr<const NodeRoles> node_roles() { return std::make_unique<AuditorRoles>(); }

}  // namespace planlang::views::demo_a
