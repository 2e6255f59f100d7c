// The identifier validator's word checks (synthetic-and-simulation.md §8): e-mails and URLs outside the
// reserved names, dates with day and month, street addresses; and scan_text, which runs every check in
// order. See core/synth/internal/text_scan.hpp.
#include "core/synth/internal/text_scan.hpp"

namespace planlang::synth::internal {

bool reserved_host(std::string host) {
    while (!host.empty() && host.back() == '.') host.pop_back();
    auto ends = [&](std::string_view suffix) {
        return host.size() >= suffix.size() && host.compare(host.size() - suffix.size(), suffix.size(), suffix) == 0;
    };
    for (std::string_view d : {"example.com", "example.org", "example.net"})
        if (host == d || ends(std::string(".") + std::string(d))) return true;
    for (std::string_view tld : {".example", ".test", ".invalid", ".localhost"})
        if (ends(tld) || host == tld.substr(1)) return true;
    return false;
}

bool is_host_char(char c) { return is_ascii_letter(c) || is_digit(c) || c == '.' || c == '-'; }

void check_mail_and_url(Scan& scan) {
    const auto s = scan.text();
    const auto low = scan.low();
    for (std::size_t at = 0; at < s.size(); ++at) {
        if (s[at] != '@') continue;
        std::size_t b = at;
        while (b > 0 && (is_ascii_letter(s[b - 1]) || is_digit(s[b - 1]) || s[b - 1] == '.' || s[b - 1] == '_' || s[b - 1] == '%' ||
                         s[b - 1] == '+' || s[b - 1] == '-'))
            --b;
        std::size_t e = at + 1;
        while (e < s.size() && is_host_char(s[e])) ++e;
        while (e > at + 1 && (s[e - 1] == '.' || s[e - 1] == '-')) --e;
        const std::string host(low.substr(at + 1, e - at - 1));
        const auto dot = host.rfind('.');
        if (b == at || dot == std::string::npos || dot + 2 >= host.size() + 1 || host.size() - dot - 1 < 2) continue;
        if (reserved_host(host)) scan.consume(b, e);
        else scan.add("ID_CORREO", b, e);
    }
    for (std::size_t i = 0; i < low.size(); ++i) {
        if (low[i] != 'h' && low[i] != 'w') continue;
        std::size_t host_start;
        if (starts_with_at(low, i, "https://")) host_start = i + 8;
        else if (starts_with_at(low, i, "http://")) host_start = i + 7;
        else if (starts_with_at(low, i, "www.") && !letter_before(low, i) && !(i > 0 && (low[i - 1] == '.' || low[i - 1] == '/')))
            host_start = i;
        else continue;
        std::size_t e = host_start;
        while (e < low.size() && is_host_char(low[e])) ++e;
        while (e > host_start && (low[e - 1] == '.' || low[e - 1] == '-')) --e;
        const std::string host(low.substr(host_start, e - host_start));
        std::size_t end = e;
        while (end < s.size() && s[end] != ' ' && s[end] != '\n' && s[end] != '\t' && s[end] != '"' && s[end] != ')') ++end;
        while (end > e && (s[end - 1] == '.' || s[end - 1] == ',' || s[end - 1] == ';')) --end;
        if (host.empty()) continue;
        if (reserved_host(host)) scan.consume(i, end);
        else scan.add("ID_URL", i, end);
        i = std::max(i, end);
    }
}

struct Month {
    std::string_view name;
    bool abbreviation;
};
const Month kMonths[] = {
    {"enero", false},     {"febrero", false},   {"marzo", false},     {"abril", false},    {"mayo", false},     {"junio", false},
    {"julio", false},     {"agosto", false},    {"septiembre", false}, {"setiembre", false}, {"octubre", false},  {"noviembre", false},
    {"diciembre", false}, {"january", false},   {"february", false},  {"march", false},    {"april", false},    {"may", false},
    {"june", false},      {"july", false},      {"august", false},    {"september", false}, {"october", false},  {"november", false},
    {"december", false},  {"jan", true},        {"feb", true},        {"mar", true},       {"apr", true},       {"jun", true},
    {"jul", true},        {"aug", true},        {"sept", true},       {"sep", true},       {"oct", true},       {"nov", true},
    {"dec", true},
};

// The month name at low[i] (whole word, optional '.' after an abbreviation): its end, else 0.
std::size_t month_at(std::string_view s, std::string_view low, std::size_t i) {
    if (letter_before(low, i)) return 0;
    for (const Month& m : kMonths) {
        if (!starts_with_at(low, i, m.name) || letter_after(low, i + m.name.size())) continue;
        if (m.name == "may" && s.substr(i, 3) != "May") return 0;  // the English modal verb is not a date
        std::size_t end = i + m.name.size();
        if (m.abbreviation && end < low.size() && low[end] == '.') ++end;
        return end;
    }
    return 0;
}

bool day_month(long long a, long long b) { return a >= 1 && b >= 1 && ((a <= 31 && b <= 12) || (a <= 12 && b <= 31)); }

void check_dates(Scan& scan) {
    const auto s = scan.text();
    const auto low = scan.low();
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (!is_digit(s[i]) || !free_before(s, i)) continue;
        const std::size_t n1 = digits_from(s, i);
        std::size_t j = i + n1;
        // yyyy-mm-dd
        if (n1 == 4 && j < s.size() && s[j] == '-') {
            const std::size_t n2 = digits_from(s, j + 1);
            const std::size_t k = j + 1 + n2;
            if (n2 >= 1 && n2 <= 2 && k < s.size() && s[k] == '-') {
                const std::size_t n3 = digits_from(s, k + 1);
                const long long month = number_of(s, j + 1, n2), day = number_of(s, k + 1, n3);
                if (n3 >= 1 && n3 <= 2 && free_after(s, k + 1 + n3) && month >= 1 && month <= 12 && day >= 1 && day <= 31 &&
                    scan.add("ID_FECHA", i, k + 1 + n3)) {
                    i = k + n3;
                    continue;
                }
            }
        }
        if (n1 > 2) {
            i = j - 1;
            continue;
        }
        const long long first = number_of(s, i, n1);
        // d/m[/y], d-m-y, d.m.y
        if (j < s.size() && (s[j] == '/' || s[j] == '-' || s[j] == '.')) {
            const char sep = s[j];
            const std::size_t n2 = digits_from(s, j + 1);
            const std::size_t k = j + 1 + n2;
            if (n2 >= 1 && n2 <= 2 && day_month(first, number_of(s, j + 1, n2))) {
                std::size_t end = 0;
                if (k < s.size() && s[k] == sep) {
                    const std::size_t n3 = digits_from(s, k + 1);
                    if ((n3 == 2 || n3 == 4) && free_after(s, k + 1 + n3)) end = k + 1 + n3;
                } else if (sep == '/' && free_after(s, k) && !(k < s.size() && s[k] == '/')) {
                    end = k;
                }
                if (end && scan.add("ID_FECHA", i, end)) {
                    i = end - 1;
                    continue;
                }
            }
        }
        // d [º|°|st|nd|rd|th] [de|of] <month>
        if (first >= 1 && first <= 31) {
            std::size_t k = j;
            for (std::string_view suffix : {"º", "°", "st", "nd", "rd", "th"})
                if (starts_with_at(low, k, suffix)) {
                    k += suffix.size();
                    break;
                }
            if (k < low.size() && low[k] == ' ') {
                ++k;
                for (std::string_view word : {"de ", "of "})
                    if (starts_with_at(low, k, word)) {
                        k += word.size();
                        break;
                    }
                if (const std::size_t end = month_at(s, low, k); end && scan.add("ID_FECHA", i, end)) {
                    i = end - 1;
                    continue;
                }
            }
        }
        i = j - 1;
    }
    // <month> d
    for (std::size_t i = 0; i < low.size(); ++i) {
        if (!is_lower(low[i]) || std::string_view("adefjmnos").find(low[i]) == std::string_view::npos) continue;
        const std::size_t m = month_at(s, low, i);
        if (!m) continue;
        std::size_t k = m;
        if (k < s.size() && s[k] == ' ') ++k;
        if (k == m || !is_digit(s[k])) continue;
        const std::size_t n = digits_from(s, k);
        const long long day = number_of(s, k, n);
        std::size_t end = k + n;
        for (std::string_view suffix : {"st", "nd", "rd", "th"})
            if (starts_with_at(low, end, suffix)) {
                end += suffix.size();
                break;
            }
        if (n <= 2 && day >= 1 && day <= 31 && !letter_after(low, end) && !(end < s.size() && (is_digit(s[end]) || s[end] == '-')))
            scan.add("ID_FECHA", i, end);
    }
}

void check_addresses(Scan& scan) {
    const auto s = scan.text();
    const auto low = scan.low();
    static const std::string_view kStreetWords[] = {"calle", "cll", "cl", "carrera", "cra", "kra", "kr", "avenida", "av", "diagonal", "dg",
                                                    "transversal", "tv"};
    static const std::string_view kNumberSigns[] = {"#", "no.", "no", "nº", "n°", "número", "numero"};
    for (std::size_t i = 0; i < low.size(); ++i) {
        const char c0 = low[i];
        if ((c0 != 'c' && c0 != 'k' && c0 != 'a' && c0 != 'd' && c0 != 't') || letter_before(low, i)) continue;
        for (std::string_view w : kStreetWords) {
            if (!starts_with_at(low, i, w) || letter_after(low, i + w.size())) continue;
            std::size_t j = i + w.size();
            if (j < low.size() && low[j] == '.') ++j;
            while (j < low.size() && low[j] == ' ') ++j;
            const std::size_t n1 = digits_from(low, j);
            if (n1 == 0) break;
            j += n1;
            if (j < low.size() && is_lower(low[j]) && !letter_after(low, j + 1)) ++j;
            while (j < low.size() && low[j] == ' ') ++j;
            bool sign = false;
            for (std::string_view n : kNumberSigns)
                if (starts_with_at(low, j, n) && (n == "#" || !letter_after(low, j + n.size()))) {
                    j += n.size();
                    sign = true;
                    break;
                }
            if (!sign) break;
            while (j < low.size() && low[j] == ' ') ++j;
            const std::size_t n2 = digits_from(low, j);
            if (n2 == 0) break;
            j += n2;
            if (j < low.size() && is_lower(low[j]) && !letter_after(low, j + 1)) ++j;
            std::size_t k = j;
            while (k < low.size() && low[k] == ' ') ++k;
            if (k < low.size() && low[k] == '-') {
                ++k;
                while (k < low.size() && low[k] == ' ') ++k;
                if (const std::size_t n3 = digits_from(low, k)) j = k + n3;
            }
            scan.add("ID_DIRECCION", i, j);
            break;
        }
    }
    static const std::string_view kSuffixes[] = {"Street", "St", "Avenue", "Ave", "Road", "Rd", "Boulevard", "Blvd", "Lane", "Ln",
                                                 "Drive", "Way", "Court", "Ct", "Place", "Pl", "Terrace", "Parkway"};
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (!is_digit(s[i]) || !free_before(s, i)) continue;
        const std::size_t begin = i;
        std::size_t j = i + digits_from(s, i);
        i = j - 1;
        for (int words = 0; words < 4; ++words) {
            if (j >= s.size() || s[j] != ' ') break;
            const std::size_t w = j + 1;
            if (w >= s.size() || !is_upper(s[w])) break;
            std::size_t e = w + 1;
            while (e < s.size() && is_lower(s[e])) ++e;
            const std::string_view word = s.substr(w, e - w);
            if (words > 0 && !letter_after(s, e) && !(e < s.size() && is_digit(s[e]))) {
                bool suffix = false;
                for (std::string_view x : kSuffixes) suffix = suffix || word == x;
                if (suffix) {
                    if (e < s.size() && s[e] == '.') ++e;
                    scan.add("ID_DIRECCION", begin, e);
                    break;
                }
            }
            if (letter_after(s, e)) break;
            j = e;
        }
    }
}


}  // namespace planlang::synth::internal

namespace planlang::synth {

using namespace internal;

std::vector<TextFinding> scan_text(std::string_view text) {
    // Every check needs a digit, an '@' or a URL prefix: most strings (keys, enumerations, names) have none.
    bool digit = false, at = false, url = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (is_digit(c)) digit = true;
        else if (c == '@') at = true;
        else if ((c == 'h' || c == 'H') && i + 3 < text.size() && (text[i + 1] | 0x20) == 't' && (text[i + 2] | 0x20) == 't' &&
                 (text[i + 3] | 0x20) == 'p')
            url = true;
        else if ((c == 'w' || c == 'W') && i + 3 < text.size() && (text[i + 1] | 0x20) == 'w' && (text[i + 2] | 0x20) == 'w' && text[i + 3] == '.')
            url = true;
    }
    if (!digit && !at && !url) return {};
    Scan scan(text);
    check_ssn(scan);
    check_nit(scan);
    check_national_id(scan);
    check_ipv4(scan);
    check_mail_and_url(scan);
    check_dates(scan);
    check_addresses(scan);
    check_plates(scan);
    check_phones(scan);
    return std::move(scan.findings());
}

}  // namespace planlang::synth
