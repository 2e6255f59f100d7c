#pragma once
// The "applied plan": the loaded plan with each threshold's played value written into its valor_en_plan.
// Its huella shows at a glance whether the played setting is the approved one: at plan values it equals the
// plan's own huella (the top-level `huella` key is not hashed, plan-format.md §15.3), any moved threshold
// changes it. Both are computed in the app by the core, the same code the CLI runs.
#include <string>
#include <vector>

#include "core/json/value.hpp"

namespace planlang::web {

class AppliedPlan {
public:
    // `plan` is the file as read; `values[i]` starts as umbrales[i].valor_en_plan.
    void reset(json::Value plan);

    const std::string& plan_huella() const { return m_plan_huella; }

    // The applied value of threshold i (a number or a bool), and setting it. Setting recomputes lazily.
    const json::Value& value(std::size_t i) const { return m_values.at(i); }
    void set_value(std::size_t i, json::Value v);
    std::size_t size() const { return m_values.size(); }
    bool moved(std::size_t i) const;  // differs from the plan's valor_en_plan
    bool any_moved() const;

    // Huella and disk form of the applied plan. Its top-level `huella` is written as null: the seal of the
    // approved plan does not cover a played setting, and the hash ignores that key either way.
    const std::string& applied_huella();
    const std::string& applied_disk_form();

private:
    void refresh();

    json::Value m_plan;
    std::vector<json::Value> m_plan_values;  // valor_en_plan of each threshold, as in the file
    std::vector<json::Value> m_values;       // the applied (played) values
    std::string m_plan_huella;
    std::string m_applied_huella;
    std::string m_applied_disk_form;
    bool m_dirty = true;
};

}  // namespace planlang::web
