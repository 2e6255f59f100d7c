// The native SHA-256 backend: OpenSSL 3's EVP interface (SHA-NI / AVX2 code paths where the CPU has
// them). Kept out of core/ so the core never includes an OpenSSL header (style.md, "Layout").
#include <cstdio>
#include <cstdlib>

#include <openssl/evp.h>

#include "core/json/sha256.hpp"

namespace planlang::json {

Digest sha256(std::string_view data) {
    Digest out;
    unsigned int size = 0;
    // EVP_Digest fails only when OpenSSL cannot allocate or its provider is missing: a broken
    // installation, not bad input, so there is nothing a caller could do with an error value.
    if (EVP_Digest(data.data(), data.size(), out.data(), &size, EVP_sha256(), nullptr) != 1 ||
        size != out.size()) {
        std::fputs("planlang: OpenSSL EVP_Digest(SHA-256) failed; the OpenSSL installation is broken\n", stderr);
        std::abort();
    }
    return out;
}

const char* sha256_backend_name() { return "openssl"; }

}  // namespace planlang::json
