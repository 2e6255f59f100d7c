#include "core/report/html.hpp"

namespace planlang::report {

std::string escape_markup(std::string_view text, const MarkupEscape& rules) {
    std::string out;
    out.reserve(text.size() + text.size() / 8);
    for (char c : text) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            case '\'':
                if (rules.apostrophe) out += rules.apostrophe;
                else out += c;
                break;
            default:
                if (rules.replace_controls && static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n' && c != '\r') out += "\xEF\xBF\xBD";
                else out += c;
        }
    }
    return out;
}

}  // namespace planlang::report
