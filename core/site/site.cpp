#include "core/site/site.hpp"

#include <algorithm>

#include "core/site/internal/pages.hpp"
#include "core/site/texts.hpp"

namespace planlang::site {

Site build_site(const SiteInputs& inputs) {
    Site site;
    const Texts texts(inputs.catalogue_es, inputs.catalogue_en);
    std::vector<std::string> demo_ids;
    for (const SiteDemo& demo : inputs.demos) {
        if (!demo.loaded || !demo.loaded->ok || !demo.loaded->compacto || !demo.loaded->entradas || !demo.loaded->corrida) {
            site.problemas.push_back({"SITIO_DEMO_SIN_CORRIDA", demo.id, {"la demo no tiene una corrida cargada", "the demo has no loaded run"}});
            return site;
        }
        demo_ids.push_back(demo.id);
    }
    site.files.push_back({"index.html", internal::root_index(texts, demo_ids)});
    site.files.push_back({"estilo.css", internal::stylesheet()});
    site.files.push_back({"sitio.js", internal::script()});
    for (bool en : {false, true}) {
        site.files.push_back({std::string(en ? "en" : "es") + "/index.html", internal::entry_page(inputs, texts, en)});
        for (const SiteDemo& demo : inputs.demos) internal::demo_pages(inputs, demo, texts, en, site.files, site.problemas);
    }
    for (const std::string& key : texts.missing())
        site.problemas.push_back({"SITIO_TEXTO_FALTANTE", "lang/*.json: " + key,
                                  {"el catálogo no tiene este texto en los dos idiomas", "the catalogue lacks this text in one of the two languages"}});
    std::sort(site.files.begin(), site.files.end(), [](const SiteFile& a, const SiteFile& b) { return a.path < b.path; });
    site.ok = site.problemas.empty();
    return site;
}

}  // namespace planlang::site
