// The SHA-256 backend of builds without a platform library (WebAssembly): the portable code itself.
// Natively native/crypto/sha256_openssl.cpp defines these two functions instead (style.md, "Layout").
#include "core/json/sha256.hpp"

namespace planlang::json {

Digest sha256(std::string_view data) { return sha256_portable(data); }

Sha256Stream::Sha256Stream() : m_state(new Sha256()) {}
Sha256Stream::~Sha256Stream() { delete static_cast<Sha256*>(m_state); }
void Sha256Stream::update(const void* data, std::size_t size) { static_cast<Sha256*>(m_state)->update(data, size); }
Digest Sha256Stream::finish() { return static_cast<Sha256*>(m_state)->finish(); }

const char* sha256_backend_name() { return "portable"; }

}  // namespace planlang::json
