// The generator facet looked up in the domain registry (generator.hpp).
#include "core/synth/generator.hpp"

#include "core/domain/registry.hpp"

namespace planlang::synth {

std::optional<Issue> world_of_another_domain(const plan::Plan& plan, const json::Value& world_document) {
    const json::Value* declared = world_document.is_object() ? world_document.find("dominio_id") : nullptr;
    if (!declared || !declared->is_string() || declared->as_string() == plan.dominio_id) return std::nullopt;
    return Issue{"PLAN_INCOMPATIBLE", "dominio_id",
                 {"el plan es del dominio «" + plan.dominio_id + "» y el mundo, del dominio «" + declared->as_string() + "»",
                  "the plan is of the domain “" + plan.dominio_id + "” and the world of the domain “" + declared->as_string() + "”"}};
}

const Generator* find_generator(const std::string& dominio_id) { return domain::find<Generator>(dominio_id); }

const Generator* generator_of_demo(std::string_view demo_id) {
    for (const std::string& id : domain::ids<Generator>())
        if (const Generator* g = domain::find<Generator>(id); g && g->demo_id() == demo_id) return g;
    return nullptr;
}

std::vector<std::string> generator_demos() {
    std::vector<std::string> out;
    for (const std::string& id : domain::ids<Generator>())
        if (const Generator* g = domain::find<Generator>(id)) out.emplace_back(g->demo_id());
    return out;
}

}  // namespace planlang::synth
