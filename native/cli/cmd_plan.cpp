// planlang validate / check / approve / compat (spec/cli.md; plan-format.md §11, §12, §14).
#include <algorithm>
#include <optional>
#include <string_view>

#include "core/json/canonical.hpp"
#include "core/json/locate.hpp"
#include "core/json/reader.hpp"
#include "core/plan/approval.hpp"
#include "core/plan/review.hpp"
#include "core/plan/validator.hpp"
#include "native/cli/cli.hpp"

namespace planlang::cli {
namespace {

json::Value issue_json(const Issue& i) {
    return json::Object{{"codigo", json::Value(i.code)},
                        {"elemento", json::Value(i.element)},
                        {"mensaje", json::Object{{"es", json::Value(i.message.es)}, {"en", json::Value(i.message.en)}}}};
}

json::Value issues_json(const Issues& issues) {
    json::Array items;
    for (const Issue& i : issues) items.push_back(issue_json(i));
    return items;
}

// The element with where it lies in the file ("riesgos.1.modo @ 41:7"), for people; JSON output keeps the
// spec's element as it is.
std::string placed(const std::string& element, std::string_view text) {
    const std::optional<std::string> at = text.empty() ? std::nullopt : json::locate(text, element);
    return at ? element + " @ " + *at : element;
}

std::string issue_line(const Issue& i, Lang lang, std::string_view text) {
    return "  " + i.code + "  " + placed(i.element, text) + "  " + (lang == Lang::en ? i.message.en : i.message.es) + "\n";
}

// A priority as people read it (the JSON keeps the spec's alta | media | baja).
std::string priority_word(const std::string& p, Lang lang) {
    if (lang == Lang::es) return p;
    return p == "alta" ? "high" : p == "media" ? "medium" : p == "baja" ? "low" : p;
}

json::Value validation_json(const plan::ValidationResult& r, bool strict) {
    json::Object out{{"ok", json::Value(r.ok)}, {"motivos", issues_json(r.motivos)}, {"advertencias", issues_json(r.advertencias)}};
    if (!strict) out.push_back({"observaciones", issues_json(r.observaciones)});
    if (r.ok) {
        json::Array priorities;
        for (const plan::RiskPriority& p : r.prioridades)
            priorities.push_back(json::Object{{"id", json::Value(p.id)},
                                              {"rpn", json::Value(p.rpn)},
                                              {"prioridad_de_tabla", json::Value(p.prioridad_de_tabla)},
                                              {"prioridad_de_accion", json::Value(p.prioridad_de_accion)},
                                              {"control_legal", json::Value(p.control_legal)}});
        out.push_back({"prioridades", std::move(priorities)});
        json::Array waves;
        for (const auto& wave : r.ondas) {
            json::Array ids;
            for (const auto& id : wave) ids.push_back(json::Value(id));
            waves.push_back(std::move(ids));
        }
        out.push_back({"ondas", std::move(waves)});
    }
    return out;
}

std::string validation_text(const std::string& path, const plan::ValidationResult& r, bool strict, Lang lang, std::string_view source) {
    const bool en = lang == Lang::en;
    std::string text = path + ": " + (r.ok ? (en ? "valid plan" : "plan válido") : (en ? "INVALID plan" : "plan NO válido")) + "\n";
    const auto section = [&](const char* es, const char* english, const Issues& issues) {
        if (issues.empty()) return;
        text += std::string(en ? english : es) + " (" + std::to_string(issues.size()) + ")\n";
        for (const Issue& i : issues) text += issue_line(i, lang, source);
    };
    section("motivos", "reasons", r.motivos);
    section("advertencias", "warnings", r.advertencias);
    if (!strict) section("observaciones (nuestras, no bloquean)", "observations (ours, never blocking)", r.observaciones);
    if (r.ok) {
        text += en ? "risk priorities (AIAG-VDA)\n" : "prioridades de riesgo (AIAG-VDA)\n";
        for (const plan::RiskPriority& p : r.prioridades)
            text += "  " + p.id + "  RPN " + std::to_string(p.rpn) + "  " + priority_word(p.prioridad_de_tabla, lang) +
                    (p.control_legal ? (en ? " → high (legal control)" : " → alta (control legal)") : "") + "\n";
        text += en ? "decision waves\n" : "ondas de decisión\n";
        for (std::size_t w = 0; w < r.ondas.size(); ++w) {
            text += "  " + std::to_string(w + 1) + ":";
            for (const auto& id : r.ondas[w]) text += " " + id;
            text += "\n";
        }
    }
    return text;
}

void print_issues(const std::string& path, const Issues& issues, Lang lang, std::string_view source = {}) {
    for (const Issue& i : issues) print_issue(Issue{i.code, path + ": " + placed(i.element, source), i.message}, lang);
}


}  // namespace

int cmd_validate(const std::vector<std::string>& words) {
    const Args args(words, Spec{{"--json", "--strict"}, {}});
    if (args.error()) return usage_error(*args.error());
    if (args.positional().size() != 1) return usage_error({"se espera un PLAN", "one PLAN is expected"});
    const std::string& path = args.positional()[0];
    const auto file = read_json_file_with_bytes(path, args.lang());
    if (!file) return kRejected;
    const plan::ValidationResult r = plan::validate(file->value);
    const bool strict = args.flag("--strict");
    write_stdout(args.flag("--json") ? json::disk_form(validation_json(r, strict)) : validation_text(path, r, strict, args.lang(), file->bytes));
    return r.ok ? kOk : kRejected;
}

int cmd_check(const std::vector<std::string>& words) {
    const Args args(words, Spec{{}, {}});
    if (args.error()) return usage_error(*args.error());
    if (args.positional().size() != 1) return usage_error({"se espera un PLAN", "one PLAN is expected"});
    const std::string& path = args.positional()[0];
    const auto file = read_json_file_with_bytes(path, args.lang());
    if (!file) return kRejected;
    const plan::LoadResult r = plan::load_for_verification(file->value);
    if (!r.ok) {
        print_issues(path, r.motivos, args.lang(), file->bytes);
        const json::Value* huella = file->value.is_object() ? file->value.find("huella") : nullptr;
        if (!huella || !huella->is_string())
            print_note({"pista: es un borrador; apruébelo con `planlang approve " + path + " --by NOMBRE --on AAAA-MM-DD -o PLAN_APROBADO.json`",
                        "hint: this is a draft; approve it with `planlang approve " + path + " --by NAME --on YYYY-MM-DD -o APPROVED_PLAN.json`"});
        else if (std::any_of(r.motivos.begin(), r.motivos.end(), [](const Issue& i) { return i.code == "HUELLA_NO_COINCIDE"; }))
            print_note({"pista: el plan cambió después de aprobarlo; vuelva a aprobarlo con `planlang approve` (cambia su huella)",
                        "hint: the plan changed after it was approved; approve it again with `planlang approve` (its huella changes)"});
        return kRejected;
    }
    write_stdout("OK " + path + " · plan " + r.plan->id + " v" + r.plan->version + " · huella " + r.huella + "\n");
    return kOk;
}

int cmd_approve(const std::vector<std::string>& words) {
    const Args args(words, Spec{{}, {"--by", "--on", "-o"}});
    if (args.error()) return usage_error(*args.error());
    const auto by = args.value("--by");
    const auto on = args.value("--on");
    if (args.positional().size() != 1) return usage_error({"se espera un PLAN", "one PLAN is expected"});
    if (!by) return usage_error({"falta --by NOMBRE: quién aprueba", "--by NAME is missing: who approves"});
    if (!on) return usage_error({"falta --on AAAA-MM-DD: la fecha de aprobación", "--on YYYY-MM-DD is missing: the approval date"});
    if (!is_calendar_date(*on))
        return usage_error({"--on: se espera una fecha del calendario AAAA-MM-DD, p. ej. 2026-12-04: " + *on,
                            "--on: expected a calendar date YYYY-MM-DD, e.g. 2026-12-04: " + *on});
    if (by->empty()) return usage_error({"--by: falta el nombre", "--by: the name is missing"});
    const std::string& path = args.positional()[0];
    const auto file = read_json_file_with_bytes(path, args.lang());
    if (!file) return kRejected;
    const plan::ApprovalResult r = plan::approve(file->value, *by, *on);
    if (!r.ok) {
        print_issues(path, r.motivos, args.lang(), file->bytes);
        return kRejected;
    }
    const std::string bytes = json::disk_form(r.plan);
    if (const auto out = args.value("-o")) {
        if (!write_file_atomically(*out, bytes, args.lang())) return kRejected;
        const json::Value* h = r.plan.find("huella");
        const std::string huella = h && h->is_string() ? short_huella(h->as_string()) : "?";
        print_written({"plan aprobado escrito", "approved plan written"}, *out,
                      {"aprobado por " + *by + " el " + *on + ", huella " + huella, "approved by " + *by + " on " + *on + ", fingerprint " + huella});
        return kOk;
    }
    write_stdout(bytes);
    return kOk;
}

int cmd_compat(const std::vector<std::string>& words) {
    const Args args(words, Spec{{"--json"}, {}});
    if (args.error()) return usage_error(*args.error());
    if (args.positional().size() != 2) return usage_error({"se esperan dos planes", "two plans are expected"});
    const auto a = read_json_file(args.positional()[0], args.lang());
    if (!a) return kRejected;
    const auto b = read_json_file(args.positional()[1], args.lang());
    if (!b) return kRejected;
    const bool same = plan::same_truth(*a, *b);
    const std::vector<plan::TruthDifference> diffs = plan::truth_differences(*a, *b);
    if (args.flag("--json")) {
        // spec/cli.md's {"misma_verdad": bool}, and (ours) where they differ
        json::Object out{{"misma_verdad", json::Value(same)}};
        if (!same) {
            json::Array list;
            for (const plan::TruthDifference& d : diffs)
                list.push_back(json::Object{{"a", d.a.empty() ? json::Value() : json::Value(d.a)},
                                            {"b", d.b.empty() ? json::Value() : json::Value(d.b)},
                                            {"ruta", json::Value(d.path)}});
            out.push_back({"diferencias", std::move(list)});
        }
        write_stdout(json::disk_form(json::Value(std::move(out))));
        return same ? kOk : kRejected;
    }
    const bool en = args.lang() == Lang::en;
    if (same) {
        write_stdout(en ? "same truth (`misma_verdad: true`): the same thresholds and the same graph contract\n"
                        : "misma verdad (`misma_verdad: true`): los mismos umbrales y el mismo contrato de grafo\n");
        return kOk;
    }
    std::string text = en ? "not the same truth (`misma_verdad: false`): " + std::to_string(diffs.size()) + " difference(s) in the thresholds or the graph contract\n"
                          : "no es la misma verdad (`misma_verdad: false`): " + std::to_string(diffs.size()) + " diferencia(s) en los umbrales o el contrato de grafo\n";
    const std::size_t shown = std::min<std::size_t>(diffs.size(), 20);
    const std::string absent = en ? "(absent)" : "(ausente)";
    // Paths and values as code: they are the files' own words.
    for (std::size_t i = 0; i < shown; ++i)
        text += "  `" + diffs[i].path + "`: " + (diffs[i].a.empty() ? absent : "`" + diffs[i].a + "`") + " ≠ " +
                (diffs[i].b.empty() ? absent : "`" + diffs[i].b + "`") + "\n";
    if (diffs.size() > shown)
        text += en ? "  … and " + std::to_string(diffs.size() - shown) + " more (--json lists them all)\n"
                   : "  … y " + std::to_string(diffs.size() - shown) + " más (--json las lista todas)\n";
    write_stdout(text);
    return kRejected;
}

}  // namespace planlang::cli

namespace planlang::cli {

// planlang review DRAFT [--revision FILE] [--json] (plan-format.md §13, decisions.md E5).
int cmd_review(const std::vector<std::string>& words) {
    const Args args(words, Spec{{"--json"}, {"--revision"}});
    if (args.error()) return usage_error(*args.error());
    if (args.positional().size() != 1) return usage_error({"se espera un BORRADOR", "one DRAFT is expected"});
    const std::string& path = args.positional()[0];
    const auto draft = read_json_file(path, args.lang());
    if (!draft) return kRejected;
    std::optional<json::Value> revision;
    if (const auto revision_path = args.value("--revision")) {
        revision = read_json_file(*revision_path, args.lang());
        if (!revision) return kRejected;
    }
    const plan::ReviewResult r = plan::review(*draft, revision ? &*revision : nullptr);
    if (args.flag("--json")) {
        write_stdout(json::disk_form(r.to_json()));
        return r.aprobable ? kOk : kRejected;
    }
    const bool en = args.lang() == Lang::en;
    std::string text = path + ": " + (r.aprobable ? (en ? "approvable" : "aprobable") : (en ? "NOT approvable" : "NO aprobable")) + "\n";
    const auto line = [&](const Issue& i, const char* suffix) {
        text += "  " + i.code + "  " + i.element + "  " + (en ? i.message.en : i.message.es) + suffix + "\n";
    };
    if (!r.contradicciones.empty()) {
        text += std::string(en ? "contradictions" : "contradicciones") + " (" + std::to_string(r.contradicciones.size()) + ")\n";
        for (const plan::Contradiction& c : r.contradicciones) line(c.issue, c.aceptada ? (en ? "  [accepted]" : "  [aceptada]") : "");
    }
    if (!r.pendientes.empty()) {
        text += std::string(en ? "pending" : "pendientes") + " (" + std::to_string(r.pendientes.size()) + ")\n";
        for (const Issue& i : r.pendientes) line(i, "");
    }
    if (!r.motivos.empty()) {
        text += std::string(en ? "blocking reasons" : "motivos que bloquean") + " (" + std::to_string(r.motivos.size()) + ")\n";
        for (const Issue& i : r.motivos) line(i, "");
    }
    write_stdout(text);
    return r.aprobable ? kOk : kRejected;
}

}  // namespace planlang::cli
