#pragma once
// Orthogonal arrow routing for the graph diagram (spec/site-and-cards.md §3): A* over a grid of 20 units
// whose states are (grid point, direction of arrival), cost = length + 60 per bend + 150 per crossing + 20 per
// unit of overlap with the arrows routed before. Integers only: the same route on every build.
//
// The grid's points are (20·i, 8 + 20·j): node boxes have their top-left corner on multiples of 20 and are 56
// high, so a box's left and right sides meet three grid rows (y + 8, y + 28, y + 48) and its top and bottom
// sides meet the grid columns strictly inside it. A port is the grid point just outside a side (20 left or
// right, 12 above or below), where an arrow leaves or enters perpendicular to that side; each port serves one
// arrow end.
#include <cstdint>
#include <vector>

namespace planlang::views::internal {

struct IPoint {
    int x = 0;
    int y = 0;
    friend bool operator==(const IPoint& a, const IPoint& b) { return a.x == b.x && a.y == b.y; }
};

// A node's box: top-left corner (multiples of 20), width (multiple of 20, ≥ 40) and height 56.
struct Box {
    int x = 0, y = 0, w = 0, h = 0;
};

inline constexpr int kGrid = 20;
inline constexpr int kGridY0 = 8;  // grid rows are at y ≡ 8 (mod 20)
inline constexpr int kBoxHeight = 56;
inline constexpr int kBendCost = 60;
inline constexpr int kCrossingCost = 150;
inline constexpr int kOverlapCostPerUnit = 20;

class Router {
public:
    // `width` × `height`: the drawing's extent; every box lies at least 40 units inside it. No route runs
    // above `top` (where the band names are written).
    Router(std::vector<Box> boxes, int width, int height, int top);

    // The route from box `from` to box `to` (they may be the same box): the border point where it leaves,
    // the corners, the border point where it enters; consecutive points differ in x or in y only. The route
    // is recorded, so later routes pay for crossing or running along it. An L-shaped fallback between the two
    // boxes' centres' border points if the grid has no way (never with the layout's corridors).
    std::vector<IPoint> route(std::size_t from, std::size_t to);

    // States expanded by every route() so far (for the benchmark in the tests).
    std::uint64_t expanded() const { return m_expanded; }

private:
    struct Port {
        int p = 0;       // grid point index
        int out = 0;     // outward direction (0 E, 1 S, 2 W, 3 N)
        IPoint border;   // where the arrow meets the box
        int stub = 0;    // distance from border to the port
        int off = 0;     // grid steps from the side's middle: a route pays 1 per step (of two equal routes,
                         // the one through the middle of the sides)
        bool used = false;
    };

    int index(int i, int j) const { return j * m_nx + i; }
    IPoint point_of(int p) const { return {(p % m_nx) * kGrid, kGridY0 + (p / m_nx) * kGrid}; }
    int heuristic(int state, std::size_t to) const;
    std::vector<IPoint> fallback(std::size_t from, std::size_t to) const;
    void record(const std::vector<int>& states);

    std::vector<Box> m_boxes;
    std::vector<std::vector<Port>> m_ports;  // per box
    int m_nx = 0, m_ny = 0;
    std::vector<std::uint8_t> m_blocked;         // per grid point: inside a box, or a port another arrow ends at
    std::vector<std::uint16_t> m_edge_h;         // arrows on the edge (i, j)–(i + 1, j)
    std::vector<std::uint16_t> m_edge_v;         // arrows on the edge (i, j)–(i, j + 1)
    std::vector<std::uint16_t> m_through_h;      // arrows running horizontally through a point
    std::vector<std::uint16_t> m_through_v;      // … vertically
    // A* scratch, kept between routes (a generation stamp marks what the current route has set).
    std::vector<std::int32_t> m_g;
    std::vector<std::int32_t> m_parent;
    std::vector<std::uint32_t> m_stamp;
    std::vector<std::uint32_t> m_closed;  // generation of a state's expansion
    std::vector<std::uint64_t> m_open;    // the A* heap
    std::vector<std::int32_t> m_port_at;  // per grid point: the port index of the target box there, or -1
    std::uint32_t m_generation = 0;
    std::uint64_t m_expanded = 0;
};

}  // namespace planlang::views::internal
