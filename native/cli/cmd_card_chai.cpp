// planlang card --kind chai: placeholder while the card is written (replaced before this issue closes).
#include "native/cli/card_kinds.hpp"

namespace planlang::cli {

int card_chai(const playground::Loaded&, const CardOptions&) {
    return usage_error({"--kind chai aún no está escrita", "--kind chai is not written yet"});
}

}  // namespace planlang::cli
