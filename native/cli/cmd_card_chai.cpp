// planlang card --kind chai (site-and-cards.md §7): the CHAI Applied Model Card of a verified run, one XML
// file per language (--lang), schema v0.2 by default or v0.1 (--schema).
//
// The declared facts are `chai-declarado.json` in the folder of the plan the run's manifest names
// (`plan.archivo`, resolved against --root), or the file --declared gives. The card is built, linted and
// checked against the report (core/cards/chai.hpp); any issue → every issue on stderr, exit 1, nothing
// written. Else the XML goes to stdout or, atomically, to -o FILE; --json writes the provenance side table
// instead (every leaf's origin and the JSON pointers and values it was written from).
#include <string>

#include "core/cards/chai.hpp"
#include "core/json/canonical.hpp"
#include "core/run/reader.hpp"
#include "native/cli/card_kinds.hpp"

namespace planlang::cli {

namespace {

// The default declared file: next to the plan the manifest names.
std::string default_declared(const playground::Loaded& loaded, const CardOptions& options) {
    return run::join(options.root.value_or(""), cards::declared_facts_path(loaded.corrida->manifest));
}

}  // namespace

int card_chai(const playground::Loaded& loaded, const CardOptions& options) {
    const Lang lang = options.lang;
    const std::string declared_path = options.declared ? *options.declared : default_declared(loaded, options);
    std::optional<json::Value> declared = read_json_file(declared_path, lang);
    if (!declared) return kRejected;

    const cards::ChaiSchema schema = options.schema && *options.schema == "v0.1" ? cards::ChaiSchema::v0_1 : cards::ChaiSchema::v0_2;
    const cards::ChaiCard card = cards::checked_chai_card(loaded, *declared, lang == Lang::en ? report::Lang::en : report::Lang::es, schema);
    const Issues& issues = card.problemas;
    if (!issues.empty()) {
        for (const Issue& i : issues) {
            Issue shown = i;
            // Problems of the declared file name it, so the reader knows which file to fix.
            if (shown.code == "DECLARADO_INVALIDO") shown.element = declared_path + ": " + shown.element;
            print_issue(shown, lang);
        }
        return kRejected;
    }
    const std::string bytes = options.json ? json::disk_form(cards::chai_provenance_json(card)) : cards::chai_xml(card);
    if (options.out) return write_file_atomically(*options.out, bytes, lang) ? kOk : kRejected;
    write_stdout(bytes);
    return kOk;
}

}  // namespace planlang::cli
