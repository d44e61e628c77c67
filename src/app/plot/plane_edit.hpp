// A plane that edits a point set (core::View::edits): the plot reports a tap, a click, a right click or a long press
// on it here while it draws, and the app takes the request once the frame's views are drawn (App::apply_plane_edit),
// as a command (add-point, remove-point), so that the HTML document and the tests reach the same action.
#pragma once
#include <string>

namespace app {

struct PlaneEdit {
    std::string param;   // the Points parameter the plane edits
    double x = 0, y = 0;
    bool remove = false;   // a right click or a long press: the nearest point goes
};

void request_plane_edit(const PlaneEdit& e);   // from the plot (app/plot/plot_field.cpp)
bool take_plane_edit(PlaneEdit& out);          // the frame's request, once

}   // namespace app
