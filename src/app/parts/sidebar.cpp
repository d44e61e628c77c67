// The sidebar (sidebar.hpp).
#include "app/plot/text_fit.hpp"
#include "app/parts/sidebar.hpp"
#include "app/controls/slider_text.hpp"
#include "app/plot/colors.hpp"
#include "app/plot/ink.hpp"
#include "app/controls/flow.hpp"
#include "app/controls/hover_help.hpp"
#include "session/compare.hpp"
#include "core/registry.hpp"
#include "core/words.hpp"
#include <imgui.h>
#include <cmath>
#include <cstdio>
#include <string>

namespace app {

void Sidebar::draw(ImVec2 size) {
    ImGui::BeginChild("sidebar", size, true);
    ImGui::TextColored(ink4(colors().title), "%s", core::tr("MoE Lab"));
    ImGui::SameLine();
    ImGui::TextDisabled("%s",
                        fit_text(core::tr("mixture-of-experts theory, live"),   // (whole in the tab's title)
                                 ImGui::GetContentRegionAvail().x)
                            .c_str());

    draw_lab_preset_seed();
    ImGui::Separator();
    draw_run_buttons();
    controls_.draw("present");
    controls_.draw("record", in_row());
    ControlStyle tour = in_row();
    tour.full_label = true;
    controls_.draw("tour", tour);
    ImGui::Separator();
    draw_params();
    parts_.text.draw();
    ImGui::Separator();
    parts_.compare.draw_panel();
    draw_share_and_export();
    draw_metrics_table();
    ImGui::EndChild();
}

// The lab picker, the presets and the seed; an exercise link may hide or lock each (exercise.hpp).
void Sidebar::draw_lab_preset_seed() {
    if (exercise_.active()) {
        ImGui::PushStyleColor(ImGuiCol_Text, ink4(colors().claim));
        wrapped_text(core::tr("Exercise: some controls are hidden or locked by this link."));
        ImGui::PopStyleColor();
    }
    draw_lab_picker();
    draw_preset_picker();
    ImGui::BeginDisabled(exercise_.locks("seed"));
    if (!exercise_.hides("seed")) draw_seed_input();
    ImGui::EndDisabled();
}

void Sidebar::draw_lab_picker() {
    ControlStyle whole_row;   // (its options are papers: it needs no label)
    whole_row.labelled = false;
    controls_.draw_choice("lab", whole_row);
}

void Sidebar::draw_preset_picker() {
    const core::Preset* cur = run_.lab().schema().preset(run_.config().preset);
    controls_.draw_choice("preset");
    if (cur && !cur->note.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, ink4(colors().claim));
        wrapped_text(core::tr(cur->note));
        ImGui::PopStyleColor();
    }
    if (cur && !cur->warning.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, ink4(colors().warning));
        wrapped_text(core::tr(cur->warning));
        ImGui::PopStyleColor();
    }
}

void Sidebar::draw_seed_input() {
    uint64_t seed = run_.config().seed;   // every 64-bit seed, as the link and the CLI take it
    const uint64_t one = 1, ten = 10;
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7);
    const bool entered = ImGui::InputScalar((std::string(core::tr("seed")) + "###seed").c_str(), ImGuiDataType_U64,
                                            &seed, &one, &ten, "%llu", ImGuiInputTextFlags_EnterReturnsTrue);
    controls_.note("input:seed", "spinbutton", core::tr("seed"), std::to_string(run_.config().seed));
    if ((entered || ImGui::IsItemDeactivatedAfterEdit()) && seed != run_.config().seed) {
        session::RunConfig c = run_.config();
        c.seed = seed;
        run_.open(c);
    }
    hover_help(core::tr("The same seed gives the same numbers here, on the desktop and in the CLI."));
}

void Sidebar::draw_run_buttons() {
    const float fh = ImGui::GetFontSize();
    draw_play_button(ImVec2(fh * 5, 0));
    for (const char* id : {"step", "next-phase", "skip", "reset"}) controls_.draw(id, in_row());

    ImGui::SetNextItemWidth(width_before_label(core::tr("speed"), 4.5f));
    // the speed's name (run.hpp's kSpeedNames) is the slider's format: translated where it is shown
    const std::string speed = core::tr(kSpeedNames[run_.speed()]);
    int chosen = run_.speed();
    if (ImGui::SliderInt((std::string(core::tr("speed")) + "###speed").c_str(), &chosen, 0, kFullSpeed, speed.c_str()))
        command("speed=" + std::to_string(chosen));
    controls_.note("slider:speed", "slider", core::tr("speed"), speed);
    hover_help(core::tr("How much of each frame goes to training. Slower speeds let a class follow each step."));

    progress_bar(float(run_.runner().progress()), run_.runner().clock());
    const Run::Played& played = run_.played();
    if (played.ms > 0) {
        ImGui::TextDisabled("%s", core::trf("ran %.2f s, %ld frames", played.ms / 1000.0, played.frames).c_str());
        hover_help(core::trf("Wall time while playing, and the frames drawn meanwhile (longest frame %d ms).",
                             int(played.longest_ms)));
    }
}

void Sidebar::draw_play_button(ImVec2 size) {
    ControlStyle play;
    play.size = size;
    play.fill = ink4(run_.playing() ? colors().pause : colors().play);
    play.text = ink4(colors().on_play);
    play.full_label = true;
    controls_.draw("play", play);
    ImVec2 a = ImGui::GetItemRectMin(), s = ImGui::GetItemRectSize();
    play_button_[0] = a.x;
    play_button_[1] = a.y;
    play_button_[2] = s.x;
    play_button_[3] = s.y;
}

void Sidebar::draw_params() {
    const auto& specs = run_.lab().schema().params;
    std::vector<std::string> groups;
    for (const auto& s : specs)
        if (std::find(groups.begin(), groups.end(), s.group) == groups.end()) groups.push_back(s.group);
    bool changed = false;
    const float fh = ImGui::GetFontSize();
    for (const auto& g : groups) {
        if (!ImGui::CollapsingHeader((core::tr(g) + "###" + g).c_str(), ImGuiTreeNodeFlags_DefaultOpen)) continue;
        for (size_t k = 0; k < specs.size(); ++k) {
            const core::ParamSpec& s = specs[k];
            if (s.group != g || exercise_.hides("params:" + s.name)) continue;
            const bool locked = exercise_.locks(s.name);
            double& v = run_.editing().values()[k];
            std::string label = core::shown_name(s) + "##" + s.name;
            ImGui::PushID(int(k));
            bool in_b = false;
            for (const auto& c : parts_.compare.changes()) in_b |= c.first == s.name;
            if (s.type == core::ParamType::Points) {   // edited on its plane and through commands, not a slider
                parts_.points.draw(k, locked);
                ImGui::PopID();
                continue;
            }
            if (!exercise_.hides("compare")) {   // B: compare's "vs" choice, this parameter's option
                ControlStyle b;
                b.sign = "B";   // words: not shown (run B's name)
                if (in_b) b.fill = ink4(colors().b_button);
                controls_.draw_option("vs", s.name, b);
                ImGui::SameLine();
            }
            // (the parameter's own control, bound to it through the schema: a slider, a checkbox or a combo)
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
                const std::string cur =
                    c >= 0 && c < int(s.choices.size()) ? core::shown_value(s, s.choices[size_t(c)]) : "?";
                if (ImGui::BeginCombo(label.c_str(), cur.c_str())) {
                    for (size_t o = 0; o < s.choices.size(); ++o) {
                        const std::string shown = core::shown_value(s, s.choices[o]);
                        const bool picked = ImGui::Selectable((shown + "###" + s.choices[o]).c_str(), int(o) == c);
                        controls_.note("option:" + s.name + ":" + s.choices[o], "option", shown,
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
                const std::string text = slider_text(label.c_str(), "%.4g", x);
                if (ImGui::SliderFloat(label.c_str(), &x, float(s.min), float(s.max), text.c_str(), f))
                    v = slider_rounded("%.4g", x);
                if (ImGui::IsItemDeactivatedAfterEdit()) changed = true;
                break;
            }
            }
            ImGui::EndDisabled();
            static const char* kRole[] = {"slider", "slider", "checkbox", "combo"};
            const std::string value = core::local_number(core::format_number(v));
            controls_.note("param:" + s.name, kRole[std::min(3, int(s.type))], core::shown_name(s),
                           locked ? core::trf("%s (locked)", value.c_str()) : value);
            const std::string lo = core::local_number(core::format_number(s.min)),
                              hi =
                                  core::local_number(core::format_number(s.max)) + (s.unit.empty() ? "" : " " + s.unit);
            hover_help(core::tr(s.help) + "\n\n" +
                       core::trf("name: %s   range: %s … %s", s.name.c_str(), lo.c_str(), hi.c_str()) + "\n" +
                       core::tr("Ctrl+click a slider to type a value."));
            if (locked || (!s.symbol.empty() && s.symbol != s.name)) {
                ImGui::SameLine();
                ImGui::TextDisabled("%s", locked ? core::trf("%s (locked)", s.name.c_str()).c_str() : s.name.c_str());
            }
            ImGui::PopID();
        }
    }
    if (changed) run_.apply_edit();   // the link records the values that differ from the preset
    for (const auto& e : run_.check().errors) ImGui::TextColored(ink4(colors().error), "%s", core::tr(e).c_str());
    for (const auto& w : run_.check().warnings) {
        ImGui::PushStyleColor(ImGuiCol_Text, ink4(colors().warning));
        wrapped_text(core::tr(w));
        ImGui::PopStyleColor();
    }
    if (!run_.check().ok()) {
        wrapped_text(core::tr("The run keeps its last valid settings until this is fixed."));
        controls_.draw("running-settings");
    }
}

void Sidebar::draw_share_and_export() {
    if (!ImGui::CollapsingHeader((std::string(core::tr("Share and export")) + "###share").c_str(),
                                 ImGuiTreeNodeFlags_DefaultOpen))
        return;
    controls_.draw_group("share");
    controls_.draw("csv-b", in_row());
    parts_.look.draw_controls();
    parts_.language.draw_menu();
    const session::RunConfig& c = run_.config();
    ImGui::TextDisabled("CLI: moe-lab run --lab %s --preset %s --seed %llu",   // words: not shown
                        c.lab.c_str(), c.preset.c_str(), (unsigned long long)c.seed);
}

void Sidebar::draw_metrics_table() {
    if (!ImGui::CollapsingHeader((std::string(core::tr("Metrics")) + "###metrics").c_str())) return;
    std::vector<core::Metric> mb;
    if (parts_.compare.on()) mb = parts_.compare.b().metrics;
    if (ImGui::BeginTable("metrics", parts_.compare.on() ? 3 : 2,
                          ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) {
        if (parts_.compare.on()) {
            ImGui::TableSetupColumn(core::tr("metric"));
            ImGui::TableSetupColumn("A");
            ImGui::TableSetupColumn("B");
            ImGui::TableHeadersRow();
        }
        for (const auto& m : run_.runner().metrics()) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(core::tr(m.label).c_str());
            hover_help(m.key);
            ImGui::TableNextColumn();
            char b[64];
            std::snprintf(b, sizeof b, m.format.c_str(), m.value);
            ImGui::TextUnformatted(core::local_number(b).c_str());
            if (parts_.compare.on()) {
                ImGui::TableNextColumn();
                for (const auto& x : mb)
                    if (x.key == m.key) {
                        std::snprintf(b, sizeof b, x.format.c_str(), x.value);
                        ImGui::TextUnformatted(core::local_number(b).c_str());
                    }
            }
        }
        ImGui::EndTable();
    }
}

void Sidebar::state(std::string& json) const {
    char b[128];
    std::snprintf(b, sizeof b, ",\"play_button\":[%.1f,%.1f,%.1f,%.1f]", play_button_[0], play_button_[1],
                  play_button_[2], play_button_[3]);
    json += b;
}

}   // namespace app
