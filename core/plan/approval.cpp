#include "core/plan/approval.hpp"

#include <algorithm>

#include "core/json/canonical.hpp"
#include "core/json/fingerprint.hpp"
#include "core/json/reader.hpp"

namespace planlang::plan {
namespace {

void set_member(json::Value& object, const std::string& key, json::Value value) {
    if (json::Value* existing = object.find(key)) *existing = std::move(value);
    else object.as_object().push_back(json::Member{key, std::move(value)});
}

}  // namespace

ApprovalResult approve(const json::Value& document, const std::string& by, const std::string& on) {
    ApprovalResult result;
    if (!document.is_object()) {
        result.motivos.push_back(Issue{"ESQUEMA", "$", {"el plan debe ser un objeto JSON", "the plan must be a JSON object"}});
        return result;
    }
    // 1. Mark it approved, unsealed.
    json::Value draft = document;
    set_member(draft, "estado_aprobacion", json::Value("aprobado"));
    set_member(draft, "aprobado_por", json::Value(by));
    set_member(draft, "aprobado_el", json::Value(on));
    set_member(draft, "huella", json::Value(nullptr));
    // 2. Validate, ignoring HUELLA_AUSENTE; an undeclared signal refuses approval too.
    ValidationResult first = validate(draft);
    for (Issue& i : first.motivos)
        if (i.code != "HUELLA_AUSENTE") result.motivos.push_back(std::move(i));
    for (Issue& w : first.advertencias)
        (w.code == "SENAL_NO_DECLARADA" ? result.motivos : result.advertencias).push_back(std::move(w));
    if (!result.motivos.empty()) return result;
    // 3. A provisional huella of 64 zeros gives the parsed form with defaults filled.
    set_member(draft, "huella", json::Value(std::string(64, '0')));
    ValidationResult second = validate(draft);
    if (!second.ok) {
        result.motivos = std::move(second.motivos);
        return result;
    }
    // 4. Round-trip through canonical JSON, seal, validate once more.
    json::ReadResult canonical = json::read(json::canonical(second.filled));
    json::Value sealed = std::move(canonical.value);
    set_member(sealed, "huella", json::Value(nullptr));
    result.huella = json::huella(sealed);
    set_member(sealed, "huella", json::Value(result.huella));
    ValidationResult last = validate(sealed);
    if (!last.ok) {
        result.motivos = std::move(last.motivos);
        return result;
    }
    result.ok = true;
    result.plan = std::move(sealed);
    return result;
}

LoadResult load_for_verification(const json::Value& document) {
    LoadResult result;
    ValidationResult v = validate(document);
    if (!v.ok) {
        result.motivos = std::move(v.motivos);
        return result;
    }
    if (v.plan->estado_aprobacion != "aprobado") {
        result.motivos.push_back(Issue{"HUELLA_AUSENTE", "huella",
                                       {"el plan es un borrador: solo un plan aprobado se puede verificar",
                                        "the plan is a draft: only an approved plan can be verified"}});
        return result;
    }
    const std::string computed = json::huella(document);  // the raw parsed file, no defaults filled
    const auto declared = json::declared_huella(document);
    if (!declared) {
        result.motivos.push_back(Issue{"HUELLA_AUSENTE", "huella",
                                       {"huella ausente: declarada ninguna, calculada " + computed,
                                        "huella absent: declared none, computed " + computed}});
        return result;
    }
    if (*declared != computed) {
        result.motivos.push_back(Issue{"HUELLA_AUSENTE", "huella",
                                       {"la huella no coincide: declarada " + *declared + ", calculada " + computed,
                                        "the huella does not match: declared " + *declared + ", computed " + computed}});
        return result;
    }
    result.ok = true;
    result.plan = std::move(v.plan);
    result.huella = computed;
    return result;
}

bool same_truth(const json::Value& a, const json::Value& b) {
    for (const char* key : {"umbrales", "contrato_de_grafo"}) {
        const json::Value* x = a.find(key);
        const json::Value* y = b.find(key);
        if (!x || !y || json::canonical(*x) != json::canonical(*y)) return false;
    }
    return true;
}

namespace {

std::string shown(const json::Value* v) {
    if (!v) return {};
    std::string text = json::canonical(*v);
    if (text.size() > 80) {
        std::size_t cut = 77;
        while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;  // not inside a UTF-8 sequence
        text = text.substr(0, cut) + "…";
    }
    return text;
}

const json::Value* id_of(const json::Value& v) {
    const json::Value* id = v.is_object() ? v.find("id") : nullptr;
    return id && id->is_string() ? id : nullptr;
}

void differences(const json::Value* a, const json::Value* b, const std::string& path, std::vector<TruthDifference>& out) {
    if (a && b && json::canonical(*a) == json::canonical(*b)) return;
    if (a && b && a->is_object() && b->is_object()) {
        for (const json::Member& m : a->as_object()) differences(&m.value, b->find(m.key), path + "." + m.key, out);
        for (const json::Member& m : b->as_object())
            if (!a->find(m.key)) differences(nullptr, &m.value, path + "." + m.key, out);
        return;
    }
    if (a && b && a->is_array() && b->is_array()) {
        const json::Array &x = a->as_array(), &y = b->as_array();
        for (std::size_t i = 0; i < std::max(x.size(), y.size()); ++i) {
            const json::Value* u = i < x.size() ? &x[i] : nullptr;
            const json::Value* w = i < y.size() ? &y[i] : nullptr;
            const json::Value* iu = u ? id_of(*u) : nullptr;
            const json::Value* iw = w ? id_of(*w) : nullptr;
            const std::string at = iu && iw && *iu == *iw ? "[" + iu->as_string() + "]" : "." + std::to_string(i);
            differences(u, w, path + at, out);
        }
        return;
    }
    out.push_back(TruthDifference{path, shown(a), shown(b)});
}

}  // namespace

std::vector<TruthDifference> truth_differences(const json::Value& a, const json::Value& b) {
    std::vector<TruthDifference> out;
    for (const char* key : {"umbrales", "contrato_de_grafo"})
        differences(a.is_object() ? a.find(key) : nullptr, b.is_object() ? b.find(key) : nullptr, key, out);
    return out;
}

}  // namespace planlang::plan
