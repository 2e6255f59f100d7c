#include "core/site/texts.hpp"

namespace planlang::site {

namespace {

void take(const json::Value& catalogue, std::map<std::string, std::string, std::less<>>& into) {
    if (!catalogue.is_object()) return;
    for (const json::Member& m : catalogue.as_object())
        if (m.value.is_string()) into[m.key] = m.value.as_string();
}

}  // namespace

Texts::Texts(const json::Value& es, const json::Value& en) {
    take(es, m_es);
    take(en, m_en);
}

std::optional<std::string> Texts::known(std::string_view key, bool en) const {
    const auto& own = en ? m_en : m_es;
    const auto& other = en ? m_es : m_en;
    const auto it = own.find(key);
    if (it == own.end() || it->second.empty() || other.find(key) == other.end()) return std::nullopt;
    return it->second;
}

std::string Texts::t(std::string_view key, bool en) const {
    if (std::optional<std::string> s = known(key, en)) return *s;
    m_missing.insert(std::string(key));
    return "[[" + std::string(key) + "]]";
}

std::string fill(std::string_view pattern, std::initializer_list<std::string> args) {
    std::string out;
    for (std::size_t i = 0; i < pattern.size(); ++i) {
        if (pattern[i] == '{' && i + 2 < pattern.size() && pattern[i + 2] == '}' && pattern[i + 1] >= '0' && pattern[i + 1] <= '9') {
            const std::size_t n = static_cast<std::size_t>(pattern[i + 1] - '0');
            if (n < args.size()) {
                out += *(args.begin() + n);
                i += 2;
                continue;
            }
        }
        out += pattern[i];
    }
    return out;
}

}  // namespace planlang::site
