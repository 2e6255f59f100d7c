#pragma once
// Strict JSON reader (RFC 8259 + I-JSON duties of RFC 8785 §3.1; decisions.md D1–D2).
// Rejects, with a code, the JSON path and line:column: syntax errors, invalid UTF-8, duplicate keys
// in one object, lone surrogates in keys, NaN/Infinity, numbers that overflow a double, nesting
// deeper than ReadLimits::max_depth and documents larger than ReadLimits::max_bytes.
// Accepted numbers keep their nearest double (as JSON.parse), lone surrogates in string values are
// kept as WTF-8.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "core/common/issue.hpp"
#include "core/json/value.hpp"

namespace planlang::json {

struct ReadLimits {
    std::size_t max_depth = 512;                   // nested arrays/objects; 100,000 gives JSON_PROFUNDIDAD
    std::size_t max_bytes = std::size_t{1} << 30;  // 1 GiB; larger inputs give JSON_TAMANO
};

struct ReadResult {
    Value value;
    std::optional<Issue> error;  // codes: JSON_SINTAXIS, JSON_UTF8_INVALIDO, JSON_CLAVE_DUPLICADA,
                                 // JSON_SURROGADO_EN_CLAVE, JSON_NUMERO_NO_FINITO, JSON_PROFUNDIDAD,
                                 // JSON_TAMANO
    bool ok() const { return !error.has_value(); }
};

// Asked of read() by a caller that will hash or keep the value's canonical form: the text's tokens as they
// stand, the whitespace between them dropped and the top-level member `skip_key` (when the value is an
// object) left out. Files planlang writes are in canonical order with canonical strings and numbers, so
// for them that copy IS canonical_without_key(value, skip_key) (canonical.hpp), obtained without writing
// the tree out again. The reader says whether it is, deciding conservatively: any escape other than the
// short ones canonical form writes (\" \\ \b \f \n \r \t), a string that is not NFC by the quick check, keys
// not in strictly increasing UTF-16 order, or a number not written as canonical form writes it, and
// `canonical` is false (the copy is then unspecified: write the tree instead).
struct CanonicalCopy {
    CanonicalCopy() = default;
    explicit CanonicalCopy(std::string_view skip) : skip_key(skip) {}

    std::string_view skip_key;  // "" for none
    bool canonical = false;     // after read(): the value was read and text() is its canonical form

    std::string_view text() const { return std::string_view(buffer).substr(0, size); }
    void assign(std::string s) {  // the canonical form written from the tree instead
        buffer = std::move(s);
        size = buffer.size();
    }
    // The copy is text()'s first `size` bytes of `buffer`, which keeps its length from one read to the next
    // (it grows to the largest text read): a CanonicalCopy reused for many documents is filled in place.
    std::string buffer;
    std::size_t size = 0;
};

ReadResult read(std::string_view text, const ReadLimits& limits = {});
ReadResult read(std::string_view text, const ReadLimits& limits, CanonicalCopy& copy);

// A caller that reads some top-level members of an object itself, typed, where their text has a shape it
// knows, instead of the reader building them into the tree (read_into's `scanner`).
class MemberScanner {
public:
    virtual ~MemberScanner() = default;
    // Offered the value of each top-level member while a canonical copy is being made and the text is
    // canonical so far (never the copy's skip_key): `text` runs from the value's first byte to the end of
    // the document. Returns 0 to decline — the reader then reads the value as it would without a scanner —
    // or the number of bytes the value takes, having written its canonical form at `canonical` (`written`
    // bytes; there is room for as many as it took). Taking a value promises that the reader would have read
    // those bytes without an error, nested at most `depth_left` levels below the document, to that same
    // canonical form, canonical. The member is then in the tree with the value null — so a caller that finds
    // the copy not canonical in the end (the text went on otherwise) reads the text again without a scanner
    // before it writes the tree's canonical form.
    virtual std::size_t scan(std::string_view key, std::string_view text, std::size_t depth_left, char* canonical,
                             std::size_t& written) = 0;
};

// read() into a value kept from the previous read, returning the error if any (`value` is then unspecified).
// The same value results as from read(), but what `value` holds is reused: where the text has the shape of
// the document read into it before, its containers and strings are overwritten in place, keeping their
// capacity. Reading a run's traces one after another into the same value then no longer allocates a tree
// and frees it again for each trace. With a `scanner`, the top-level members it takes are null in `value`.
std::optional<Issue> read_into(Value& value, std::string_view text, const ReadLimits& limits = {}, CanonicalCopy* copy = nullptr,
                               MemberScanner* scanner = nullptr);

}  // namespace planlang::json
