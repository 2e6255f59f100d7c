#include "web/app/deep_link.hpp"

#include <cstdlib>

namespace planlang::web {

namespace {

constexpr std::string_view kIds[] = {"entrada", "plan", "agente", "brecha", "playground", "casos", "fichas"};

int hex(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

std::string decode(std::string_view s) {
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '%' && i + 2 < s.size() && hex(s[i + 1]) >= 0 && hex(s[i + 2]) >= 0) {
            out += static_cast<char>(hex(s[i + 1]) * 16 + hex(s[i + 2]));
            i += 2;
        } else {
            out += s[i] == '+' ? ' ' : s[i];
        }
    }
    return out;
}

// Letters, digits and - . _ ~ stay; everything else (including '&', '=', '#', non-ASCII) is escaped.
std::string encode(std::string_view s) {
    static const char* digits = "0123456789ABCDEF";
    std::string out;
    for (unsigned char c : s) {
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '.' ||
            c == '_' || c == '~') {
            out += static_cast<char>(c);
        } else {
            out += '%';
            out += digits[c >> 4];
            out += digits[c & 15];
        }
    }
    return out;
}

// A threshold id as plans write them: U followed by digits.
bool is_threshold_id(std::string_view key) {
    if (key.size() < 2 || key[0] != 'U') return false;
    for (std::size_t i = 1; i < key.size(); ++i)
        if (key[i] < '0' || key[i] > '9') return false;
    return true;
}

}  // namespace

std::string_view screen_id(Screen screen) { return kIds[static_cast<int>(screen)]; }

std::optional<Screen> screen_from_id(std::string_view id) {
    for (Screen s : kScreens)
        if (screen_id(s) == id) return s;
    return std::nullopt;
}

DeepLink parse_deep_link(std::string_view fragment) {
    DeepLink link;
    if (!fragment.empty() && fragment[0] == '#') fragment.remove_prefix(1);
    while (!fragment.empty()) {
        const std::size_t amp = fragment.find('&');
        const std::string_view pair = fragment.substr(0, amp);
        fragment = amp == std::string_view::npos ? std::string_view{} : fragment.substr(amp + 1);
        const std::size_t eq = pair.find('=');
        if (eq == std::string_view::npos) continue;
        const std::string key = decode(pair.substr(0, eq));
        const std::string value = decode(pair.substr(eq + 1));
        if (key == "pantalla") {
            if (auto s = screen_from_id(value)) link.pantalla = *s;
        } else if (key == "corrida") {
            link.corrida = value;
        } else if (key == "caso") {
            link.caso = value;
        } else if (key == "paso") {
            char* end = nullptr;
            const long n = std::strtol(value.c_str(), &end, 10);
            if (!value.empty() && *end == '\0' && n >= 0 && n < 100000) link.paso = static_cast<int>(n);
        } else if (key == "idioma") {
            if (value == "es" || value == "en") link.idioma = value;
        } else if (is_threshold_id(key)) {
            bool replaced = false;
            for (auto& [id, v] : link.umbrales)
                if (id == key) v = value, replaced = true;
            if (!replaced) link.umbrales.emplace_back(key, value);
        }
    }
    return link;
}

std::string format_deep_link(const DeepLink& link) {
    std::string out = "pantalla=" + std::string(screen_id(link.pantalla));
    if (!link.corrida.empty()) out += "&corrida=" + encode(link.corrida);
    if (!link.caso.empty()) out += "&caso=" + encode(link.caso);
    if (link.paso >= 0) out += "&paso=" + std::to_string(link.paso);
    for (const auto& [id, value] : link.umbrales) out += "&" + encode(id) + "=" + encode(value);
    if (!link.idioma.empty()) out += "&idioma=" + link.idioma;
    return out;
}

}  // namespace planlang::web
