#pragma once
// Demo A's world (the benefit plan) and case generator as a synth::Generator, registered by core/domains.
#include <memory>

#include "core/synth/generator.hpp"

namespace planlang::synth::demo_a {

std::unique_ptr<const Generator> generator();

}  // namespace planlang::synth::demo_a
