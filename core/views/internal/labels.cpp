// Arrow label placement (labels.hpp).
#include "core/views/internal/labels.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdlib>

namespace planlang::views::internal {

namespace {

struct Rect {
    int x0, y0, x1, y1;  // x0 < x1, y0 < y1
};

bool overlaps(const Rect& a, const Rect& b) { return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1; }

// Whether the segment p–q (horizontal or vertical) passes through the rectangle's inside.
bool crosses(const Rect& r, const IPoint& p, const IPoint& q) {
    const int x0 = std::min(p.x, q.x), x1 = std::max(p.x, q.x), y0 = std::min(p.y, q.y), y1 = std::max(p.y, q.y);
    return x0 < r.x1 && r.x0 < x1 + 1 && y0 < r.y1 && r.y0 < y1 + 1;
}

// Offsets along a segment of `length` for a label of `extent`, from the middle outwards, 20 apart.
std::vector<int> slides(int length, int extent) {
    const int room = (length - extent) / 2;
    std::vector<int> out{0};
    for (int k = 20; k <= room; k += 20) {
        out.push_back(-k);
        out.push_back(k);
    }
    return out;
}

IPoint middle_of_longest(const std::vector<IPoint>& pts) {
    int best = -1, best_len = -1;
    for (std::size_t k = 0; k + 1 < pts.size(); ++k) {
        const int len = std::abs(pts[k + 1].x - pts[k].x) + std::abs(pts[k + 1].y - pts[k].y);
        if (len > best_len) {
            best = static_cast<int>(k);
            best_len = len;
        }
    }
    if (best < 0) return pts.empty() ? IPoint{} : pts.front();
    const IPoint& a = pts[static_cast<std::size_t>(best)];
    const IPoint& b = pts[static_cast<std::size_t>(best) + 1];
    return {std::min(a.x, b.x) + std::abs(b.x - a.x) / 2, std::min(a.y, b.y) + std::abs(b.y - a.y) / 2};
}

}  // namespace

int label_width(std::string_view text) {
    int chars = 0;
    for (unsigned char c : text) chars += (c & 0xC0) != 0x80;
    return 6 * chars + 6;
}

std::vector<IPoint> place_labels(const std::vector<Box>& boxes, const std::vector<std::vector<IPoint>>& routes,
                                 const std::vector<int>& widths, int width, int height, int top) {
    std::vector<Rect> nodes;
    for (const Box& b : boxes) nodes.push_back({b.x - 2, b.y - 2, b.x + b.w + 2, b.y + b.h + 2});
    std::vector<Rect> placed;
    std::vector<IPoint> out;
    for (std::size_t k = 0; k < routes.size(); ++k) {
        const std::vector<IPoint>& pts = routes[k];
        const int w = k < widths.size() ? widths[k] : 0;
        if (w <= 0) {
            out.push_back(middle_of_longest(pts));
            continue;
        }
        const int h = kLabelHeight;
        auto score = [&](const Rect& r) {
            std::int64_t s = 0;
            if (r.x0 < 0 || r.x1 > width || r.y0 < top - 20 || r.y1 > height) s += 100000;
            for (const Rect& n : nodes)
                if (overlaps(r, n)) s += 10000;
            for (const Rect& l : placed)
                if (overlaps(r, l)) s += 5000;
            for (std::size_t a = 0; a < routes.size(); ++a)
                for (std::size_t p = 0; p + 1 < routes[a].size(); ++p)
                    if (crosses(r, routes[a][p], routes[a][p + 1])) s += 200;
            return s;
        };
        // Candidates: horizontal segments (above, then below), then vertical ones (left, then right); on each,
        // from its middle outwards. Longer segments first; the first of equal scores wins.
        std::vector<std::size_t> segments;
        for (std::size_t p = 0; p + 1 < pts.size(); ++p) segments.push_back(p);
        auto length = [&](std::size_t p) { return std::abs(pts[p + 1].x - pts[p].x) + std::abs(pts[p + 1].y - pts[p].y); };
        auto horizontal = [&](std::size_t p) { return pts[p].y == pts[p + 1].y; };
        std::stable_sort(segments.begin(), segments.end(), [&](std::size_t a, std::size_t b) {
            if (horizontal(a) != horizontal(b)) return horizontal(a);
            return length(a) > length(b);
        });
        bool found = false;
        Rect best{};
        std::int64_t best_score = 0;
        auto consider = [&](const Rect& r, std::int64_t extra) {
            const std::int64_t s = score(r) + extra;
            if (!found || s < best_score) {
                found = true;
                best = r;
                best_score = s;
            }
        };
        for (std::size_t p : segments) {
            const IPoint& a = pts[p];
            const IPoint& b = pts[p + 1];
            const int x0 = std::min(a.x, b.x), x1 = std::max(a.x, b.x), y0 = std::min(a.y, b.y), y1 = std::max(a.y, b.y);
            if (horizontal(p)) {
                const int mid = x0 + (x1 - x0) / 2;
                for (int d : slides(x1 - x0, w)) {
                    const int cx = mid + d;
                    const std::int64_t extra = std::abs(d) / 20 + (x1 - x0 < w ? 30 : 0);
                    consider({cx - w / 2, a.y - kLabelGap - h, cx - w / 2 + w, a.y - kLabelGap}, extra);
                    consider({cx - w / 2, a.y + kLabelGap, cx - w / 2 + w, a.y + kLabelGap + h}, extra + 1);
                }
            } else {
                const int mid = y0 + (y1 - y0) / 2;
                for (int d : slides(y1 - y0, h)) {
                    const int cy = mid + d;
                    const std::int64_t extra = 40 + std::abs(d) / 20;
                    consider({a.x - kLabelGap - w, cy - h / 2, a.x - kLabelGap, cy - h / 2 + h}, extra);
                    consider({a.x + kLabelGap, cy - h / 2, a.x + kLabelGap + w, cy - h / 2 + h}, extra + 1);
                }
            }
        }
        if (!found) {
            out.push_back(middle_of_longest(pts));
            continue;
        }
        placed.push_back(best);
        out.push_back({best.x0 + w / 2, best.y0 + h / 2});
    }
    return out;
}

}  // namespace planlang::views::internal
