#include "web/app/ui_common.hpp"

#include "core/json/number.hpp"

namespace planlang::web {

const std::string& pick(const Bilingual& text, Language lang) { return lang == Language::es ? text.es : text.en; }

std::string text_of(const plan::Text& text, Language lang) {
    return lang == Language::es || text.plain || text.en.empty() ? text.es : text.en;
}

std::string display_number(double x, Language lang) {
    const std::string s = json::format_number(x);
    return lang == Language::es ? json::with_decimal_comma(s) : s;
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

std::string fill(const char* text, std::initializer_list<std::string> args) {
    std::string out;
    for (const char* p = text; *p; ++p) {
        if (*p == '{' && p[1] >= '0' && p[1] <= '9' && p[2] == '}') {
            const std::size_t i = static_cast<std::size_t>(p[1] - '0');
            if (i < args.size()) out += *(args.begin() + i);
            p += 2;
        } else {
            out += *p;
        }
    }
    return out;
}

std::string pick_json(const json::Value& text, Language lang) {
    if (text.is_string()) return text.as_string();
    if (!text.is_object()) return {};
    const json::Value* v = text.find(lang == Language::es ? "es" : "en");
    return v && v->is_string() ? v->as_string() : std::string();
}

void badge(const char* text, const ImVec4& c) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.05f, 0.06f, 0.08f, 1.0f));
    chip(text, c);
    ImGui::PopStyleColor();
}

void source_note(const std::string& text) {
    ImGui::SameLine(0.0f, 10.0f);
    ImGui::TextColored(colour::kMuted, "[%s]", text.c_str());
}

void section_title(const char* title) {
    ImGui::Spacing();
    ImGui::Separator();
    ImGui::TextColored(colour::kAccent, "%s", title);
}

void field(const char* label, const std::string& value) {
    ImGui::TextColored(colour::kMuted, "%s", label);
    ImGui::SameLine();
    ImGui::TextUnformatted(value.c_str());
}

}  // namespace planlang::web
