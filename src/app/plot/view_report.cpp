#include "app/plot/view_report.hpp"
#include <algorithm>
#include <cmath>

namespace app {

static ViewReport* g_report = nullptr;
ViewReport* current_report() { return g_report; }
void set_current_report(ViewReport* r) { g_report = r; }

void report_data_area(ImVec2 a, ImVec2 b) {
    if (!g_report) return;
    ViewReport& r = *g_report;
    if (r.data_b.x <= r.data_a.x) {
        r.data_a = a;
        r.data_b = b;
        return;
    }
    r.data_a = ImVec2(std::min(r.data_a.x, a.x), std::min(r.data_a.y, a.y));
    r.data_b = ImVec2(std::max(r.data_b.x, b.x), std::max(r.data_b.y, b.y));
}

void report_legend(const std::string& e) {
    if (g_report && std::find(g_report->legend.begin(), g_report->legend.end(), e) == g_report->legend.end())
        g_report->legend.push_back(e);
}

static bool overlap(ImVec2 a, ImVec2 b, ImVec2 c, ImVec2 d) { return a.x < d.x && c.x < b.x && a.y < d.y && c.y < b.y; }

void report_label(const std::string& text, ImVec2 a, ImVec2 b) {
    if (!g_report) return;
    for (const LabelBox& l : g_report->labels) g_report->overlaps += overlap(a, b, l.a, l.b);
    const ImVec2 va = g_report->plot_a, vb = g_report->plot_b;
    if (a.x < va.x - 0.5f || a.y < va.y - 0.5f || b.x > vb.x + 0.5f || b.y > vb.y + 0.5f) ++g_report->clipped;
    g_report->labels.push_back({text, a, b});
}

// Liang–Barsky: does the segment p→q meet the rectangle [a, b]?
static bool segment_hits(ImVec2 p, ImVec2 q, ImVec2 a, ImVec2 b) {
    float t0 = 0, t1 = 1, dx = q.x - p.x, dy = q.y - p.y;
    const float P[4] = {-dx, dx, -dy, dy}, Q[4] = {p.x - a.x, b.x - p.x, p.y - a.y, b.y - p.y};
    for (int k = 0; k < 4; ++k) {
        if (P[k] == 0) {
            if (Q[k] < 0) return false;
            continue;
        }
        float t = Q[k] / P[k];
        if (P[k] < 0) t0 = std::max(t0, t);
        else t1 = std::min(t1, t);
        if (t0 > t1) return false;
    }
    return true;
}

void report_segments_vs_labels(const std::vector<ImVec2>& pts, ImVec2 ca, ImVec2 cb) {
    if (!g_report || pts.size() < 2) return;
    for (const LabelBox& l : g_report->labels) {
        // lines are clipped to the data area: only the part of a label inside it can be crossed
        ImVec2 a(std::max(l.a.x, ca.x), std::max(l.a.y, ca.y)), b(std::min(l.b.x, cb.x), std::min(l.b.y, cb.y));
        if (a.x >= b.x || a.y >= b.y) continue;
        for (size_t i = 0; i + 1 < pts.size(); ++i)
            if (segment_hits(pts[i], pts[i + 1], a, b)) {
                ++g_report->crossings;
                break;
            }
    }
}

}   // namespace app
