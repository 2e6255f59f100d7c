// Deep links (web/app/deep_link.hpp): what the address names is what the app opens, and the link the app
// writes reads back as the same state. Expected strings are written out by hand.
#include <doctest/doctest.h>

#include "web/app/deep_link.hpp"

using namespace planlang::web;

TEST_CASE("a full link names the screen, the run, the case, the step and the thresholds") {
    const DeepLink l = parse_deep_link("#pantalla=casos&corrida=demo-a-200&caso=A-004&paso=5&U1=0.8&U4=true");
    CHECK(l.pantalla == Screen::casos);
    CHECK(l.corrida == "demo-a-200");
    CHECK(l.caso == "A-004");
    CHECK(l.paso == 5);
    REQUIRE(l.umbrales.size() == 2);
    CHECK(l.umbrales[0] == std::pair<std::string, std::string>{"U1", "0.8"});
    CHECK(l.umbrales[1] == std::pair<std::string, std::string>{"U4", "true"});
    CHECK(format_deep_link(l) == "pantalla=casos&corrida=demo-a-200&caso=A-004&paso=5&U1=0.8&U4=true");
}

TEST_CASE("an empty or unknown link opens the entry screen, and bad parts are left out") {
    CHECK(parse_deep_link("").pantalla == Screen::entrada);
    const DeepLink l = parse_deep_link("pantalla=nada&paso=-3&paso=x&foo=1&u1=2&U=3&U12=0.5&&=&caso");
    CHECK(l.pantalla == Screen::entrada);
    CHECK(l.paso == -1);
    CHECK(l.caso.empty());
    REQUIRE(l.umbrales.size() == 1);
    CHECK(l.umbrales[0].first == "U12");
    CHECK(format_deep_link(DeepLink{}) == "pantalla=entrada");
}

TEST_CASE("a threshold named twice keeps the last value; escapes round-trip") {
    const DeepLink l = parse_deep_link("U1=0.5&U1=0.9&caso=A%2F1%26b%20c");
    REQUIRE(l.umbrales.size() == 1);
    CHECK(l.umbrales[0].second == "0.9");
    CHECK(l.caso == "A/1&b c");
    DeepLink w;
    w.pantalla = Screen::playground;
    w.caso = "ñ&=#";
    CHECK(format_deep_link(w) == "pantalla=playground&caso=%C3%B1%26%3D%23");
    CHECK(parse_deep_link(format_deep_link(w)).caso == "ñ&=#");
    CHECK(parse_deep_link("caso=%zz%4").caso == "%zz%4");  // a broken escape stays as written
}

TEST_CASE("every screen id reads back") {
    for (Screen s : kScreens) CHECK(screen_from_id(screen_id(s)) == s);
    CHECK(screen_id(Screen::brecha) == "brecha");
    CHECK_FALSE(screen_from_id("Brecha").has_value());
}

TEST_CASE("a link from the static site names the language; any other value is left out") {
    CHECK(parse_deep_link("#pantalla=playground&corrida=demo-a-200&idioma=en").idioma == "en");
    CHECK(parse_deep_link("idioma=es").idioma == "es");
    CHECK(parse_deep_link("idioma=fr").idioma.empty());
    CHECK(parse_deep_link("idioma=EN").idioma.empty());
    DeepLink l;
    l.pantalla = Screen::casos;
    l.idioma = "en";
    CHECK(format_deep_link(l) == "pantalla=casos&idioma=en");
    CHECK(parse_deep_link(format_deep_link(l)).idioma == "en");
}
