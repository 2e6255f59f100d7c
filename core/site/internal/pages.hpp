#pragma once
// The static site's pieces shared by its files (site.cpp assembles them): the page shell every HTML page is
// wrapped in, the stylesheet, the script, and the pages of one demo.
#include <string>
#include <vector>

#include "core/plan/model.hpp"
#include "core/views/diagram.hpp"
#include "core/views/paths.hpp"
#include "core/site/site.hpp"
#include "core/site/texts.hpp"

namespace planlang::site::internal {

// One page being written: its language, where it sits (so links can be relative: the site works from any
// folder and from file://) and which screen it is.
struct PageContext {
    const Texts* texts = nullptr;
    bool en = false;
    std::string path;      // relative to the site root, e.g. "es/demo-a/plan.html"
    std::string demo_id;   // empty on the language's entry page
    std::string screen;    // "entrada", "plan", "agente", "brecha", "playground", "casos", "fichas"
    std::string run_id;    // the run the demo pages show

    std::string t(const char* key) const { return texts->t(key, en); }
    std::string lang() const { return en ? "en" : "es"; }
    std::string to_root() const;                       // "../../" for "es/demo-a/plan.html"
    std::string link(const std::string& target) const; // a root-relative path as seen from this page
};

// The whole HTML document: head with the CSP, the label, the navigation (the seven screens, the language
// switch to the same page in the other language, the leader/expert switch when the page has expert parts),
// `body` inside <main>, and the footer naming the sources.
std::string page_html(const PageContext& page, const std::string& title, const std::string& body, bool has_expert);

std::string stylesheet();
std::string script();
std::string root_index(const Texts& texts, const std::vector<std::string>& demo_ids);

// The pages of one demo in one language, appended to `files`; problems (a case page that cannot be built, a
// card that fails its checks) appended to `problems`.
void demo_pages(const SiteInputs& inputs, const SiteDemo& demo, const Texts& texts, bool en, std::vector<SiteFile>& files, Issues& problems);
std::string entry_page(const SiteInputs& inputs, const Texts& texts, bool en);

// The bodies of the Plan and Agente pages (pages_plan.cpp).
std::string plan_page_body(const PageContext& page, const plan::Plan& p, const json::Value& report);
std::string agent_page_body(const PageContext& page, const plan::Plan& p, const views::Diagram& d, const views::Paths& paths);

// A link "A-004" to the case's page from a page at `page`.
std::string case_link(const PageContext& page, const std::string& caso_id);

}  // namespace planlang::site::internal
