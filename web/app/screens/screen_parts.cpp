#include "web/app/screens/screen_parts.hpp"

#include <cmath>
#include <cstring>

#include "core/json/number.hpp"
#include "core/report/markdown.hpp"
#include "core/report/numbers.hpp"
#include "web/app/ui_common.hpp"

namespace planlang::web {

namespace {

report::Lang report_lang(Language lang) { return lang == Language::es ? report::Lang::es : report::Lang::en; }

// A catalogue text, or nullptr when the catalogue has no such key (it would show "[[key]]").
const char* known(const AppState& state, const std::string& key) {
    const char* s = state.t(key.c_str());
    return std::strncmp(s, "[[", 2) == 0 ? nullptr : s;
}

}  // namespace

const json::Value& at(const json::Value& v, std::string_view key) { return json::member_or_null(v, key); }
const json::Array& items(const json::Value& v) { return json::array_items(v); }

const std::string& str(const json::Value& v, std::string_view key) {
    static const std::string kEmpty;
    const json::Value& m = at(v, key);
    return m.is_string() ? m.as_string() : kEmpty;
}

const json::Value& by_id(const json::Value& array, const std::string& id) {
    static const json::Value kNull;
    for (const json::Value& e : items(array))
        if (str(e, "id") == id) return e;
    return kNull;
}

std::string report_number(const json::Value& v, Language lang) {
    if (v.is_bool()) return v.as_bool() ? "✓" : "✗";
    if (v.is_string()) return v.as_string();
    if (!v.is_number()) return "—";
    const double x = v.as_number();
    if (std::floor(x) == x && std::fabs(x) < 1e15) return report::num(x, 0, report_lang(lang));
    return report::num_corto(x, 4, report_lang(lang));
}

std::string report_percent(const json::Value& v, Language lang) {
    return v.is_number() ? report::pct(v.as_number(), report_lang(lang)) : "—";
}

std::string report_bounds(const json::Value& v, bool as_percent, Language lang) {
    const json::Value &lo = at(v, "bajo"), &hi = at(v, "alto");
    if (!lo.is_number() || !hi.is_number()) return "";
    if (as_percent) return report::num_corto(100 * lo.as_number(), 1, report_lang(lang)) + "–" + report::pct(hi.as_number(), report_lang(lang));
    return report::num_corto(lo.as_number(), 4, report_lang(lang)) + "–" + report::num_corto(hi.as_number(), 4, report_lang(lang));
}

std::string id_list(const json::Value& ids, std::size_t max) {
    const json::Array& a = items(ids);
    if (a.empty()) return "—";
    std::string s;
    for (std::size_t i = 0; i < a.size() && i < max; ++i) {
        if (i) s += ", ";
        s += a[i].is_string() ? a[i].as_string() : a[i].is_number() ? json::format_number(a[i].as_number()) : "?";
    }
    if (a.size() > max) s += ", … (+" + std::to_string(a.size() - max) + ")";
    return s;
}

std::string fingerprint(const AppState& state, const std::string& huella) {
    if (huella.empty()) return "—";
    if (expert(state) || huella.size() <= 12) return huella;
    return huella.substr(0, 12) + "…";
}

std::string state_word(const AppState& state, const std::string& code) {
    const char* s = known(state, "brecha.estado." + code);
    return s ? s : code;
}

std::string enum_word(const AppState& state, const char* kind, const std::string& code) {
    const char* s = known(state, std::string("brecha.palabra.") + kind + "." + code);
    return s ? s : code;
}

ImVec4 state_colour(const std::string& code) {
    static const char* const kGood[] = {"cumple", "no_ocurrio", "confirmado", "ejecutado", "baja"};
    static const char* const kBad[] = {"incumple", "ocurrio", "refutado", "no_cumple", "mal_formado", "bloqueante", "alta",
                                       "sin_implementacion", "no_ejecutado"};
    for (const char* g : kGood)
        if (code == g) return colour::kGood;
    for (const char* b : kBad)
        if (code == b) return colour::kBad;
    return colour::kSimulationLabel;  // alerts and the undecided states
}

void state_chip(const AppState& state, const std::string& code) {
    const std::string word = state_word(state, code);
    const ImVec4 c = state_colour(code);
    badge(word.c_str(), ImVec4(c.x * 0.85f, c.y * 0.85f, c.z * 0.85f, 1.0f));
}

std::string operator_symbol(const std::string& operador, bool inclusivo) {
    return report::operator_symbol(operador, inclusivo).value_or(operador);
}

void wrapped(const std::string& text) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(text.c_str());
    ImGui::PopTextWrapPos();
}

void wrapped_muted(const std::string& text) {
    ImGui::PushStyleColor(ImGuiCol_Text, colour::kMuted);
    wrapped(text);
    ImGui::PopStyleColor();
}

void expert_source(const AppState& state, const std::string& source) {
    if (!expert(state)) return;
    // After the figure on its line when it fits there, else on a line of its own (never clipped).
    const std::string text = "[" + source + "]";
    const float right = ImGui::GetItemRectMax().x + 10.0f + ImGui::CalcTextSize(text.c_str()).x;
    if (right <= ImGui::GetWindowPos().x + ImGui::GetContentRegionMax().x) {
        ImGui::SameLine(0.0f, 10.0f);
        ImGui::TextColored(colour::kMuted, "%s", text.c_str());
    } else {
        wrapped_muted(text);
    }
}

bool begin_table(const char* id, int columns) {
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_BordersOuterH |
                                  ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_PadOuterX;
    return ImGui::BeginTable(id, columns, flags);
}

void setup_columns(std::initializer_list<std::pair<const char*, float>> columns) {
    for (const auto& [name, weight] : columns) {
        if (weight <= 0.0f) ImGui::TableSetupColumn(name, ImGuiTableColumnFlags_WidthFixed);
        else ImGui::TableSetupColumn(name, ImGuiTableColumnFlags_WidthStretch, weight);
    }
    ImGui::TableHeadersRow();
}

bool section(const char* title, bool open_by_default) {
    ImGui::Spacing();
    ImGui::PushStyleColor(ImGuiCol_Text, colour::kAccent);
    const bool open = ImGui::CollapsingHeader(title, open_by_default ? ImGuiTreeNodeFlags_DefaultOpen : 0);
    ImGui::PopStyleColor();
    return open;
}

void figure_card(const AppState& state, const char* id, float width, float height, const std::string& big, const ImVec4& big_colour,
                 const std::string& caption, const std::string& detail, const std::string& source_leader,
                 const std::string& source_expert) {
    ImGui::PushStyleColor(ImGuiCol_ChildBg, colour::kPanel);
    ImGui::BeginChild(id, ImVec2(width, height), true, ImGuiWindowFlags_NoScrollbar);
    ImGui::SetWindowFontScale(1.6f);
    ImGui::TextColored(big_colour, "%s", big.c_str());
    ImGui::SetWindowFontScale(1.0f);
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(caption.c_str());
    if (!detail.empty()) ImGui::TextColored(colour::kMuted, "%s", detail.c_str());
    if (!source_leader.empty()) ImGui::TextColored(colour::kMuted, "%s", source_leader.c_str());
    if (expert(state)) ImGui::TextColored(colour::kMuted, "[%s]", source_expert.c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndChild();
    ImGui::PopStyleColor();
}

}  // namespace planlang::web
