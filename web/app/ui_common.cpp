#include "web/app/ui_common.hpp"

#include "core/json/number.hpp"

namespace planlang::web {

const std::string& pick(const Bilingual& text, Language lang) { return lang == Language::es ? text.es : text.en; }

std::string display_number(double x, Language lang) {
    std::string s = json::format_number(x);
    if (lang == Language::es) {
        for (char& c : s) {
            if (c == '.') c = ',';
        }
    }
    return s;
}

bool choice_buttons(const char* id, int& value, const char* first, const char* second) {
    ImGui::PushID(id);
    const int before = value;
    const char* labels[2] = {first, second};
    for (int i = 0; i < 2; ++i) {
        if (i > 0) ImGui::SameLine(0.0f, 2.0f);
        const bool selected = value == i;
        ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(selected ? ImGuiCol_ButtonActive : ImGuiCol_FrameBg));
        ImGui::PushID(i);
        if (ImGui::Button(labels[i])) value = i;
        ImGui::PopID();
        ImGui::PopStyleColor();
    }
    ImGui::PopID();
    return value != before;
}

void chip(const char* text, const ImVec4& background) {
    const ImVec2 size = ImGui::CalcTextSize(text);
    const ImVec2 pad{6.0f, 1.0f};
    const ImVec2 p = ImGui::GetCursorScreenPos();
    ImGui::GetWindowDrawList()->AddRectFilled(p, ImVec2(p.x + size.x + 2 * pad.x, p.y + size.y + 2 * pad.y),
                                              ImGui::GetColorU32(background), 6.0f);
    ImGui::SetCursorScreenPos(ImVec2(p.x + pad.x, p.y + pad.y));
    ImGui::TextUnformatted(text);
    ImGui::SetCursorScreenPos(ImVec2(p.x, p.y));
    ImGui::Dummy(ImVec2(size.x + 2 * pad.x, size.y + 2 * pad.y));
}

void field(const char* label, const std::string& value) {
    ImGui::TextColored(colour::kMuted, "%s", label);
    ImGui::SameLine();
    ImGui::TextUnformatted(value.c_str());
}

}  // namespace planlang::web
