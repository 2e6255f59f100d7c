// See fast/plain_visit.hpp. A 10,000-case round has ~31,000 visits of ~150 bytes: read into a tree and
// checked one by one, they took ~36 ms of CPU a round (perf, bench --cases 50000), about a tenth of
// verifying it, most of it the reader's and the schema check's cost per document rather than per byte.
#include "core/run/fast/plain_visit.hpp"

#include "core/run/fast/plain_scan.hpp"

namespace planlang::run::internal {

bool read_plain_visit(std::string_view item, std::string& canonical) {
    const std::size_t before = canonical.size();
    canonical.resize(before + item.size());
    PlainScan s(item, &canonical[before]);
    const bool plain = [&s] {
        if (!s.token("{") || !s.token("\"caso_id\"") || !s.token(":") || !s.plain_string(true) || !s.token(",")) return false;
        if (!s.token("\"desde\"") || !s.token(":") || !s.plain_string(true) || !s.token(",")) return false;
        if (!s.token("\"paso\"") || !s.token(":") || !s.integer_from_one() || !s.token(",")) return false;
        if (!s.token("\"rama_tomada\"") || !s.token(":") || !(s.token("null") || s.plain_string(false)) || !s.token(",")) return false;
        if (!s.token("\"resultados\"") || !s.token(":") || !s.token("[")) return false;
        if (!s.token("]")) {
            if (!s.boolean()) return false;
            while (s.token(","))
                if (!s.boolean()) return false;
            if (!s.token("]")) return false;
        }
        if (!s.token("}")) return false;
        s.space();
        return s.at_end();
    }();
    canonical.resize(plain ? static_cast<std::size_t>(s.written() - canonical.data()) : before);
    return plain;
}

}  // namespace planlang::run::internal
