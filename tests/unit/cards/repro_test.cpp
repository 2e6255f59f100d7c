// The reproducibility card (core/cards/repro.hpp; site-and-cards.md §5) on the committed runs demo-a-20 (two
// repetitions and a baseline) and demo-a-200 (a baseline, no repetitions): every row against the values read
// here from informe.json, corrida.json and the batch with core/json, never through the card's code; a
// threshold changed in a copy of the report is flagged; the Spanish and English renderings have the same rows;
// the HTML fragment carries no link, script or address and escapes what it shows; the commands are the ones
// the CLI reference gives (their replay is CTest `cards_repro_replay`).
#include <doctest/doctest.h>

#include <memory>
#include <string>
#include <vector>

#include "core/cards/repro.hpp"
#include "core/json/canonical.hpp"
#include "core/json/number.hpp"
#include "playground/playground_fixture.hpp"

using namespace planlang;
using namespace planlang::testing;
using json::Value;
using hand::at;

namespace {

Value read_json(const std::string& path) {
    std::optional<Value> v = RunFiles().json_of(path);
    REQUIRE(v);
    return *v;
}

std::string s(const Value& v) { return v.is_string() ? v.as_string() : std::string("<not a string>"); }

const cards::ReproRow& row(const cards::ReproCard& card, const std::string& key, std::size_t nth = 0) {
    for (const cards::ReproRow& r : card.rows)
        if (r.key == key && nth-- == 0) return r;
    FAIL("no row " << key);
    static const cards::ReproRow kNone;
    return kNone;
}

std::size_t rows_named(const cards::ReproCard& card, const std::string& key) {
    std::size_t n = 0;
    for (const cards::ReproRow& r : card.rows) n += r.key == key ? 1 : 0;
    return n;
}

const cards::ReproCommand* command(const cards::ReproCard& card, const std::string& step, std::size_t nth = 0) {
    for (const cards::ReproCommand& c : card.commands)
        if (c.step == step && nth-- == 0) return &c;
    return nullptr;
}

std::string joined(const std::vector<std::string>& words) {
    std::string out;
    for (const std::string& w : words) out += (out.empty() ? "" : " ") + w;
    return out;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// Every row of the card against the run's own files.
void check_rows(const std::string& run) {
    CAPTURE(run);
    const playground::Loaded& l = pg::loaded(run);
    REQUIRE(l.ok);
    const cards::ReproCard card = cards::build_repro_card(l, run);
    const Value informe = read_json(run + "/informe.json");
    const Value manifest = read_json(run + "/corrida.json");
    const Value& f = at(informe, "ficha_reproducibilidad");
    const Value batch = read_json(s(at(at(f, "casos"), "archivo")));

    CHECK(card.corrida_id == s(at(informe, "corrida_id")));
    CHECK(card.run_folder == run);
    CHECK(card.simulated == (s(at(manifest, "proveedor")) == "simulado"));

    const cards::ReproRow& plan = row(card, "plan_verificado");
    CHECK(plan.id == s(at(at(f, "plan"), "id")));
    CHECK(plan.version == s(at(at(f, "plan"), "version")));
    CHECK(plan.huella == s(at(at(manifest, "plan"), "huella")));
    CHECK(contains(plan.detail.es, s(at(at(manifest, "plan"), "archivo"))));

    const cards::ReproRow& ran = row(card, "plan_ejecutado");
    CHECK(ran.huella == s(at(at(at(f, "corrida"), "plan_de_ejecucion"), "huella")));
    CHECK(ran.version == s(at(at(at(f, "corrida"), "plan_de_ejecucion"), "version")));

    const cards::ReproRow& lote = row(card, "lote");
    CHECK(lote.id == s(at(batch, "id")));
    CHECK(lote.huella == s(at(batch, "huella")));
    CHECK(lote.huella == s(at(at(manifest, "casos"), "huella")));
    CHECK(contains(lote.detail.es, "semilla «" + s(at(batch, "semilla")) + "»"));
    CHECK(contains(lote.detail.en, "seed \"" + s(at(batch, "semilla")) + "\" · " + json::format_number(at(batch, "n").as_number()) + " cases"));
    CHECK(contains(lote.detail.en, "generator " + s(at(batch, "version_generador"))));
    CHECK(contains(lote.detail.en, "generated with plan v" + s(at(at(batch, "plan"), "version"))));

    const cards::ReproRow& corrida = row(card, "corrida");
    CHECK(corrida.id == s(at(manifest, "corrida_id")));
    CHECK(corrida.huella == s(at(manifest, "huella")));
    CHECK(contains(corrida.detail.es, s(at(manifest, "fecha"))));
    CHECK(contains(corrida.detail.en, "provider simulated · model simulated · variant multi-agent"));
    CHECK(row(card, "grafo").huella == s(at(manifest, "version_grafo")));

    const json::Array& reps = at(f, "repeticiones").as_array();
    CHECK(rows_named(card, "repeticion") == reps.size());
    for (std::size_t i = 0; i < reps.size(); ++i) {
        const Value rep_manifest = read_json("synthetic/runs/demo-a/" + s(at(reps[i], "corrida_id")) + "/corrida.json");
        CHECK(row(card, "repeticion", i).id == s(at(rep_manifest, "corrida_id")));
        CHECK(row(card, "repeticion", i).huella == s(at(rep_manifest, "huella")));
    }
    CHECK(rows_named(card, "repeticiones") == (reps.empty() ? 1u : 0u));
    if (reps.empty()) CHECK(contains(row(card, "repeticiones").detail.en, "none"));
    const Value& base = at(f, "linea_base");
    REQUIRE(base.is_object());  // both runs have one
    const Value base_manifest = read_json("synthetic/runs/demo-a/" + s(at(base, "corrida_id")) + "/corrida.json");
    CHECK(row(card, "linea_base").id == s(at(base_manifest, "corrida_id")));
    CHECK(row(card, "linea_base").huella == s(at(base_manifest, "huella")));

    // Environment: only what the run and the report record; never the machine's build (repro.hpp).
    const cards::ReproRow& env = row(card, "entorno");
    CHECK(contains(env.detail.en, "verifier " + s(at(informe, "version_verificador"))));
    CHECK(contains(env.detail.en, "provider simulated, model simulated"));
    CHECK_FALSE(contains(env.detail.en, __VERSION__));

    const cards::ReproRow& exec = row(card, "ejecucion");
    const json::Array& sesiones = at(manifest, "sesiones").as_array();
    double limits = 0;
    for (const Value& x : sesiones) limits += at(x, "limites_alcanzados").as_number();
    CHECK(exec.detail.en == "sessions: " + std::to_string(sesiones.size()) + " · cases executed: " +
                                std::to_string(at(manifest, "casos_ejecutados").as_array().size()) + " · cases with an error: " +
                                std::to_string(at(manifest, "casos_con_error").as_array().size()) + " · limits reached: " + json::format_number(limits));

    CHECK(row(card, "revisor").detail.es == s(at(at(manifest, "revisor_simulado"), "es")));
    CHECK(row(card, "revisor").detail.en == s(at(at(manifest, "revisor_simulado"), "en")));
    CHECK(row(card, "verificador").id == s(at(informe, "version_verificador")));
    CHECK(row(card, "verificador").version == s(at(informe, "formato")));
    CHECK(row(card, "informe").huella == s(at(informe, "huella")));
    CHECK(card.report_huella == s(at(informe, "huella")));

    // Thresholds: the plan's, in its order, against the manifest's applied values.
    const Value plan_file = read_json(s(at(at(manifest, "plan"), "archivo")));
    const json::Array& umbrales = at(plan_file, "umbrales").as_array();
    REQUIRE(card.thresholds.size() == umbrales.size());
    for (std::size_t i = 0; i < umbrales.size(); ++i) {
        const std::string id = s(at(umbrales[i], "id"));
        CAPTURE(id);
        CHECK(card.thresholds[i].id == id);
        CHECK(card.thresholds[i].in_plan == at(umbrales[i], "valor_en_plan"));
        CHECK(card.thresholds[i].applied == at(at(manifest, "umbrales_aplicados"), id));
        CHECK_FALSE(card.thresholds[i].differs);
    }
    CHECK_FALSE(card.thresholds_differ);
}

}  // namespace

TEST_CASE("the reproducibility card of demo-a-20 (repetitions, baseline) and demo-a-200 (baseline) reads its rows from the run's files") {
    check_rows(pg::kDemo20);
    check_rows(pg::kDemo200);
}

TEST_CASE("the card's commands rebuild batch, runs and report as the CLI reference writes them") {
    const std::string run = pg::kDemo20;
    const cards::ReproCard card = cards::build_repro_card(pg::loaded(run), run);
    const Value manifest = read_json(run + "/corrida.json");
    const std::string plan = s(at(at(manifest, "plan"), "archivo")), world = s(at(at(manifest, "plan_beneficios"), "archivo")),
                      batch = s(at(at(manifest, "casos"), "archivo")), date = s(at(manifest, "fecha"));
    std::vector<std::string> steps;
    for (const cards::ReproCommand& c : card.commands) {
        steps.push_back(c.step);
        CHECK(c.line == "planlang " + joined(c.words));  // no word here needs quoting
    }
    CHECK(joined(steps) == "validar comprobar generar simular repeticion repeticion linea_base verificar huella");
    CHECK(joined(command(card, "validar")->words) == "validate " + plan);
    CHECK(joined(command(card, "generar")->words) == "generate --plan " + plan + " --world " + world + " --seed demo-a --n 20 --id demo-a-20 -o " + batch);
    const std::string simulate = "simulate --plan " + plan + " --batch " + batch + " --world " + world;
    CHECK(joined(command(card, "simular")->words) == simulate + " --variant multiagente --date " + date + " -o " + run);
    CHECK(joined(command(card, "repeticion", 1)->words) ==
          simulate + " --variant multiagente --repeat 3 --date " + date + " -o synthetic/runs/demo-a/demo-a-20-r3");
    CHECK(joined(command(card, "linea_base")->words) ==
          simulate + " --variant " + s(at(read_json("synthetic/runs/demo-a/demo-a-20-base/corrida.json"), "variante")) + " --date " + date +
              " -o synthetic/runs/demo-a/demo-a-20-base");
    CHECK(joined(command(card, "verificar")->words) == "verify " + run + " --rep synthetic/runs/demo-a/demo-a-20-r2 --rep synthetic/runs/demo-a/demo-a-20-r3 --base synthetic/runs/demo-a/demo-a-20-base");
    CHECK(joined(command(card, "huella")->words) == "fingerprint " + run + "/informe.json --check");
    CHECK(contains(card.byte_identical.en, card.report_huella));

    // The smoke batch: its recipe is named; no repetition, no baseline.
    const cards::ReproCard humo = cards::build_repro_card(pg::loaded(pg::kHumo3), pg::kHumo3);
    CHECK(contains(command(humo, "generar")->line, " --seed humo --n 3 --receta humo --id demo-a-humo-3 "));
    CHECK(command(humo, "repeticion") == nullptr);
    CHECK(command(humo, "linea_base") == nullptr);
    CHECK(contains(row(humo, "linea_base").detail.es, "ninguna"));
    CHECK(contains(row(humo, "repeticiones").detail.en, "none"));
}

TEST_CASE("a threshold applied off the plan's value is flagged, in every rendering") {
    const playground::Loaded& l = pg::loaded(pg::kDemo20);
    REQUIRE(l.ok);
    playground::Loaded altered = l;
    auto compact = std::make_shared<playground::Compact>(*l.compacto);
    Value* applied = compact->informe.find("ficha_reproducibilidad")->find("umbrales_aplicados");
    REQUIRE(applied);
    *applied->find("U2") = Value(1500);
    altered.compacto = compact;
    const cards::ReproCard card = cards::build_repro_card(altered, pg::kDemo20);
    CHECK(card.thresholds_differ);
    for (const cards::ThresholdRow& t : card.thresholds) {
        CAPTURE(t.id);
        CHECK(t.differs == (t.id == "U2"));
    }
    CHECK(contains(card.thresholds_note.en, "U2"));
    CHECK(contains(cards::repro_markdown(card, false, false), "| U2 | 1000 | 1500 | ≠ distinto |"));
    CHECK(contains(cards::repro_html(card, true), "<tr class=\"differs\"><th scope=\"row\">U2</th><td>1000</td><td>1500</td><td>≠ differs</td></tr>"));
    CHECK(json::canonical(at(cards::repro_json(card), "umbrales")).find(R"({"aplicado":1500,"del_plan":1000,"distinto":true,"id":"U2"})") != std::string::npos);
}

TEST_CASE("Spanish and English renderings show the same rows; the leader's form has no commands") {
    const cards::ReproCard card = cards::build_repro_card(pg::loaded(pg::kDemo20), pg::kDemo20);
    const std::string es = cards::repro_markdown(card, false, false), en = cards::repro_markdown(card, true, false);
    const std::string es_x = cards::repro_markdown(card, false, true), en_x = cards::repro_markdown(card, true, true);
    CHECK(es.rfind("*Simulación · no operativo · datos sintéticos*\n\n# ", 0) == 0);
    CHECK(en.rfind("*Simulation · not operational · synthetic data*\n\n# ", 0) == 0);
    auto table_lines = [](const std::string& md) {
        std::size_t n = 0;
        for (std::size_t at = md.find("\n| "); at != std::string::npos; at = md.find("\n| ", at + 1)) ++n;
        return n;
    };
    CHECK(table_lines(es) == table_lines(en));
    CHECK(table_lines(es) == card.rows.size() + 1 + card.thresholds.size() + 1);  // each table's header line too
    for (const cards::ReproRow& r : card.rows) {
        CAPTURE(r.key);
        CHECK(contains(es, "| " + r.what.es + " |"));
        CHECK(contains(en, "| " + r.what.en + " |"));
        if (!r.huella.empty()) {
            CHECK(contains(es, r.huella.substr(0, 12) + "…"));  // the leader sees it short
            CHECK(contains(es_x, "`" + r.huella + "`"));         // the expert whole
        }
    }
    CHECK_FALSE(contains(es, "planlang verify"));
    CHECK_FALSE(contains(en, "```"));
    for (const cards::ReproCommand& c : card.commands) {
        CHECK(contains(es_x, c.line + "\n"));
        CHECK(contains(en_x, "# " + c.what.en + "\n" + c.line + "\n"));
    }
    CHECK(contains(en_x, card.byte_identical.en));
    const std::string html_es = cards::repro_html(card, false), html_en = cards::repro_html(card, true);
    auto count_of = [](const std::string& text, const std::string& part) {
        std::size_t n = 0;
        for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
        return n;
    };
    CHECK(count_of(html_es, "<th scope=\"row\">") == card.rows.size() + card.thresholds.size());
    CHECK(count_of(html_en, "<th scope=\"row\">") == count_of(html_es, "<th scope=\"row\">"));
}

TEST_CASE("the HTML fragment has no link, script or address, and escapes the texts it shows") {
    const playground::Loaded& l = pg::loaded(pg::kDemo20);
    playground::Loaded altered = l;
    auto compact = std::make_shared<playground::Compact>(*l.compacto);
    Value* reviewer = compact->informe.find("ficha_reproducibilidad")->find("revisor_simulado");
    REQUIRE(reviewer);
    *reviewer->find("en") = Value("The reviewer <script>alert(1)</script> & \"co\" <a href=x>");
    altered.compacto = compact;
    const cards::ReproCard card = cards::build_repro_card(altered, pg::kDemo20);
    for (bool en : {false, true}) {
        const std::string html = cards::repro_html(card, en);
        CAPTURE(en);
        CHECK(html.rfind("<section class=\"card repro\"", 0) == 0);
        CHECK(html.size() > 2000);
        for (const char* banned : {"<a ", "<script", "http", "<html", "<head", "<body", "<link", "<style", "<img"}) {
            CAPTURE(banned);
            CHECK_FALSE(contains(html, banned));
        }
        CHECK(contains(html, "<div class=\"experto\">"));
        CHECK(contains(html, "<pre><code>"));
    }
    CHECK(contains(cards::repro_html(card, true), "The reviewer &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;co&quot; &lt;a href=x&gt;"));
}

TEST_CASE("the card's JSON holds every row, threshold and command, and the card is the same bytes for the same run") {
    const cards::ReproCard card = cards::build_repro_card(pg::loaded(pg::kDemo20), pg::kDemo20);
    const Value j = cards::repro_json(card);
    CHECK(s(at(j, "formato")) == "planlang-ficha-repro/v1");
    CHECK(at(j, "filas").as_array().size() == card.rows.size());
    CHECK(at(j, "umbrales").as_array().size() == card.thresholds.size());
    REQUIRE(at(j, "comandos").as_array().size() == card.commands.size());
    for (std::size_t i = 0; i < card.commands.size(); ++i) CHECK(s(at(at(j, "comandos").as_array()[i], "linea")) == card.commands[i].line);
    CHECK(s(at(j, "huella_informe")) == s(at(read_json(pg::kDemo20 + "/informe.json"), "huella")));
    const cards::ReproCard again = cards::build_repro_card(pg::loaded(pg::kDemo20), pg::kDemo20);
    CHECK(json::disk_form(cards::repro_json(again)) == json::disk_form(j));
}

TEST_CASE("a run that was not loaded gives a card whose rows say so, without a crash") {
    const playground::Loaded nothing;
    const cards::ReproCard card = cards::build_repro_card(nothing, "x");
    CHECK_FALSE(card.rows.empty());
    CHECK(contains(row(card, "linea_base").detail.en, "none"));
    CHECK(contains(row(card, "plan_ejecutado").detail.en, "does not record"));
    CHECK_FALSE(cards::repro_markdown(card, true, true).empty());
    CHECK_FALSE(cards::repro_html(card, false).empty());
}

TEST_CASE("repro: a run's entorno.json read as every front end reads it — absent, read, or refused with its position") {
    // No file: no environment and no problem (the simulated runs leave none).
    const cards::RecordedEnvironment none = cards::read_environment(std::nullopt, "runs/x/entorno.json");
    CHECK_FALSE(none.valor);
    CHECK_FALSE(none.problema);
    // A recorded one: its value, shown by the card as recorded.
    const cards::RecordedEnvironment good = cards::read_environment(std::string_view(R"({"node": "20.20.2"})"), "runs/x/entorno.json");
    REQUIRE(good.valor);
    CHECK(json::canonical(*good.valor) == R"({"node":"20.20.2"})");
    CHECK_FALSE(good.problema);
    // Broken: the reader's code and position under the file's path; the CLI refuses the card, the app says so.
    const cards::RecordedEnvironment bad = cards::read_environment(std::string_view(R"({"node": )"), "runs/x/entorno.json");
    CHECK_FALSE(bad.valor);
    REQUIRE(bad.problema);
    CHECK(bad.problema->code == "JSON_SINTAXIS");
    CHECK(bad.problema->element.rfind("runs/x/entorno.json: $", 0) == 0);
}
