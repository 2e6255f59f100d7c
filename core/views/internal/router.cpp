// A* routing of the diagram's arrows (router.hpp; spec/site-and-cards.md §3).
#include "core/views/internal/router.hpp"

#include <algorithm>
#include <cassert>
#include <cstdlib>
#include <functional>
#include <utility>

namespace planlang::views::internal {

namespace {

constexpr int kDx[4] = {1, 0, -1, 0};
constexpr int kDy[4] = {0, 1, 0, -1};
constexpr std::int32_t kUnset = -1;

bool horizontal(int d) { return d == 0 || d == 2; }

}  // namespace

Router::Router(std::vector<Box> boxes, int width, int height, int top) : m_boxes(std::move(boxes)) {
    m_nx = width / kGrid + 1;
    m_ny = (height - kGridY0) / kGrid + 1;
    const std::size_t n = static_cast<std::size_t>(m_nx) * static_cast<std::size_t>(m_ny);
    m_blocked.assign(n, 0);
    m_edge_h.assign(n, 0);
    m_edge_v.assign(n, 0);
    m_through_h.assign(n, 0);
    m_through_v.assign(n, 0);
    m_g.assign(n * 4, 0);
    m_parent.assign(n * 4, kUnset);
    m_stamp.assign(n * 4, 0);
    m_closed.assign(n * 4, 0);
    m_port_at.assign(n, -1);
    for (int j = 0; j < m_ny && kGridY0 + j * kGrid < top; ++j)
        for (int i = 0; i < m_nx; ++i) m_blocked[static_cast<std::size_t>(index(i, j))] = 1;
    m_ports.resize(m_boxes.size());
    for (std::size_t b = 0; b < m_boxes.size(); ++b) {
        const Box& box = m_boxes[b];
        assert(box.x % kGrid == 0 && box.y % kGrid == 0 && box.w % kGrid == 0 && box.h == kBoxHeight && "boxes sit on the grid");
        // Grid points on or inside the box are walls.
        for (int i = box.x / kGrid; i <= (box.x + box.w) / kGrid; ++i)
            for (int j = 0; j < m_ny; ++j) {
                const int y = kGridY0 + j * kGrid;
                if (y >= box.y && y <= box.y + box.h && i >= 0 && i < m_nx) m_blocked[static_cast<std::size_t>(index(i, j))] = 1;
            }
        // Ports, in a fixed order: right, bottom, left, top, each side from its middle outwards.
        std::vector<Port>& ports = m_ports[b];
        const int rows[3] = {box.y + 28, box.y + 8, box.y + 48};
        auto add = [&](int x, int y, int out, IPoint border, int off) {
            const int i = x / kGrid, j = (y - kGridY0) / kGrid;
            if (x < 0 || y < kGridY0 || i >= m_nx || j >= m_ny) return;
            ports.push_back(Port{index(i, j), out, border, std::abs(x - border.x) + std::abs(y - border.y), off, false});
        };
        std::vector<int> columns;
        const int middle = box.x + box.w / 2 - (box.w / 2) % kGrid;
        columns.push_back(middle);
        for (int k = kGrid; middle - k > box.x || middle + k < box.x + box.w; k += kGrid) {
            if (middle + k < box.x + box.w) columns.push_back(middle + k);
            if (middle - k > box.x) columns.push_back(middle - k);
        }
        auto off_x = [&](int x) { return std::abs(x - middle) / kGrid; };
        for (int y : rows) add(box.x + box.w + kGrid, y, 0, {box.x + box.w, y}, y == box.y + 28 ? 0 : 1);
        for (int x : columns) add(x, box.y + box.h + 12, 1, {x, box.y + box.h}, off_x(x));
        for (int y : rows) add(box.x - kGrid, y, 2, {box.x, y}, y == box.y + 28 ? 0 : 1);
        for (int x : columns) add(x, box.y - 12, 3, {x, box.y}, off_x(x));
    }
}

int Router::heuristic(int s, std::size_t to) const {
    // Length to the ring of the target's ports, plus one bend when the ray ahead misses that ring (a route
    // cannot reach a port without turning then): a lower bound that never drops by more than a move costs.
    const IPoint at = point_of(s / 4);
    const int d = s % 4;
    const Box& b = m_boxes[to];
    const int x0 = b.x - kGrid, x1 = b.x + b.w + kGrid, y0 = b.y - 12, y1 = b.y + b.h + 12;
    const int dx = at.x < x0 ? x0 - at.x : at.x > x1 ? at.x - x1 : 0;
    const int dy = at.y < y0 ? y0 - at.y : at.y > y1 ? at.y - y1 : 0;
    bool ahead = false;
    switch (d) {
        case 0: ahead = at.y >= y0 && at.y <= y1 && at.x <= x1; break;
        case 1: ahead = at.x >= x0 && at.x <= x1 && at.y <= y1; break;
        case 2: ahead = at.y >= y0 && at.y <= y1 && at.x >= x0; break;
        default: ahead = at.x >= x0 && at.x <= x1 && at.y >= y0; break;
    }
    return dx + dy + 12 + (ahead ? 0 : kBendCost);
}

std::vector<IPoint> Router::route(std::size_t from, std::size_t to) {
    assert(from < m_boxes.size() && to < m_boxes.size());
    ++m_generation;
    const std::uint32_t gen = m_generation;
    for (std::size_t k = 0; k < m_ports[to].size(); ++k)
        if (!m_ports[to][k].used) m_port_at[static_cast<std::size_t>(m_ports[to][k].p)] = static_cast<std::int32_t>(k);

    // Entries (f << 32 | state), smallest first: a total order, so the search is the same with any standard
    // library. The heuristic is consistent: a state's first expansion is its cheapest.
    std::vector<std::uint64_t>& open = m_open;
    open.clear();
    auto push = [&](std::int32_t f, std::int32_t s) {
        open.push_back(static_cast<std::uint64_t>(f) << 32 | static_cast<std::uint32_t>(s));
        std::push_heap(open.begin(), open.end(), std::greater<std::uint64_t>());
    };
    const std::int32_t goal = static_cast<std::int32_t>(m_g.size());
    std::int32_t goal_g = -1, goal_parent = kUnset;
    int goal_port = -1;

    auto set = [&](std::int32_t s, std::int32_t g, std::int32_t parent) {
        const std::size_t u = static_cast<std::size_t>(s);
        if (m_stamp[u] == gen && m_g[u] <= g) return;
        m_stamp[u] = gen;
        m_g[u] = g;
        m_parent[u] = parent;
        push(g + heuristic(s, to), s);
    };
    for (const Port& port : m_ports[from])
        if (!port.used && !m_blocked[static_cast<std::size_t>(port.p)]) set(port.p * 4 + port.out, port.stub + port.off, kUnset);

    while (!open.empty()) {
        std::pop_heap(open.begin(), open.end(), std::greater<std::uint64_t>());
        const std::int32_t s = static_cast<std::int32_t>(open.back() & 0xFFFFFFFFu);
        open.pop_back();
        if (s == goal) break;
        const std::size_t u = static_cast<std::size_t>(s);
        if (m_closed[u] == gen) continue;  // expanded already, from a cheaper entry
        m_closed[u] = gen;
        const std::int32_t g = m_g[u];
        ++m_expanded;
        const int p = s / 4, d = s % 4;
        // Ending here: a free port of the target, reached by a move (a self-loop does not end where it starts).
        if (const std::int32_t k = m_port_at[static_cast<std::size_t>(p)]; k >= 0 && m_parent[u] != kUnset) {
            const Port& port = m_ports[to][static_cast<std::size_t>(k)];
            const std::int32_t total = g + port.stub + port.off + (d == (port.out + 2) % 4 ? 0 : kBendCost);
            if (goal_g < 0 || total < goal_g) {
                goal_g = total;
                goal_parent = s;
                goal_port = k;
                push(total, goal);
            }
        }
        const int i = p % m_nx, j = p / m_nx;
        for (int d2 = 0; d2 < 4; ++d2) {
            if (d2 == (d + 2) % 4) continue;
            const int i2 = i + kDx[d2], j2 = j + kDy[d2];
            if (i2 < 0 || j2 < 0 || i2 >= m_nx || j2 >= m_ny) continue;
            const int q = index(i2, j2);
            if (m_blocked[static_cast<std::size_t>(q)]) continue;
            std::int32_t cost = kGrid;
            if (d2 != d) cost += kBendCost;
            const std::size_t e = static_cast<std::size_t>(horizontal(d2) ? index(std::min(i, i2), j) : index(i, std::min(j, j2)));
            cost += static_cast<std::int32_t>(horizontal(d2) ? m_edge_h[e] : m_edge_v[e]) * kOverlapCostPerUnit * kGrid;
            const std::uint16_t across = horizontal(d2) ? m_through_v[static_cast<std::size_t>(q)] : m_through_h[static_cast<std::size_t>(q)];
            cost += static_cast<std::int32_t>(across) * kCrossingCost;
            set(q * 4 + d2, g + cost, s);
        }
    }
    for (const Port& port : m_ports[to]) m_port_at[static_cast<std::size_t>(port.p)] = -1;
    if (goal_g < 0) return fallback(from, to);

    std::vector<int> states;
    for (std::int32_t s = goal_parent; s != kUnset; s = m_parent[static_cast<std::size_t>(s)]) states.push_back(s);
    std::reverse(states.begin(), states.end());
    const int first_p = states.front() / 4;
    Port* start = nullptr;
    for (Port& port : m_ports[from])
        if (!port.used && port.p == first_p && port.out == states.front() % 4) start = &port;
    assert(start && "a route starts at a port of its source");
    Port& end = m_ports[to][static_cast<std::size_t>(goal_port)];
    record(states);
    start->used = true;
    end.used = true;
    m_blocked[static_cast<std::size_t>(start->p)] = 1;
    m_blocked[static_cast<std::size_t>(end.p)] = 1;

    // Border, grid points, border; then only the corners.
    std::vector<IPoint> all{start->border};
    for (int s : states) all.push_back(point_of(s / 4));
    all.push_back(end.border);
    std::vector<IPoint> out;
    for (std::size_t k = 0; k < all.size(); ++k) {
        if (!out.empty() && out.back() == all[k]) continue;
        if (out.size() >= 2) {
            const IPoint& a = out[out.size() - 2];
            const IPoint& b = out.back();
            const bool collinear = (a.x == b.x && b.x == all[k].x) || (a.y == b.y && b.y == all[k].y);
            if (collinear) out.pop_back();
        }
        out.push_back(all[k]);
    }
    return out;
}

void Router::record(const std::vector<int>& states) {
    for (std::size_t k = 0; k + 1 < states.size(); ++k) {
        const int p = states[k] / 4, q = states[k + 1] / 4;
        const int i = p % m_nx, j = p / m_nx, i2 = q % m_nx, j2 = q / m_nx;
        if (j == j2) {
            ++m_edge_h[static_cast<std::size_t>(index(std::min(i, i2), j))];
            ++m_through_h[static_cast<std::size_t>(p)];
            ++m_through_h[static_cast<std::size_t>(q)];
        } else {
            ++m_edge_v[static_cast<std::size_t>(index(i, std::min(j, j2)))];
            ++m_through_v[static_cast<std::size_t>(p)];
            ++m_through_v[static_cast<std::size_t>(q)];
        }
    }
}

std::vector<IPoint> Router::fallback(std::size_t from, std::size_t to) const {
    const Box& a = m_boxes[from];
    const Box& b = m_boxes[to];
    const int ax = a.x + a.w / 2, by = b.y + b.h / 2;
    const IPoint start{ax, by < a.y ? a.y : a.y + a.h};
    if (ax >= b.x && ax <= b.x + b.w) return {start, {ax, by < a.y ? b.y + b.h : b.y}};
    const IPoint end{ax < b.x ? b.x : b.x + b.w, by};
    return {start, {ax, by}, end};
}

}  // namespace planlang::views::internal
