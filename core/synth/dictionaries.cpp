#include "core/synth/dictionaries.hpp"

namespace planlang::synth {

const std::string_view kFemaleNames[12] = {"Adelaida", "Brisa",   "Celestina", "Dalia",   "Eulalia", "Fabiola",
                                           "Graciela", "Inés",    "Jacinta",   "Lucía",   "Mireya",  "Noemí"};
const std::string_view kMaleNames[12] = {"Anselmo", "Baltasar", "Cipriano", "Damián",  "Eusebio", "Fermín",
                                         "Gaspar",  "Hilario",  "Ismael",   "Joaquín", "Leandro", "Octavio"};
const std::string_view kSurnames[20] = {"Alcornal",  "Brezomar",   "Campoluz",  "Cardonal",   "Castañoral",
                                        "Fuentemora", "Lunaverde", "Miraflor",  "Montejaral", "Nogaleda",
                                        "Olmedral",  "Piedrasola", "Quintanedo", "Riosalado", "Salcedilla",
                                        "Sotoalba",  "Tejomiel",   "Torrecaña", "Vallecedro", "Valmoral"};
const std::string_view kProviders[4] = {"Clínica Sintética Los Almendros", "Centro Médico Simulado Aurora",
                                        "IPS Ficticia Valle Sereno", "Hospital de Ensayo Monteclaro"};
const std::string_view kTitles[2] = {"Dra.", "Dr."};

bool is_dictionary_name_word(std::string_view word) {
    for (auto w : kFemaleNames)
        if (w == word) return true;
    for (auto w : kMaleNames)
        if (w == word) return true;
    for (auto w : kSurnames)
        if (w == word) return true;
    for (auto w : kTitles)
        if (w == word) return true;
    return false;
}

bool is_dictionary_provider(std::string_view name) {
    for (auto p : kProviders)
        if (p == name) return true;
    return false;
}

}  // namespace planlang::synth
