// The class's own text (class_text.hpp).
#include "app/parts/class_text.hpp"
#include "app/plot/text_fit.hpp"
#include "core/words.hpp"
#include "session/json_text.hpp"
#include "session/share_link.hpp"
#include <imgui.h>
#include <cstdio>

namespace app {

constexpr size_t kMostBytes = 500;   // a sentence, not a book: a link stays short enough to share

std::vector<PageKey> ClassText::keys() {
    std::vector<PageKey> keys;
    PageKey& k = declare(keys,
                         {"text", session::ArgKind::Text, 0, 0, "TEXT",
                          core::later::tr("a text of the class's own for the lab to read (a language model's "
                                          "sentence); empty: the lab's example")},
                         [this](const session::CommandArg& v) { return set(v.text); });
    k.link = InLink::WithRun;
    k.stage = LinkStage::Setup;
    k.write = [this] {   // (percent-encoded: any sign may be typed)
        return written_if(reads() && !stage_.runner().text().empty(), session::url_encode(stage_.runner().text()));
    };
    PageControl& c = k.control(Control::Text, core::later::tr("Your sentence"), "view:class-text", "input:text");
    c.now = [this] {
        ControlNow n;
        n.shown = reads();
        n.value = stage_.runner().text();
        if (reads()) n.label = core::tr(stage_.lab().info().text.label);
        return n;
    };
    c.help = core::later::tr("Type a sentence: the trained model shows where each of its tokens goes.");
    k.state_name = "class_text";
    k.state = [this] {
        return "{\"text\":" + session::json_string(stage_.runner().text()) +
            ",\"problem\":" + session::json_string(problem()) + "}";
    };
    return keys;
}

std::string ClassText::set(const std::string& text) {
    if (!reads()) return core::tr("this lab reads no text of the class's own");
    if (text.size() > kMostBytes) return core::trf("a text of at most %zu bytes, please", kMostBytes);
    stage_.read_text(text);   // (what is wrong with it: problem(), under the field and under the view)
    stage_.write_url();
    return "";
}

// A button that hands the typing to the platform's field (the page's HTML document), or, on the desktop, a field on
// the canvas while it is typed in.
void ClassText::draw() {
    if (!reads()) return;
    const std::string& text = stage_.runner().text();
    const std::string title = core::tr(stage_.lab().info().text.label);
    ImGui::TextUnformatted(title.c_str());
    if (editing_) {
        ImGui::SetNextItemWidth(-1);
        if (!ImGui::IsAnyItemActive()) ImGui::SetKeyboardFocusHere();
        const bool entered = ImGui::InputText("##text", typed_, sizeof typed_, ImGuiInputTextFlags_EnterReturnsTrue);
        if (entered || ImGui::IsItemDeactivated()) {
            editing_ = false;
            stage_.command("text=" + std::string(typed_));
        }
    } else {
        const float room = ImGui::GetContentRegionAvail().x - ImGui::GetStyle().FramePadding.x * 2;
        const std::string shown = text.empty() ? core::tr("Type a sentence...") : fit_text(drawable_text(text), room);
        // (the text field's stand-in: it sends no command)
        if (ImGui::Button((shown + "###text").c_str(), ImVec2(-1, 0))) {
            if (host_.edit_text) host_.edit_text("input:text");
            else {
                editing_ = true;
                std::snprintf(typed_, sizeof typed_, "%s", text.c_str());
            }
        }
    }
    controls_.note("input:text", "textbox", title, text);
    if (!problem().empty()) wrapped_text(problem());
}

}   // namespace app
