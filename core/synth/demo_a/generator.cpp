// Demo A's Generator: the benefit plan of synth/world and the batch of synth/batch.
#include "core/synth/demo_a/generator.hpp"

#include <utility>

#include "core/synth/world.hpp"

namespace planlang::synth::demo_a {

namespace {

class World final : public GeneratorWorld {
public:
    explicit World(BenefitPlan plan) : plan(std::move(plan)) {}
    BenefitPlan plan;
};

class BenefitPlanGenerator final : public Generator {
public:
    std::string_view demo_id() const override { return "demo-a"; }
    Bilingual world_written() const override { return {"plan de beneficios escrito", "benefit plan written"}; }
    std::optional<Bilingual> refuses(const WorldOptions&) const override { return std::nullopt; }
    json::Value make_world(const WorldOptions& options) const override { return make_benefit_plan(!options.sin_topes); }
    std::shared_ptr<const GeneratorWorld> read_world(const json::Value& document, Issues& issues) const override {
        BenefitPlanResult read = read_benefit_plan(document);
        for (Issue& i : read.issues) issues.push_back(std::move(i));
        if (!read.ok || !read.plan) return nullptr;
        return std::make_shared<World>(std::move(*read.plan));
    }
    BatchResult generate(const plan::Plan& plan, const std::string& plan_huella, const GeneratorWorld& world, const GenerateOptions& options,
                         const std::function<void(std::size_t)>& progress) const override {
        return generate_batch(plan, plan_huella, static_cast<const World&>(world).plan, options, progress);
    }
    std::int64_t max_cases() const override { return kMaxCases; }
};

}  // namespace

std::unique_ptr<const Generator> generator() { return std::make_unique<BenefitPlanGenerator>(); }

}  // namespace planlang::synth::demo_a
