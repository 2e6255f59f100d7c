#pragma once
// Deep links (site-and-cards.md §1): the page address names the screen, the run, the case, the step and the
// played thresholds, so a link reproduces what its sender saw. In the browser it is the part after '#'
// ("#pantalla=casos&corrida=demo-a-200&caso=A-004&paso=5&U1=0.8&U4=true"); on the desktop, --link.
// Unknown keys are ignored (a newer link in an older app still opens); values are percent-decoded.
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace planlang::web {

enum class Screen { entrada, plan, agente, brecha, playground, casos, fichas };
inline constexpr Screen kScreens[] = {Screen::entrada, Screen::plan,  Screen::agente, Screen::brecha,
                                      Screen::playground, Screen::casos, Screen::fichas};

std::string_view screen_id(Screen screen);  // "entrada" … "fichas"
std::optional<Screen> screen_from_id(std::string_view id);

struct DeepLink {
    Screen pantalla = Screen::entrada;
    std::string corrida;   // corrida_id of a bundled run; empty: the first one
    std::string caso;      // empty: none opened
    int paso = -1;         // step index in the case's replay; -1: none
    std::vector<std::pair<std::string, std::string>> umbrales;  // threshold id → value as written ("0.8", "true")
    std::string idioma;    // "es" | "en": the static site's pages open the app in their language; empty: unchanged

};

DeepLink parse_deep_link(std::string_view fragment);  // with or without the leading '#'
std::string format_deep_link(const DeepLink& link);     // without '#'; keys in a fixed order

}  // namespace planlang::web
