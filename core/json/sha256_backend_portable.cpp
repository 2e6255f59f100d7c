// The SHA-256 backend of builds without a platform library (WebAssembly): the portable code itself.
// Natively native/crypto/sha256_openssl.cpp defines these two functions instead (style.md, "Layout").
#include "core/json/sha256.hpp"

namespace planlang::json {

Digest sha256(std::string_view data) { return sha256_portable(data); }

const char* sha256_backend_name() { return "portable"; }

}  // namespace planlang::json
