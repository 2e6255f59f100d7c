#include "imgui.h"
#include "web/app/views.hpp"

namespace planlang::web {

void draw_plan_screen(AppState& state) { ImGui::TextUnformatted(state.t("app.titulo")); }

}  // namespace planlang::web
