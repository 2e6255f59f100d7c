// The identifier validator's number checks (synthetic-and-simulation.md §8): US social security numbers,
// Colombian NITs with their check digit, national id numbers, IPv4 addresses, licence plates and phone
// numbers. See core/synth/internal/text_scan.hpp.
#include "core/synth/internal/text_scan.hpp"

namespace planlang::synth::internal {

void check_ssn(Scan& scan) {
    const auto s = scan.text();
    for (std::size_t i = 0; i + 11 <= s.size(); ++i) {
        if (!is_digit(s[i]) || !free_before(s, i)) continue;
        if (digits_from(s, i) == 3 && s[i + 3] == '-' && digits_from(s, i + 4) == 2 && s[i + 6] == '-' && digits_from(s, i + 7) == 4 &&
            free_after(s, i + 11) && scan.add("ID_SSN", i, i + 11))
            i += 10;
    }
}

// DIAN check digit of a 9-digit NIT.
int nit_check_digit(const std::string& nine) {
    static const int kWeights[] = {3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71};
    int sum = 0;
    for (std::size_t k = 0; k < nine.size(); ++k) sum += (nine[nine.size() - 1 - k] - '0') * kWeights[k];
    const int r = sum % 11;
    return r < 2 ? r : 11 - r;
}

void check_nit(Scan& scan) {
    const auto s = scan.text();
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (!is_digit(s[i]) || !free_before(s, i)) continue;
        std::size_t j = i;
        std::string nine;
        bool ok = true;
        for (int group = 0; group < 3 && ok; ++group) {
            if (group > 0 && j < s.size() && s[j] == '.') ++j;
            for (int k = 0; k < 3; ++k, ++j) {
                if (j >= s.size() || !is_digit(s[j])) {
                    ok = false;
                    break;
                }
                nine += s[j];
            }
        }
        if (!ok) continue;
        if (j < s.size() && s[j] == ' ') ++j;
        if (j >= s.size() || s[j] != '-') continue;
        ++j;
        if (j < s.size() && s[j] == ' ') ++j;
        if (j >= s.size() || !is_digit(s[j]) || !free_after(s, j + 1)) continue;
        if (s[j] - '0' != nit_check_digit(nine)) continue;
        if (scan.add("ID_NIT", i, j + 1)) i = j;
    }
}

// A number with optional thousands separators ('.' or ',', groups of three) starting at i: its end and value.
bool read_grouped_number(std::string_view s, std::size_t i, std::size_t& end, long long& value, int& groups) {
    const std::size_t lead = digits_from(s, i);
    if (lead == 0) return false;
    groups = 0;
    end = i + lead;
    value = number_of(s, i, lead);
    if (lead <= 3) {
        while (end + 4 <= s.size() && (s[end] == '.' || s[end] == ',') && digits_from(s, end + 1) == 3 &&
               (end + 4 == s.size() || !is_digit(s[end + 4]))) {
            value = value * 1000 + number_of(s, end + 1, 3);
            end += 4;
            ++groups;
        }
    }
    return true;
}

bool national_id_range(long long v) { return (v >= 1 && v <= 99999999) || (v >= 1000000000 && v <= 1999999999); }

void check_national_id(Scan& scan) {
    const auto s = scan.text();
    const auto low = scan.low();
    static const std::string_view kKeywords[] = {"c.c.", "c.c", "cc", "cédula", "cedula", "nuip", "documento", "dni",
                                                 "national id", "id number", "identity number"};
    static const std::string_view kNumberWords[] = {"número", "numero", "number", "nº", "n°", "no.", "no", "núm.", "num."};
    // a. A number after a keyword.
    for (std::size_t i = 0; i < low.size(); ++i) {
        const char c0 = low[i];
        if ((c0 != 'c' && c0 != 'd' && c0 != 'n' && c0 != 'i') || letter_before(low, i)) continue;
        for (std::string_view k : kKeywords) {
            if (!starts_with_at(low, i, k) || letter_after(low, i + k.size())) continue;
            std::size_t j = i + k.size();
            auto skip_separators = [&] {
                while (j < low.size() && (low[j] == ' ' || low[j] == ':' || low[j] == '.' || low[j] == '#' || low[j] == ',')) ++j;
            };
            skip_separators();
            for (std::string_view w : kNumberWords)
                if (starts_with_at(low, j, w) && !letter_after(low, j + w.size())) {
                    j += w.size();
                    skip_separators();
                    break;
                }
            std::size_t end = 0;
            long long value = 0;
            int groups = 0;
            if (j < s.size() && free_before(s, j) && read_grouped_number(s, j, end, value, groups) && free_after(s, end) &&
                national_id_range(value))
                scan.add("ID_DOCUMENTO", i, end);
            break;
        }
    }
    // b. A number with two or three dotted thousands groups.
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (!is_digit(s[i]) || !free_before(s, i)) continue;
        std::size_t j = i + digits_from(s, i);
        if (j - i > 3) {
            i = j;
            continue;
        }
        int groups = 0;
        long long value = number_of(s, i, j - i);
        while (j + 4 <= s.size() && s[j] == '.' && digits_from(s, j + 1) == 3) {
            value = value * 1000 + number_of(s, j + 1, 3);
            j += 4;
            ++groups;
            if (j < s.size() && is_digit(s[j])) break;
        }
        if (groups >= 2 && groups <= 3 && free_after(s, j) && !(j + 1 < s.size() && s[j] == '.' && is_digit(s[j + 1])) && national_id_range(value))
            scan.add("ID_DOCUMENTO", i, j);
        i = std::max(i, j);
    }
}

void check_ipv4(Scan& scan) {
    const auto s = scan.text();
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (!is_digit(s[i]) || !free_before(s, i)) continue;
        std::size_t j = i;
        int parts[4];
        bool ok = true;
        for (int k = 0; k < 4 && ok; ++k) {
            if (k > 0) {
                if (j >= s.size() || s[j] != '.') ok = false;
                else ++j;
            }
            const std::size_t n = ok ? digits_from(s, j) : 0;
            if (n < 1 || n > 3) ok = false;
            else {
                parts[k] = static_cast<int>(number_of(s, j, n));
                if (parts[k] > 255) ok = false;
                j += n;
            }
        }
        if (!ok || !free_after(s, j) || (j + 1 < s.size() && s[j] == '.' && is_digit(s[j + 1]))) continue;
        const bool documentation = (parts[0] == 192 && parts[1] == 0 && parts[2] == 2) || (parts[0] == 198 && parts[1] == 51 && parts[2] == 100) ||
                                   (parts[0] == 203 && parts[1] == 0 && parts[2] == 113);
        if (documentation) scan.consume(i, j);
        else scan.add("ID_IPV4", i, j);
        i = j;
    }
}


void check_plates(Scan& scan) {
    const auto s = scan.text();
    for (std::size_t i = 0; i + 6 <= s.size(); ++i) {
        if (!is_upper(s[i]) || !is_upper(s[i + 1]) || !is_upper(s[i + 2]) || !free_before(s, i)) continue;
        if (s.substr(i, 3) == "SYN") continue;
        std::size_t j = i + 3;
        if (j < s.size() && (s[j] == ' ' || s[j] == '-')) ++j;
        if (digits_from(s, j) != 3 || !free_after(s, j + 3)) continue;
        scan.add("ID_PLACA", i, j + 3);
    }
}

bool is_phone_separator(char c) { return c == ' ' || c == '-' || c == '.' || c == '(' || c == ')'; }

bool is_allowed_phone(std::string_view run) {
    return run.size() == 8 && run.substr(0, 6) == "555-01" && is_digit(run[6]) && is_digit(run[7]);
}

void check_phones(Scan& scan) {
    const auto s = scan.text();
    for (std::size_t i = 0; i < s.size(); ++i) {
        std::size_t start = i;
        std::size_t j = i;
        if (s[j] == '+' || s[j] == '(') ++j;
        if (j >= s.size() || !is_digit(s[j]) || !free_before(s, start)) continue;
        std::size_t digits = 0, end = j;
        while (j < s.size()) {
            if (is_digit(s[j])) {
                ++digits;
                ++j;
                end = j;
                continue;
            }
            // One or two separators (e.g. ") ") between digit groups.
            std::size_t k = j, seps = 0;
            while (k < s.size() && is_phone_separator(s[k]) && seps < 2) {
                ++k;
                ++seps;
            }
            if (seps == 0 || k >= s.size() || !is_digit(s[k])) break;
            j = k;
        }
        if (end < s.size() && s[end] == ')') ++end;
        if (!free_after(s, end)) {
            i = end;
            continue;
        }
        if (digits >= 7 && digits <= 15) {
            const std::string_view run = s.substr(start, end - start);
            if (!is_allowed_phone(run)) scan.add("ID_TELEFONO", start, end);
        }
        i = end - 1;
    }
}


}  // namespace planlang::synth::internal
