// Compare mode on screen: the sidebar's panel that picks and edits run B, and the strip above the views
// with each headline metric for A, B and B − A.
#include "app/parts/compare.hpp"
#include "app/plot/colors.hpp"
#include "app/plot/ink.hpp"
#include "app/controls/hover_help.hpp"
#include "app/plot/text_fit.hpp"
#include "session/compare.hpp"
#include "core/words.hpp"
#include <imgui.h>
#include <algorithm>
#include <cmath>
#include <cstdio>

namespace app {

void Compare::draw_panel() {
    const core::Lab& lab = stage_.lab();
    if (exercise_.hides("compare")) return;
    if (!ImGui::CollapsingHeader((std::string(core::tr("Compare A / B")) + "###compare-ab").c_str(),
                                 ImGuiTreeNodeFlags_DefaultOpen))
        return;
    const float fh = ImGui::GetFontSize();
    std::vector<core::Comparison> named = lab.comparisons();
    if (!on()) {
        ImGui::PushStyleColor(ImGuiCol_Text, ink4(colors().claim));
        wrapped_text(core::tr("Run B = this run with something changed, same seed, side by side. Pick "
                              "one of the paper's contrasts, or press B beside a parameter."));
        ImGui::PopStyleColor();
        ControlStyle with;   // (the text above says what it is)
        with.labelled = false;
        with.preview = core::tr("Compare with ...");
        controls_.draw_choice("compare", with);
        return;
    }
    ImGui::TextColored(ink4(colors().b_text), "%s", core::tr("B = A with:"));
    if (!title_.empty()) {
        ImGui::SameLine();
        ImGui::TextUnformatted(core::tr(title_).c_str());
    }
    // B's rows: a value and its x for each changed parameter, made from the schema's parameters as the sidebar's
    // rows are (drawn here, not through the control widget; web/pdom.js's syncChanges makes the document's)
    core::Changes changes = changes_;
    for (size_t k = 0; k < changes.size(); ++k) {
        ImGui::PushID(int(k));
        const int i = lab.schema().index_of(changes[k].first);
        const core::ParamSpec* s = i >= 0 ? &lab.schema().params[size_t(i)] : nullptr;
        std::string name = !s   ? changes[k].first
            : s->symbol.empty() ? core::shown_name(*s)
                                : s->symbol + " (" + s->name + ")";
        ImGui::AlignTextToFramePadding();
        ImGui::TextUnformatted(name.c_str());
        ImGui::SameLine();
        if (s && s->type == core::ParamType::Choice) {   // B's choice by the names the page shows
            ImGui::SetNextItemWidth(fh * 8);
            if (ImGui::BeginCombo("##value", core::shown_value(*s, changes[k].second).c_str())) {
                for (const std::string& c : s->choices)
                    if (ImGui::Selectable((core::shown_value(*s, c) + "###" + c).c_str(), c == changes[k].second))
                        stage_.command("b=" + changes[k].first + "=" + c);
                ImGui::EndCombo();
            }
            controls_.note("input:b:" + changes[k].first, "combobox", core::trf("B's %s", name.c_str()),
                           core::shown_value(*s, changes[k].second));
        } else {
            char buf[64];
            std::snprintf(buf, sizeof buf, "%s", changes[k].second.c_str());
            ImGui::SetNextItemWidth(fh * 5);
            const bool entered = ImGui::InputText("##value", buf, sizeof buf, ImGuiInputTextFlags_EnterReturnsTrue);
            controls_.note("input:b:" + changes[k].first, "textbox", core::trf("B's %s", name.c_str()),
                           changes[k].second);
            if (entered) stage_.command("b=" + changes[k].first + "=" + buf);
        }
        hover_help(core::trf("B's value (A: %s). Type a value and press Enter.",
                             stage_.config().params.text(changes[k].first).c_str()) +
                   (s ? "\n\n" + core::tr(s->help) : ""));
        ImGui::SameLine();
        if (ImGui::SmallButton("x")) stage_.command("vs=" + changes[k].first);
        controls_.note("button:drop-b:" + changes[k].first, "button", core::trf("drop B's change of %s", name.c_str()));
        hover_help(core::tr("Drop this change from B"));
        ImGui::PopID();
    }
    for (const core::Comparison& c : named)
        if (c.title == title_ && !c.contrast.empty()) {
            ImGui::PushStyleColor(ImGuiCol_Text, ink4(colors().claim));
            wrapped_text(core::tr(c.contrast));
            ImGui::PopStyleColor();
        }
    progress_bar(float(b_.progress), "B: " + b_.clock);
    controls_.draw("end-compare");
}

// "A 0.9940   B 0.6120   Δ −0.3820" in the metric's own format; n/a where a value is missing.
static std::string value_text(const session::MetricPair& p, double v, const std::string& missing) {
    if (!missing.empty()) return core::tr("n/a");
    char b[64];
    std::snprintf(b, sizeof b, p.format.c_str(), v);
    return core::local_number(b);
}

static std::string delta_text(const session::MetricPair& p) {
    if (!p.a_missing.empty() || !p.b_missing.empty()) return core::tr("n/a");
    double d = p.b - p.a;
    char b[64];
    std::snprintf(b, sizeof b, p.format.c_str(), std::fabs(d));
    return std::string(d > 0 ? "+" : d < 0 ? "−" : "±") + core::local_number(b);
}

std::string Compare::shown_b() const {
    if (!title_.empty()) return core::tr(title_);
    const core::Schema& schema = stage_.lab().schema();
    std::string s;
    for (const auto& [name, value] : changes_) {
        const int i = schema.index_of(name);
        const core::ParamSpec* p = i >= 0 ? &schema.params[size_t(i)] : nullptr;
        const std::string item = p ? core::shown_name(*p) + " = " + core::shown_value(*p, value) : name + " = " + value;
        s += (s.empty() ? "" : ", ") + item;
    }
    return s.empty() ? core::tr("no change") : s;
}

// One card per metric (the comparison's own, then the headlines), in as many columns as fit (about 13
// characters each): one row, two when the window is tall, so the views keep their room. The sidebar's
// Metrics table has them all.
void Compare::draw_strip() {
    if (!on()) return;
    const float fh = ImGui::GetFontSize(), w = ImGui::GetContentRegionAvail().x;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    ImVec2 at = ImGui::GetCursorScreenPos();
    std::vector<session::MetricPair> pairs = session::headline_pairs(stage_.runner(), b_.metrics, watch_);
    const int n = int(pairs.size());
    const float gap = fh * 0.4f;
    const int cols = std::clamp(int((w + gap) / (fh * 13 + gap)), 1, std::max(1, n));
    const int max_rows = ImGui::GetContentRegionAvail().y > fh * 36 ? 2 : 1;
    const int rows = std::min(max_rows, (n + cols - 1) / cols), shown = std::min(n, rows * cols);
    std::string more = shown < n ? "   " + core::trf("+%d in Metrics", n - shown) : "";
    const auto seed = (unsigned long long)stage_.config().seed;
    std::string head = title_.empty() ? core::trf("A/B, seed %llu:  B = A with %s", seed, shown_b().c_str())
                                      : core::trf("A/B, seed %llu:  B = %s", seed, shown_b().c_str());
    head = fit_text(head, w - text_width(more, fh * 0.85f) - fh * 0.5f);
    add_text(dl, at, ink(colors().b_text), head, fh);
    add_text(dl, ImVec2(at.x + text_width(head, fh) + fh * 0.3f, at.y + fh * 0.1f), ink(colors().claim), more,
             fh * 0.85f);
    float y = at.y + fh * 1.2f;
    if (n > 0) {
        float cw = (w - gap * (cols - 1)) / cols, small = fh * 0.85f, ch = small * 1.15f + fh * 1.25f;
        for (int k = 0; k < shown; ++k) {
            const session::MetricPair& p = pairs[size_t(k)];
            ImVec2 a(at.x + (k % cols) * (cw + gap), y + (k / cols) * (ch + gap * 0.5f));
            dl->AddRectFilled(a, ImVec2(a.x + cw, a.y + ch), ink(colors().card_bg), fh * 0.2f);
            const std::string label = fit_text(core::tr(p.label), cw - fh * 0.5f, small);
            add_text(dl, ImVec2(a.x + fh * 0.25f, a.y + fh * 0.05f), ink(colors().card_label), label, small);
            std::string line = "A " + value_text(p, p.a, p.a_missing) + "  B " + value_text(p, p.b, p.b_missing) +
                "  Δ " + delta_text(p);
            float size = fh;
            while (size > fh * 0.7f && text_width(line, size) > cw - fh * 0.5f) size *= 0.93f;
            add_text(dl, ImVec2(a.x + fh * 0.25f, a.y + small * 1.15f), ink(colors().text), line, size);
        }
        y += rows * (ch + gap * 0.5f);
    }
    ImGui::SetCursorScreenPos(at);
    ImGui::Dummy(ImVec2(w, y - at.y + fh * 0.2f));
}

}   // namespace app
