// The editor of a lab's point set (point_editor.hpp).
#include "app/plot/text_fit.hpp"
#include "app/parts/point_editor.hpp"
#include "app/plot/colors.hpp"
#include "app/controls/flow.hpp"
#include "app/controls/hover_help.hpp"
#include "app/plot/ink.hpp"
#include "app/plot/plane_edit.hpp"
#include "app/plot/plot.hpp"
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

void PointEditor::apply_plane_edit() {
    PlaneEdit e;
    if (!take_plane_edit(e)) return;
    stage_.command(e.remove ? core::strf("remove-point=%.4f,%.4f", e.x, e.y)
                            : core::strf("add-point=%.4f,%.4f,%d", e.x, e.y, pen_));
}

std::vector<PageKey> PointEditor::keys() {
    using K = session::ArgKind;
    using Arg = const session::CommandArg&;
    std::vector<PageKey> keys(7);
    keys[0].syntax = {
        "add-point", K::Text,   0,
        0,           "X,Y[,C]", core::later::tr("add a point of class C (default: the chosen class) to your points")};
    keys[0].act = [this](Arg v) { return add(v.text); };
    keys[1].syntax = {
        "remove-point", K::Text, 0, 0, "X,Y", core::later::tr("remove the one of your points nearest X,Y")};
    keys[1].act = [this](Arg v) { return remove(v.text); };
    keys[2].syntax = {"clear-points", K::None, 0, 0, "", core::later::tr("remove all your points")};
    keys[2].act = [this](Arg) {
        int k = -1;
        const std::string why = points_param(k);
        return why.empty() ? set_points(k, {}) : why;
    };
    keys[3].syntax = {
        "points-csv", K::Text, 0, 0, "CSV", core::later::tr("replace your points by a CSV's (x,y,class a line)")};
    keys[3].act = [this](Arg v) { return load_csv(v.text); };
    keys[4].syntax = {"load-points", K::None, 0, 0, "", core::later::tr("pick a CSV file of points")};
    keys[4].act = [this](Arg) { return pick_file(); };
    keys[5].syntax = {"download-points", K::None, 0, 0, "", core::later::tr("download your points as CSV")};
    keys[5].act = [this](Arg) { return download(); };
    keys[6].syntax = {"pen", K::Whole, 0, 255, "C", core::later::tr("the class a tap on the data view adds")};
    keys[6].act = [this](Arg v) {
        pen_ = int(v.whole);
        return std::string();
    };
    keys[6].state = [this] { return std::to_string(pen_); };
    return keys;
}

// The lab's point set: its index, or why there is none to edit.
std::string PointEditor::points_param(int& k) const {
    k = stage_.edited().points_index();
    if (k < 0) return core::trf("%s has no points to edit", stage_.config().lab.c_str());
    const core::ParamSpec& s = stage_.lab().schema().params[size_t(k)];
    std::string group = s.group;
    for (char& c : group) c = char(std::tolower(static_cast<unsigned char>(c)));
    if (exercise_.fixes_param(s.name) || exercise_.locks(group))
        return core::tr("the points are fixed in this exercise link");
    return "";
}

std::string PointEditor::set_points(int k, core::PointSet points) {
    core::Params probe = stage_.edited();
    probe.set_points(size_t(k), std::move(points));
    return stage_.edit(probe);
}

std::string PointEditor::add(const std::string& text) {
    int k = -1;
    std::string why = points_param(k);
    if (!why.empty()) return why;
    std::vector<double> v;
    why = parse_numbers(text, v);
    if (!why.empty() || (v.size() != 2 && v.size() != 3))
        return core::tr("expected X,Y or X,Y,CLASS (for example 0.5,-0.2,1)");
    core::PointSet pts = stage_.edited().points(size_t(k));
    const int label = v.size() == 3 ? int(v[2]) : pen_;
    if (v.size() == 3 && v[2] != std::floor(v[2])) return core::tr("the class is a whole number");
    pts.push_back({v[0], v[1], label});
    return set_points(k, std::move(pts));
}

std::string PointEditor::remove(const std::string& text) {
    int k = -1;
    std::string why = points_param(k);
    if (!why.empty()) return why;
    std::vector<double> v;
    why = parse_numbers(text, v);
    if (!why.empty() || v.size() != 2) return core::tr("expected X,Y (for example 0.5,-0.2)");
    core::PointSet pts = stage_.edited().points(size_t(k));
    const core::PointSetSpec& spec = stage_.lab().schema().params[size_t(k)].points;
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

std::string PointEditor::load_csv(const std::string& text) {
    int k = -1;
    std::string why = points_param(k);
    if (!why.empty()) return why;
    core::PointSet pts;
    why = core::read_points_csv(text, stage_.lab().schema().params[size_t(k)].points, pts);
    if (!why.empty()) return core::trf("the CSV was not loaded: %s", why.c_str());
    return set_points(k, std::move(pts));
}

std::string PointEditor::pick_file() {
    int k = -1;
    const std::string why = points_param(k);
    if (!why.empty()) return why;
    if (!host_.open_file) return core::tr("there are no files to open here: give the points with points-csv=TEXT");
    host_.open_file("points-csv=");
    return "";
}

std::string PointEditor::download() {
    const int k = stage_.edited().points_index();
    if (k < 0) return core::trf("%s has no points to download", stage_.config().lab.c_str());
    if (!host_.download) return core::tr("there are no downloads here");
    host_.download(stage_.config().lab + "-points.csv", core::write_points_csv(stage_.edited().points(size_t(k))));
    return "";
}

// The sidebar's part for a point set: how many, the class a tap adds, clear, and the CSV's way in and out. Its buttons
// are drawn here, not through the control widget: they are a points parameter's own editor, made from the schema's
// parameter beside the point canvas, as web/pdom.js's pointsField makes the document's (coordinates, class, CSV).
void PointEditor::draw(size_t k, bool locked) {
    const core::ParamSpec& s = stage_.lab().schema().params[k];
    const size_t n = stage_.edited().points(k).size();
    wrapped_text(n == 0 ? core::tr("No points of your own yet: tap or click on the data view to add some.")
                     : locked
                     ? core::trnf(n, "%zu point of your own (fixed)", "%zu points of your own (fixed)", n).c_str()
                     : core::trnf(n, "%zu point of your own", "%zu points of your own", n));
    if (locked) return;
    ImGui::TextUnformatted(core::tr("A tap adds class"));
    for (int c = 0; c < s.points.classes; ++c) {
        ImGui::SameLine();
        const bool on = pen_ == c;
        ImGui::PushStyleColor(ImGuiCol_Button, on ? palette(c) : ImGui::GetColorU32(ImGuiCol_Button));
        if (on) ImGui::PushStyleColor(ImGuiCol_Text, text_color_on(palette(c)));
        if (ImGui::SmallButton(core::strf("%d##pen", c).c_str())) stage_.command(core::strf("pen=%d", c));
        if (on) ImGui::PopStyleColor();
        ImGui::PopStyleColor();
        controls_.note(core::strf("button:pen:%d", c), "button", core::trf("class %d", c), on ? "pressed" : "");
        hover_help(core::trf("A tap or a click on the data view adds a point of class %d", c));
    }
    if (ImGui::SmallButton(core::tr("Clear"))) stage_.command("clear-points");
    controls_.note("button:clear-points", "button", core::tr("clear your points"));
    same_line_if_fits(core::tr("Load CSV"));
    if (ImGui::SmallButton(core::tr("Load CSV"))) stage_.command("load-points");
    controls_.note("button:load-points", "button", core::tr("load points from a CSV file"));
    hover_help(core::tr("A file of x,y,class lines (a first line x,y,class may name the columns); dropping it on the "
                        "page loads it too. A bad line is refused with its number and nothing changes."));
    same_line_if_fits(core::tr("Download CSV"));
    if (ImGui::SmallButton(core::tr("Download CSV"))) stage_.command("download-points");
    controls_.note("button:download-points", "button", core::tr("download your points as CSV"));
}

}   // namespace app
