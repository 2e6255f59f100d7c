#pragma once
// The identifier validator (spec/synthetic-and-simulation.md §8, decisions.md C6): before we publish a
// batch, benefit plan, trace or report, every string is scanned for data that look like a real person's,
// and identifier-bearing keys are checked against our synthetic formats and dictionaries. Any finding
// blocks publication.
//
// Walk: object keys in UTF-16 order (keys are scanned as text too), arrays in order. Skipped members (their
// whole value): huella, fecha, aprobado_el, verificada, vigencia, semilla, every key starting with
// "version", and keys ending in "_id" whose string value starts with SYN-, A- or AH-.
//
// Key checks (code, what fails):
//   ID_NO_SINTETICO  a string under documento, historia_clinica, registro, nit, numero_afiliacion or
//                    titular_actividad that is not SYN-<CAPITALS>-<CAPITALS/DIGITS/HYPHENS>
//   ID_NOMBRE        afiliado.nombre / medico.nombre with a word outside our first names, surnames, titles
//   ID_PRESTADOR     prestador.nombre that is not one of our providers
//   ID_EDAD          a number under edad above 89
// Text checks, in this order; each match consumes its span and later checks skip anything overlapping a
// consumed span. A number that touches a letter, a digit or a hyphen never matches (this spares SYN- ids).
//   ID_SSN        ddd-dd-dddd
//   ID_NIT        ddd[.]ddd[.]ddd[ ]-[ ]d whose last digit is the valid DIAN check digit (weights 3, 7, 13,
//                 17, 19, 23, 29, 37, 41 from the right; r = Σ mod 11; digit = r < 2 ? r : 11 − r)
//   ID_DOCUMENTO  a number after a national-id keyword (c.c., cc, cédula, nuip, documento, dni, national id,
//                 id number, identity number; then optional ':', '.', '#', 'no', 'nº', 'número', 'number'),
//                 or a number with 2–3 dotted thousands groups; its value in 1–99,999,999 or
//                 1,000,000,000–1,999,999,999 (thousands separators '.' or ',')
//   ID_IPV4       a dotted quad (each part ≤ 255) outside 192.0.2/24, 198.51.100/24, 203.0.113/24
//   ID_CORREO     an e-mail whose domain is not example.com/.org/.net (or a subdomain) nor under the
//                 .example, .test, .invalid or .localhost top-level domains
//   ID_URL        http://, https:// or www. with a host outside the same reserved names
//   ID_FECHA      a date with day and month: yyyy-mm-dd; d/m[/y], d-m-y, d.m.y (year 2 or 4 digits, the
//                 day–month pair valid in either order); d [de|of] <month>; <Month> d (Spanish or English
//                 month names, English three-letter abbreviations; "may" only as "May")
//   ID_DIRECCION  Spanish street addresses (calle|cl|cll|carrera|cra|kr|avenida|av|diagonal|dg|transversal|tv
//                 + number + [letter] + #|no|nº|número + number [- number]) and English ones (number +
//                 1–3 capitalised words + Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Lane|Ln|Drive|Way|
//                 Court|Ct|Place|Pl|Terrace|Parkway; "Dr" is not a suffix, it is our doctors' title)
//   ID_PLACA      three capitals other than SYN, an optional space or hyphen, three digits
//   ID_TELEFONO   a run of 7–15 digits (separated by single spaces, hyphens, dots or parentheses, optional
//                 leading +) other than exactly 555-01XX; shorter or longer runs consume nothing
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "core/common/issue.hpp"
#include "core/json/value.hpp"

namespace planlang::synth {

struct TextFinding {
    std::string codigo;
    std::size_t inicio = 0;  // byte offsets into the scanned text
    std::size_t fin = 0;
};

// The text checks on one string, in check order then position.
std::vector<TextFinding> scan_text(std::string_view text);

// Every finding in a document: code, element = JSON path (and the matching fragment), message.
Issues scan_identifiers(const json::Value& document);

}  // namespace planlang::synth
