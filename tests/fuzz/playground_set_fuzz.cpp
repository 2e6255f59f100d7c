// libFuzzer target: the playground's --set parsing (core/playground/replay.hpp set_threshold) on the compact of
// the committed run synthetic/runs/demo-a/demo-a-20, loaded once from the source tree. Input: assignments
// separated by '\n' ("U1=0.8", "U4=true", …), applied in order to the plan's setting. Properties, not just
// "no crash":
//  - an assignment is accepted or refused with code PLAYGROUND_AJUSTE_INVALIDO and both messages, the refused
//    one leaving the setting as it was;
//  - an accepted one names a threshold (the text before the first '=') and sets only it: a switch to a bool,
//    a number to a finite value within the playable range give or take half a step;
//  - the setting replays (play, change records, the JSON object and both texts) twice to the same bytes, and the
//    plan's setting still gives no change.
// The source tree is found from this file's path (__FILE__), or from $PLANLANG_SOURCE_DIR.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <string>

#include "core/json/canonical.hpp"
#include "core/playground/compact.hpp"
#include "core/playground/replay.hpp"
#include "core/playground/result_json.hpp"
#include "core/playground/text.hpp"

using namespace planlang;

namespace {

void require(bool condition) {
    if (!condition) std::abort();
}

std::string source_root() {
    if (const char* env = std::getenv("PLANLANG_SOURCE_DIR")) return env;
    std::string here = __FILE__;  // <root>/tests/fuzz/playground_set_fuzz.cpp
    for (int i = 0; i < 3; ++i) here = here.substr(0, here.rfind('/'));
    return here;
}

std::shared_ptr<const playground::Compact>& compact() {
    static std::shared_ptr<const playground::Compact> c;
    return c;
}

std::string replayed(const playground::Compact& c, const playground::Setting& s) {
    const playground::Replay r = playground::play(c, s);
    const json::Value v = playground::replay_json(c, r, false);
    return json::disk_form(v) + playground::replay_text(v, false) + playground::replay_text(v, true);
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    const std::string root = source_root();
    const run::FileSource files = [root](const std::string& path) -> std::optional<std::string> {
        std::ifstream in(root + "/" + path, std::ios::binary);
        if (!in) return std::nullopt;
        std::ostringstream s;
        s << in.rdbuf();
        return s.str();
    };
    playground::LoadRequest request;
    request.lectura.main_run = "synthetic/runs/demo-a/demo-a-20";
    const playground::Loaded loaded = playground::load(request, files);
    require(loaded.ok && loaded.compacto && playground::self_check(*loaded.compacto).ok);
    compact() = loaded.compacto;
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const playground::Compact& c = *compact();
    const std::string input(reinterpret_cast<const char*>(data), size);
    playground::Setting setting = playground::plan_setting(c);
    std::size_t start = 0;
    int lines = 0;
    while (start <= input.size() && lines++ < 64) {
        const std::size_t end = std::min(input.find('\n', start), input.size());
        const std::string line = input.substr(start, end - start);
        start = end + 1;
        const playground::Setting before = setting;
        const std::optional<Issue> bad = playground::set_threshold(c, setting, line);
        if (bad) {
            require(bad->code == "PLAYGROUND_AJUSTE_INVALIDO" && !bad->message.es.empty() && !bad->message.en.empty());
            require(setting == before);
            continue;
        }
        const std::string id = line.substr(0, line.find('='));
        for (std::size_t t = 0; t < c.umbrales.size(); ++t) {
            const playground::Threshold& u = c.umbrales[t];
            if (u.id != id) {
                require(setting.valores[t] == before.valores[t]);
                continue;
            }
            const json::Value& x = setting.valores[t];
            if (u.booleano) {
                require(x.is_bool());
            } else {
                require(x.is_number() && std::isfinite(x.as_number()));
                require(x.as_number() >= u.min - u.paso / 2 && x.as_number() <= u.max + u.paso / 2);
            }
        }
    }
    const std::string once = replayed(c, setting);
    require(once == replayed(c, setting));
    require(playground::play(c, playground::plan_setting(c)).cambios.empty());
    return 0;
}
