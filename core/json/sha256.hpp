#pragma once
// SHA-256 (FIPS 180-4). sha256() uses the platform's backend chosen by CMake (OpenSSL natively,
// the portable implementation in WebAssembly); sha256_portable() is always the portable code, so
// tests run both on the same vectors.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace planlang::json {

using Digest = std::array<std::uint8_t, 32>;

// Incremental portable SHA-256.
class Sha256 {
public:
    Sha256();
    void update(const void* data, std::size_t size);
    void update(std::string_view s) { update(s.data(), s.size()); }
    Digest finish();  // the object must not be used afterwards

private:
    void compress(const std::uint8_t* block);
    std::array<std::uint32_t, 8> m_state;
    std::array<std::uint8_t, 64> m_buffer;
    std::size_t m_buffered = 0;
    std::uint64_t m_length = 0;  // bytes
};

// Incremental SHA-256 of the platform backend: the digest sha256() gives for the concatenation of the
// updates. Lets a writer hash its output in chunks instead of building the whole text first.
class Sha256Stream {
public:
    Sha256Stream();
    ~Sha256Stream();
    Sha256Stream(const Sha256Stream&) = delete;
    Sha256Stream& operator=(const Sha256Stream&) = delete;
    void update(const void* data, std::size_t size);
    void update(std::string_view s) { update(s.data(), s.size()); }
    Digest finish();  // the object must not be updated afterwards

private:
    void* m_state;  // the backend's context
};

Digest sha256_portable(std::string_view data);
Digest sha256(std::string_view data);      // platform backend
// sha256(a) and sha256(b), hashed together where the backend can interleave two messages (natively, on a
// CPU with the SHA extensions: ~1.5× the speed of one after the other); elsewhere one after the other.
void sha256_pair(std::string_view a, std::string_view b, Digest& digest_a, Digest& digest_b);
const char* sha256_backend_name();          // "openssl" or "portable"
std::string to_hex(const Digest& d);        // 64 lowercase hex digits

}  // namespace planlang::json
