// libFuzzer target for the rule parser (rule-language.md §2–§3): any bytes as a rule text. Checks, for
// every input: a result, never a crash, a hang or a stack overflow (ParseLimits bound the work); an
// error points inside the text (or just past it) with a caret line; an accepted text prints
// (to_source) to a text with the same tree, and that print is stable.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "core/rules/parser.hpp"

using namespace planlang::rules;

namespace {

void require(bool condition) {
    if (!condition) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    ParseLimits limits;
    limits.max_depth = 48;  // small enough that the fuzzer reaches it often
    const ParseResult result = parse(text, limits);
    if (!result.ok()) {
        const ParseError& e = *result.error;
        require(e.offset <= text.size() && e.line >= 1 && e.column >= 1);
        require(!e.message.es.empty() && !e.message.en.empty());
        require(e.caret.find('\n') != std::string::npos && e.caret.back() == '^');
        require(!code_name(e.code).empty());
        return 0;
    }
    const std::string tree = dump(result.ast);
    const std::string source = to_source(result.ast);
    // to_source never nests deeper than its input, but may be longer (1e20 → 100000000000000000000).
    ParseLimits relaxed = limits;
    relaxed.max_length = std::string::npos;
    const ParseResult again = parse(source, relaxed);
    require(again.ok());
    require(dump(again.ast) == tree);
    require(to_source(again.ast) == source);
    const References refs = references(result.ast);
    require(references(again.ast).paths == refs.paths && references(again.ast).functions == refs.functions);
    return 0;
}
