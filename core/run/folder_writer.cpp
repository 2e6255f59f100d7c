// A run folder from a producer's cases (core/run/folder_writer.hpp; traces-and-verifier.md §1–§4).
#include "core/run/folder_writer.hpp"

#include <algorithm>

#include "core/json/canonical.hpp"
#include "core/json/fingerprint.hpp"
#include "core/json/sha256.hpp"
#include "core/json/unicode.hpp"

namespace planlang::run {

using json::Value;

json::Value sealed(json::Value value) {
    const std::string h = json::huella(value);
    if (Value* existing = value.find("huella")) *existing = Value(h);
    else value.as_object().push_back({"huella", Value(h)});
    return value;
}

namespace {

Issues findings(const FolderHead& head, const Value& document) { return head.scan ? head.scan(document) : Issues{}; }

Value bil(const Bilingual& b) { return json::Object{{"es", Value(b.es)}, {"en", Value(b.en)}}; }

Value number(std::int64_t n) { return Value(static_cast<double>(n)); }

// ramas-esperadas.json's visits, a few bytes each: the case by index into the run's case ids, node names by
// index into a small table (rule-language.md §7.6).
class CompactBranches {
public:
    void add(std::uint32_t caso, const rules::RecomputedVisit& v) {
        Row r;
        r.caso = caso;
        r.paso = v.paso;
        r.desde = intern(v.desde);
        r.rama = intern(v.rama_tomada);
        r.offset = static_cast<std::uint32_t>(m_results.size());
        r.count = static_cast<std::uint32_t>(v.resultados.size());
        m_results.insert(m_results.end(), v.resultados.begin(), v.resultados.end());
        m_rows.push_back(r);
    }

    // The rows in the file's order: caso_id, paso, desde (UTF-16 order for the strings).
    void sort(const std::vector<std::string>& ids) {
        std::stable_sort(m_rows.begin(), m_rows.end(), [&](const Row& a, const Row& b) {
            if (a.caso != b.caso) {
                const std::string& x = ids[a.caso];
                const std::string& y = ids[b.caso];
                if (x != y) return json::utf16_less(x, y);
            }
            if (a.paso != b.paso) return a.paso < b.paso;
            return json::utf16_less(m_names[a.desde], m_names[b.desde]);
        });
    }

    std::size_t size() const { return m_rows.size(); }

    Value visit(std::size_t i, const std::vector<std::string>& ids) const {
        const Row& r = m_rows[i];
        json::Array resultados;
        resultados.reserve(r.count);
        // Built in place: moving a bool Value in, GCC 12 warns of the variant's string as maybe uninitialized.
        for (std::uint32_t k = 0; k < r.count; ++k) resultados.emplace_back(static_cast<bool>(m_results[r.offset + k]));
        return json::Object{{"caso_id", Value(ids[r.caso])},
                            {"desde", Value(m_names[r.desde])},
                            {"paso", number(r.paso)},
                            {"rama_tomada", Value(m_names[r.rama])},
                            {"resultados", Value(std::move(resultados))}};
    }

private:
    struct Row {
        std::uint32_t caso = 0;
        std::int64_t paso = 0;
        std::uint16_t desde = 0, rama = 0;
        std::uint32_t offset = 0, count = 0;
    };
    std::uint16_t intern(const std::string& name) {
        for (std::size_t i = 0; i < m_names.size(); ++i)
            if (m_names[i] == name) return static_cast<std::uint16_t>(i);
        m_names.push_back(name);
        return static_cast<std::uint16_t>(m_names.size() - 1);
    }
    std::vector<Row> m_rows;
    std::vector<std::uint8_t> m_results;
    std::vector<std::string> m_names;
};

// Hands a file to the sink in chunks of about kChunk bytes.
class ChunkedFile {
public:
    ChunkedFile(const FileSink& sink, std::string path) : m_sink(sink), m_path(std::move(path)) {}
    bool append(std::string_view bytes) {
        m_buffer.append(bytes.data(), bytes.size());
        if (m_buffer.size() < kChunk) return true;
        const bool ok = m_sink(m_path, m_buffer, false);
        m_buffer.clear();
        return ok;
    }
    bool close() { return m_sink(m_path, m_buffer, true); }

private:
    static constexpr std::size_t kChunk = 1 << 16;
    const FileSink& m_sink;
    std::string m_path;
    std::string m_buffer;
};

// `document` (an object whose last member in canonical order is an empty array `key`) split around that
// array's brackets: text before "[", and after "]".
bool split_at_empty_array(const std::string& text, const std::string& key_and_open, const std::string& close,
                          std::string& head, std::string& tail) {
    const std::string marker = key_and_open + close;
    if (text.size() < marker.size() || text.compare(text.size() - marker.size(), marker.size(), marker) != 0) return false;
    head = text.substr(0, text.size() - close.size());
    tail = close.substr(1);  // without the "]"
    return true;
}

// disk_form() of a visit, indented as an item of the top-level `visitas` array (two levels: 4 spaces).
std::string indented_item(const Value& visit) {
    std::string text = json::disk_form(visit);
    text.pop_back();  // the final newline
    std::string out = "\n    ";
    for (const char ch : text) {
        out.push_back(ch);
        if (ch == '\n') out.append(4, ' ');  // disk form escapes every newline inside strings
    }
    return out;
}

Issue not_written(const std::string& path) {
    return Issue{"ARCHIVO_NO_ESCRITO", path, {"no se puede escribir el archivo de la corrida", "the run's file cannot be written"}};
}

// What running the cases leaves for the run's other files.
struct CaseResults {
    std::vector<std::string> huellas;  // each trace's huella, in run order
    CompactBranches branches;          // the traces' visits recomputed, for ramas-esperadas.json
    Issues trace_issues;               // identifier findings in the traces, reported after the other files'
};

// Runs the cases in order until the end or a safety stop. Each trace goes to the sink as soon as it is sealed
// and scanned; what the other files need of it stays in `results`. After any finding nothing more is handed
// over. False when the run ends here with out.issues: a case that cannot run, a failed write, or visits that
// cannot be recomputed.
bool run_cases(const FolderHead& head, const Value& applied, std::size_t case_count, const CaseFn& run_case,
               const FileSink& sink, const std::function<void()>& on_case, StreamedRun& out, CaseResults& results) {
    bool writing = true;
    Issues recompute_issues;
    for (std::size_t i = 0; i < case_count; ++i) {
        std::optional<CaseRecord> run = run_case(i, out.issues);
        if (!run) return false;
        if (on_case) on_case();
        if (run->stopped) {
            out.stop = run->stop;
            break;
        }
        const Value trace = sealed(std::move(run->trace));
        const std::string id = trace.find("caso_id")->as_string();
        const auto caso = static_cast<std::uint32_t>(out.casos_ejecutados.size());
        out.casos_ejecutados.push_back(id);
        results.huellas.push_back(trace.find("huella")->as_string());
        for (rules::RecomputedVisit& v : rules::recompute(*head.edges, trace.find("decisiones_de_arista")->as_array(), applied)) {
            if (v.error) {
                Issue e = *v.error;
                e.element = id + ": " + e.element;
                recompute_issues.push_back(std::move(e));
                writing = false;
                continue;
            }
            results.branches.add(caso, v);
        }
        const std::string path = "trazas/" + id + ".json";
        for (Issue& f : findings(head, trace)) {  // the identifier validator (synthetic-and-simulation.md §8)
            f.element = path + ": " + f.element;
            results.trace_issues.push_back(std::move(f));
            writing = false;
        }
        if (writing && !sink(path, json::disk_form(trace), true)) {
            out.issues.push_back(not_written(path));
            return false;
        }
    }
    if (!recompute_issues.empty()) {
        out.issues = std::move(recompute_issues);
        return false;
    }
    return true;
}

// ramas-esperadas.json with its `visitas` left empty (write_expected_branches puts them back) and the
// huella of the whole document, hashed visit by visit in the file's order (`branches` sorted). Identifier
// findings in the visits go to `visit_issues` with their path in the whole file. nullopt, with an issue in
// `issues`, only on a bug.
std::optional<Value> branches_skeleton(const FolderHead& in, const Value& applied, const CompactBranches& branches,
                                      const std::vector<std::string>& ids, Issues& visit_issues, Issues& issues) {
    Value ramas = json::Object{{"formato", Value("planlang-ramas/v1")},
                               {"corrida_id", Value(in.corrida_id)},
                               {"fuente", Value(in.fuente)},
                               {"umbrales_aplicados", applied},
                               {"visitas", Value(json::Array{})}};
    std::string head, tail;
    const bool split = split_at_empty_array(json::canonical_without_key(ramas, "huella"), "\"visitas\":[", "]}", head, tail);
    if (!split) {  // a bug: visitas is the last key in canonical order
        issues.push_back(Issue{"EXPORTACION_INVALIDA", "ramas-esperadas.json", {"visitas no es el último miembro", "visitas is not the last member"}});
        return std::nullopt;
    }
    json::Sha256Stream hash;  // the platform backend (OpenSSL natively)
    hash.update(head);
    for (std::size_t i = 0; i < branches.size(); ++i) {
        const Value visit = branches.visit(i, ids);
        if (i) hash.update(",");
        hash.update(json::canonical(visit));
        for (Issue& issue : findings(in, visit)) {
            const std::string at = "visitas." + std::to_string(i);
            issue.element = "ramas-esperadas.json: " + (issue.element == "$" ? at : at + "." + issue.element);
            visit_issues.push_back(std::move(issue));
        }
    }
    hash.update("]");
    hash.update(tail);
    ramas.as_object().push_back({"huella", Value(json::to_hex(hash.finish()))});
    return ramas;
}

// corrida.json, sealed (traces-and-verifier.md §2), for the cases `ids` whose traces have `huellas`.
Value run_manifest(const FolderHead& in, const Value& applied, const Value& grafo, const Value& ramas,
                   const std::vector<std::string>& ids, std::vector<std::string> huellas, bool stopped) {
    const plan::Plan& plan = *in.plan;
    json::Array ejecutados, trazas;
    ejecutados.reserve(ids.size());
    // One session holds the whole run: its casos_ejecutados is the list of its case ids (§2), as the
    // original writes it.
    trazas.reserve(ids.size());
    for (std::size_t i = 0; i < ids.size(); ++i) {
        const std::string& id = ids[i];
        ejecutados.push_back(Value(id));
        trazas.push_back(json::Object{{"archivo", Value("trazas/" + id + ".json")},
                                      {"caso_id", Value(id)},
                                      {"huella", Value(std::move(huellas[i]))},
                                      {"resultado", Value("completo")}});
    }
    Value manifest = json::Object{
        {"formato", Value("planlang-trace/v1")},
        {"tipo", Value("corrida")},
        {"corrida_id", Value(in.corrida_id)},
        {"demo_id", Value(in.demo_id)},
        {"fecha", Value(in.fecha)},
        {"variante", Value(in.variante)},
        {"proveedor", Value(in.proveedor)},
        {"modelo", Value(in.modelo)},
        {"plan", json::Object{{"archivo", Value(in.plan_archivo)},
                              {"huella", Value(in.plan_huella)},
                              {"id", Value(plan.id)},
                              {"version", Value(plan.version)}}},
        {in.world_key, in.world_ref},
        {"casos", json::Object{{"archivo", Value(in.batch_archivo)},
                               {"huella", Value(in.batch_huella)},
                               {"id", Value(in.batch_id)},
                               {"n_lote", number(in.n_lote)},
                               {"semilla", Value(in.semilla)}}},
        {"umbrales_aplicados", applied},
        {"version_grafo", *grafo.find("huella")},
        {"ramas_esperadas", json::Object{{"archivo", Value("ramas-esperadas.json")}, {"huella", *ramas.find("huella")}}},
        {"casos_ejecutados", Value(ejecutados)},
        {"casos_con_error", Value(json::Array{})},
        {"sesiones", Value(json::Array{json::Object{{"numero", Value(1)},
                                                    {"fecha", Value(in.fecha)},
                                                    {"casos_ejecutados", Value(std::move(ejecutados))},
                                                    {"limites_alcanzados", Value(0)},
                                                    {"detenida_por", stopped ? Value("excepcion") : Value()}}})},
        {"trazas", Value(std::move(trazas))},
        {"ficha", json::Object{{"nombre", bil(in.ficha_nombre)},
                               {"descripcion", bil(in.ficha_descripcion)},
                               {"etiqueta", bil(in.ficha_etiqueta)}}},
        {"revisor_simulado", bil(in.revisor_simulado)},
    };
    return sealed(std::move(manifest));
}

// ramas-esperadas.json to the sink in chunks: the disk form of `ramas` with its visits put back, one by one.
bool write_expected_branches(const FileSink& sink, const Value& ramas, const CompactBranches& branches,
                             const std::vector<std::string>& ids) {
    const std::string disk = json::disk_form(ramas);
    ChunkedFile file(sink, "ramas-esperadas.json");
    bool ok = true;
    if (branches.size() == 0) {
        ok = file.append(disk);
    } else {
        std::string disk_head, disk_tail;
        split_at_empty_array(disk, "\"visitas\": [", "]\n}\n", disk_head, disk_tail);
        ok = file.append(disk_head);
        for (std::size_t i = 0; ok && i < branches.size(); ++i) {
            if (i) ok = file.append(",");
            ok = ok && file.append(indented_item(branches.visit(i, ids)));
        }
        ok = ok && file.append("\n  ]") && file.append(disk_tail);
    }
    return ok && file.close();
}

}  // namespace

StreamedRun write_run_folder(const FolderHead& head, const json::Value& applied, std::size_t case_count, const CaseFn& run_case,
                             const FileSink& sink, const std::function<void()>& on_case) {
    StreamedRun out;
    CaseResults cases;
    if (!run_cases(head, applied, case_count, run_case, sink, on_case, out, cases)) return out;

    const Value grafo = sealed(head.grafo);
    const std::vector<std::string>& ids = out.casos_ejecutados;
    cases.branches.sort(ids);
    Issues visit_issues;
    const std::optional<Value> ramas = branches_skeleton(head, applied, cases.branches, ids, visit_issues, out.issues);
    if (!ramas) return out;
    const Value manifest = run_manifest(head, applied, grafo, *ramas, ids, std::move(cases.huellas), out.stop.has_value());

    // The identifier validator (synthetic-and-simulation.md §8): any finding blocks publication.
    auto scan = [&](const std::string& path, const Value& document) {
        for (Issue& i : findings(head, document)) {
            i.element = path + ": " + i.element;
            out.issues.push_back(std::move(i));
        }
    };
    scan("corrida.json", manifest);
    scan("grafo.json", grafo);
    scan("ramas-esperadas.json", *ramas);  // without its visits (empty here), scanned above in the file's order
    for (Issue& i : visit_issues) out.issues.push_back(std::move(i));
    for (Issue& i : cases.trace_issues) out.issues.push_back(std::move(i));
    if (!out.issues.empty()) return out;

    if (!sink("grafo.json", json::disk_form(grafo), true)) {
        out.issues.push_back(not_written("grafo.json"));
        return out;
    }
    if (!write_expected_branches(sink, *ramas, cases.branches, ids)) {
        out.issues.push_back(not_written("ramas-esperadas.json"));
        return out;
    }
    if (!sink("corrida.json", json::disk_form(manifest), true)) out.issues.push_back(not_written("corrida.json"));
    return out;
}


}  // namespace planlang::run
