#pragma once
// The scratch containers the reader keeps between reads (core/json/reader.cpp is their only user).
#include <cstddef>
#include <deque>
#include <string>
#include <utility>
#include <vector>

#include "core/common/thread_local.hpp"
#include "core/json/value.hpp"

namespace planlang::json::internal {

struct PathSegment {
    const std::string* key = nullptr;  // member name, or nullptr for an array element
    std::size_t index = 0;
};

// Scratch containers kept from one read() to the next on the same thread, so reading many similar
// documents (a run's traces) stops growing vectors after the first. Capacities above kKeptCapacity are
// given back at the end of a read: one huge document does not pin its memory.
inline constexpr std::size_t kKeptCapacity = 4096;

// The path of the value being read: a stack whose slots stay allocated when popped, so a push is a
// store (std::vector::push_back was an out-of-line call per member). The two fields are stored one by
// one: a PathSegment built on the stack and copied as one 16-byte load stalled on its two 8-byte stores
// (no store-to-load forwarding), a sixth of parse_value's time on a run's traces.
class PathStack {
public:
    void push(const std::string* key, std::size_t index) {
        if (m_size == m_slots.size()) {
            m_slots.emplace_back();
            m_slots.back().key = key;
            m_slots.back().index = index;
        } else {
            m_slots[m_size].key = key;
            m_slots[m_size].index = index;
        }
        ++m_size;
    }
    void pop() { --m_size; }
    PathSegment& back() { return m_slots[m_size - 1]; }
    const PathSegment& operator[](std::size_t i) const { return m_slots[i]; }
    std::size_t size() const { return m_size; }
    std::vector<PathSegment>& slots() { return m_slots; }
    void clear() { m_size = 0; }

private:
    std::vector<PathSegment> m_slots;
    std::size_t m_size = 0;
};

struct Scratch {
    std::deque<Array> elements;  // by depth
    std::deque<Object> members;  // by depth
    PathStack path;
    bool in_use = false;  // a reader holds it (the thread's own scratch)

    // Empty (a failed read leaves partial containers behind) and not larger than kKeptCapacity.
    void reset() {
        for (Array& a : elements) trim(a);
        for (Object& o : members) trim(o);
        trim(path.slots());
        path.clear();
    }
    template <typename T>
    static void trim(std::vector<T>& v) {
        if (v.capacity() > kKeptCapacity) std::vector<T>().swap(v);
        else v.clear();
    }
};

inline Scratch& thread_scratch() {
    PLANLANG_THREAD_LOCAL Scratch scratch;
    return scratch;
}

}  // namespace planlang::json::internal
