#include "web/app/app_state.hpp"

#include "core/json/fingerprint.hpp"
#include "core/json/reader.hpp"

namespace planlang::web {

void AppState::take_plan(const std::string& source, std::optional<std::string> bytes) {
    plan_source = source;
    plan.reset();
    declared_huella.reset();
    slider_rects.clear();
    if (!bytes) {
        plan_error_key = "error.plan_no_cargado";
        plan_error_detail = source;
        return;
    }
    json::ReadResult parsed = json::read(*bytes);
    if (!parsed.ok()) {
        plan_error_key = "error.plan_json";
        plan_error_detail = parsed.error->code + " · " + parsed.error->element;
        return;
    }
    PlanModelResult model = read_plan_model(parsed.value);
    if (!model.plan) {
        plan_error_key = "error.plan_campo";
        plan_error_detail = model.missing_field;
        return;
    }
    plan_error_key.clear();
    plan_error_detail.clear();
    declared_huella = json::declared_huella(parsed.value);
    plan = std::move(model.plan);
    slider_rects.assign(plan->thresholds.size(), ScreenRect{});
    applied.reset(std::move(parsed.value));
}

}  // namespace planlang::web
