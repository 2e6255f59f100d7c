// The SHA-256 backend of WebAssembly builds. Under Node (the CLI, the tests, the benchmarks: their prelude,
// cmake/node_prelude.js, hands the module Node's crypto) inputs go to Node's OpenSSL, which hashes with
// SHA-NI where the CPU has it: ~1.4 GB/s against ~190 MB/s for the portable code compiled to wasm, which
// was a quarter of `verify` under Node. Elsewhere (the playground in a browser, where hashing must stay
// synchronous and WebCrypto is not) it is the portable code. Both give the same digest; the tests compare
// them on every input they hash, natively, under Node and in Chromium.
#include <emscripten.h>

#include "core/json/sha256.hpp"
#include "native/crypto/update_buffer.hpp"

namespace planlang::json {
namespace {

// A call into Node costs about what the portable code needs for 500 bytes (createHash, digest and the
// Buffer they make: ~2.5 µs, bench history at 1a35ddd, "SHA-256 under Node"), so shorter inputs stay in wasm.
constexpr std::size_t kNodeFrom = 1024;

EM_JS(int, node_crypto_present, (), { return Module['planlangCrypto'] ? 1 : 0; });

EM_JS(void, node_sha256, (const void* data, size_t size, void* out), {
    const crypto = Module['planlangCrypto'];
    const input = HEAPU8.subarray(data >>> 0, (data >>> 0) + size);
    // crypto.hash (Node 20.12 and later) makes no Hash object; createHash where it is missing.
    const digest = crypto.hash ? crypto.hash('sha256', input, 'buffer') : crypto.createHash('sha256').update(input).digest();
    HEAPU8.set(digest, out >>> 0);
});

// Incremental hashes live in a table on the module; the wasm side holds their index.
EM_JS(int, node_stream_begin, (), {
    const table = Module['planlangHashes'] || (Module['planlangHashes'] = {hashes: [], free: []});
    const hash = Module['planlangCrypto'].createHash('sha256');
    if (table.free.length > 0) {
        const index = table.free.pop();
        table.hashes[index] = hash;
        return index;
    }
    table.hashes.push(hash);
    return table.hashes.length - 1;
});

EM_JS(void, node_stream_update, (int index, const void* data, size_t size), {
    // update() copies what it is given before it returns, so a view on linear memory is safe.
    Module['planlangHashes'].hashes[index].update(HEAPU8.subarray(data >>> 0, (data >>> 0) + size));
});

// Writes the digest to `out` (none when it is null: the stream was dropped unfinished) and frees the slot.
EM_JS(void, node_stream_end, (int index, void* out), {
    const table = Module['planlangHashes'];
    const hash = table.hashes[index];
    table.hashes[index] = undefined;
    table.free.push(index);
    if (out) HEAPU8.set(hash.digest(), out >>> 0);
});

bool node_present() {
    static const bool present = node_crypto_present() != 0;
    return present;
}

// A stream's state: the portable hash outside Node. Under Node the updates gather in a buffer (the canonical
// writer and the streamed documents hand over many short pieces); Node's hash object is made only when the
// buffer first overflows, so a stream that stays short is hashed in one call by sha256() below, which
// keeps inputs under kNodeFrom in wasm.
struct StreamState {
    static constexpr std::size_t kBuffer = 8192;
    Sha256 portable;
    bool under_node = node_present();
    int node = -1;  // Node's hash object, once made
    native::UpdateBuffer<kBuffer> buffer;

    // Where gathered updates go: Node's hash object, made on first use.
    void to_node(const void* data, std::size_t size) {
        if (node < 0) node = node_stream_begin();
        node_stream_update(node, data, size);
    }
};

StreamState& state(void* p) { return *static_cast<StreamState*>(p); }

}  // namespace

Digest sha256(std::string_view data) {
    if (data.size() < kNodeFrom || !node_present()) return sha256_portable(data);
    Digest out;
    node_sha256(data.data(), data.size(), out.data());
    return out;
}

// Node's OpenSSL takes one message per call: the two go one after the other.
void sha256_pair(std::string_view a, std::string_view b, Digest& digest_a, Digest& digest_b) {
    digest_a = sha256(a);
    digest_b = sha256(b);
}

Sha256Stream::Sha256Stream() : m_state(new StreamState) {}

Sha256Stream::~Sha256Stream() {
    StreamState& s = state(m_state);
    if (s.node >= 0) node_stream_end(s.node, nullptr);
    delete &s;
}

void Sha256Stream::update(const void* data, std::size_t size) {
    StreamState& s = state(m_state);
    if (!s.under_node) {
        s.portable.update(data, size);
        return;
    }
    s.buffer.add(data, size, [&s](const void* d, std::size_t n) { s.to_node(d, n); });
}

Digest Sha256Stream::finish() {
    StreamState& s = state(m_state);
    if (!s.under_node) return s.portable.finish();
    if (s.node < 0) return sha256(std::string_view(reinterpret_cast<const char*>(s.buffer.bytes), s.buffer.buffered));
    s.buffer.flush([&s](const void* d, std::size_t n) { s.to_node(d, n); });
    Digest out;
    node_stream_end(s.node, out.data());
    s.node = -1;
    return out;
}

const char* sha256_backend_name() { return node_present() ? "node" : "portable"; }

}  // namespace planlang::json
