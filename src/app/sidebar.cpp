// The sidebar: lab picker, presets, seed, run controls, parameters generated from the schema,
// share link and export, current metrics.
#include "app/app.hpp"
#include "app/ink.hpp"
#include "app/hover_help.hpp"
#include "core/compare.hpp"
#include "core/registry.hpp"
#include <imgui.h>
#include <cmath>
#include <cstdio>
#include <string>

namespace app {

void App::draw_sidebar(ImVec2 size) {
    ImGui::BeginChild("sidebar", size, true);
    ImGui::TextColored(ink4(colors().title), "MoE Lab");
    ImGui::SameLine();
    ImGui::TextDisabled("mixture-of-experts theory, live");

    draw_lab_preset_seed();
    ImGui::Separator();
    draw_run_buttons();
    if (ImGui::Button("Present")) command("present=1");
    note_control("button:present", "button", "Present");
    hover_help(
        "Presentation layout for a projector: no sidebar, the timeline and one or two views large. Key: P. Link: "
        "present=1. Keys there: space play, right arrow step, N next phase, V or 1-9 views.");
    ImGui::SameLine();
    draw_record_button();
    if (!lab_->tour().empty() && !exercise_.hides("tour")) {
        ImGui::SameLine();
        if (ImGui::Button(tour_.on() ? "End tour" : "Guided tour")) command(tour_.on() ? "tour=0" : "tour=1");
        note_control("button:tour", "button", tour_.on() ? "End tour" : "Guided tour");
        hover_help("A short lecture script for this lab: each step sets up and runs to a moment, shows the views to "
                   "look at and the paper's claim. Arrow keys step; the link holds the step (tour=3). Key: T.");
    }
    ImGui::Separator();
    draw_controls();
    ImGui::Separator();
    draw_compare_panel();
    draw_share_and_export();
    draw_metrics_table();
    ImGui::EndChild();
}

// The lab picker, the presets and the seed; an exercise link may hide or lock each (exercise.hpp).
void App::draw_lab_preset_seed() {
    if (exercise_.active()) {
        ImGui::PushStyleColor(ImGuiCol_Text, ink4(colors().claim));
        ImGui::TextWrapped("Exercise: some controls are hidden or locked by this link.");
        ImGui::PopStyleColor();
    }
    if (!exercise_.hides("lab")) draw_lab_picker();
    ImGui::BeginDisabled(exercise_.locks("preset"));
    if (!exercise_.hides("presets")) draw_preset_picker();
    ImGui::EndDisabled();
    ImGui::BeginDisabled(exercise_.locks("seed"));
    if (!exercise_.hides("seed")) draw_seed_input();
    ImGui::EndDisabled();
}

void App::draw_lab_picker() {
    ImGui::BeginDisabled(exercise_.locks("lab"));
    ImGui::SetNextItemWidth(-1);
    static const std::vector<core::LabInfo> infos = [] {
        std::vector<core::LabInfo> v;
        for (const auto& e : core::all_labs()) v.push_back(e.make()->info());
        return v;
    }();
    const bool lab_open = ImGui::BeginCombo("##lab", lab_->info().title.c_str());
    note_control("combo:lab", "combo", "lab", lab_->info().title);
    if (lab_open) {
        for (const core::LabInfo& info : infos) {
            const bool picked = ImGui::Selectable(info.title.c_str(), info.id == config_.lab);
            note_control("option:lab:" + info.id, "option", info.title, info.id == config_.lab ? "selected" : "");
            if (picked && info.id != config_.lab) {
                link_messages_.clear();
                command("lab=" + info.id);
            }
            hover_help(info.citation);
        }
        ImGui::EndCombo();
    }
    hover_help("Pick a paper. Each lab runs a small version of the paper's data model and training.");
    ImGui::EndDisabled();
}

void App::draw_preset_picker() {
    const core::Preset* cur = lab_->schema().preset(config_.preset);
    ImGui::SetNextItemWidth(-ImGui::GetFontSize() * 4.5f);
    const bool preset_open = ImGui::BeginCombo("preset", cur ? cur->title.c_str() : "custom");
    note_control("combo:preset", "combo", "preset", cur ? cur->title : "custom");
    if (preset_open) {
        for (const auto& p : lab_->schema().presets) {
            const bool picked = ImGui::Selectable(p.title.c_str(), p.id == config_.preset);
            note_control("option:preset:" + p.id, "option", p.title, p.id == config_.preset ? "selected" : "");
            if (picked) {
                core::RunConfig c = config_;
                c.preset = p.id;
                c.params.apply_preset(p.id);
                open(c);
            }
            hover_help(p.note + (p.warning.empty() ? "" : "\n\nNote: " + p.warning));
        }
        ImGui::EndCombo();
    }
    if (cur && !cur->note.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, ink4(colors().claim));
        ImGui::TextWrapped("%s", cur->note.c_str());
        ImGui::PopStyleColor();
    }
    if (cur && !cur->warning.empty()) ImGui::TextColored(ink4(colors().warning), "%s", cur->warning.c_str());
}

void App::draw_seed_input() {
    uint64_t seed = config_.seed;   // every 64-bit seed, as the link and the CLI take it
    const uint64_t one = 1, ten = 10;
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7);
    const bool entered =
        ImGui::InputScalar("seed", ImGuiDataType_U64, &seed, &one, &ten, "%llu", ImGuiInputTextFlags_EnterReturnsTrue);
    note_control("input:seed", "spinbutton", "seed", std::to_string(config_.seed));
    if ((entered || ImGui::IsItemDeactivatedAfterEdit()) && seed != config_.seed) {
        core::RunConfig c = config_;
        c.seed = seed;
        open(c);
    }
    hover_help("The same seed gives the same numbers here, on the desktop and in the CLI.");
}

void App::draw_run_buttons() {
    const float fh = ImGui::GetFontSize();
    bool done = finished();
    ImGui::BeginDisabled(done);
    draw_play_button(ImVec2(fh * 5, 0));
    ImGui::SameLine();
    if (ImGui::Button("Step")) command("step");
    note_control("button:step", "button", "Step");
    hover_help("Advance training by one slice (one iteration or a small chunk). Key: right arrow.");
    ImGui::SameLine();
    if (ImGui::Button("Next phase")) command("next-phase");
    note_control("button:next-phase", "button", "Next phase");
    hover_help("Run until the next phase of the timeline begins, then pause.");
    ImGui::EndDisabled();
    // keep "Reset" on this row only when it fits (large UI scales wrap it)
    if (ImGui::GetContentRegionAvail().x - ImGui::GetItemRectMax().x + ImGui::GetCursorScreenPos().x >
        ImGui::CalcTextSize("Reset").x + ImGui::GetStyle().FramePadding.x * 2 + ImGui::GetStyle().ItemSpacing.x)
        ImGui::SameLine();
    if (ImGui::Button("Reset")) command("reset");
    note_control("button:reset", "button", "Reset");
    hover_help("Start again from the same seed: same data, same initialisation.");

    ImGui::SetNextItemWidth(-fh * 4.5f);
    ImGui::SliderInt("speed", &speed_, 0, 4, kSpeedNames[speed_]);
    note_control("slider:speed", "slider", "speed", kSpeedNames[speed_]);
    hover_help("How much of each frame goes to training. Slower speeds let a class follow each step.");

    char prog[96];
    std::snprintf(prog, sizeof prog, "%s", lab_->clock().c_str());
    ImGui::ProgressBar(float(lab_->progress()), ImVec2(-1, 0), prog);
    if (run_ms_ > 0) {
        ImGui::TextDisabled("ran %.2f s, %ld frames", run_ms_ / 1000.0, frames_while_running_);
        hover_help("Wall time while playing, and the frames drawn meanwhile (longest frame " +
                   std::to_string(int(longest_frame_ms_)) + " ms).");
    }
}

void App::draw_play_button(ImVec2 size) {
    ImGui::PushStyleColor(ImGuiCol_Button, ink4(playing_ ? colors().pause : colors().play));
    ImGui::PushStyleColor(ImGuiCol_Text, ink4(colors().on_play));
    if (ImGui::Button(playing_ ? "Pause" : "Play", size)) command(playing_ ? "pause" : "play");
    ImGui::PopStyleColor(2);
    note_control("button:play", "button", playing_ ? "Pause" : "Play");
    hover_help("Key: space.");
    ImVec2 a = ImGui::GetItemRectMin(), s = ImGui::GetItemRectSize();
    play_button_[0] = a.x;
    play_button_[1] = a.y;
    play_button_[2] = s.x;
    play_button_[3] = s.y;
}

void App::draw_controls() {
    const auto& specs = lab_->schema().params;
    std::vector<std::string> groups;
    for (const auto& s : specs)
        if (std::find(groups.begin(), groups.end(), s.group) == groups.end()) groups.push_back(s.group);
    bool changed = false;
    const float fh = ImGui::GetFontSize();
    for (const auto& g : groups) {
        if (!ImGui::CollapsingHeader(g.c_str(), ImGuiTreeNodeFlags_DefaultOpen)) continue;
        for (size_t k = 0; k < specs.size(); ++k) {
            const core::ParamSpec& s = specs[k];
            if (s.group != g || exercise_.hides("params:" + s.name)) continue;
            const bool locked = exercise_.locks(s.name);
            double& v = edit_.values()[k];
            std::string label = (s.symbol.empty() ? s.name : s.symbol) + "##" + s.name;
            ImGui::PushID(int(k));
            bool in_b = false;
            for (const auto& c : compare_.changes()) in_b |= c.first == s.name;
            if (s.type == core::ParamType::Points) {   // edited on its plane and through commands, not a slider
                draw_point_editor(k, locked);
                ImGui::PopID();
                continue;
            }
            if (!exercise_.hides("compare")) {
                if (in_b) ImGui::PushStyleColor(ImGuiCol_Button, ink4(colors().b_button));
                if (ImGui::SmallButton("B")) command("vs=" + s.name);
                note_control("button:vs:" + s.name, "button", "compare " + s.name);
                if (in_b) ImGui::PopStyleColor();
                hover_help(in_b ? "B changes this parameter: click to drop the change"
                                : "Compare: run B with this parameter changed, on the same seed, beside this run");
                ImGui::SameLine();
            }
            ImGui::BeginDisabled(locked);
            ImGui::SetNextItemWidth(-fh * 5.5f);
            switch (s.type) {
            case core::ParamType::Points: break;   // (drawn above)
            case core::ParamType::Bool: {
                bool b = v != 0;
                if (ImGui::Checkbox(label.c_str(), &b)) {
                    v = b;
                    changed = true;
                }
                break;
            }
            case core::ParamType::Choice: {
                int c = int(v);
                const char* cur = c >= 0 && c < int(s.choices.size()) ? s.choices[size_t(c)].c_str() : "?";
                if (ImGui::BeginCombo(label.c_str(), cur)) {
                    for (size_t o = 0; o < s.choices.size(); ++o) {
                        const bool picked = ImGui::Selectable(s.choices[o].c_str(), int(o) == c);
                        note_control("option:" + s.name + ":" + s.choices[o], "option", s.choices[o],
                                     int(o) == c ? "selected" : "");
                        if (picked) {
                            v = double(o);
                            changed = true;
                        }
                    }
                    ImGui::EndCombo();
                }
                break;
            }
            case core::ParamType::Int: {
                int i = int(v);
                ImGuiSliderFlags f = s.log_scale ? ImGuiSliderFlags_Logarithmic : 0;
                if (ImGui::SliderInt(label.c_str(), &i, int(s.min), int(s.max), "%d", f)) v = i;
                if (ImGui::IsItemDeactivatedAfterEdit()) changed = true;
                break;
            }
            case core::ParamType::Real: {
                float x = float(v);
                ImGuiSliderFlags f = s.log_scale ? ImGuiSliderFlags_Logarithmic : 0;
                if (ImGui::SliderFloat(label.c_str(), &x, float(s.min), float(s.max), "%.4g", f)) v = x;
                if (ImGui::IsItemDeactivatedAfterEdit()) changed = true;
                break;
            }
            }
            ImGui::EndDisabled();
            static const char* kRole[] = {"slider", "slider", "checkbox", "combo"};
            note_control("param:" + s.name, kRole[std::min(3, int(s.type))], s.symbol.empty() ? s.name : s.symbol,
                         core::format_number(v) + (locked ? " (locked)" : ""));
            std::string tip = s.help + "\n\nname: " + s.name + "   range: " + core::format_number(s.min) + " … " +
                core::format_number(s.max) + (s.unit.empty() ? "" : " " + s.unit) +
                "\nCtrl+click a slider to type a value.";
            hover_help(tip);
            if (locked || (!s.symbol.empty() && s.symbol != s.name)) {
                ImGui::SameLine();
                ImGui::TextDisabled("%s%s", s.name.c_str(), locked ? " (locked)" : "");
            }
            ImGui::PopID();
        }
    }
    if (changed) apply_edit();   // the link records the values that differ from the preset
    for (const auto& e : edit_check_.errors) ImGui::TextColored(ink4(colors().error), "%s", e.c_str());
    for (const auto& w : edit_check_.warnings) {
        ImGui::PushStyleColor(ImGuiCol_Text, ink4(colors().warning));
        ImGui::TextWrapped("%s", w.c_str());
        ImGui::PopStyleColor();
    }
    if (!edit_check_.ok()) {
        ImGui::TextWrapped("The run keeps its last valid settings until this is fixed.");
        const bool back = ImGui::Button("Back to the running settings");
        note_control("button:running-settings", "button", "Back to the running settings");
        if (back) command("revert");
    }
}

void App::draw_share_and_export() {
    if (!ImGui::CollapsingHeader("Share and export", ImGuiTreeNodeFlags_DefaultOpen)) return;
    if (ImGui::Button("Copy link")) command("copy-link");
    note_control("button:copy-link", "button", "Copy link");
    hover_help("The link restores this lab, preset, seed and every changed parameter.");
    ImGui::SameLine();
    if (ImGui::Button("Download CSV")) command("csv");
    note_control("button:csv", "button", "Download CSV");
    hover_help("The time series of this run's metrics, one row per evaluation.");
    if (compare_.on()) {
        ImGui::SameLine();
        const bool b_csv = ImGui::Button("B's CSV");
        note_control("button:csv-b", "button", "B's CSV");
        if (b_csv) command("csv-b");
        hover_help("The time series of run B (" + core::describe(compare_.changes()) + ").");
    }
    ImGui::SameLine();
    ImGui::SetNextItemWidth(-ImGui::GetFontSize() * 2.2f);
    float scale = ui_scale_;
    if (ImGui::SliderFloat("UI", &scale, 0.75f, 2.5f, "%.2fx", ImGuiSliderFlags_AlwaysClamp)) ui_scale_ = scale;
    note_control("slider:ui-scale", "slider", "UI scale", core::format_number(ui_scale_));
    if (ImGui::IsItemDeactivatedAfterEdit()) fonts_dirty_ = true;
    hover_help("Text and control size, for projectors.");
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7);
    const std::string shown = theme_choice_ == "auto" ? "auto (" + system_theme_ + ")" : theme_choice_;
    const bool theme_open = ImGui::BeginCombo("theme", shown.c_str());
    note_control("combo:theme", "combo", "theme", theme_choice_);
    if (theme_open) {
        std::vector<std::string> ids = {"auto"};
        for (const Colors& c : themes()) ids.push_back(c.id);
        for (const std::string& id : ids) {
            const bool picked = ImGui::Selectable(id.c_str(), id == theme_choice_);
            note_control("option:theme:" + id, "option", id, id == theme_choice_ ? "selected" : "");
            if (picked) command("theme=" + id);
        }
        ImGui::EndCombo();
    }
    hover_help(
        "Colours: light, dark for a dark lecture hall, or high contrast; auto follows the system. Link: theme=dark.");
    ImGui::TextDisabled("CLI: moe-lab run --lab %s --preset %s --seed %llu", config_.lab.c_str(),
                        config_.preset.c_str(), (unsigned long long)config_.seed);
}

void App::draw_metrics_table() {
    if (!ImGui::CollapsingHeader("Metrics")) return;
    std::vector<core::Metric> mb;
    if (compare_.on()) mb = compare_.b().metrics;
    if (ImGui::BeginTable("metrics", compare_.on() ? 3 : 2,
                          ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) {
        if (compare_.on()) {
            ImGui::TableSetupColumn("metric");
            ImGui::TableSetupColumn("A");
            ImGui::TableSetupColumn("B");
            ImGui::TableHeadersRow();
        }
        for (const auto& m : lab_->metrics()) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(m.label.c_str());
            hover_help(m.key);
            ImGui::TableNextColumn();
            char b[64];
            std::snprintf(b, sizeof b, m.format.c_str(), m.value);
            ImGui::TextUnformatted(b);
            if (compare_.on()) {
                ImGui::TableNextColumn();
                for (const auto& x : mb)
                    if (x.key == m.key) {
                        std::snprintf(b, sizeof b, x.format.c_str(), x.value);
                        ImGui::TextUnformatted(b);
                    }
            }
        }
        ImGui::EndTable();
    }
}

}   // namespace app
