#pragma once
// A problem found in input data: never an exception across the core's API (style.md, "Errors").
#include <string>
#include <vector>

namespace planlang {

struct Bilingual {
    std::string es;
    std::string en;
};

struct Issue {
    std::string code;     // a spec code (ESQUEMA, HUELLA_NO_COINCIDE…) or one of ours (JSON_SINTAXIS…)
    std::string element;  // JSON path ("$.riesgos[2].modo"), an id, or "line:column"
    Bilingual message;
};

using Issues = std::vector<Issue>;

}  // namespace planlang
