// The identifier validator (synthetic-and-simulation.md §8, decisions.md C6): every check with positive and
// negative examples, the overlap rule, the walk, and our committed data scanned clean.
#include "core/synth/identifiers.hpp"

#include <doctest/doctest.h>

#include <dirent.h>
#include <sys/stat.h>

#include <algorithm>

#include "core/json/reader.hpp"
#include "core/synth/batch.hpp"
#include "core/synth/world.hpp"
#include "fixture.hpp"
#include "support/files.hpp"

using namespace planlang;
using namespace planlang::synth;

namespace {

// "CODE:fragment" for each finding of the text checks.
std::vector<std::string> found(std::string_view text) {
    std::vector<std::string> out;
    for (const TextFinding& f : scan_text(text)) out.push_back(f.codigo + ":" + std::string(text.substr(f.inicio, f.fin - f.inicio)));
    return out;
}

using V = std::vector<std::string>;

struct Row {
    const char* text;
    V expected;
};

void check_table(const std::vector<Row>& rows) {
    auto joined = [](const V& v) {
        std::string out;
        for (const std::string& x : v) out += (out.empty() ? "" : " | ") + x;
        return out;
    };
    for (const Row& r : rows) {
        const std::string text = r.text;
        CAPTURE(text);
        CHECK(joined(found(r.text)) == joined(r.expected));
    }
}

json::Value parse(const std::string& text) {
    auto r = json::read(text);
    REQUIRE(r.ok());
    return std::move(r.value);
}

std::string codes_and_paths(const Issues& issues) {
    std::string out;
    for (const Issue& i : issues) out += (out.empty() ? "" : " | ") + i.code + " " + i.element;
    return out;
}

void list_json(const std::string& dir, std::vector<std::string>& out) {
    DIR* d = ::opendir(dir.c_str());
    if (!d) return;
    std::vector<std::string> names;
    while (const dirent* e = ::readdir(d))
        if (e->d_name[0] != '.') names.push_back(e->d_name);
    ::closedir(d);
    std::sort(names.begin(), names.end());
    for (const std::string& n : names) {
        const std::string path = dir + "/" + n;
        struct stat st {};
        if (::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) list_json(path, out);
        else if (n.size() > 5 && n.compare(n.size() - 5, 5, ".json") == 0) out.push_back(path);
    }
}

}  // namespace

TEST_CASE("ID_SSN: ddd-dd-dddd") {
    check_table({
        {"SSN 123-45-6789 on file", {"ID_SSN:123-45-6789"}},
        {"x123-45-6789", {}},        // touches a letter
        {"SYN-123-45-6789", {}},     // touches a hyphen
        {"123-45-67890", {"ID_TELEFONO:123-45-67890"}},  // no SSN (touches a digit), but a 10-digit run
        {"12-345-6789", {"ID_TELEFONO:12-345-6789"}},
        {"ref 123-45", {}},
    });
}

TEST_CASE("ID_NIT: ddd.ddd.ddd-d with a valid check digit") {
    // 900.373.115: Σ = 5·3 + 1·7 + 1·13 + 3·17 + 7·19 + 3·23 + 0·29 + 0·37 + 9·41 = 657; 657 mod 11 = 8 → 11 − 8 = 3.
    check_table({
        {"NIT 900.373.115-3", {"ID_NIT:900.373.115-3"}},
        {"NIT 900373115-3", {"ID_NIT:900373115-3"}},
        {"NIT 900.373.115 - 3.", {"ID_NIT:900.373.115 - 3"}},
        {"NIT 830.115.226-3", {"ID_NIT:830.115.226-3"}},
        {"NIT 900.373.115-7", {"ID_TELEFONO:900.373.115-7"}},  // a wrong check digit is no NIT (the run of 10 digits still is a phone)
        {"SYN-NIT-900373115-X", {}},
    });
}

TEST_CASE("ID_DOCUMENTO: a number after a national-id keyword, or with dotted thousands groups") {
    check_table({
        {"C.C. 1.020.304.050 de Bogotá", {"ID_DOCUMENTO:C.C. 1.020.304.050"}},
        {"cédula: 52345678", {"ID_DOCUMENTO:cédula: 52345678"}},
        {"Documento No. 79123456", {"ID_DOCUMENTO:Documento No. 79123456"}},
        {"national id number 12345", {"ID_DOCUMENTO:national id number 12345"}},
        {"id 12.345.678", {"ID_DOCUMENTO:12.345.678"}},
        {"documento SYN-A-123456", {}},          // our synthetic format
        {"documento 2100000000", {"ID_TELEFONO:2100000000"}},  // outside both ranges: no id, but a 10-digit run
        {"documento 1 de 3", {"ID_DOCUMENTO:documento 1"}},
        {"el documento adjunto", {}},
        {"costo 1.500 unidades", {}},            // one dotted group only
        {"accidente 123456", {}},                // "cc" inside a word is no keyword
        {"pagó 2.100.000", {"ID_DOCUMENTO:2.100.000"}},
        {"12.3456", {}},
    });
}

TEST_CASE("ID_IPV4: outside the documentation ranges") {
    check_table({
        {"host 10.1.2.3 up", {"ID_IPV4:10.1.2.3"}},
        {"host 192.0.2.44 up", {}},
        {"host 198.51.100.7 up", {}},
        {"host 203.0.113.255 up", {}},
        {"v 256.1.1.1", {}},
        {"1.2.3", {}},
    });
}

TEST_CASE("ID_CORREO and ID_URL: only reserved example names") {
    check_table({
        {"write to ana.perez@gmail.com now", {"ID_CORREO:ana.perez@gmail.com"}},
        {"lucia.torrecana.123@example.com", {}},
        {"x@mail.example.org", {}},
        {"x@host.test and y@a.invalid", {}},
        {"visit https://www.hospital.co/citas today", {"ID_URL:https://www.hospital.co/citas"}},
        {"see www.salud.gov.co.", {"ID_URL:www.salud.gov.co"}},
        {"see https://example.com/a and http://docs.example", {}},
        {"no @ here", {}},
    });
}

TEST_CASE("ID_FECHA: day and month, numeric or named") {
    check_table({
        {"nació el 2019-03-14.", {"ID_FECHA:2019-03-14"}},
        {"cita 14/03/2019", {"ID_FECHA:14/03/2019"}},
        {"cita 14/03", {"ID_FECHA:14/03"}},
        {"cita 14.03.19", {"ID_FECHA:14.03.19"}},
        {"el 5 de mayo", {"ID_FECHA:5 de mayo"}},
        {"on 3rd of March", {"ID_FECHA:3rd of March"}},
        {"on May 12th", {"ID_FECHA:May 12th"}},
        {"Sept. 9", {"ID_FECHA:Sept. 9"}},
        {"you may 2 times", {}},                 // the modal verb
        {"en mayo de 2019", {}},                 // no day
        {"versión 1.5.2", {}},
        {"dosis 40/20", {}},                     // neither order is day–month
        {"Ley 1751 de 2015", {}},
    });
}

TEST_CASE("ID_DIRECCION: Spanish and English street addresses") {
    check_table({
        {"vive en Calle 12 # 34-56, Bogotá", {"ID_DIRECCION:Calle 12 # 34-56"}},
        {"Cra. 7 No. 45", {"ID_DIRECCION:Cra. 7 No. 45"}},
        {"av 68 nº 13b - 2", {"ID_DIRECCION:av 68 nº 13b - 2"}},
        {"lives at 12 Main Street", {"ID_DIRECCION:12 Main Street"}},
        {"at 221 Baker St.", {"ID_DIRECCION:221 Baker St."}},
        {"la calle principal", {}},
        {"45 years old. Dr. Ana Miraflor", {}},   // Dr is our doctors' title, not a suffix
        {"12 main street", {}},                   // English style needs capitals
    });
}

TEST_CASE("ID_PLACA: three capitals (not SYN), optional separator, three digits") {
    check_table({
        {"placa ABC-123", {"ID_PLACA:ABC-123"}},
        {"placa XYZ 987", {"ID_PLACA:XYZ 987"}},
        {"placa KLM456.", {"ID_PLACA:KLM456"}},
        {"SYN-123", {}},
        {"ABCD-123", {}},
        {"RB-08", {}},
    });
}

TEST_CASE("ID_TELEFONO: runs of 7–15 digits other than 555-01XX") {
    check_table({
        {"llamar al 300 123 4567", {"ID_TELEFONO:300 123 4567"}},
        {"tel +57 (601) 555-1234", {"ID_TELEFONO:+57 (601) 555-1234"}},
        {"tel 3001234567", {"ID_TELEFONO:3001234567"}},
        {"tel 555-0142", {}},
        {"tel 555-0199.", {}},
        {"tel 555-01", {}},                      // five digits consume nothing
        {"SYN-A-1234567", {}},                   // touches a hyphen
        {"1234567890123456", {}},                // sixteen digits consume nothing
        {"costo 650, edad 45", {}},
    });
}

TEST_CASE("each match consumes its span; later checks skip overlaps") {
    // The SSN is claimed first; the phone check does not report its digits again.
    CHECK(found("SSN 123-45-6789") == V{"ID_SSN:123-45-6789"});
    // The NIT (valid digit) is claimed before the dotted-thousands rule.
    CHECK(found("900.373.115-3") == V{"ID_NIT:900.373.115-3"});
    // A date is claimed before the phone check would see 2019 03 14 as digits (8 digits).
    CHECK(found("2019-03-14") == V{"ID_FECHA:2019-03-14"});
}

TEST_CASE("key checks: synthetic ids, dictionary names, providers, ages") {
    const auto doc = parse(R"({
      "afiliado": {"documento": "12345678", "historia_clinica": "SYN-HC-123456", "nombre": "Lucía Juan Pérez", "edad": 90},
      "medico": {"nombre": "Dra. Lucía Miraflor", "registro": "SYN-rm-1"},
      "prestador": {"nombre": "Hospital Real", "nit": "SYN-NIT-900000000-X"},
      "otro": {"nombre": "Cualquiera"}
    })");
    CHECK(codes_and_paths(scan_identifiers(doc)) ==
          "ID_NO_SINTETICO afiliado.documento | ID_TELEFONO afiliado.documento | ID_EDAD afiliado.edad | ID_NOMBRE afiliado.nombre | "
          "ID_NO_SINTETICO medico.registro | ID_PRESTADOR prestador.nombre");
}

TEST_CASE("skipped keys: huella, fecha, aprobado_el, verificada, vigencia, semilla, version*, *_id with our prefixes") {
    const auto doc = parse(R"({
      "huella": "300 123 4567", "fecha": "2026-11-29", "aprobado_el": "2026-11-29", "verificada": "14/03",
      "vigencia": "1 de enero", "semilla": "300-123-4567", "version_generador": "3001234567",
      "caso_id": "A-001 300 123 4567", "otro_id": "300 123 4567",
      "texto": "hoy 2026-11-29"
    })");
    CHECK(codes_and_paths(scan_identifiers(doc)) == "ID_TELEFONO otro_id | ID_FECHA texto");
}

TEST_CASE("our world and generated batches scan clean") {
    CHECK(scan_identifiers(make_benefit_plan(true)).empty());
    CHECK(scan_identifiers(make_benefit_plan(false)).empty());
    const auto& f = planlang::testing::synth_fixture();
    for (const char* seed : {"demo-a", "otra", "ñ/🦜"}) {
        GenerateOptions o;
        o.semilla = seed;
        o.n = 300;
        const auto r = generate_batch(f.plan, f.plan_huella, f.world, o);
        REQUIRE(r.ok);
        const Issues issues = scan_identifiers(r.batch);
        CAPTURE(seed);
        CHECK(issues.empty());
        for (const Issue& i : issues) MESSAGE(i.code << " " << i.element << " " << i.message.es);
    }
}

TEST_CASE("every JSON file under synthetic/ scans clean (batches, world, runs)") {
    std::vector<std::string> files;
    list_json(planlang::testing::source_path("synthetic"), files);
    REQUIRE_FALSE(files.empty());
    for (const std::string& path : files) {
        CAPTURE(path);
        auto r = json::read(planlang::testing::read_text(path));
        REQUIRE(r.ok());
        const Issues issues = scan_identifiers(r.value);
        CHECK(issues.empty());
        for (std::size_t i = 0; i < issues.size() && i < 5; ++i) MESSAGE(issues[i].code << " " << issues[i].element << " " << issues[i].message.es);
    }
}
