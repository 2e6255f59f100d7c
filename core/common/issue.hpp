#pragma once
// A problem found in input data: never an exception across the core's API (style.md, "Errors").
#include <string>
#include <vector>

namespace planlang {

struct Bilingual {
    std::string es;
    std::string en;
};

inline bool operator==(const Bilingual& a, const Bilingual& b) { return a.es == b.es && a.en == b.en; }
inline bool operator!=(const Bilingual& a, const Bilingual& b) { return !(a == b); }

struct Issue {
    std::string code;     // a spec code (ESQUEMA, HUELLA_NO_COINCIDE…) or one of ours (JSON_SINTAXIS…)
    std::string element;  // JSON path ("$.riesgos[2].modo"), an id, or "line:column"
    Bilingual message;
};

// Same code, element and message in both languages (Issues compare element by element).
inline bool operator==(const Issue& a, const Issue& b) { return a.code == b.code && a.element == b.element && a.message == b.message; }
inline bool operator!=(const Issue& a, const Issue& b) { return !(a == b); }

using Issues = std::vector<Issue>;

}  // namespace planlang
