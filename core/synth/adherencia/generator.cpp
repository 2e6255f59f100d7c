// The adherence coach's Generator: the knowledge base and the conversations of synth/adherencia.
#include "core/synth/adherencia/generator.hpp"

#include <utility>

#include "core/synth/adherencia/batch.hpp"
#include "core/synth/adherencia/knowledge_base.hpp"

namespace planlang::synth::adherencia {

namespace {

class World final : public GeneratorWorld {
public:
    explicit World(KnowledgeBase kb) : kb(std::move(kb)) {}
    KnowledgeBase kb;
};

class ConversationGenerator final : public Generator {
public:
    std::string_view demo_id() const override { return "adherencia"; }
    Bilingual world_written() const override { return {"base de conocimiento escrita", "knowledge base written"}; }
    std::optional<Bilingual> refuses(const WorldOptions& options) const override {
        if (options.sin_topes) return Bilingual{"--sin-topes solo vale para el plan de beneficios de la demo A", "--no-caps only applies to demo A's benefit plan"};
        return std::nullopt;
    }
    json::Value make_world(const WorldOptions&) const override { return make_knowledge_base(); }
    std::shared_ptr<const GeneratorWorld> read_world(const json::Value& document, Issues& issues) const override {
        KnowledgeBaseResult read = read_knowledge_base(document);
        for (Issue& i : read.issues) issues.push_back(std::move(i));
        if (!read.ok || !read.base) return nullptr;
        return std::make_shared<World>(std::move(*read.base));
    }
    synth::BatchResult generate(const plan::Plan& plan, const std::string& plan_huella, const GeneratorWorld& world,
                                const synth::GenerateOptions& options, const std::function<void(std::size_t)>& progress) const override {
        GenerateOptions ao;
        ao.semilla = options.semilla;
        ao.n = options.n;
        ao.receta = options.receta == synth::Recipe::humo ? Recipe::humo : Recipe::estandar;
        ao.id = options.id;
        BatchResult made = generate_batch(plan, plan_huella, static_cast<const World&>(world).kb, ao, progress);
        return synth::BatchResult{made.ok, std::move(made.issues), std::move(made.batch)};
    }
    std::int64_t max_cases() const override { return kMaxCases; }
    std::int64_t case_multiple() const override { return 3; }
};

}  // namespace

std::unique_ptr<const Generator> generator() { return std::make_unique<ConversationGenerator>(); }

}  // namespace planlang::synth::adherencia
