// The native SHA-256 backend: OpenSSL 3's EVP interface (SHA-NI / AVX2 code paths where the CPU has
// them). Kept out of core/ so the core never includes an OpenSSL header (style.md, "Layout").
#include <cstdio>
#include <cstdlib>

#include <openssl/evp.h>

#include "core/json/sha256.hpp"
#include "native/crypto/update_buffer.hpp"
#if PLANLANG_SHA_NI
#include "native/crypto/sha256_sha_ni.hpp"
#endif

namespace planlang::json {

namespace {

// The SHA-256 implementation fetched from OpenSSL's provider once per process. EVP_sha256() names it
// but makes every EVP_DigestInit_ex fetch it again (a provider lookup and a lock): ~1 % of verifying a
// trace, one huella per trace. Never freed: it lives as long as the process.
const EVP_MD* sha256_md() {
    static EVP_MD* const md = EVP_MD_fetch(nullptr, "SHA256", nullptr);
    return md != nullptr ? md : EVP_sha256();
}

}  // namespace

Digest sha256(std::string_view data) {
    Digest out;
    unsigned int size = 0;
    // EVP_Digest fails only when OpenSSL cannot allocate or its provider is missing: a broken
    // installation, not bad input, so there is nothing a caller could do with an error value.
    if (EVP_Digest(data.data(), data.size(), out.data(), &size, sha256_md(), nullptr) != 1 ||
        size != out.size()) {
        std::fputs("planlang: OpenSSL EVP_Digest(SHA-256) failed; the OpenSSL installation is broken\n", stderr);
        std::abort();
    }
    return out;
}

void sha256_pair(std::string_view a, std::string_view b, Digest& digest_a, Digest& digest_b) {
#if PLANLANG_SHA_NI
    if (native::sha_ni::available()) {
        native::sha_ni::sha256_two(reinterpret_cast<const std::uint8_t*>(a.data()), a.size(), reinterpret_cast<const std::uint8_t*>(b.data()),
                                   b.size(), digest_a.data(), digest_b.data());
        return;
    }
#endif
    digest_a = sha256(a);
    digest_b = sha256(b);
}

namespace {

// Like EVP_Digest above, these fail only on a broken installation.
void require(bool ok, const char* what) {
    if (ok) return;
    std::fprintf(stderr, "planlang: OpenSSL %s(SHA-256) failed; the OpenSSL installation is broken\n", what);
    std::abort();
}

// A stream's context, and the small updates gathered before they go to OpenSSL (update_buffer.hpp).
struct StreamState {
    EVP_MD_CTX* context = nullptr;
    native::UpdateBuffer<16384> buffer;

    void to_openssl(const void* data, std::size_t size) {
        require(EVP_DigestUpdate(context, data, size) == 1, "EVP_DigestUpdate");
    }
};

StreamState& state(void* s) { return *static_cast<StreamState*>(s); }

}  // namespace

Sha256Stream::Sha256Stream() : m_state(new StreamState) {
    StreamState& s = state(m_state);
    s.context = EVP_MD_CTX_new();
    require(s.context != nullptr, "EVP_MD_CTX_new");
    require(EVP_DigestInit_ex(s.context, sha256_md(), nullptr) == 1, "EVP_DigestInit_ex");
}

Sha256Stream::~Sha256Stream() {
    StreamState& s = state(m_state);
    EVP_MD_CTX_free(s.context);
    delete &s;
}

void Sha256Stream::update(const void* data, std::size_t size) {
    StreamState& s = state(m_state);
    s.buffer.add(data, size, [&s](const void* d, std::size_t n) { s.to_openssl(d, n); });
}

Digest Sha256Stream::finish() {
    StreamState& s = state(m_state);
    s.buffer.flush([&s](const void* d, std::size_t n) { s.to_openssl(d, n); });
    Digest out;
    unsigned int size = 0;
    require(EVP_DigestFinal_ex(s.context, out.data(), &size) == 1 && size == out.size(), "EVP_DigestFinal_ex");
    return out;
}

const char* sha256_backend_name() { return "openssl"; }

}  // namespace planlang::json
