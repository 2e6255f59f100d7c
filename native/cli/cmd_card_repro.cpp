// planlang card --kind repro: placeholder while the card is written (replaced before this issue closes).
#include "native/cli/card_kinds.hpp"

namespace planlang::cli {

int card_repro(const playground::Loaded&, const CardOptions&) {
    return usage_error({"--kind repro aún no está escrita", "--kind repro is not written yet"});
}

}  // namespace planlang::cli
