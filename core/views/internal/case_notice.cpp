// Claims an AI notice makes (case_notice.hpp). Negations are looked for first: "sin revisión de una persona"
// must not read as "revisión de una persona".
#include "core/views/internal/case_notice.hpp"

#include <algorithm>

namespace planlang::views::internal {

namespace {

// ASCII letters lowered; the accented capitals our texts may start a sentence with (Á É Í Ó Ú Ñ) too.
std::string lowered(std::string_view text) {
    std::string out(text);
    for (std::size_t i = 0; i < out.size(); ++i) {
        unsigned char c = static_cast<unsigned char>(out[i]);
        if (c >= 'A' && c <= 'Z') out[i] = static_cast<char>(c - 'A' + 'a');
        else if (c == 0xC3 && i + 1 < out.size()) {
            unsigned char d = static_cast<unsigned char>(out[i + 1]);
            if (d == 0x81 || d == 0x89 || d == 0x8D || d == 0x93 || d == 0x9A || d == 0x91) out[i + 1] = static_cast<char>(d + 0x20);
            ++i;
        }
    }
    return out;
}

bool has_any(const std::string& text, std::initializer_list<std::string_view> needles) {
    return std::any_of(needles.begin(), needles.end(), [&](std::string_view n) { return text.find(n) != std::string::npos; });
}

}  // namespace

std::vector<NoticeClaim> notice_claims(std::string_view raw, const std::string& idioma, const std::string& donde, bool a_persona,
                                       const std::string& decision) {
    const std::string t = lowered(raw);
    std::vector<NoticeClaim> out;
    auto claim = [&](const char* afirma, bool contradice, Bilingual por_que) {
        out.push_back(NoticeClaim{donde, idioma, afirma, contradice, std::move(por_que)});
    };
    const bool no_person = has_any(t, {"sin revisión de una persona", "sin revisión humana", "sin intervención humana", "sin que una persona",
                                       "ninguna persona revisó", "without review by a person", "without human review", "without a person reviewing",
                                       "no person reviewed", "not reviewed by a person"});
    const bool person = !no_person && has_any(t, {"revisada por una persona", "revisado por una persona", "una persona revisó",
                                                  "una persona ha revisado", "la revisó una persona", "lo revisó una persona",
                                                  "revisó una persona", "revisión humana", "reviewed by a person", "a person reviewed",
                                                  "a person has reviewed", "reviewed by a human", "a human reviewed", "human review"});
    const bool denial_es = t.find("ninguna negación") != std::string::npos && t.find("sin una persona") != std::string::npos;
    const bool denial_en = has_any(t, {"no denial", "no complete denial", "no full denial"}) && t.find("without a person") != std::string::npos;
    const bool complete = has_any(t, {"negación completa", "complete denial", "full denial"});
    if (no_person)
        claim("sin_persona", a_persona,
              a_persona ? Bilingual{"dice que ninguna persona revisó el caso, pero hubo una pausa humana",
                                    "it says no person reviewed the case, but there was a human pause"}
                        : Bilingual{"dice que ninguna persona revisó el caso, y así fue", "it says no person reviewed the case, and none did"});
    if (person)
        claim("revision_persona", !a_persona,
              a_persona ? Bilingual{"dice que una persona revisó el caso, y hubo una pausa humana",
                                    "it says a person reviewed the case, and there was a human pause"}
                        : Bilingual{"dice que una persona revisó el caso, pero ninguna lo hizo: no hubo pausa humana",
                                    "it says a person reviewed the case, but none did: there was no human pause"});
    if (denial_es || denial_en) {
        const bool denied = decision == "negar" || (!complete && decision == "aprobar_parcial");
        const bool contradicts = denied && !a_persona;
        claim(complete ? "negacion_completa_con_persona" : "negacion_con_persona", contradicts,
              contradicts ? Bilingual{"dice que ninguna negación se decide sin una persona, pero la decisión «" + decision +
                                          "» salió sin pausa humana",
                                      "it says no denial is decided without a person, but the decision \"" + decision +
                                          "\" went out with no human pause"}
              : denied    ? Bilingual{"dice que ninguna negación se decide sin una persona, y esta la revisó una persona",
                                      "it says no denial is decided without a person, and a person reviewed this one"}
                          : Bilingual{"dice que ninguna negación se decide sin una persona; este caso no es una negación",
                                      "it says no denial is decided without a person; this case is not a denial"});
    }
    return out;
}

}  // namespace planlang::views::internal
