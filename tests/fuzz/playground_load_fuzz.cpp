// libFuzzer target: building the playground's compact (core/playground/compact.hpp load) from arbitrary bytes,
// inside the otherwise valid, in-memory smoke run synthetic/runs/demo-a/demo-a-humo-3 (its run files, report,
// plan, demo manifest, batch and world, read once from the source tree). The first input byte picks the file
// the rest replaces (mod 3):
//   0  the demo manifest (plans/demo-a/playground.json, playground.md §2);
//   1  the run's report (informe.json: what the self-check compares against, §8);
//   2  the trace trazas/AH-002.json — read as given and, when it parses as a JSON object, re-sealed (its huella
//      and the manifest's entry recomputed, the manifest re-sealed) so that the builder sees what the reader
//      accepts.
// Properties, not just "no crash": ok ⇔ a compact, and otherwise every problem and motive has a code and both
// messages; the self-check has a reason iff it fails; a loaded compact replays at plan values and at a few
// settings (change records, the JSON object, both texts) twice to the same bytes.
// The source tree is found from this file's path (__FILE__), or from $PLANLANG_SOURCE_DIR.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <string>

#include "core/json/canonical.hpp"
#include "core/json/fingerprint.hpp"
#include "core/json/reader.hpp"
#include "core/playground/compact.hpp"
#include "core/playground/replay.hpp"
#include "core/playground/result_json.hpp"
#include "core/playground/text.hpp"

using namespace planlang;

namespace {

void require(bool condition) {
    if (!condition) std::abort();
}

const std::string kRun = "synthetic/runs/demo-a/demo-a-humo-3";
const std::string kManifest = kRun + "/corrida.json";
const std::string kTrace = kRun + "/trazas/AH-002.json";  // second in the manifest
const std::string kReport = kRun + "/informe.json";
const std::string kDemo = "plans/demo-a/playground.json";

std::string source_root() {
    if (const char* env = std::getenv("PLANLANG_SOURCE_DIR")) return env;
    std::string here = __FILE__;  // <root>/tests/fuzz/playground_load_fuzz.cpp
    for (int i = 0; i < 3; ++i) here = here.substr(0, here.rfind('/'));
    return here;
}

std::map<std::string, std::string>& files() {
    static std::map<std::string, std::string> f;
    return f;
}

json::Value& manifest() {
    static json::Value m;
    return m;
}

void load_file(const std::string& relative) {
    std::ifstream in(source_root() + "/" + relative, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    files()[relative] = s.str();
    require(!files()[relative].empty());
}

std::string replayed(const playground::Compact& c, const playground::Setting& s) {
    const playground::Replay r = playground::play(c, s);
    std::string out;
    for (const playground::Change& ch : r.cambios) out += json::canonical(playground::change_record(c, r, ch));
    for (const bool strict : {false, true}) {
        const json::Value v = playground::replay_json(c, r, strict);
        out += json::disk_form(v) + playground::replay_text(v, false) + playground::replay_text(v, true);
    }
    return out;
}

void check(const std::map<std::string, std::string>& overlay, bool expect_ok = false) {
    const run::FileSource source = [&](const std::string& path) -> std::optional<std::string> {
        if (auto it = overlay.find(path); it != overlay.end()) return it->second;
        if (auto it = files().find(path); it != files().end()) return it->second;
        return std::nullopt;
    };
    playground::LoadRequest request;
    request.lectura.main_run = kRun;
    const playground::Loaded l = playground::load(request, source);
    require(l.ok == static_cast<bool>(l.compacto));
    if (expect_ok) require(l.ok);
    if (!l.ok) {
        require(!l.motivos.empty() || !l.problemas.empty());
        for (const run::Motive& m : l.motivos) require(!m.codigo.empty() && !m.detalle.es.empty() && !m.detalle.en.empty());
        for (const Issue& i : l.problemas) require(!i.code.empty() && !i.message.es.empty() && !i.message.en.empty());
        return;
    }
    const playground::Compact& c = *l.compacto;
    const playground::SelfCheck s = playground::self_check(c);
    require(s.ok != s.motivo.has_value());
    if (s.motivo) require(!s.motivo->es.empty() && !s.motivo->en.empty());
    if (expect_ok) require(s.ok);
    playground::Setting played = playground::plan_setting(c);
    for (const char* text : {"U1=0.95", "U2=200", "U3=0", "U4=true"}) playground::set_threshold(c, played, text);  // ids the plan may lack
    for (const playground::Setting& setting : {playground::plan_setting(c), played}) {
        const std::string once = replayed(c, setting);
        require(once == replayed(c, setting));
    }
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    for (const char* f : {"/corrida.json", "/grafo.json", "/ramas-esperadas.json", "/informe.json", "/trazas/AH-001.json", "/trazas/AH-002.json",
                          "/trazas/AH-003.json"})
        load_file(kRun + f);
    load_file("plans/demo-a/plan-demo-a.json");
    load_file(kDemo);
    load_file("synthetic/casos/demo-a/demo-a-humo-3.json");
    load_file("synthetic/plan-beneficios/plan-beneficios-demo-a.json");
    json::ReadResult m = json::read(files()[kManifest]);
    require(m.ok());
    manifest() = std::move(m.value);
    check({}, true);  // the unmodified run loads and passes its self-check (else every finding is noise)
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const std::string bytes(reinterpret_cast<const char*>(data + 1), size - 1);
    switch (data[0] % 3) {
        case 0: check({{kDemo, bytes}}); break;
        case 1: check({{kReport, bytes}}); break;
        default: {
            check({{kTrace, bytes}});
            json::ReadResult parsed = json::read(bytes);
            if (!parsed.ok() || !parsed.value.is_object()) break;
            json::Value trace = std::move(parsed.value);
            const std::string h = json::huella(trace);
            bool replaced = false;
            for (json::Member& member : trace.as_object())
                if (member.key == "huella") {
                    member.value = json::Value(h);
                    replaced = true;
                }
            if (!replaced) trace.as_object().push_back(json::Member{"huella", json::Value(h)});
            json::Value m = manifest();
            *m.find("trazas")->as_array()[1].find("huella") = json::Value(h);
            *m.find("huella") = json::Value(json::huella(m));
            check({{kTrace, json::disk_form(trace)}, {kManifest, json::disk_form(m)}});
        }
    }
    return 0;
}
