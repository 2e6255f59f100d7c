#pragma once
// The synthetic identifiers every demo draws the same way (spec/synthetic-and-simulation.md §8): a phone
// 555-01NN, an e-mail first.surname.NNN@example.com, accent-free lower case. Shared by demo A's case
// generator and the adherence domain's persona (core/synth/adherencia), so both give the same formats
// from the same draws.
#include <cstdint>
#include <string>
#include <string_view>

namespace planlang {
class Prng;
}

namespace planlang::synth {


// n in decimal, left-padded with zeros to `width` digits (never truncated).
std::string zero_padded(std::int64_t n, std::size_t width);

// Lower case without accents: NFD, combining marks dropped ("Inés" → "ines"; §8, e-mail local parts).
std::string ascii_fold_lower(std::string_view s);

// "555-01" + entero(0, 99) as 2 digits: one draw.
std::string synthetic_phone(Prng& g);

// first.surname.NNN@example.com, NNN = entero(100, 999): one draw.
std::string synthetic_email(std::string_view first, std::string_view surname, Prng& g);

}  // namespace planlang::synth
