// The editor of a lab's point set (a core::ParamType::Points parameter, core/point_set.hpp): the commands that add,
// remove, clear, load and download its points, the class a tap adds, a tap on the plane that edits them, and the
// sidebar's controls for them. Every change is checked as a whole (the point set's spec, then the lab's check) before
// it replaces the edited parameters (Stage::edit): a refused change leaves everything as it was.
#pragma once
#include "app/controls/control_map.hpp"
#include "app/parts/exercise.hpp"
#include "app/frame/host.hpp"
#include "app/controls/part.hpp"
#include "core/point_set.hpp"
#include <string>
#include <vector>

namespace app {

class PointEditor : public Part {
public:
    PointEditor(Stage& stage, ControlMap& controls, const Host& host, const Exercise& exercise)
        : stage_(stage), controls_(controls), host_(host), exercise_(exercise) {}
    std::vector<PageKey> keys() override;   // add-point, remove-point, clear-points, points-csv, …, pen
    void draw(size_t k, bool locked);       // the sidebar's part for parameter k
    void apply_plane_edit();                // a tap on a plane that edits points (this frame's), as a command

private:
    std::string points_param(int& k) const;   // the point set's index, or why it cannot change
    std::string set_points(int k, core::PointSet points);
    std::string add(const std::string& text);      // "X,Y[,CLASS]"
    std::string remove(const std::string& text);   // "X,Y": the nearest of the points
    std::string load_csv(const std::string& text);
    std::string pick_file();
    std::string download();

    Stage& stage_;
    ControlMap& controls_;
    const Host& host_;
    const Exercise& exercise_;
    int pen_ = 0;   // the class a tap adds
};

}   // namespace app
