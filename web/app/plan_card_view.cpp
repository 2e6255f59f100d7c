#include <string>

#include "imgui.h"
#include "web/app/ui_common.hpp"
#include "web/app/views.hpp"

namespace planlang::web {

namespace {

std::string approval_text(const AppState& state, const PlanModel& plan) {
    if (plan.estado_aprobacion == "borrador") return state.t("plan.estado_borrador");
    if (plan.estado_aprobacion != "aprobado") return plan.estado_aprobacion;  // the validator's business
    std::string text = state.t("plan.estado_aprobado");
    if (plan.aprobado_por) text += std::string(" · ") + state.t("plan.aprobado_por") + " " + *plan.aprobado_por;
    if (plan.aprobado_el) text += std::string(" · ") + state.t("plan.aprobado_el") + " " + *plan.aprobado_el;
    return text;
}

// The declared huella against the one just computed: ✓, ✗, or none declared (a draft carries null).
void draw_declared_huella(const AppState& state) {
    if (!state.declared_huella) {
        field(state.t("plan.huella_declarada"), state.t("plan.huella_ausente"));
        return;
    }
    field(state.t("plan.huella_declarada"), *state.declared_huella);
    if (*state.declared_huella == state.applied.plan_huella()) {
        ImGui::TextColored(colour::kGood, "\u2713 %s", state.t("plan.huella_coincide"));
    } else {
        ImGui::TextColored(colour::kBad, "\u2717 %s", state.t("plan.huella_no_coincide"));
    }
}

}  // namespace

void draw_plan_card(AppState& state) {
    const PlanModel& plan = *state.plan;
    ImGui::TextColored(colour::kMuted, "%s", state.t("plan.seccion"));
    ImGui::SameLine();
    ImGui::TextUnformatted(pick(plan.nombre, state.language).c_str());
    field(state.t("plan.id"), plan.id);
    ImGui::SameLine(0.0f, 28.0f);
    field(state.t("plan.version"), plan.version);
    ImGui::SameLine(0.0f, 28.0f);
    field(state.t("plan.estado"), approval_text(state, plan));
    if (plan.etiqueta_riesgo) ImGui::TextColored(colour::kSimulationLabel, "%s", pick(*plan.etiqueta_riesgo, state.language).c_str());
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(colour::kMuted, "%s", state.t("plan.problema"));
    ImGui::SameLine();
    ImGui::TextUnformatted(pick(plan.problema, state.language).c_str());
    ImGui::PopTextWrapPos();

    field(state.t("plan.huella_calculada"), state.applied.plan_huella());
    draw_declared_huella(state);
    if (state.reading == Reading::expert) {
        field(state.t("plan.dominio"), plan.dominio_id);
        field(state.t("plan.archivo"), state.plan_source);
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextColored(colour::kMuted, "%s", state.t("plan.nota_huella"));
        ImGui::PopTextWrapPos();
    }
    ImGui::Separator();
}

void draw_applied_plan(AppState& state) {
    ImGui::Separator();
    ImGui::AlignTextToFramePadding();
    ImGui::TextColored(colour::kMuted, "%s", state.t("aplicado.seccion"));
    // The reset button shares the section's title line: the leader view then fits the window unscrolled.
    const bool moved = state.applied.any_moved();
    ImGui::SameLine(0.0f, 24.0f);
    ImGui::BeginDisabled(!moved);
    if (ImGui::SmallButton(state.t("aplicado.restablecer"))) {
        for (std::size_t i = 0; i < state.plan->thresholds.size(); ++i) {
            state.applied.set_value(i, state.plan->thresholds[i].valor_en_plan);
        }
    }
    ImGui::EndDisabled();
    field(state.t("aplicado.huella"), state.applied.applied_huella());
    if (moved) {
        ImGui::TextColored(colour::kSimulationLabel, "\u2260 %s", state.t("aplicado.distinto"));
    } else {
        ImGui::TextColored(colour::kGood, "= %s", state.t("aplicado.igual"));
    }
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(colour::kMuted, "%s",
                       state.t(state.reading == Reading::leader ? "aplicado.explicacion_lider" : "aplicado.nota_experto"));
    ImGui::PopTextWrapPos();
}

}  // namespace planlang::web
