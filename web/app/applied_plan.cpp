#include "web/app/applied_plan.hpp"

#include "core/json/canonical.hpp"
#include "core/json/fingerprint.hpp"

namespace planlang::web {

namespace {

json::Array* thresholds_of(json::Value& plan) {
    json::Value* list = plan.is_object() ? plan.find("umbrales") : nullptr;
    return list && list->is_array() ? &list->as_array() : nullptr;
}

json::Value* plan_value_of(json::Value& threshold) {
    return threshold.is_object() ? threshold.find("valor_en_plan") : nullptr;
}

}  // namespace

void AppliedPlan::reset(json::Value plan) {
    m_plan = std::move(plan);
    m_values.clear();
    if (json::Array* list = thresholds_of(m_plan)) {
        for (json::Value& u : *list) {
            const json::Value* v = plan_value_of(u);
            m_values.push_back(v ? *v : json::Value());
        }
    }
    m_plan_values = m_values;
    m_plan_huella = json::huella(m_plan);
    m_dirty = true;
}

void AppliedPlan::set_value(std::size_t i, json::Value v) {
    if (m_values.at(i) == v) return;
    m_values[i] = std::move(v);
    m_dirty = true;
}

bool AppliedPlan::moved(std::size_t i) const { return m_plan_values.at(i) != m_values.at(i); }

bool AppliedPlan::any_moved() const {
    for (std::size_t i = 0; i < m_values.size(); ++i) {
        if (moved(i)) return true;
    }
    return false;
}

const std::string& AppliedPlan::applied_huella() {
    refresh();
    return m_applied_huella;
}

const std::string& AppliedPlan::applied_disk_form() {
    refresh();
    return m_applied_disk_form;
}

void AppliedPlan::refresh() {
    if (!m_dirty) return;
    json::Value applied = m_plan;
    if (json::Array* list = thresholds_of(applied)) {
        for (std::size_t i = 0; i < list->size() && i < m_values.size(); ++i) {
            if (json::Value* v = plan_value_of((*list)[i])) *v = m_values[i];
        }
    }
    if (json::Value* seal = applied.find("huella")) *seal = json::Value();
    m_applied_huella = json::huella(applied);
    m_applied_disk_form = json::disk_form(applied);
    m_dirty = false;
}

}  // namespace planlang::web
