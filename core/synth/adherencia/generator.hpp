#pragma once
// The adherence coach's world (the knowledge base) and conversation generator as a synth::Generator,
// registered by core/domains.
#include <memory>

#include "core/synth/generator.hpp"

namespace planlang::synth::adherencia {

std::unique_ptr<const Generator> generator();

}  // namespace planlang::synth::adherencia
