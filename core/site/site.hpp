#pragma once
// The static site (site-and-cards.md §1, §2, §5, §7; issue 35): readable pages for every screen of every demo,
// in Spanish and English, built from the same core objects the app draws — the plan, the verified report,
// the run's diagram and paths, every case page, the cards. Plain HTML + one stylesheet; no framework and no
// request outside the site (each page carries a Content-Security-Policy that forbids them); usable without
// JavaScript (the leader/expert switch is a checkbox the stylesheet reads; a small script only remembers it);
// light and dark themes from the reader's system setting.
//
// Layout of the folder it describes (paths relative to it):
//   index.html                      language choice
//   estilo.css, sitio.js            the one stylesheet and the one script
//   <es|en>/index.html              Entrada: what planlang is, one row per demo, headline figures with sources
//   <es|en>/<demo>/plan.html        the plan (leader and expert on one page)
//   <es|en>/<demo>/agente.html      agent card, the diagram (diagrama.svg), nodes, arrows, paths
//   <es|en>/<demo>/brecha.html      the gap report (the run's informe.<lang>.md as HTML)
//   <es|en>/<demo>/casos.html       every case of the run
//   <es|en>/<demo>/casos/<id>.html  one case: header, receives → does → delivers, the replay as a list of steps
//   <es|en>/<demo>/fichas.html      the reproducibility card and the CHAI model card
//   <es|en>/<demo>/ficha-chai-v0.2.xml, ficha-chai-v0.1.xml, reproducibilidad.md   the cards as files
// The playground page (playground.html, the wasm app) sits beside index.html; the pages link to it.
#include <string>
#include <vector>

#include "core/common/issue.hpp"
#include "core/json/value.hpp"
#include "core/playground/compact.hpp"
#include "core/views/run_views.hpp"

namespace planlang::site {

struct SiteDemo {
    std::string id;                        // "demo-a": the folder under <lang>/
    std::string run_folder;                // root-relative, as the cards' commands name it
    const playground::Loaded* loaded = nullptr;  // the run the all-or-nothing reader accepted, with its compact
    json::Value chai_declared;             // the author's declared facts for the CHAI card
};

struct SiteInputs {
    json::Value catalogue_es;  // lang/es.json
    json::Value catalogue_en;  // lang/en.json
    std::vector<SiteDemo> demos;
    views::FileSource files;   // the runs' trace files, for the case pages and paths (views::run_views)
    std::string root;          // the folder `files` names paths under (stripped from the sources pages name)
};

struct SiteFile {
    std::string path;   // relative to the site folder, '/' separated
    std::string bytes;
};

struct Site {
    bool ok = false;
    Issues problemas;              // a case page that cannot be built, a card that fails its lint, a missing catalogue key
    std::vector<SiteFile> files;   // in path order
};

Site build_site(const SiteInputs& inputs);

}  // namespace planlang::site
