// The run's views on the page: built each frame from the run (B's beside A's when comparing, in the page's language),
// drawn as a grid or one or two of them large, each as its plot or as its data in tables; and what each drew
// (app/plot/view_report.hpp), for state() and the tests. Its keys: view=N|ID, next-view, table=N.
#pragma once
#include "app/parts/compare.hpp"
#include "app/controls/control_map.hpp"
#include "app/controls/part.hpp"
#include "app/plot/view_report.hpp"
#include "core/view.hpp"
#include <functional>
#include <imgui.h>
#include <string>
#include <vector>

namespace app {

class Views : public Part {
public:
    // `lecture`: the layout shows one view by default (presentation, embed); `touring`: a tour names its own.
    Views(Stage& stage, ControlMap& controls, const Compare& compare, std::function<bool()> lecture,
          std::function<bool()> touring)
        : stage_(stage), controls_(controls), compare_(compare), lecture_(std::move(lecture)),
          touring_(std::move(touring)) {}
    std::vector<PageKey> keys() override;
    void state(std::string& json) const override;   // views, focused, view_reports

    void build();                                       // this frame's, from the run
    std::vector<core::View>& all() { return views_; }   // (rewind shows a moment's in their place)
    const std::vector<core::View>& all() const { return views_; }
    const std::vector<ViewReport>& reports() const { return reports_; }
    std::vector<int> shown() const;   // the views drawn large (empty: the grid)
    int focused() const { return focused_; }
    void focus(const std::vector<std::string>& ids);   // these large (none: the grid)
    void unfocus() { focused_ = focused2_ = -1; }
    ImVec2 large_a() const { return large_a_; }   // the union of the views drawn large in the last frame
    ImVec2 large_b() const { return large_b_; }   // (none: a = b)

    void begin_frame();   // nothing drawn yet
    // The grid, or the views shown large; one_column (a phone): the views one above the other, each at least
    // kLeastRows rows tall, the page scrolling past them when they need more room than is left.
    void draw_grid(bool one_column = false);
    // One or two side by side (stacked: a screen taller than wide, or one_column)
    void draw_large(const std::vector<int>& which, ImVec2 size, bool one_column = false);
    static constexpr float kLeastRows = 18;   // a view's least height in the grid or in one column (font rows)
    // A view's title row: the title, Table/Plot, PNG, and Enlarge (grid) or All views (shown large).
    void draw_title(const core::View& v, int k, float width, bool enlarge_button);
    // View k: its plot, or its tables; reported into `report` (nullptr: the frame's reports).
    void draw_one(int k, ImVec2 size, bool caption, ViewReport* report = nullptr);
    // A control of the HTML document for each view (n: its number), made by `make`; its label, when `make` gives
    // none, what it says now.
    std::vector<PageControl> per_view(const std::function<PageControl(int n, const core::View& v)>& make) const;

private:
    std::string toggle_table(long long view);   // table=N
    std::string next();                         // next-view

    Stage& stage_;
    ControlMap& controls_;
    const Compare& compare_;
    std::function<bool()> lecture_, touring_;
    std::vector<core::View> views_;
    std::vector<ViewReport> reports_;   // what this frame drew, per view
    int focused_ = -1;
    int focused2_ = -1;                      // a second view shown large beside the first (tours)
    ImVec2 large_a_{0, 0}, large_b_{0, 0};   // the views drawn large in this frame (their union)
    std::vector<std::string> tables_;        // ids of the views shown as tables
};

}   // namespace app
