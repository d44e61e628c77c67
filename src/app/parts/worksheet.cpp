// The worksheet and the teacher's key from the page (worksheet.hpp).
#include "app/parts/worksheet.hpp"
#include "core/words.hpp"
#include "session/json_text.hpp"
#include <imgui.h>

namespace app {

std::vector<PageKey> Worksheet::keys() {
    std::vector<PageKey> keys;
    PageKey& k = declare(keys,
                         {"worksheet", session::ArgKind::Word, 0, 0, "sheet|key",
                          core::later::tr("the worksheet of the lab's tour (key: the teacher's key, its numbers "
                                          "measured on this seed) as a page to print")},
                         [this](const session::CommandArg& v) { return make(v.text); });
    auto shown = [this] {
        ControlNow n;
        n.shown = !stage_.lab().tour().empty();
        n.enabled = !busy();
        return n;
    };
    PageControl& sheet = k.control(Control::Button, core::later::tr("Worksheet"), "tour", "button:worksheet-sheet");
    sheet.arg = "sheet";
    sheet.now = shown;
    PageControl& key = k.control(Control::Button, core::later::tr("Teacher's key"), "tour", "button:worksheet-key");
    key.arg = "key";
    key.now = shown;
    k.state_name = "worksheet";
    k.state = [this] {
        return "{\"busy\":" + session::json_bool(busy()) +
            ",\"progress\":" + session::json_number(maker_ ? maker_->progress() : 0) +
            ",\"made\":" + std::to_string(made_) + ",\"file\":" + session::json_string(last_file_) + "}";
    };
    return keys;
}

std::string Worksheet::make(const std::string& kind) {
    if (kind != "sheet" && kind != "key")
        return core::trf("worksheet=%s: give sheet (the worksheet) or key (the teacher's key)", kind.c_str());
    if (busy()) return core::tr("a sheet is being made: wait for it to open");
    if (!host_.open_page) return core::tr("this platform cannot open a page to print");
    session::SheetRequest r;
    r.lab = stage_.config().lab;
    r.kind = kind == "key" ? session::SheetKind::Key : session::SheetKind::Worksheet;
    r.seed = stage_.config().seed;
    r.address = host_.page_address.empty() ? kDefaultAddress : host_.page_address;
    std::string why;
    maker_ = std::make_unique<session::SheetMaker>(r, why);
    if (!why.empty()) {
        maker_.reset();
        return why;
    }
    if (!maker_->done()) stage_.say(core::tr("Making the teacher's key: the tour's steps run on this seed…"));
    else finish();
    return "";
}

void Worksheet::work(double ms) {
    if (!maker_) return;
    const double until = host_.now_ms() + ms;
    while (!maker_->done() && host_.now_ms() < until) maker_->step();
    if (maker_->done()) finish();
}

void Worksheet::finish() {
    const session::SheetRequest& r = maker_->request();
    const bool key = r.kind == session::SheetKind::Key;
    last_file_ = r.lab + (key ? "-key-" : "-worksheet-") + core::language().code + "-seed" + std::to_string(r.seed) +
        ".html";   // words: not shown (a file name)
    host_.open_page(last_file_, maker_->html());
    maker_.reset();
    ++made_;
}

float Worksheet::button_width() const {
    if (stage_.lab().tour().empty()) return 0;
    return ImGui::CalcTextSize(core::tr("Worksheet…")).x + ImGui::GetStyle().FramePadding.x * 2 +
        ImGui::GetStyle().ItemSpacing.x;
}

void Worksheet::draw_button() {
    if (stage_.lab().tour().empty()) return;
    ImGui::BeginDisabled(busy());
    const std::string label =
        busy() ? core::trf("Worksheet… %.0f %%", 100 * maker_->progress()) : std::string(core::tr("Worksheet…"));
    // (it opens the canvas's menu and sends no command; the menu's items are the document's two buttons)
    if (ImGui::Button((label + "###worksheet").c_str())) ImGui::OpenPopup("worksheet-menu");
    ImGui::EndDisabled();
    if (ImGui::BeginPopup("worksheet-menu")) {
        ControlStyle item;
        item.menu_item = true;
        controls_.draw("worksheet-sheet", item);
        controls_.draw("worksheet-key", item);
        ImGui::EndPopup();
    }
}

}   // namespace app
