// One run folder (traces-and-verifier.md §1–§4, §7): its files (manifest, graph, ramas) and its internal
// references (its traces: traces.cpp).
// [SECTION] motives and file loading
// [SECTION] files
// [SECTION] references
#include <algorithm>
#include <optional>
#include <string_view>
#include <unordered_set>

#include "core/json/canonical.hpp"
#include "core/json/fingerprint.hpp"
#include "core/json/reader.hpp"
#include "core/run/internal/schemas.hpp"
#include "core/run/internal/state.hpp"

namespace planlang::run::internal {

using json::Value;

// [SECTION] motives and file loading

Motive motive(const char* codigo, std::string archivo, Bilingual detalle) {
    return Motive{codigo, std::move(archivo), std::move(detalle)};
}

std::optional<Value> load_json(const FileSource& files, const std::string& path, const std::string& archivo, FileCodes codes,
                               std::vector<Motive>& out, json::CanonicalCopy* copy) {
    return parse_json(files ? files(path) : std::nullopt, path, archivo, codes, out, copy);
}

std::optional<Value> parse_json(const std::optional<FileBytes>& bytes, const std::string& path, const std::string& archivo,
                                FileCodes codes, std::vector<Motive>& out, json::CanonicalCopy* copy) {
    Value value;
    if (!parse_json_into(value, bytes, path, archivo, codes, out, copy)) return std::nullopt;
    return value;
}

bool parse_json_into(Value& value, const std::optional<FileBytes>& bytes, const std::string& path, const std::string& archivo,
                     FileCodes codes, std::vector<Motive>& out, json::CanonicalCopy* copy, json::MemberScanner* scanner) {
    if (!bytes) {
        out.push_back(motive(codes.missing, archivo,
                             {"el archivo «" + path + "» no existe o no se puede leer", "the file \"" + path + "\" does not exist or cannot be read"}));
        return false;
    }
    if (const std::optional<Issue> e = json::read_into(value, bytes->view(), json::ReadLimits{}, copy, scanner)) {
        out.push_back(motive(codes.not_json, archivo,
                             {"no es JSON válido (" + e->code + ", " + e->element + "): " + e->message.es,
                              "not valid JSON (" + e->code + ", " + e->element + "): " + e->message.en}));
        return false;
    }
    return true;
}

void schema_motive(Issues& issues, const std::string& archivo, std::vector<Motive>& out, Issues& all) {
    const Issue& first = issues.front();
    out.push_back(motive("ESQUEMA", archivo, {first.element + ": " + first.message.es, first.element + ": " + first.message.en}));
    for (Issue& i : issues) all.push_back(Issue{i.code, archivo + " · " + i.element, std::move(i.message)});
}

std::string own_huella(const Value& doc, const std::string& archivo, std::vector<Motive>& out) {
    return checked_huella(json::declared_huella(doc), json::huella(doc), archivo, out);
}

std::string own_huella(const Value& doc, const json::CanonicalCopy& copy, const std::string& archivo, std::vector<Motive>& out) {
    const std::string computed = copy.canonical ? json::to_hex(json::sha256(copy.text())) : json::huella(doc);
    return checked_huella(json::declared_huella(doc), computed, archivo, out);
}

std::string checked_huella(const std::optional<std::string>& declared, const std::string& computed, const std::string& archivo,
                           std::vector<Motive>& out) {
    if (!declared || *declared != computed)
        out.push_back(motive("HUELLA_NO_COINCIDE", archivo,
                             {"huella declarada " + declared.value_or("ninguna") + ", calculada " + computed,
                              "declared huella " + declared.value_or("none") + ", computed " + computed}));
    return declared.value_or(computed);
}

const std::string& str(const Value& object, const char* key) { return object.find(key)->as_string(); }
const Value& at(const Value& object, const char* key) { return *object.find(key); }

std::vector<std::string_view> sorted_unique(std::vector<std::string_view> v) {
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
    return v;
}

std::vector<std::string_view> views(const std::vector<std::string>& v) { return {v.begin(), v.end()}; }

std::vector<std::string> strings(const Value& list) {
    std::vector<std::string> out;
    out.reserve(list.as_array().size());
    for (const Value& v : list.as_array()) out.push_back(v.as_string());
    return out;
}

// [SECTION] files

void read_header(const FileSource& files, RunState& run, Issues& schema_all, const ParallelFor& parallel, bool fast_paths) {
    read_manifest_and_graph(files, run, schema_all);
    read_ramas(files, run, schema_all, parallel, fast_paths);
}

void read_manifest_and_graph(const FileSource& files, RunState& run, Issues& schema_all) {
    RunHeader& h = run.header;
    h.role = run.role;
    h.dir = run.dir;
    const std::string manifest_path = join(run.dir, "corrida.json");
    // The manifest (one entry per trace: megabytes for a large run) and the graph are hashed from the
    // canonical copy taken as they are read, when their text is canonical, rather than written again.
    json::CanonicalCopy copy{"huella"};
    if (std::optional<Value> m = load_json(files, manifest_path, manifest_path, {"ESQUEMA", "ESQUEMA"}, run.files, &copy)) {
        Issues issues = check_manifest(*m);
        if (!issues.empty()) {
            schema_motive(issues, manifest_path, run.files, schema_all);
        } else {
            run.manifest_ok = true;
            h.huella = own_huella(*m, copy, manifest_path, run.files);
            h.corrida_id = str(*m, "corrida_id");
            h.variante = str(*m, "variante");
            h.umbrales_aplicados = at(*m, "umbrales_aplicados");
            h.casos_ejecutados = strings(at(*m, "casos_ejecutados"));
            h.manifest = std::move(*m);
        }
    }
    const std::string graph_path = join(run.dir, "grafo.json");
    if (std::optional<Value> g = load_json(files, graph_path, graph_path, kReferenced, run.files, &copy)) {
        Issues issues = check_graph(*g, h.grafo);
        if (!issues.empty()) {
            schema_motive(issues, graph_path, run.files, schema_all);
            h.grafo = Graph{};
        } else {
            run.graph_ok = true;
            own_huella(*g, copy, graph_path, run.files);
            h.grafo.document = std::move(*g);
        }
    }
}

void read_ramas(const FileSource& files, RunState& run, Issues& schema_all, const ParallelFor& parallel, bool fast_paths,
                const fast::Prescans* prescans) {
    RunHeader& h = run.header;
    bool ramas_ok = false;
    if (run.manifest_ok) {  // only the manifest knows where the ramas file is
        const std::string ramas_path = join(run.dir, str(at(h.manifest, "ramas_esperadas"), "archivo"));
        std::optional<FileBytes> bytes = fast::prescanned_bytes(prescans, ramas_path);
        if (!bytes) bytes = files(ramas_path);
        // The accelerator streams a good file; the reference reads any file whole and explains a bad one.
        if (std::optional<fast::RamasRead> streamed = bytes && fast_paths ? fast::read_ramas(bytes->view(), parallel, prescans) : std::nullopt) {
            ramas_ok = true;
            run.ramas_huella = checked_huella(json::declared_huella(streamed->top), streamed->huella_calculada, ramas_path, run.files);
            h.ramas = std::move(streamed->top);
        } else if (std::optional<Value> r = parse_json(bytes, ramas_path, ramas_path, kReferenced, run.files)) {
            Issues issues = check_ramas(*r);
            if (!issues.empty()) {
                schema_motive(issues, ramas_path, run.files, schema_all);
            } else {
                ramas_ok = true;
                run.ramas_huella = own_huella(*r, ramas_path, run.files);
                // Checked and fingerprinted, the visits are not kept: the verifier recomputes every one and
                // compares fingerprints (RF-09.2), and a large run's visits outweigh everything else here.
                *r->find("visitas") = json::Array{};
                h.ramas = std::move(*r);
            }
        }
    }
    run.header_ok = run.manifest_ok && run.graph_ok && ramas_ok;
}

// [SECTION] references

namespace {

// The sessions' casos_ejecutados lists, one after the other, are the manifest's casos_ejecutados (§2; a
// code of ours, SESIONES_INCOHERENTES): the session context counts a session's cases from its list, so a list
// that does not add up would measure session detectors on cases the run does not hold. One motive per run,
// naming the first place where they part.
void check_sessions(RunState& run, const std::string& manifest_path) {
    const std::vector<std::string>& executed = run.header.casos_ejecutados;
    std::size_t at_case = 0;
    std::optional<Bilingual> first;
    for (const Value& sesion : at(run.header.manifest, "sesiones").as_array()) {
        const std::string numero = json::canonical(at(sesion, "numero"));
        const json::Array& ids = at(sesion, "casos_ejecutados").as_array();
        for (std::size_t i = 0; i < ids.size() && !first; ++i, ++at_case) {
            const std::string& id = ids[i].as_string();
            if (at_case >= executed.size())
                first = Bilingual{"la sesión " + numero + " lista «" + id + "» después del último de casos_ejecutados",
                                  "session " + numero + " lists \"" + id + "\" after the last of casos_ejecutados"};
            else if (id != executed[at_case])
                first = Bilingual{"la sesión " + numero + " lista «" + id + "» donde casos_ejecutados tiene «" + executed[at_case] + "» (posición " +
                                      std::to_string(at_case + 1) + ")",
                                  "session " + numero + " lists \"" + id + "\" where casos_ejecutados has \"" + executed[at_case] +
                                      "\" (position " + std::to_string(at_case + 1) + ")"};
        }
        if (first) break;
    }
    if (!first && at_case < executed.size())
        first = Bilingual{"las sesiones listan " + std::to_string(at_case) + " casos y casos_ejecutados " + std::to_string(executed.size()) +
                              " (falta «" + executed[at_case] + "»)",
                          "the sessions list " + std::to_string(at_case) + " cases and casos_ejecutados " + std::to_string(executed.size()) +
                              " (\"" + executed[at_case] + "\" is missing)"};
    if (first)
        run.references.push_back(motive("SESIONES_INCOHERENTES", manifest_path,
                                        {"las listas de las sesiones, una tras otra, no son casos_ejecutados: " + first->es,
                                         "the sessions' lists, one after the other, are not casos_ejecutados: " + first->en}));
}

}  // namespace

void check_references(RunState& run) {
    const RunHeader& h = run.header;
    const Value& m = h.manifest;
    const std::string manifest_path = join(run.dir, "corrida.json");
    const std::string graph_path = join(run.dir, "grafo.json");
    const std::string ramas_path = join(run.dir, str(at(m, "ramas_esperadas"), "archivo"));
    auto differs = [&](const std::string& archivo, const char* es, const char* en, const std::string& a, const std::string& b) {
        run.references.push_back(motive("REFERENCIA_ROTA", archivo,
                                        {std::string(es) + ": «" + a + "» ≠ «" + b + "»", std::string(en) + ": \"" + a + "\" ≠ \"" + b + "\""}));
    };
    const std::string& version_grafo = str(m, "version_grafo");
    const std::string& ramas_declared = str(at(m, "ramas_esperadas"), "huella");
    if (version_grafo != h.grafo.huella)
        differs(manifest_path, "version_grafo ≠ huella de grafo.json", "version_grafo ≠ the huella of grafo.json", version_grafo, h.grafo.huella);
    if (ramas_declared != run.ramas_huella)
        differs(manifest_path, "ramas_esperadas.huella ≠ huella del archivo de ramas", "ramas_esperadas.huella ≠ the ramas file's huella",
                ramas_declared, run.ramas_huella);
    if (str(h.ramas, "corrida_id") != h.corrida_id)
        differs(ramas_path, "corrida_id ≠ el del manifiesto", "corrida_id ≠ the manifest's", str(h.ramas, "corrida_id"), h.corrida_id);
    if (h.grafo.variante != h.variante)
        differs(graph_path, "variante ≠ la del manifiesto", "variante ≠ the manifest's", h.grafo.variante, h.variante);
    if (h.grafo.demo_id != str(m, "demo_id"))
        differs(graph_path, "demo_id ≠ el del manifiesto", "demo_id ≠ the manifest's", h.grafo.demo_id, str(m, "demo_id"));
    const std::string ramas_thresholds = json::canonical(at(h.ramas, "umbrales_aplicados"));
    const std::string manifest_thresholds = json::canonical(h.umbrales_aplicados);
    if (ramas_thresholds != manifest_thresholds)
        differs(ramas_path, "umbrales_aplicados ≠ los del manifiesto", "umbrales_aplicados ≠ the manifest's", ramas_thresholds,
                manifest_thresholds);
    check_sessions(run, manifest_path);
    // Declared traces: no case twice, and the same set as casos_ejecutados.
    const json::Array& traces = at(m, "trazas").as_array();
    std::vector<std::string_view> a;
    a.reserve(traces.size());
    for (const Value& t : traces) a.push_back(str(t, "caso_id"));
    // The usual manifest lists its traces in the order of casos_ejecutados, each case once: equal lists
    // with no id seen twice (a hash set only answers membership here; nothing is listed from it) are the
    // same set, and the sorts below — most of this check's time with 10,000 cases — are for finding what
    // differs.
    if (a.size() == h.casos_ejecutados.size() && std::equal(a.begin(), a.end(), h.casos_ejecutados.begin())) {
        std::unordered_set<std::string_view> seen(a.size());
        bool twice = false;
        for (std::string_view id : a)
            if (!seen.insert(id).second) {
                twice = true;
                break;
            }
        if (!twice) {
            run.declared_are_executed = true;
            return;
        }
    }
    std::sort(a.begin(), a.end());
    std::vector<std::string_view> repeated;
    for (std::size_t i = 1; i < a.size(); ++i)
        if (a[i] == a[i - 1] && (repeated.empty() || repeated.back() != a[i])) repeated.push_back(a[i]);
    if (!repeated.empty())
        run.references.push_back(motive("REFERENCIA_ROTA", manifest_path,
                                        {"trazas declara más de una vez: " + list_text(repeated), "trazas declares more than once: " + list_text(repeated)}));
    a.erase(std::unique(a.begin(), a.end()), a.end());
    const std::vector<std::string_view> b = sorted_unique(views(h.casos_ejecutados));
    run.declared_are_executed = a == b;
    if (a != b) {
        std::vector<std::string_view> only_traces, only_executed;
        std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(only_traces));
        std::set_difference(b.begin(), b.end(), a.begin(), a.end(), std::back_inserter(only_executed));
        run.references.push_back(motive(
            "REFERENCIA_ROTA", manifest_path,
            {"las trazas declaradas no son los casos_ejecutados (solo en trazas: " + list_text(only_traces) +
                 "; solo en casos_ejecutados: " + list_text(only_executed) + ")",
             "the declared traces are not casos_ejecutados (only in trazas: " + list_text(only_traces) +
                 "; only in casos_ejecutados: " + list_text(only_executed) + ")"}));
    }
}

}  // namespace planlang::run::internal
