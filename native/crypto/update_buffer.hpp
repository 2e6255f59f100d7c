#pragma once
// Small updates gathered before they reach a hash backend that charges per call (OpenSSL's EVP dispatch,
// natively; a call from wasm into Node's crypto): a streamed document is hashed an item at a time, ~100
// bytes and a comma each for the expected branches. Used by both Sha256Stream backends.
#include <cstddef>
#include <cstring>

namespace planlang::native {

template <std::size_t N>
struct UpdateBuffer {
    std::size_t buffered = 0;
    unsigned char bytes[N];

    // Appends `data`; when it does not fit, hands what is gathered to sink(bytes, size) first, and an update
    // as large as the buffer goes to the sink as it is.
    template <class Sink>
    void add(const void* data, std::size_t size, Sink&& sink) {
        if (buffered + size <= N) {
            if (size > 0) std::memcpy(bytes + buffered, data, size);
            buffered += size;
            return;
        }
        flush(sink);
        if (size < N) {
            std::memcpy(bytes, data, size);
            buffered = size;
        } else {
            sink(data, size);
        }
    }

    template <class Sink>
    void flush(Sink&& sink) {
        if (buffered > 0) sink(static_cast<const void*>(bytes), buffered);
        buffered = 0;
    }
};

}  // namespace planlang::native
