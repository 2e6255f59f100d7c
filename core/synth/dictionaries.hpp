#pragma once
// Our closed dictionaries of synthetic people and providers (spec/synthetic-and-simulation.md §8):
// 12 female and 12 male first names, 20 invented surnames, 4 invented providers, 2 titles. Every name in a
// batch comes from here; the identifier validator accepts no other word under afiliado/medico/prestador.
// The combinations were chosen not to be common real full names: the surnames are invented words.
#include <string_view>

namespace planlang::synth {

extern const std::string_view kFemaleNames[12];
extern const std::string_view kMaleNames[12];
extern const std::string_view kSurnames[20];
extern const std::string_view kProviders[4];
extern const std::string_view kTitles[2];  // kTitles[0] female ("Dra."), kTitles[1] male ("Dr.")

bool is_dictionary_name_word(std::string_view word);  // a first name, surname or title
bool is_dictionary_provider(std::string_view name);

}  // namespace planlang::synth
