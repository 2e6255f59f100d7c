// The reproducibility card's renderings (repro.hpp): Markdown for people, JSON for scripts, an HTML fragment
// for the static site. Every text is the model's; nothing is computed here but layout.
#include <string>

#include "core/report/html.hpp"
#include "core/cards/repro.hpp"
#include "core/json/canonical.hpp"

namespace planlang::cards {

using report::html_escape;

namespace {

using json::Value;

const std::string& pick(const Bilingual& b, bool en) { return en ? b.en : b.es; }

// A Markdown table cell: `|` escaped, newlines as spaces (traces-and-verifier.md §14's rule for the report).
std::string cell(const std::string& s) {
    std::string out;
    for (char c : s) {
        if (c == '|') out += "\\|";
        else if (c == '\n' || c == '\r') out += ' ';
        else out += c;
    }
    return out.empty() ? "—" : out;
}

std::string short_huella(const std::string& h, bool expert) {
    if (h.empty()) return "—";
    return "`" + (expert || h.size() <= 12 ? h : h.substr(0, 12) + "…") + "`";
}

}  // namespace

std::string repro_markdown(const ReproCard& card, bool en, bool expert) {
    const ReproHeadings& h = kReproHeadings;
    auto w = [en](const Bilingual& b) { return pick(b, en); };
    std::string out = "*" + w(kReproLabel) + "*\n\n";
    out += "# " + w(card.title) + "\n\n" + w(h.intro) + "\n\n";
    out += "| " + w(h.what) + " | " + w(h.id) + " | " + w(h.version) + " | " + w(h.huella) + " | " + w(h.detail) + (expert ? " | " + w(h.source) : "") + " |\n";
    out += expert ? "|---|---|---|---|---|---|\n" : "|---|---|---|---|---|\n";
    for (const ReproRow& r : card.rows) {
        out += "| " + cell(pick(r.what, en)) + " | " + cell(r.id) + " | " + cell(r.version) + " | " + short_huella(r.huella, expert) + " | " +
               cell(pick(r.detail, en));
        if (expert) out += " | " + cell(r.source);
        out += " |\n";
    }
    out += "\n## " + w(h.thresholds) + "\n\n";
    if (!card.thresholds.empty()) {
        out += "| " + w(h.threshold) + " | " + w(h.in_plan) + " | " + w(h.applied) + " | |\n|---|---|---|---|\n";
        for (const ThresholdRow& t : card.thresholds)
            out += "| " + cell(t.id) + " | " + cell(w(t.in_plan_text)) + " | " + cell(w(t.applied_text)) + " | " + w(t.differs ? h.differs : h.same) + " |\n";
        out += "\n";
    }
    out += pick(card.thresholds_note, en) + "\n";
    if (expert) {
        out += "\n## " + w(h.commands) + "\n\n" + pick(card.commands_note, en) + "\n\n```sh\n";
        for (const ReproCommand& c : card.commands) out += "# " + pick(c.what, en) + "\n" + c.line + "\n";
        out += "```\n\n" + pick(card.byte_identical, en) + "\n";
    }
    return out;
}

json::Value repro_json(const ReproCard& card) {
    auto bil = [](const Bilingual& b) { return Value(json::Object{{"en", Value(b.en)}, {"es", Value(b.es)}}); };
    auto text_or_null = [](const std::string& s) { return s.empty() ? Value() : Value(s); };
    json::Array rows, thresholds, commands;
    for (const ReproRow& r : card.rows)
        rows.push_back(Value(json::Object{{"clave", Value(r.key)}, {"detalle", bil(r.detail)}, {"fuente", Value(r.source)},
                                          {"huella", text_or_null(r.huella)}, {"id", text_or_null(r.id)}, {"que", bil(r.what)},
                                          {"version", text_or_null(r.version)}}));
    for (const ThresholdRow& t : card.thresholds)
        thresholds.push_back(Value(json::Object{{"aplicado", t.applied}, {"del_plan", t.in_plan}, {"distinto", Value(t.differs)}, {"id", Value(t.id)}}));
    for (const ReproCommand& c : card.commands) {
        json::Array words;
        for (const std::string& x : c.words) words.push_back(Value(x));
        commands.push_back(Value(json::Object{{"argumentos", Value(std::move(words))}, {"linea", Value(c.line)}, {"paso", Value(c.step)}, {"que", bil(c.what)}}));
    }
    return Value(json::Object{
        {"byte_a_byte", bil(card.byte_identical)},
        {"carpeta", Value(card.run_folder)},
        {"comandos", Value(std::move(commands))},
        {"comandos_nota", bil(card.commands_note)},
        {"corrida_id", Value(card.corrida_id)},
        {"etiqueta", bil(kReproLabel)},
        {"filas", Value(std::move(rows))},
        {"formato", Value("planlang-ficha-repro/v1")},
        {"huella_informe", text_or_null(card.report_huella)},
        {"simulada", Value(card.simulated)},
        {"titulo", bil(card.title)},
        {"umbrales", Value(std::move(thresholds))},
        {"umbrales_distintos", Value(card.thresholds_differ)},
        {"umbrales_nota", bil(card.thresholds_note)},
        {"verificador", Value(json::Object{{"formato", text_or_null(card.report_format)}, {"version", text_or_null(card.verifier_version)}})},
    });
}

std::string repro_html(const ReproCard& card, bool en) {
    const ReproHeadings& h = kReproHeadings;
    auto e = [en](const Bilingual& b) { return html_escape(pick(b, en)); };
    auto raw = [](const std::string& s) { return s.empty() ? std::string("—") : html_escape(s); };
    auto col = [&](const Bilingual& b) { return "<th scope=\"col\">" + e(b) + "</th>"; };
    // The leader reads the first 12 hex digits, the expert the whole fingerprint (the page's reading switch,
    // core/site: `solo-lider` and `experto` parts).
    auto fingerprint = [](const std::string& huella) {
        if (huella.empty()) return std::string("—");
        return "<code class=\"solo-lider\">" + html_escape(huella.substr(0, 12)) + "…</code><code class=\"experto\">" + html_escape(huella) + "</code>";
    };
    std::string out = "<section class=\"card repro\" lang=\"" + std::string(en ? "en" : "es") + "\">\n";
    out += "<p class=\"label\">" + e(kReproLabel) + "</p>\n<h2>" + e(card.title) + "</h2>\n<p>" + e(h.intro) + "</p>\n";
    out += "<table class=\"rows\">\n<thead><tr>" + col(h.what) + col(h.id) + col(h.version) + col(h.huella) + col(h.detail) + "</tr></thead>\n<tbody>\n";
    for (const ReproRow& r : card.rows)
        out += "<tr data-row=\"" + html_escape(r.key) + "\"><th scope=\"row\">" + e(r.what) + "</th><td>" + raw(r.id) + "</td><td>" + raw(r.version) + "</td><td>" +
               fingerprint(r.huella) + "</td><td>" + e(r.detail) + " <span class=\"experto fuente\">[" + html_escape(r.source) + "]</span></td></tr>\n";
    out += "</tbody>\n</table>\n<h3>" + e(h.thresholds) + "</h3>\n";
    if (!card.thresholds.empty()) {
        out += "<table class=\"thresholds\">\n<thead><tr>" + col(h.threshold) + col(h.in_plan) + col(h.applied) + "<td></td></tr></thead>\n<tbody>\n";
        for (const ThresholdRow& t : card.thresholds)
            out += std::string(t.differs ? "<tr class=\"differs\">" : "<tr>") + "<th scope=\"row\">" + html_escape(t.id) + "</th><td>" + e(t.in_plan_text) +
                   "</td><td>" + e(t.applied_text) + "</td><td>" + e(t.differs ? h.differs : h.same) + "</td></tr>\n";
        out += "</tbody>\n</table>\n";
    }
    out += "<p>" + e(card.thresholds_note) + "</p>\n";
    out += "<div class=\"experto\">\n<h3>" + e(h.commands) + "</h3>\n<p>" + e(card.commands_note) + "</p>\n<pre><code>";
    for (const ReproCommand& c : card.commands) out += "# " + e(c.what) + "\n" + html_escape(c.line) + "\n";
    out += "</code></pre>\n<p>" + e(card.byte_identical) + "</p>\n</div>\n</section>\n";
    return out;
}

}  // namespace planlang::cards
