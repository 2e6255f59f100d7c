// spec/playground.md §2–§4 and §7: the compact, built while the reader streams the main run's traces.
#include "core/playground/compact.hpp"

#include <algorithm>
#include <set>

#include "core/json/reader.hpp"
#include "core/playground/internal/builder.hpp"
#include "core/playground/replay.hpp"
#include "core/verify/verifier.hpp"

namespace planlang::playground {

using json::Value;

std::string_view outcome_name(Outcome outcome) {
    switch (outcome) {
        case Outcome::persona: return "persona";
        case Outcome::solo: return "solo";
        case Outcome::no_observado: return "no_observado";
    }
    return "no_observado";
}

std::string_view result_name(Result result) {
    switch (result) {
        case Result::v: return "v";
        case Result::f: return "f";
        case Result::fuera: return "fuera";
        case Result::nulo: return "nulo";
        case Result::ne: return "ne";
    }
    return "ne";
}

std::uint32_t Rows::add() {
    const auto row = static_cast<std::uint32_t>(medidas ? r.size() / medidas : con_m.size() / (metricas ? metricas : 1));
    r.resize(r.size() + medidas, Result::fuera);
    m.resize(m.size() + metricas, 0.0);
    con_m.resize(con_m.size() + metricas, 0);
    return row;
}

void Rows::set_metric(std::uint32_t row, std::size_t k, std::optional<double> value) {
    con_m[row * metricas + k] = value ? 1 : 0;
    m[row * metricas + k] = value.value_or(0.0);
}

std::uint32_t Compact::name(std::string_view text) {
    for (std::size_t i = 0; i < nombres.size(); ++i)
        if (nombres[i] == text) return static_cast<std::uint32_t>(i);
    nombres.emplace_back(text);
    return static_cast<std::uint32_t>(nombres.size() - 1);
}

namespace {

Issue demo_issue(std::string element, std::string es, std::string en) {
    return Issue{"PLAYGROUND_DEMO_INVALIDO", std::move(element), {std::move(es), std::move(en)}};
}

bool read_string_list(const Value& doc, const char* key, std::vector<std::string>& out, Issues& issues) {
    const Value* v = doc.find(key);
    if (!v) return true;  // optional: none
    if (!v->is_array()) {
        issues.push_back(demo_issue(std::string("$.") + key, "debe ser una lista de textos", "must be a list of strings"));
        return false;
    }
    for (std::size_t i = 0; i < v->as_array().size(); ++i) {
        const Value& item = v->as_array()[i];
        if (!item.is_string() || item.as_string().empty()) {
            issues.push_back(demo_issue(std::string("$.") + key + "[" + std::to_string(i) + "]", "debe ser un texto no vacío", "must be a non-empty string"));
            return false;
        }
        out.push_back(item.as_string());
    }
    return true;
}

}  // namespace

Issues read_demo_options(std::string_view bytes, DemoOptions& out) {
    Issues issues;
    const json::ReadResult read = json::read(bytes);
    if (!read.ok()) {
        issues.push_back(*read.error);
        return issues;
    }
    const Value& doc = read.value;
    if (!doc.is_object()) {
        issues.push_back(demo_issue("$", "el manifiesto de demo debe ser un objeto", "the demo manifest must be an object"));
        return issues;
    }
    static const std::set<std::string> kKeys = {"formato", "demo_id", "senal_propuesta", "valor_favorable", "parcial", "claves_previas",
                                                "claves_del_desenlace", "decision_de_traspaso", "nota"};
    for (const json::Member& m : doc.as_object())
        if (!kKeys.count(m.key)) issues.push_back(demo_issue("$." + m.key, "clave desconocida", "unknown key"));
    const Value* formato = doc.find("formato");
    if (!formato || *formato != Value("planlang-playground-demo/v1"))
        issues.push_back(demo_issue("$.formato", "se espera «planlang-playground-demo/v1»", "expected “planlang-playground-demo/v1”"));
    auto text = [&](const Value& object, const char* key, const std::string& path, std::string& into) {
        const Value* v = object.find(key);
        if (!v || !v->is_string() || v->as_string().empty()) {
            issues.push_back(demo_issue(path, "falta o no es un texto no vacío", "missing or not a non-empty string"));
            return;
        }
        into = v->as_string();
    };
    text(doc, "senal_propuesta", "$.senal_propuesta", out.senal_propuesta);
    text(doc, "valor_favorable", "$.valor_favorable", out.valor_favorable);
    if (const Value* p = doc.find("parcial"); p && !p->is_null()) {
        if (!p->is_object()) {
            issues.push_back(demo_issue("$.parcial", "debe ser un objeto o null", "must be an object or null"));
        } else {
            DemoOptions::Parcial parcial;
            text(*p, "valor", "$.parcial.valor", parcial.valor);
            text(*p, "senal_que_exige_persona", "$.parcial.senal_que_exige_persona", parcial.senal_que_exige_persona);
            for (const json::Member& m : p->as_object())
                if (m.key != "valor" && m.key != "senal_que_exige_persona")
                    issues.push_back(demo_issue("$.parcial." + m.key, "clave desconocida", "unknown key"));
            out.parcial = parcial;
        }
    }
    if (const Value* t = doc.find("decision_de_traspaso"); t && !t->is_null()) {
        std::string value;
        text(doc, "decision_de_traspaso", "$.decision_de_traspaso", value);
        if (!value.empty()) out.decision_de_traspaso = value;
    }
    read_string_list(doc, "claves_previas", out.claves_previas, issues);
    read_string_list(doc, "claves_del_desenlace", out.claves_del_desenlace, issues);
    return issues;
}

Loaded load(const LoadRequest& request, const run::FileSource& files) {
    Loaded out;
    internal::Builder builder(request, files);
    run::ReadResult read = run::read(request.lectura, files, &builder);
    if (!read.ok) {
        out.motivos = std::move(read.motivos);
        return out;
    }
    if (!builder.problemas().empty()) {
        out.problemas = builder.problemas();
        return out;
    }
    std::shared_ptr<Compact> compact = builder.take();
    // §8: the report the replay is checked against, the run folder's own when it has one.
    const std::string path = run::join(request.lectura.main_run, "informe.json");
    if (std::optional<run::FileBytes> bytes = files(path)) {
        json::ReadResult report = json::read(bytes->view());
        if (!report.ok() || !report.value.is_object()) {
            out.problemas.push_back(Issue{"PLAYGROUND_INFORME_ILEGIBLE", path,
                                          {"el informe de la corrida no se puede leer: " + (report.error ? report.error->message.es : "no es un objeto"),
                                           "the run's report cannot be read: " + (report.error ? report.error->message.en : "not an object")}});
            return out;
        }
        compact->informe = std::move(report.value);
        compact->informe_origen = "informe.json";
    } else {
        verify::Outcome verified = verify::verify(request.lectura, files);
        if (!verified.ok) {
            out.motivos = std::move(verified.motivos);
            return out;
        }
        compact->informe = std::move(verified.informe);
        compact->informe_origen = "verificado ahora";
    }
    if (Issues problems = internal::attach_report(*compact); !problems.empty()) {
        out.problemas = std::move(problems);
        return out;
    }
    check_at_load(*compact);
    out.entradas = std::make_shared<const run::Inputs>(std::move(*read.inputs));
    out.corrida = std::make_shared<const run::RunHeader>(std::move(read.runs.front()));
    out.compacto = std::move(compact);
    out.ok = true;
    return out;
}

}  // namespace planlang::playground
