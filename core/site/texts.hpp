#pragma once
// The words of the static site's pages: the app's catalogue (lang/es.json, lang/en.json; style.md: flat
// objects of dotted keys), so a page and the screen it renders say the same thing. A key the catalogue lacks
// is a bug: it prints as "[[key]]" and is remembered, and build_site (site.hpp) refuses to write a site with
// any such key.
#include <initializer_list>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include "core/json/value.hpp"

namespace planlang::site {

class Texts {
public:
    Texts(const json::Value& es, const json::Value& en);

    // The text of `key`; "[[key]]" (and remembered in missing()) when either language lacks it or has it empty.
    std::string t(std::string_view key, bool en) const;
    // The text when the catalogue has it (state words, enumerated values), else nullopt: the caller shows the code.
    std::optional<std::string> known(std::string_view key, bool en) const;
    const std::set<std::string>& missing() const { return m_missing; }

private:
    std::map<std::string, std::string, std::less<>> m_es;
    std::map<std::string, std::string, std::less<>> m_en;
    mutable std::set<std::string> m_missing;
};

// "{0} of {1}" with its arguments.
std::string fill(std::string_view pattern, std::initializer_list<std::string> args);

}  // namespace planlang::site
