// The editor of a lab's point set (a core::ParamType::Points parameter, core/point_set.hpp): the commands that add,
// remove, clear, load and download its points, the class a tap adds, and the sidebar's controls for them. Every
// change is checked as a whole (the point set's spec, then the lab's check) before it replaces the edit, like set=:
// a refused change leaves everything as it was.
#include "app/app.hpp"
#include "app/colors.hpp"
#include "app/flow.hpp"
#include "app/hover_help.hpp"
#include "app/ink.hpp"
#include "app/plane_edit.hpp"
#include "app/plot.hpp"
#include "core/parse.hpp"
#include "core/text.hpp"
#include "core/words.hpp"
#include <cmath>

namespace app {

namespace {
PlaneEdit g_request;
bool g_requested = false;

std::string trim(const std::string& t) {
    const size_t a = t.find_first_not_of(" \t"), b = t.find_last_not_of(" \t");
    return a == std::string::npos ? "" : t.substr(a, b - a + 1);
}

// "a,b" or "a,b,c" as numbers, each in the one number grammar.
std::string parse_numbers(const std::string& text, std::vector<double>& out) {
    out.clear();
    size_t start = 0;
    while (start <= text.size()) {
        size_t end = text.find(',', start);
        if (end == std::string::npos) end = text.size();
        double v = 0;
        const std::string why = core::parse_number(trim(text.substr(start, end - start)), v);
        if (!why.empty()) return why;
        out.push_back(v);
        start = end + 1;
    }
    return "";
}
}   // namespace

void request_plane_edit(const PlaneEdit& e) {
    g_request = e;
    g_requested = true;
}

bool take_plane_edit(PlaneEdit& out) {
    if (!g_requested) return false;
    out = g_request;
    g_requested = false;
    return true;
}

void App::apply_plane_edit() {
    PlaneEdit e;
    if (!take_plane_edit(e)) return;
    command(e.remove ? core::strf("remove-point=%.4f,%.4f", e.x, e.y)
                     : core::strf("add-point=%.4f,%.4f,%d", e.x, e.y, pen_class_));
}

// The lab's point set: its index, or why there is none to edit.
std::string App::points_param(int& k) const {
    k = edit_.points_index();
    if (k < 0) return core::trf("%s has no points to edit", config_.lab.c_str());
    const core::ParamSpec& s = lab_->schema().params[size_t(k)];
    std::string group = s.group;
    for (char& c : group) c = char(std::tolower(static_cast<unsigned char>(c)));
    if (exercise_.fixes_param(s.name) || exercise_.locks(group))
        return core::tr("the points are fixed in this exercise link");
    return "";
}

std::string App::set_points(int k, core::PointSet points) {
    core::Params probe = edit_;
    probe.set_points(size_t(k), std::move(points));
    const core::Validation check = core::validate(*lab_, probe);
    if (!check.ok()) {
        std::string why;
        for (const std::string& e : check.errors) why += (why.empty() ? "" : "; ") + core::tr(e);
        return why;
    }
    edit_ = probe;
    apply_edit();
    return "";
}

std::string App::cmd_add_point(const std::string& text) {
    int k = -1;
    std::string why = points_param(k);
    if (!why.empty()) return why;
    std::vector<double> v;
    why = parse_numbers(text, v);
    if (!why.empty() || (v.size() != 2 && v.size() != 3))
        return core::tr("expected X,Y or X,Y,CLASS (for example 0.5,-0.2,1)");
    core::PointSet pts = edit_.points(size_t(k));
    const int label = v.size() == 3 ? int(v[2]) : pen_class_;
    if (v.size() == 3 && v[2] != std::floor(v[2])) return core::tr("the class is a whole number");
    pts.push_back({v[0], v[1], label});
    return set_points(k, std::move(pts));
}

std::string App::cmd_remove_point(const std::string& text) {
    int k = -1;
    std::string why = points_param(k);
    if (!why.empty()) return why;
    std::vector<double> v;
    why = parse_numbers(text, v);
    if (!why.empty() || v.size() != 2) return core::tr("expected X,Y (for example 0.5,-0.2)");
    core::PointSet pts = edit_.points(size_t(k));
    const core::PointSetSpec& spec = lab_->schema().params[size_t(k)].points;
    const double reach = 0.05 * (spec.hi - spec.lo);   // a finger's width on a phone's plot
    size_t best = pts.size();
    double d_best = reach * reach;
    for (size_t q = 0; q < pts.size(); ++q) {
        const double d = (pts[q].x - v[0]) * (pts[q].x - v[0]) + (pts[q].y - v[1]) * (pts[q].y - v[1]);
        if (d <= d_best) best = q, d_best = d;
    }
    if (best == pts.size()) return core::trf("none of your points is near %.2f, %.2f", v[0], v[1]);
    pts.erase(pts.begin() + long(best));
    return set_points(k, std::move(pts));
}

std::string App::cmd_clear_points() {
    int k = -1;
    const std::string why = points_param(k);
    return why.empty() ? set_points(k, {}) : why;
}

std::string App::cmd_points_csv(const std::string& text) {
    int k = -1;
    std::string why = points_param(k);
    if (!why.empty()) return why;
    core::PointSet pts;
    why = core::read_points_csv(text, lab_->schema().params[size_t(k)].points, pts);
    if (!why.empty()) return core::trf("the CSV was not loaded: %s", why.c_str());
    return set_points(k, std::move(pts));
}

std::string App::cmd_load_points() {
    int k = -1;
    const std::string why = points_param(k);
    if (!why.empty()) return why;
    if (!host_.open_file) return core::tr("there are no files to open here: give the points with points-csv=TEXT");
    host_.open_file("points-csv=");
    return "";
}

std::string App::cmd_download_points() {
    const int k = edit_.points_index();
    if (k < 0) return core::trf("%s has no points to download", config_.lab.c_str());
    if (!host_.download) return core::tr("there are no downloads here");
    host_.download(config_.lab + "-points.csv", core::write_points_csv(edit_.points(size_t(k))));
    return "";
}

// The sidebar's part for a point set: how many, the class a tap adds, clear, and the CSV's way in and out.
void App::draw_point_editor(size_t k, bool locked) {
    const core::ParamSpec& s = lab_->schema().params[k];
    const size_t n = edit_.points(k).size();
    ImGui::TextWrapped("%s",
                       n == 0       ? core::tr("No points of your own yet: tap or click on the data view to add some.")
                           : locked ? core::trf("%zu of your points (fixed)", n).c_str()
                                    : core::trf("%zu of your points", n).c_str());
    if (locked) return;
    ImGui::TextUnformatted(core::tr("A tap adds class"));
    for (int c = 0; c < s.points.classes; ++c) {
        ImGui::SameLine();
        const bool on = pen_class_ == c;
        ImGui::PushStyleColor(ImGuiCol_Button, on ? palette(c) : ImGui::GetColorU32(ImGuiCol_Button));
        if (on) ImGui::PushStyleColor(ImGuiCol_Text, text_color_on(palette(c)));
        if (ImGui::SmallButton(core::strf("%d##pen", c).c_str())) command(core::strf("pen=%d", c));
        if (on) ImGui::PopStyleColor();
        ImGui::PopStyleColor();
        note_control(core::strf("button:pen:%d", c), "button", core::trf("class %d", c), on ? "pressed" : "");
        hover_help(core::trf("A tap or a click on the data view adds a point of class %d", c));
    }
    if (ImGui::SmallButton(core::tr("Clear"))) command("clear-points");
    note_control("button:clear-points", "button", core::tr("clear your points"));
    same_line_if_fits(core::tr("Load CSV"));
    if (ImGui::SmallButton(core::tr("Load CSV"))) command("load-points");
    note_control("button:load-points", "button", core::tr("load points from a CSV file"));
    hover_help(core::tr("A file of x,y,class lines (a first line x,y,class may name the columns); dropping it on the "
                        "page loads it too. A bad line is refused with its number and nothing changes."));
    same_line_if_fits(core::tr("Download CSV"));
    if (ImGui::SmallButton(core::tr("Download CSV"))) command("download-points");
    note_control("button:download-points", "button", core::tr("download your points as CSV"));
}

}   // namespace app
