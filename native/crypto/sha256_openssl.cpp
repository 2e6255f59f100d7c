// The native SHA-256 backend: OpenSSL 3's EVP interface (SHA-NI / AVX2 code paths where the CPU has
// them). Kept out of core/ so the core never includes an OpenSSL header (style.md, "Layout").
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <openssl/evp.h>

#include "core/json/sha256.hpp"
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

// A stream's context, and the small updates gathered before they go to OpenSSL: a streamed document is
// hashed an item at a time (the expected-branches file of a 10,000-case run: ~31,000 visits of ~100 bytes,
// each with its comma), and every EVP_DigestUpdate call costs its dispatch whatever its size — on the task
// that hashes in order while the other cores wait for it.
struct StreamState {
    static constexpr std::size_t kBuffer = 16384;
    EVP_MD_CTX* context = nullptr;
    std::size_t buffered = 0;
    unsigned char buffer[kBuffer];

    void flush() {
        if (buffered > 0) require(EVP_DigestUpdate(context, buffer, buffered) == 1, "EVP_DigestUpdate");
        buffered = 0;
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
    if (s.buffered + size <= StreamState::kBuffer) {
        if (size > 0) std::memcpy(s.buffer + s.buffered, data, size);
        s.buffered += size;
        return;
    }
    s.flush();
    if (size < StreamState::kBuffer) {
        std::memcpy(s.buffer, data, size);
        s.buffered = size;
    } else {
        require(EVP_DigestUpdate(s.context, data, size) == 1, "EVP_DigestUpdate");
    }
}

Digest Sha256Stream::finish() {
    StreamState& s = state(m_state);
    s.flush();
    Digest out;
    unsigned int size = 0;
    require(EVP_DigestFinal_ex(s.context, out.data(), &size) == 1 && size == out.size(), "EVP_DigestFinal_ex");
    return out;
}

const char* sha256_backend_name() { return "openssl"; }

}  // namespace planlang::json
