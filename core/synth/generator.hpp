#pragma once
// A domain's synthetic world and batch generator: its facet of the domain registry (core/domain), written in
// synth/<domain>/ and registered by core/domains. `planlang world --demo <demo>` writes the domain's world;
// `planlang generate` and `planlang bench` make batches with the generator of the plan's `dominio_id`.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/common/issue.hpp"
#include "core/json/value.hpp"
#include "core/plan/model.hpp"
#include "core/synth/batch.hpp"

namespace planlang::synth {

// What `planlang world` may ask of a world besides the domain's defaults.
struct WorldOptions {
    bool sin_topes = false;  // demo A's benefit plan without annual caps (--sin-topes)
};

// A domain's world as its generator reads it: opaque.
class GeneratorWorld {
public:
    virtual ~GeneratorWorld() = default;
};

class Generator {
public:
    virtual ~Generator() = default;
    // The demo's name on the command line and in its batches' `demo_id` ("demo-a", "adherencia").
    virtual std::string_view demo_id() const = 0;
    // "benefit plan written", "knowledge base written": what `planlang world -o` says it wrote.
    virtual Bilingual world_written() const = 0;
    // Why `options` do not apply to this domain's world (a usage error), or nullopt.
    virtual std::optional<Bilingual> refuses(const WorldOptions& options) const = 0;
    // The domain's world, built by code (fingerprinted).
    virtual json::Value make_world(const WorldOptions& options) const = 0;
    // The world read; null with its schema issues when it does not read.
    virtual std::shared_ptr<const GeneratorWorld> read_world(const json::Value& document, Issues& issues) const = 0;
    // A batch for `plan` on `world` (from read_world). `progress` is called per case made.
    virtual BatchResult generate(const plan::Plan& plan, const std::string& plan_huella, const GeneratorWorld& world, const GenerateOptions& options,
                                 const std::function<void(std::size_t)>& progress) const = 0;
    // Largest batch, and the number the size must be a multiple of (3 when each scenario is rendered in three
    // locales).
    virtual std::int64_t max_cases() const = 0;
    virtual std::int64_t case_multiple() const { return 1; }
};

// PLAN_INCOMPATIBLE at `dominio_id` when the world declares a domain (its `dominio_id`) other than the plan's:
// said before the world is read as the plan's domain's, whose schema would only list unknown keys.
std::optional<Issue> world_of_another_domain(const plan::Plan& plan, const json::Value& world_document);

// The generator of the plan's domain, or nullptr.
const Generator* find_generator(const std::string& dominio_id);

// The generator whose demo is `demo_id` (for `planlang world --demo`), or nullptr.
const Generator* generator_of_demo(std::string_view demo_id);

// The demos that have a generator, in registration order (for messages).
std::vector<std::string> generator_demos();

}  // namespace planlang::synth
