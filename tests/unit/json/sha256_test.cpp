// SHA-256: known answers from NIST, then the platform backend (OpenSSL natively, Node's crypto under Node,
// the portable code in a browser), the one-shot portable function and the incremental class must agree on
// every length.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/json/sha256.hpp"

using planlang::json::Digest;
using planlang::json::Sha256;
using planlang::json::sha256;
using planlang::json::sha256_backend_name;
using planlang::json::sha256_portable;
using planlang::json::to_hex;

namespace {

// splitmix64 (Steele, Lea, Flood 2014): fully specified, so the bytes are the same in every build
// (std:: distributions are not). The known digests below were computed from these bytes with Python's
// hashlib, an implementation independent of both of ours.
struct SplitMix64 {
    std::uint64_t state;
    std::uint64_t next() {
        std::uint64_t z = (state += 0x9e3779b97f4a7c15u);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
        return z ^ (z >> 31);
    }
};

std::string random_bytes(std::uint64_t seed, std::size_t n) {
    SplitMix64 rng{seed};
    std::string out;
    out.reserve(n + 8);
    while (out.size() < n) {
        std::uint64_t v = rng.next();
        for (int i = 0; i < 8; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xff));  // little-endian
    }
    out.resize(n);
    return out;
}

constexpr std::uint64_t kDataSeed = 20261129;

// Feeds `data` to the incremental class in chunks whose sizes (0 included) come from `rng`; a few
// chunks are long so the straight-from-input path for full blocks also runs after a partial block.
Digest chunked(std::string_view data, SplitMix64& rng) {
    Sha256 h;
    std::size_t at = 0;
    while (at < data.size()) {
        std::uint64_t r = rng.next();
        std::size_t size = (r & 7) == 0 ? static_cast<std::size_t>(r >> 8) % 1000 : static_cast<std::size_t>(r >> 8) % 70;
        if (size > data.size() - at) size = data.size() - at;
        h.update(data.data() + at, size);
        at += size;
    }
    h.update(data.data() + at, 0);
    return h.finish();
}

std::string hex_of_portable_and_backend(std::string_view data) {
    const std::string portable = to_hex(sha256_portable(data));
    CHECK(to_hex(sha256(data)) == portable);
    return portable;
}

}  // namespace

TEST_CASE("sha256: backend name matches the build") {
#ifdef __EMSCRIPTEN__
    // The tests run under Node, whose crypto the prelude hands to the module (cmake/node_prelude.js).
    CHECK(std::string(sha256_backend_name()) == "node");
#else
    CHECK(std::string(sha256_backend_name()) == "openssl");
#endif
}

// FIPS 180-4 refers to NIST's "Examples with intermediate values" (SHA256.pdf) for these messages:
// one block, two blocks (448 bits, padding needs a second block), and 896 bits; one million 'a' is
// FIPS 180-2 Appendix B.3.
TEST_CASE("sha256: NIST example vectors (portable and backend)") {
    CHECK(hex_of_portable_and_backend("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    CHECK(hex_of_portable_and_backend("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    CHECK(hex_of_portable_and_backend("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
          "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    CHECK(hex_of_portable_and_backend("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopq"
                                      "klmnopqrlmnopqrsmnopqrstnopqrstu") ==
          "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1");
    CHECK(hex_of_portable_and_backend(std::string(1000000, 'a')) ==
          "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST_CASE("sha256: one million 'a' fed incrementally, 1000 bytes at a time") {
    const std::string thousand(1000, 'a');
    Sha256 h;
    for (int i = 0; i < 1000; ++i) h.update(thousand);
    CHECK(to_hex(h.finish()) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

// CAVP SHA256ShortMsg.rsp (byte-oriented), Len = 8, 16, 24 bits.
TEST_CASE("sha256: CAVP short messages") {
    CHECK(hex_of_portable_and_backend("\xd3") == "28969cdfa74a12c82f3bad960b0b000aca2ac329deea5c2328ebc6f2ba9802c1");
    CHECK(hex_of_portable_and_backend("\x11\xaf") == "5ca7133fa735326081558ac312c620eeca9970d1e70a4b95533d956f072d1f98");
    CHECK(hex_of_portable_and_backend("\xb4\x19\x0e") ==
          "dff2e73091f6c05e528896c4c831b9448653dc2ff043528f6769437bc7b975c2");
}

TEST_CASE("to_hex: lowercase, two digits per byte, leading zeros kept") {
    Digest d{};
    d[0] = 0x00;
    d[1] = 0x0f;
    d[2] = 0xa0;
    d[31] = 0xff;
    CHECK(to_hex(d) == "000fa0" + std::string(56, '0') + "ff");
}

// Every padding case (length mod 64 = 0..63, 55/56 where the length spills into a second block) many
// times over, and whole-block runs after a partial block. Natively this compares OpenSSL with our code;
// in wasm the digest of all digests is checked against a value computed by another implementation.
TEST_CASE("sha256: backend, one-shot and incremental agree for lengths 0..1100") {
    const std::string data = random_bytes(kDataSeed, 1100);
    SplitMix64 chunks{7};
    Sha256 all;  // hashes the concatenation of every digest
    for (std::size_t n = 0; n <= 1100; ++n) {
        CAPTURE(n);
        const std::string_view prefix(data.data(), n);
        const Digest portable = sha256_portable(prefix);
        CHECK(sha256(prefix) == portable);
        CHECK(chunked(prefix, chunks) == portable);
        all.update(portable.data(), portable.size());
    }
    CHECK(to_hex(all.finish()) == "268ba4f7ff49d67c51ef7a2e247d293b92725ea28fec752bf3d49e99460bb868");
}

TEST_CASE("sha256: large inputs") {
    const std::string data = random_bytes(kDataSeed, 5000000);
    struct Known {
        std::size_t size;
        const char* hex;
    };
    const Known known[] = {
        {1u << 20, "6e2752bc9eb1c397e14b2056827d1848aff29e04c6eb5c114eb5d29d5ecec8ac"},
        {(1u << 20) + 63, "554d611b237d7f341a194ae77b9bc1b8e354084271e370472602375e5e8d5ff9"},
        {5000000, "0b85420aa9408b35106c2279e4622ff3a1b6f7bdc576f53f99294685469556b1"},
    };
    SplitMix64 chunks{11};
    for (const Known& k : known) {
        CAPTURE(k.size);
        const std::string_view prefix(data.data(), k.size);
        CHECK(to_hex(sha256_portable(prefix)) == k.hex);
        CHECK(to_hex(sha256(prefix)) == k.hex);
        CHECK(to_hex(chunked(prefix, chunks)) == k.hex);
    }
}

// The platform backend's incremental form (what the huella streams into) against the one-shot digest,
// with the same random chunking as the portable class above, past the writer's 32 KB window.
TEST_CASE("sha256: Sha256Stream equals sha256() for every chunking") {
    using planlang::json::Sha256Stream;
    const std::string data = random_bytes(kDataSeed, 200000);
    SplitMix64 rng{13};
    for (const std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{55}, std::size_t{64}, std::size_t{1000},
                                std::size_t{16384}, std::size_t{16385}, std::size_t{32768}, std::size_t{32769}, std::size_t{200000}}) {
        CAPTURE(n);
        const std::string_view prefix(data.data(), n);
        Sha256Stream stream;
        std::size_t at = 0;
        while (at < n) {
            const std::uint64_t r = rng.next();
            std::size_t size = (r & 3) == 0 ? static_cast<std::size_t>(r >> 8) % 40000 : static_cast<std::size_t>(r >> 8) % 70;
            if (size > n - at) size = n - at;
            stream.update(prefix.data() + at, size);
            at += size;
        }
        stream.update(prefix.data() + at, 0);
        CHECK(stream.finish() == sha256_portable(prefix));
    }
}

// Streams open at once, fed in turns, some dropped unfinished: under Node each one is a hash object in a
// table the module keeps, whose slots are reused, so a mix-up between streams would show here.
TEST_CASE("sha256: interleaved and abandoned Sha256Streams keep their own state") {
    using planlang::json::Sha256Stream;
    const std::string data = random_bytes(kDataSeed, 60000);
    for (int round = 0; round < 3; ++round) {
        CAPTURE(round);
        std::vector<std::unique_ptr<Sha256Stream>> streams;
        for (int i = 0; i < 6; ++i) streams.push_back(std::make_unique<Sha256Stream>());
        std::vector<std::size_t> fed(streams.size(), 0);
        SplitMix64 rng{static_cast<std::uint64_t>(17 + round)};
        for (int step = 0; step < 400; ++step) {
            const std::size_t i = static_cast<std::size_t>(rng.next() % streams.size());
            const std::size_t size = std::min<std::size_t>(static_cast<std::size_t>(rng.next() % 3000), data.size() - fed[i]);
            streams[i]->update(data.data() + fed[i], size);
            fed[i] += size;
        }
        streams[1].reset();  // dropped unfinished: its slot is reused by the next stream
        streams[4].reset();
        streams[1] = std::make_unique<Sha256Stream>();
        fed[1] = 0;
        streams[1]->update(data.data(), 5000);
        fed[1] = 5000;
        for (std::size_t i = 0; i < streams.size(); ++i) {
            if (!streams[i]) continue;
            CAPTURE(i);
            CHECK(streams[i]->finish() == sha256_portable(std::string_view(data.data(), fed[i])));
        }
    }
}

// Two messages hashed together give each one's own digest: every pair of lengths around the block and
// padding edges (equal, one longer by a block or more, one empty), two long ones, and the pair's halves
// swapped. Natively on a CPU with the SHA extensions this is the interleaved code; elsewhere, two calls.
TEST_CASE("sha256: sha256_pair gives each message's digest") {
    using planlang::json::sha256_pair;
    const std::string data = random_bytes(kDataSeed, 300000);
    const std::size_t edges[] = {0, 1, 55, 56, 63, 64, 65, 119, 120, 127, 128, 129, 200, 1000, 8704, 8767};
    int checked = 0;
    for (const std::size_t na : edges) {
        for (const std::size_t nb : edges) {
            CAPTURE(na);
            CAPTURE(nb);
            // Different bytes for the two, so a swapped or shared lane would show.
            const std::string_view a(data.data(), na), b(data.data() + 100000, nb);
            Digest da{}, db{};
            sha256_pair(a, b, da, db);
            CHECK(da == sha256_portable(a));
            CHECK(db == sha256_portable(b));
            ++checked;
        }
    }
    SplitMix64 rng{17};
    for (int k = 0; k < 200; ++k) {
        const std::size_t na = rng.next() % 20000, nb = rng.next() % 20000;
        CAPTURE(na);
        CAPTURE(nb);
        const std::string_view a(data.data() + rng.next() % 1000, na), b(data.data() + 150000 + rng.next() % 1000, nb);
        Digest da{}, db{};
        sha256_pair(a, b, da, db);
        CHECK(da == sha256_portable(a));
        CHECK(db == sha256_portable(b));
        ++checked;
    }
    const std::string_view long_a(data.data(), 299999), long_b(data.data() + 1, 250000);
    Digest da{}, db{};
    sha256_pair(long_a, long_b, da, db);
    CHECK(da == sha256_portable(long_a));
    CHECK(db == sha256_portable(long_b));
    CHECK(checked == 16 * 16 + 200);
}
