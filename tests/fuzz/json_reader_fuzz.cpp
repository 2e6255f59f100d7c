// libFuzzer target: the strict JSON reader plus everything built on a successful read (canonical forms,
// disk form, huella), held against nlohmann/json. Checks the properties that must hold for any input, not
// just "no crash".
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

#include "core/json/canonical.hpp"
#include "core/json/fingerprint.hpp"
#include "core/json/reader.hpp"
#include "support/second_reader.hpp"

using namespace planlang::json;

namespace {

void require(bool condition) {
    if (!condition) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    ReadLimits limits;
    limits.max_depth = 64;
    const ReadResult result = read(text, limits);
    // nlohmann/json, an independent second reader, reads the same value or refuses for a rule of its own, and
    // where only one of us refuses the reason is a rule the other does not have (support/second_reader.hpp).
    require(!planlang::testing::second_reader_disagrees(text, limits));
    // The reader keeps scratch containers between calls (a failed read included): reading again gives
    // the same result.
    const ReadResult twice = read(text, limits);
    require(twice.ok() == result.ok());
    // read_into a value carried from input to input (whatever the previous ones left in it, a failed read's
    // remains included) gives the same value or the same error, and so does its canonical copy.
    static Value carried;
    static CanonicalCopy carried_copy("huella");
    const std::optional<planlang::Issue> into = read_into(carried, text, limits, &carried_copy);
    require(into.has_value() == !result.ok());
    if (into) require(into->code == result.error->code && into->element == result.error->element && !carried_copy.canonical);
    else require(carried == result.value);
    if (!result.ok()) {
        require(!result.error->code.empty() && !result.error->element.empty());
        require(!result.error->message.es.empty() && !result.error->message.en.empty());
        require(twice.error->code == result.error->code && twice.error->element == result.error->element);
        CanonicalCopy copy("huella");
        const ReadResult copied = read(text, limits, copy);
        require(!copied.ok() && copied.error->code == result.error->code && !copy.canonical);
        return 0;
    }
    require(twice.value == result.value);
    // The canonical copy: the same value as a plain read; when it claims to be canonical it is
    // canonical_without_key byte for byte, and the canonical text itself is claimed unless it holds a \u
    // escape (the copy never claims one; a backslash-u found may also be an escaped backslash before a u).
    for (const char* skip : {"huella", ""}) {
        CanonicalCopy copy(skip);
        const ReadResult copied = read(text, limits, copy);
        require(copied.ok() && copied.value == result.value);
        if (copy.canonical) require(copy.text() == canonical_without_key(result.value, skip));
        if (std::string_view(skip) == "huella") {
            require(carried_copy.canonical == copy.canonical);
            if (copy.canonical) require(carried_copy.text() == copy.text());
        }
    }
    {
        const std::string canon = canonical(result.value);
        CanonicalCopy copy;
        require(read(canon, limits, copy).ok());
        require(copy.canonical || canon.find("\\u") != std::string::npos);
        if (copy.canonical) require(copy.text() == canon);
    }
    // canon(canon(x)) == canon(x) in both modes; the disk form reads back to the same canonical text.
    for (const Canon mode : {Canon::planlang, Canon::rfc8785}) {
        const std::string once = canonical(result.value, mode);
        const ReadResult again = read(once, limits);
        require(again.ok());
        require(canonical(again.value, mode) == once);
        // The streamed hash (32 KB pieces) is the hash of the whole text.
        require(canonical_sha256(result.value, "huella", mode) == sha256(canonical_without_key(result.value, "huella", mode)));
    }
    const std::string disk = disk_form(result.value);
    const ReadResult from_disk = read(disk, limits);
    require(from_disk.ok());
    require(canonical(from_disk.value) == canonical(result.value));
    require(huella(from_disk.value) == huella(result.value));
    return 0;
}
