// The static site's pages of one demo in one language (site.hpp): Entrada, Brecha, Casos (the list and every
// case), Fichas, and the Plan and Agente pages of pages_plan.cpp, each wrapped in the page shell.
#include <string>
#include <vector>

#include "core/cards/chai.hpp"
#include "core/cards/repro.hpp"
#include "core/report/markdown.hpp"
#include "core/views/case_page.hpp"
#include "core/site/diagram_svg.hpp"
#include "core/views/diagram.hpp"
#include "core/views/headline.hpp"
#include "core/site/internal/html_parts.hpp"
#include "core/report/markdown_html.hpp"
#include "core/views/paths.hpp"
#include "core/views/run_views.hpp"

namespace planlang::site::internal {

using namespace views;  // the models these pages draw (core/views)

namespace {

PageContext context(const Texts& texts, bool en, const std::string& path, const SiteDemo& demo, const std::string& screen) {
    PageContext page;
    page.texts = &texts;
    page.en = en;
    page.path = path;
    page.demo_id = demo.id;
    page.screen = screen;
    page.run_id = demo.loaded->compacto->corrida_id;
    return page;
}

std::string strip_prefix(std::string path, const std::string& root) {
    const std::string prefix = root.empty() || root == "." ? std::string() : (root.back() == '/' ? root : root + "/");
    if (!prefix.empty() && path.compare(0, prefix.size(), prefix) == 0) path.erase(0, prefix.size());
    if (path.compare(0, 2, "./") == 0) path.erase(0, 2);
    return path;
}

std::string case_row(const PageContext& page, const CasePage& c) {
    const CaseHeader& h = c.cabecera;
    auto escalation = [&](std::optional<bool> v) { return v ? esc(page.t(*v ? "pg.desenlace_persona" : "pg.desenlace_solo")) : std::string("—"); };
    const std::string verdict = page.texts->known("caso.veredicto." + h.veredicto, page.en).value_or(h.veredicto);
    const char* cls = h.veredicto == "correcto" ? "estado-bueno" : h.veredicto == "incorrecto" ? "estado-malo" : "estado-alerta";
    return "<tr><th scope=\"row\">" + case_link(page, c.caso_id) + "</th><td>" + esc(h.tipo ? enum_word(page, "tipo_caso", *h.tipo) : "—") + "</td><td>" +
           escalation(h.debia_escalar) + (h.debia_decision ? " · <code>" + esc(*h.debia_decision) + "</code>" : "") + "</td><td>" +
           escalation(std::optional<bool>(h.a_persona)) + (h.decision_final ? " · <code>" + esc(*h.decision_final) + "</code>" : "") +
           "</td><td><span class=\"" + cls + "\">" + esc(verdict) + "</span></td></tr>\n";
}

std::string cases_list_body(const PageContext& page, const std::vector<CasePage>& pages) {
    std::string h = "<h1>" + esc(page.t("pantalla.casos")) + " · " + esc(page.run_id) + "</h1>\n";
    h += "<p>" + esc(fill(page.t("sitio.casos_que"), {std::to_string(pages.size()), page.run_id})) + "</p>\n";
    h += "<div class=\"tabla\"><table>\n<thead><tr><th scope=\"col\">" + esc(page.t("caso.col_caso")) + "</th><th scope=\"col\">" + esc(page.t("caso.col_tipo")) +
         "</th><th scope=\"col\">" + esc(page.t("caso.col_debia")) + "</th><th scope=\"col\">" + esc(page.t("caso.col_paso")) + "</th><th scope=\"col\">" +
         esc(page.t("sitio.col_veredicto")) + "</th></tr></thead>\n<tbody>\n";
    for (const CasePage& c : pages) h += case_row(page, c);
    return h + "</tbody>\n</table></div>\n";
}

// The case's Markdown (the same text `planlang case` prints) as HTML, in both readings: the leader's, and the
// expert's with the edge tables, signal values and the pause payload; the reading switch shows one.
std::string case_body(const PageContext& page, const CasePage& c) {
    std::string h = "<p class=\"enlaces\"><a href=\"" + page.link(page.lang() + "/" + page.demo_id + "/casos.html") + "\">" + esc(page.t("sitio.volver_casos")) + "</a> · <a href=\"" +
                    page.link("playground.html#pantalla=casos&corrida=" + page.run_id + "&caso=" + c.caso_id + "&idioma=" + page.lang()) + "\">" +
                    esc(page.t("sitio.repetir_en_app")) + "</a></p>\n";
    // Both readings start with the same "# Case …" line: the page's one <h1>, written once above them.
    std::string leader = case_page_markdown(c, page.en, false), expert = case_page_markdown(c, page.en, true);
    auto take_title = [](std::string& md) {
        if (md.compare(0, 2, "# ") != 0) return std::string();
        const std::size_t end = md.find('\n');
        std::string title = md.substr(0, end);
        md.erase(0, end == std::string::npos ? md.size() : end + 1);
        return title;
    };
    const std::string title = take_title(leader);
    take_title(expert);
    h = report::markdown_html(title) + h;
    h += "<div class=\"solo-lider\">\n" + report::markdown_html(leader) + "</div>\n";
    h += "<div class=\"experto\">\n" + report::markdown_html(expert) + "</div>\n";
    return h;
}

std::string gap_body(const PageContext& page, const json::Value& report) {
    std::string h = report::markdown_html(report::markdown(report, page.en ? report::Lang::en : report::Lang::es));
    h += "<p class=\"muted\">" + esc(fill(page.t("sitio.brecha_fuente"), {page.run_id, page.lang()})) + "</p>\n";
    return h;
}

std::string cards_body(const PageContext& page, const std::string& repro_html, const std::string& chai_html) {
    std::string h = "<h1>" + esc(page.t("pantalla.fichas")) + " · " + esc(page.run_id) + "</h1>\n";
    h += "<p>" + esc(page.t("sitio.fichas_que")) + "</p>\n<ul>\n";
    h += "<li><a href=\"reproducibilidad.md\">" + esc(page.t("sitio.archivo_repro")) + "</a></li>\n";
    h += "<li><a href=\"ficha-chai-v0.2.xml\">" + esc(page.t("sitio.archivo_chai_02")) + "</a></li>\n";
    h += "<li><a href=\"ficha-chai-v0.1.xml\">" + esc(page.t("sitio.archivo_chai_01")) + "</a></li>\n</ul>\n";
    h += repro_html;
    h += chai_html;
    return h;
}

}  // namespace

void demo_pages(const SiteInputs& inputs, const SiteDemo& demo, const Texts& texts, bool en, std::vector<SiteFile>& files, Issues& problems) {
    const playground::Loaded& loaded = *demo.loaded;
    const plan::Plan& plan = loaded.entradas->plan.plan;
    const json::Value& report = loaded.compacto->informe;
    const std::string base = std::string(en ? "en" : "es") + "/" + demo.id + "/";
    auto add = [&](const std::string& name, const std::string& screen, const std::string& title, const std::string& body, bool expert) {
        const PageContext page = context(texts, en, base + name, demo, screen);
        files.push_back({base + name, page_html(page, title, body, expert)});
    };

    add("plan.html", "plan", texts.t("pantalla.plan", en), plan_page_body(context(texts, en, base + "plan.html", demo, "plan"), plan, report), true);

    // Every executed case's page, the diagram and the paths, from one reading of the traces (core/views).
    RunViews views = run_views(loaded, inputs.files);
    for (Issue& i : views.problemas) problems.push_back(std::move(i));
    std::vector<CasePage>& pages = views.pages;
    for (CasePage& c : pages) c.fuente_traza = strip_prefix(c.fuente_traza, inputs.root);
    const Diagram& diagram = views.diagram;
    const Paths& paths = views.paths;
    add("agente.html", "agente", texts.t("pantalla.agente", en), agent_page_body(context(texts, en, base + "agente.html", demo, "agente"), plan, diagram, paths),
        false);
    files.push_back({base + "diagrama.svg", diagram_svg(diagram, en)});
    add("brecha.html", "brecha", texts.t("pantalla.brecha", en), gap_body(context(texts, en, base + "brecha.html", demo, "brecha"), report), false);
    add("casos.html", "casos", texts.t("pantalla.casos", en), cases_list_body(context(texts, en, base + "casos.html", demo, "casos"), pages), false);
    for (const CasePage& c : pages) {
        const std::string name = "casos/" + c.caso_id + ".html";
        add(name, "casos", c.caso_id + " · " + texts.t("pantalla.casos", en), case_body(context(texts, en, base + name, demo, "casos"), c), true);
    }

    // The cards: the reproducibility card (Markdown file and HTML) and the CHAI card (one XML per schema
    // version, and HTML), each refused with its reasons when it fails its own checks.
    const cards::ReproCard repro = cards::build_repro_card(loaded, demo.run_folder);
    files.push_back({base + "reproducibilidad.md", cards::repro_markdown(repro, en, true)});
    std::string chai_section;
    for (const cards::ChaiSchema schema : {cards::ChaiSchema::v0_2, cards::ChaiSchema::v0_1}) {
        const cards::ChaiCard card = cards::checked_chai_card(loaded, demo.chai_declared, en ? report::Lang::en : report::Lang::es, schema);
        if (!card.problemas.empty()) {
            for (const Issue& i : card.problemas) problems.push_back(i);
            continue;
        }
        files.push_back({base + (schema == cards::ChaiSchema::v0_2 ? "ficha-chai-v0.2.xml" : "ficha-chai-v0.1.xml"), cards::chai_xml(card)});
        if (schema == cards::ChaiSchema::v0_2) chai_section = cards::chai_html(card);
    }
    add("fichas.html", "fichas", texts.t("pantalla.fichas", en),
        cards_body(context(texts, en, base + "fichas.html", demo, "fichas"), cards::repro_html(repro, en), chai_section), true);
}

std::string entry_page(const SiteInputs& inputs, const Texts& texts, bool en) {
    PageContext page;
    page.texts = &texts;
    page.en = en;
    page.path = std::string(en ? "en" : "es") + "/index.html";
    page.screen = "entrada";
    std::string h = "<h1>" + esc(texts.t("entrada.titulo", en)) + "</h1>\n<p>" + esc(texts.t("entrada.que_es", en)) + "</p>\n";
    for (const SiteDemo& demo : inputs.demos) {
        const json::Value& report = demo.loaded->compacto->informe;
        const plan::Plan& plan = demo.loaded->entradas->plan.plan;
        PageContext d = page;
        d.demo_id = demo.id;
        d.run_id = demo.loaded->compacto->corrida_id;
        h += "<h2>" + esc(pick(plan.nombre, en)) + " · " + esc(d.run_id) + "</h2>\n";
        // Headline figures, each with its source (site-and-cards.md §1): the four the app's Entrada shows.
        const Headline f = headline(report);
        std::string not_met, gap_cases;
        for (const std::string& id : f.criterios_no) not_met += (not_met.empty() ? "" : ", ") + id;
        for (std::size_t i = 0; i < f.casos_con_brecha.size() && i < 5; ++i) gap_cases += (i ? ", " : "") + f.casos_con_brecha[i];
        if (f.casos_con_brecha.size() > 5) gap_cases += ", … (+" + std::to_string(f.casos_con_brecha.size() - 5) + ")";
        auto figure = [&](const std::string& value, const char* what, const std::string& detail, const char* source) {
            return "<li><span class=\"cifra\">" + value + "</span>" + esc(texts.t(what, en)) + "<span class=\"fuente\">" + esc(detail) +
                   " · <code>informe.json · " + esc(source) + "</code></span></li>\n";
        };
        h += "<ul class=\"cifras\">\n";
        h += figure(state_html(d, f.veredicto), "entrada.cifra_veredicto",
                    fill(texts.t("entrada.cifra_veredicto_detalle", en), {std::to_string(f.bloqueantes), std::to_string(f.alertas)}), "veredicto.valor");
        h += figure(std::to_string(f.criterios_cumplen) + " / " + std::to_string(f.criterios_total), "entrada.cifra_criterios",
                    not_met.empty() ? texts.t("entrada.cifra_criterios_todos", en) : fill(texts.t("entrada.cifra_criterios_no", en), {not_met}),
                    "criterios[].estado");
        h += figure(esc(number_text(f.casos_con_pausa, en)), "entrada.cifra_pausas",
                    fill(texts.t("entrada.cifra_pausas_detalle", en), {number_text(f.casos_ejecutados, en), f.rol_pausa}),
                    "contrato_de_grafo.pausas.casos_con_pausa");
        h += figure(std::to_string(f.brechas), "entrada.cifra_brechas",
                    f.brechas == 0 ? texts.t("entrada.cifra_brechas_ninguna", en) : fill(texts.t("entrada.cifra_brechas_casos", en), {gap_cases}),
                    "brechas_no_previstas.brechas");
        h += "</ul>\n";
        h += "<p class=\"muted\">" + esc(fill(texts.t("entrada.fuente_informe", en), {d.run_id, demo.run_folder})) + "</p>\n";
        h += "<p>" + esc(pick_json(at(at(report, "resumen"), "texto"), en)) + "</p>\n";
        h += "<ul class=\"pantallas\">\n";
        for (const char* screen : {"plan", "agente", "brecha", "playground", "casos", "fichas"}) {
            const std::string key = std::string("entrada.ir_") + screen;
            const std::string target = std::string(screen) == "playground" ? "playground.html#pantalla=playground&corrida=" + d.run_id + "&idioma=" + d.lang()
                                                                            : d.lang() + "/" + demo.id + "/" + screen + ".html";
            h += "<li><a href=\"" + d.link(target) + "\">" + esc(texts.t(key.c_str(), en)) + "</a><br>" + esc(texts.t((key + "_que").c_str(), en)) + "</li>\n";
        }
        h += "</ul>\n";
    }
    return page_html(page, texts.t("pantalla.entrada", en), h, false);
}

}  // namespace planlang::site::internal
