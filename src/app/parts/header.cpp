// Above the views (header.hpp): the lab's title, the phase timeline and what to look for.
#include "app/parts/header.hpp"
#include "app/plot/colors.hpp"
#include "core/outcome.hpp"
#include "app/plot/ink.hpp"
#include "app/controls/hover_help.hpp"
#include "app/plot/plot.hpp"
#include "app/plot/text_fit.hpp"
#include "core/words.hpp"
#include "session/json_text.hpp"
#include <imgui.h>
#include <algorithm>
#include <cmath>

namespace app {

void Header::draw_title() {
    const core::LabInfo& info = stage_.lab().info();
    ImGui::TextColored(ink4(colors().title), "%s", core::tr(info.title).c_str());
    ImGui::SameLine();
    if (!rewind_.live()) return rewind_.draw_status();   // (the citation is in the sidebar's lab picker)
    // the citation as far as it fits ("..."): whole in its tooltip and in the HTML document
    ImGui::TextDisabled("%s", fit_text(core::tr(info.citation), ImGui::GetContentRegionAvail().x).c_str());
    if (ImGui::IsItemHovered()) {
        ImGui::BeginTooltip();
        ImGui::PushTextWrapPos(tooltip_wrap(32));
        ImGui::TextUnformatted(core::tr(info.citation).c_str());
        ImGui::TextUnformatted(core::tr(info.summary).c_str());
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
    }
}

void Header::draw_timeline() {
    const auto& phases = stage_.lab().phases();
    if (phases.empty()) return;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float fh = ImGui::GetFontSize();
    ImVec2 a = ImGui::GetCursorScreenPos();
    float w = ImGui::GetContentRegionAvail().x, h = fh * 1.7f, gap = fh * 0.3f;
    float bw = (w - gap * (phases.size() - 1)) / phases.size();
    int cur = rewind_.phase(stage_.runner());   // (rewound: the moment's)
    bool finished = rewind_.done(stage_.runner());
    bool cut = false;   // the current phase's title did not fit its box
    for (size_t k = 0; k < phases.size(); ++k) {
        ImVec2 p(a.x + k * (bw + gap), a.y), q(p.x + bw, p.y + h);
        bool past = int(k) < cur || (finished && int(k) <= cur), now = int(k) == cur && !finished;
        ImU32 fill = now ? ink(colors().phase_now) : past ? ink(colors().phase_past) : ink(colors().phase_future);
        dl->AddRectFilled(p, q, fill, fh * 0.3f);
        // an arrow head links the phases
        if (k + 1 < phases.size())
            dl->AddTriangleFilled(ImVec2(q.x, p.y + h * 0.25f), ImVec2(q.x, p.y + h * 0.75f),
                                  ImVec2(q.x + gap, p.y + h * 0.5f), fill);
        // a title that does not fit is shortened with an ellipsis; the tooltip has it in full
        const std::string title = core::tr(phases[k].title);
        std::string t = std::to_string(k + 1) + ". " + title;
        while (t.size() > 4 && ImGui::CalcTextSize(t.c_str()).x > bw - fh * 0.6f) {
            t.resize(t.size() - 4);
            while (!t.empty() && (static_cast<unsigned char>(t.back()) & 0xC0) == 0x80) t.pop_back();   // UTF-8
            if (!t.empty()) t.pop_back();
            t += "...";
            cut = cut || int(k) == cur;
        }
        ImVec2 sz = ImGui::CalcTextSize(t.c_str());
        dl->PushClipRect(p, q, true);
        dl->AddText(ImVec2(p.x + std::max(fh * 0.3f, (bw - sz.x) * 0.5f), p.y + (h - sz.y) * 0.5f),
                    now ? ink(colors().on_phase_now) : ink(colors().text), t.c_str());
        dl->PopClipRect();
        ImGui::SetCursorScreenPos(p);
        // (a plot's surface, no control: dragging along it rewinds; the document's twin is rewind's slider)
        ImGui::InvisibleButton(("phase" + std::to_string(k)).c_str(), ImVec2(bw, h));
        if (ImGui::IsItemActive() && !stage_.playing())   // paused: rewind (rewind.cpp)
            if (std::string c =
                    rewind_.scrub(ImGui::GetIO().MousePos.x, a.x, bw, gap, int(phases.size()), stage_.runner().done());
                !c.empty())
                stage_.command(c);
        controls_.note("phase:" + phases[k].id, "tab", std::to_string(k + 1) + ". " + title,
                       now        ? "current"
                           : past ? "done"
                                  : "");
        if (ImGui::IsItemHovered()) {
            ImGui::BeginTooltip();
            ImGui::PushTextWrapPos(tooltip_wrap(28));
            ImGui::Text("%s", title.c_str());
            wrapped_text(core::trf("Look for: %s", core::tr(phases[k].look_for).c_str()));
            wrapped_text(core::trf("Paper: %s", core::tr(phases[k].claim).c_str()));
            if (rewind_.moments() > 1 && !stage_.playing())
                ImGui::TextDisabled("%s", core::tr("Press or drag along the timeline to rewind."));
            ImGui::PopTextWrapPos();
            ImGui::EndTooltip();
        }
    }
    rewind_.draw_marker(a.x, a.y, bw, gap, h);
    ImGui::SetCursorScreenPos(ImVec2(a.x, a.y + h + fh * 0.25f));
    // a phone (its views scroll, so a line costs no plot room): the current phase in full below
    if (cut && phone_line_() && cur >= 0 && cur < int(phases.size()))
        ImGui::TextColored(ink4(colors().look_for), "%d. %s", cur + 1, core::tr(phases[size_t(cur)].title).c_str());
}

// What to look for in the phase shown; at the end, the last phase reached and what this run showed, in the
// words its own metrics decide (core/outcome.hpp), never the phase's look-for text as if it had happened.
std::string Header::status() const {
    const auto& phases = stage_.lab().phases();
    if (phases.empty()) return "";
    const core::Phase& ph = phases[size_t(std::clamp(rewind_.phase(stage_.runner()), 0, int(phases.size()) - 1))];
    if (!rewind_.done(stage_.runner())) return core::trf("Look for: %s", core::tr(ph.look_for).c_str());
    if (!stage_.runner().failure().empty()) return core::trf("Stopped in %s.", core::tr(ph.title).c_str());
    const std::string said =
        core::end_of_run_line(stage_.lab(), stage_.config().preset, stage_.config().params, stage_.runner().metrics());
    return core::trf("Finished (%s).", core::tr(ph.title).c_str()) + (said.empty() ? "" : " " + said);
}

// What to look for in the current phase (at the end, what the run showed) and the paper's claim. They may take a
// fifth of the room left (shrinking to 75 % first); past that the claim moves into a "(?)" tooltip, and a status
// longer than the room is cut to the lines that fit, ending in "...", the whole of it on hover (and in the HTML
// document's #status): the views keep their room. `compact` (presentation, compare mode): an eighth of the room,
// the look-for line only, the claim on hover.
void Header::draw_look_for(bool compact) {
    const auto& phases = stage_.lab().phases();
    if (phases.empty()) return;
    const float fh = ImGui::GetFontSize(), w = ImGui::GetContentRegionAvail().x;
    const float room = std::max(0.0f, ImGui::GetContentRegionAvail().y) * (compact ? 0.12f : 0.2f);
    const core::Phase& ph = phases[size_t(std::clamp(rewind_.phase(stage_.runner()), 0, int(phases.size()) - 1))];
    const std::string look = status(), claim = core::trf("Paper: %s", core::tr(ph.claim).c_str());
    float sc = 1.0f;
    std::vector<std::string> l1, l2;
    for (float s : {1.0f, 0.85f, 0.75f}) {
        sc = s;
        l1 = wrap_words(look, w, fh * sc);
        if (l1.size() * fh * sc * 1.15f <= room) break;
    }
    const float line = fh * sc * 1.15f;
    const size_t fit = std::max<size_t>(1, size_t(room / line));
    const bool cut = l1.size() > fit;
    if (cut) {   // the lines that fit, the last one ending in "..."
        std::string rest;
        for (size_t k = fit - 1; k < l1.size(); ++k) rest += (rest.empty() ? "" : " ") + l1[k];
        l1.resize(fit);
        l1.back() = fit_text(rest, w, fh * sc);
    }
    if (!compact) l2 = wrap_words(claim, w, fh * sc);
    const bool with_claim = !compact && (l1.size() + l2.size()) * line <= room;
    if (!with_claim) l2.clear();

    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 at = ImGui::GetCursorScreenPos();
    float y = at.y;
    for (const auto& t : l1) {
        add_text(dl, ImVec2(at.x, y), ink(colors().look_for), t, fh * sc);
        y += line;
    }
    for (const auto& t : l2) {
        add_text(dl, ImVec2(at.x, y), ink(colors().claim), t, fh * sc);
        y += line;
    }
    ImGui::SetCursorScreenPos(at);
    ImGui::InvisibleButton("lookfor", ImVec2(w, std::max(1.0f, y - at.y)));   // (no control: a text's hover area)
    if ((cut || !with_claim) && ImGui::IsItemHovered()) {
        ImGui::BeginTooltip();
        ImGui::PushTextWrapPos(tooltip_wrap(30));
        if (cut) ImGui::TextUnformatted(look.c_str());
        if (!with_claim) ImGui::TextUnformatted(claim.c_str());
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
    }
    ImGui::Spacing();
}

void Header::state(std::string& json) const { json += ",\"status\":" + session::json_string(status()); }

}   // namespace app
