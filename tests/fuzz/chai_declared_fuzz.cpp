// libFuzzer target: the CHAI card's declared-facts file (core/cards/chai.hpp check_declared), read as planlang
// reads every JSON file (core/json strict reader) and then checked. Properties, not just "no crash":
//  - a document the reader refuses never reaches the check; one it accepts is accepted or refused by the check
//    with issues that each carry the code DECLARADO_INVALIDO, an element that is a JSON path ("$…") and both
//    messages;
//  - the check is deterministic (the same issues twice).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "core/cards/chai.hpp"
#include "core/json/reader.hpp"

namespace {

void require(bool condition) {
    if (!condition) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    const planlang::json::ReadResult read = planlang::json::read(bytes);
    if (!read.ok()) return 0;
    const planlang::Issues issues = planlang::cards::check_declared(read.value);
    for (const planlang::Issue& i : issues) {
        require(i.code == "DECLARADO_INVALIDO");
        require(!i.element.empty() && i.element[0] == '$');
        require(!i.message.es.empty() && !i.message.en.empty());
    }
    require(planlang::cards::check_declared(read.value) == issues);
    return 0;
}
