#include "web/app/app_state.hpp"

#include <algorithm>

#include "core/json/number.hpp"
#include "imgui.h"

namespace planlang::web {

void AppState::open_run(const std::string& id) {
    const std::vector<BundledRun>& runs = bundled_runs();
    const BundledRun* chosen = &runs.front();
    for (const BundledRun& r : runs)
        if (id == r.id) chosen = &r;
    run_id = chosen->id;
    session.open(data_root, chosen->folder);
    after_open();
}

void AppState::after_open() {
    slider_rects.assign(session.ok() ? session.compact().umbrales.size() : 0, ScreenRect{});
    open_case.clear();
    open_step = -1;
    replay_playing = false;
    agent_node = agent_arrow = agent_path = -1;
    link_dirty = true;
}

void AppState::remember_control(const std::string& name) {
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    controls.emplace_back(name, ScreenRect{a.x, a.y, b.x, b.y});
}

void AppState::open_own(const std::string& root, const std::string& folder) {
    run_id.clear();
    session.open(root, folder);
    after_open();
}

void AppState::apply_link(const DeepLink& link) {
    if (run_id.empty() || (!link.corrida.empty() && link.corrida != run_id)) open_run(link.corrida);
    screen = link.pantalla;
    if (!link.idioma.empty()) language = link.idioma == "en" ? Language::en : Language::es;
    if (session.ok()) {
        playground::Setting setting = playground::plan_setting(session.compact());
        for (const auto& [id, value] : link.umbrales)  // a bad value is ignored: the plan's value stays
            (void)playground::set_threshold(session.compact(), setting, id + "=" + value);
        session.set(setting);
    }
    open_case = link.caso;
    // A link names the trace's step `orden` (1-based, as a reader counts); the app keeps the 0-based index.
    open_step = link.caso.empty() ? -1 : std::max(link.paso, 1) - 1;
    replay_playing = false;
    scroll_to_step = !link.caso.empty() && link.paso > 1;
    link_dirty = true;
}

DeepLink AppState::current_link() const {
    DeepLink link;
    link.pantalla = screen;
    link.corrida = run_id;
    if (screen == Screen::casos && !open_case.empty()) {
        link.caso = open_case;
        link.paso = open_step >= 0 ? open_step + 1 : -1;
    }
    if (session.ok()) {
        const auto& u = session.compact().umbrales;
        for (std::size_t i = 0; i < u.size(); ++i) {
            if (!session.moved(i)) continue;
            const json::Value& v = session.setting().valores[i];
            link.umbrales.emplace_back(u[i].id, v.is_bool() ? (v.as_bool() ? "true" : "false") : json::format_number(v.as_number()));
        }
    }
    return link;
}

}  // namespace planlang::web
