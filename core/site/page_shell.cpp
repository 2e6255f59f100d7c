// The frame of every page of the static site, its stylesheet and its script (site.hpp).
#include <string>
#include <vector>

#include "core/report/html.hpp"
#include "core/site/internal/pages.hpp"

namespace planlang::site::internal {

namespace {

using report::html_escape;

// No request may leave the site (site-and-cards.md §1): every source is the site itself; no inline script
// or style, no forms, no base rewriting. `data:` images only for the empty favicon.
constexpr const char* kCsp =
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; "
    "base-uri 'none'; form-action 'none'";

struct NavItem {
    const char* screen;
    const char* key;  // the app's screen name
};

constexpr NavItem kScreens[] = {{"entrada", "pantalla.entrada"}, {"plan", "pantalla.plan"},   {"agente", "pantalla.agente"},
                                {"brecha", "pantalla.brecha"},   {"playground", "pantalla.playground"}, {"casos", "pantalla.casos"},
                                {"fichas", "pantalla.fichas"}};

std::string screen_target(const PageContext& page, const std::string& screen) {
    const std::string lang = page.lang();
    if (screen == "entrada") return lang + "/index.html";
    // The playground is the wasm app: one page for the site, opened on its screen with this run.
    if (screen == "playground")
        return "playground.html#pantalla=playground" + (page.run_id.empty() ? std::string() : "&corrida=" + page.run_id) + "&idioma=" + lang;
    return lang + "/" + page.demo_id + "/" + screen + ".html";
}

}  // namespace

std::string PageContext::to_root() const {
    std::string up;
    for (char c : path)
        if (c == '/') up += "../";
    return up;
}

std::string PageContext::link(const std::string& target) const { return html_escape(to_root() + target); }

std::string case_link(const PageContext& page, const std::string& caso_id) {
    return "<a href=\"" + page.link(page.lang() + "/" + page.demo_id + "/casos/" + caso_id + ".html") + "\">" + html_escape(caso_id) + "</a>";
}

std::string page_html(const PageContext& page, const std::string& title, const std::string& body, bool has_expert) {
    const std::string other_lang = page.en ? "es" : "en";
    const std::string other_path = other_lang + page.path.substr(2);  // "es/…" ↔ "en/…"
    std::string h;
    h += "<!doctype html>\n<html lang=\"" + page.lang() + "\">\n<head>\n<meta charset=\"utf-8\">\n";
    h += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
    h += "<meta http-equiv=\"Content-Security-Policy\" content=\"" + std::string(kCsp) + "\">\n";
    h += "<meta name=\"color-scheme\" content=\"light dark\">\n";
    h += "<title>" + html_escape(title) + " · planlang</title>\n<link rel=\"icon\" href=\"data:,\">\n";
    h += "<link rel=\"stylesheet\" href=\"" + page.link("estilo.css") + "\">\n";
    h += "<script src=\"" + page.link("sitio.js") + "\" defer></script>\n</head>\n<body>\n";
    h += "<a class=\"saltar\" href=\"#contenido\">" + html_escape(page.t("sitio.saltar")) + "</a>\n";
    // The switch is a checkbox before everything it governs, so the stylesheet alone shows the expert parts
    // (body > #lectura-experto:checked ~ main .experto); sitio.js only remembers the choice between pages.
    if (has_expert)
        h += "<input type=\"checkbox\" id=\"lectura-experto\" class=\"conmutador\"><label for=\"lectura-experto\" class=\"conmutador-etiqueta\">" +
             html_escape(page.t("sitio.lectura_experta")) + "</label>\n";
    h += "<header>\n<p class=\"etiqueta\">" + html_escape(page.t("app.etiqueta_simulacion")) + "</p>\n";
    h += "<nav aria-label=\"" + html_escape(page.t("sitio.navegacion")) + "\"><ul>\n";
    h += "<li><a href=\"" + page.link("index.html") + "\">planlang</a></li>\n";
    for (const NavItem& item : kScreens) {
        if (page.demo_id.empty() && std::string(item.screen) != "entrada") continue;  // the entry page lists the demos itself
        const bool current = page.screen == item.screen;
        h += "<li><a href=\"" + page.link(screen_target(page, item.screen)) + "\"" + (current ? " aria-current=\"page\"" : "") + ">" +
             html_escape(page.t(item.key)) + "</a></li>\n";
    }
    h += "<li class=\"idioma\"><a href=\"" + page.link(other_path) + "\" hreflang=\"" + other_lang + "\" lang=\"" + other_lang + "\">" +
         html_escape(page.t("sitio.otro_idioma")) + "</a></li>\n";
    h += "</ul></nav>\n</header>\n<main id=\"contenido\">\n" + body + "</main>\n";
    h += "<footer><p>" + html_escape(page.t("sitio.pie")) + "</p></footer>\n</body>\n</html>\n";
    return h;
}

std::string stylesheet() {
    return R"css(/* planlang's static site: one stylesheet, light and dark from the reader's system setting. */
:root { color-scheme: light dark; --bg: #ffffff; --fg: #1d1d1f; --muted: #5b6270; --line: #d5d9e0; --accent: #8a5a00;
        --chip: #f3f4f6; --good: #1b6e2f; --bad: #a4161a; --warn: #8a5a00; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #1a1c21; --fg: #e6e8eb; --muted: #a3aab5; --line: #3a3f48; --accent: #fac242; --chip: #262a31;
          --good: #7ddc8f; --bad: #ff8a8a; --warn: #fac242; }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 16px/1.55 "DejaVu Sans", system-ui, sans-serif; }
a { color: var(--accent); }
a:focus-visible, input:focus-visible + label, summary:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.saltar { position: absolute; left: -999px; top: 0; }
.saltar:focus { left: .5rem; top: .5rem; background: var(--bg); padding: .3rem .6rem; z-index: 2; }
header, main, footer { max-width: 64rem; margin: 0 auto; padding: 0 1.25rem; }
header { padding-top: 1rem; border-bottom: 1px solid var(--line); }
.conmutador-etiqueta + header { padding-top: .2rem; }
.card .label { display: none; } /* the page carries the label already */
.card table { margin: .6rem 0 1rem; } .card pre { white-space: pre-wrap; }
td > p:first-child, td > ul:first-child, td > ol:first-child { margin-top: 0; } td > :last-child { margin-bottom: 0; }
tr.differs th, tr.differs td { color: var(--bad); font-weight: bold; }
.etiqueta { display: inline-block; margin: 0 0 .6rem; padding: .15rem .6rem; border: 1px solid var(--accent); border-radius: 4px;
            color: var(--accent); font-size: .9rem; }
nav ul { list-style: none; margin: 0; padding: 0 0 .6rem; display: flex; flex-wrap: wrap; gap: .2rem 1rem; }
nav a[aria-current="page"] { font-weight: bold; color: var(--fg); text-decoration: none; border-bottom: 2px solid var(--accent); }
nav .idioma { margin-left: auto; }
/* The reading switch: a real checkbox (keyboard, screen readers, no script needed), drawn as the label's box. */
.conmutador { position: absolute; opacity: 0; width: 1px; height: 1px; margin: 0; }
.conmutador-etiqueta { display: block; max-width: 64rem; margin: 0 auto; padding: .7rem 1.25rem 0; text-align: right; cursor: pointer; }
.conmutador-etiqueta::before { content: ""; display: inline-block; width: 1em; height: 1em; margin-right: .45em; vertical-align: -.15em;
                               border: 2px solid currentColor; border-radius: 3px; }
.conmutador:checked + .conmutador-etiqueta::before { background: var(--accent); box-shadow: inset 0 0 0 2px var(--bg); }
.conmutador:focus-visible + .conmutador-etiqueta { outline: 3px solid var(--accent); outline-offset: 2px; }
.experto { display: none; }
#lectura-experto:checked ~ main .experto { display: revert; }
#lectura-experto:checked ~ main .solo-lider { display: none; }
div.experto { border-left: 3px solid var(--line); padding-left: .6rem; }
main { padding-top: 1rem; padding-bottom: 2rem; }
h1 { font-size: 1.7rem; margin: .6rem 0 1rem; }
h2 { font-size: 1.3rem; margin: 2rem 0 .6rem; border-bottom: 1px solid var(--line); padding-bottom: .2rem; }
h3 { font-size: 1.1rem; margin: 1.4rem 0 .4rem; }
.tabla { overflow-x: auto; margin: .6rem 0 1rem; }
table { border-collapse: collapse; font-size: .93rem; }
th, td { border: 1px solid var(--line); padding: .3rem .5rem; text-align: left; vertical-align: top; }
thead th { background: var(--chip); }
th[scope="row"] { font-weight: normal; background: var(--chip); }
code, pre { font-family: "DejaVu Sans Mono", ui-monospace, monospace; font-size: .88em; }
code { background: var(--chip); padding: 0 .2em; border-radius: 3px; overflow-wrap: anywhere; }
pre { background: var(--chip); padding: .6rem .8rem; overflow-x: auto; border-radius: 4px; }
pre code { background: none; padding: 0; }
blockquote { margin: .6rem 0; padding: .1rem .9rem; border-left: 4px solid var(--accent); color: var(--fg); }
.muted, footer { color: var(--muted); }
footer { border-top: 1px solid var(--line); padding-top: .6rem; padding-bottom: 2rem; font-size: .9rem; }
.cifras { display: grid; grid-template-columns: repeat(auto-fit, minmax(13rem, 1fr)); gap: .8rem; margin: 1rem 0; padding: 0; list-style: none; }
.cifras li { border: 1px solid var(--line); border-radius: 6px; padding: .6rem .8rem; }
.cifra { display: block; font-size: 1.5rem; font-weight: bold; }
.fuente { display: block; color: var(--muted); font-size: .85rem; }
.estado-bueno { color: var(--good); } .estado-malo { color: var(--bad); } .estado-alerta { color: var(--warn); }
.diagrama { max-width: 100%; height: auto; border: 1px solid var(--line); border-radius: 4px; background: var(--bg); }
.pantallas { display: grid; grid-template-columns: repeat(auto-fit, minmax(17rem, 1fr)); gap: .8rem; padding: 0; list-style: none; }
.pantallas li { border: 1px solid var(--line); border-radius: 6px; padding: .6rem .8rem; }
.pantallas a { font-weight: bold; }
.distinto { color: var(--bad); font-weight: bold; }
@media print { nav, .conmutador, .conmutador-etiqueta, .saltar { display: none; } .experto { display: block; } }
)css";
}

std::string script() {
    return R"js(// planlang's static site: remembers the leader/expert reading between pages (the switch itself is a
// checkbox the stylesheet reads, so every page works without this script).
(function () {
  var box = document.getElementById('lectura-experto');
  if (!box) return;
  var key = 'planlang.lectura';
  try { box.checked = window.localStorage.getItem(key) === 'experto'; } catch (e) { /* storage disabled */ }
  box.addEventListener('change', function () {
    try { window.localStorage.setItem(key, box.checked ? 'experto' : 'lider'); } catch (e) { /* storage disabled */ }
  });
})();
)js";
}

std::string root_index(const Texts& texts, const std::vector<std::string>& demo_ids) {
    std::string h;
    h += "<!doctype html>\n<html lang=\"es\">\n<head>\n<meta charset=\"utf-8\">\n";
    h += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
    h += "<meta http-equiv=\"Content-Security-Policy\" content=\"" + std::string(kCsp) + "\">\n";
    h += "<meta name=\"color-scheme\" content=\"light dark\">\n";
    h += "<title>planlang</title>\n<link rel=\"icon\" href=\"data:,\">\n<link rel=\"stylesheet\" href=\"estilo.css\">\n</head>\n<body>\n";
    h += "<main id=\"contenido\">\n<p class=\"etiqueta\">" + html_escape(texts.t("app.etiqueta_simulacion", false)) + "<br><span lang=\"en\">" +
         html_escape(texts.t("app.etiqueta_simulacion", true)) + "</span></p>\n<h1>planlang</h1>\n";
    for (bool en : {false, true}) {
        const std::string lang = en ? "en" : "es";
        h += "<section lang=\"" + lang + "\">\n<h2><a href=\"" + lang + "/index.html\">" + html_escape(texts.t("sitio.entrar", en)) + "</a></h2>\n";
        h += "<p>" + html_escape(texts.t("texto.entrada_que", en)) + "</p>\n<ul>\n";
        for (const std::string& demo : demo_ids)
            h += "<li><a href=\"" + lang + "/" + demo + "/brecha.html\">" + html_escape(fill(texts.t("sitio.informe_de", en), {demo})) + "</a></li>\n";
        h += "<li><a href=\"playground.html\">" + html_escape(texts.t("sitio.abrir_playground", en)) + "</a></li>\n</ul>\n</section>\n";
    }
    h += "</main>\n</body>\n</html>\n";
    return h;
}

}  // namespace planlang::site::internal
