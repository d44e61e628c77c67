// moe-lab tally: the answers a class copied from its phones (session/answer_line.hpp), one line each, counted per
// question: how many chose each answer, the paper's answer marked. Lines that are not answers lines (a
// spreadsheet's header, a blank line) are passed over; an answers line with a fault is named on stderr and left out.
#include "cli/tally.hpp"
#include "cli/commands.hpp"
#include "core/registry.hpp"
#include "core/words.hpp"
#include "session/answer_line.hpp"
#include "session/json_text.hpp"
#include <cstdio>
#include <fstream>
#include <iostream>

namespace cli {

// What is wrong with an answers line's answers for its lab ("" : nothing).
static std::string fault_of(const session::AnswerLine& a) {
    const core::Lab* lab = core::find_lab(a.lab);
    if (!lab) return core::trf("unknown lab '%s' (labs: %s)", a.lab.c_str(), core::lab_ids().c_str());
    const std::vector<core::TourStep> steps = lab->tour();
    for (const auto& [step, letter] : a.answers) {
        if (step > int(steps.size()) || steps[size_t(step - 1)].question.prompt.empty())
            return core::trf("%s's step %d asks no question", a.lab.c_str(), step);
        if (letter != '?' && size_t(letter - 'a') >= steps[size_t(step - 1)].question.answers.size())
            return core::trf("%s's step %d has no answer (%c)", a.lab.c_str(), step, letter);
    }
    return "";
}

void tally_lines(std::istream& in, const std::string& where, Tally& t) {
    std::string text;
    for (int n = 1; std::getline(in, text); ++n) {
        session::AnswerLine a;
        std::string why;
        if (session::read_answer_line(text, a, why)) why = fault_of(a);
        else if (why.empty()) continue;   // not an answers line
        if (!why.empty()) {
            t.faults.push_back(where + ":" + std::to_string(n) + ": " + why);
            continue;
        }
        const std::vector<core::TourStep> steps = core::find_lab(a.lab)->tour();
        for (const auto& [step, letter] : a.answers) {
            std::vector<int>& c = t.chose[a.lab][step];
            std::vector<std::vector<std::string>>& w = t.who[a.lab][step];
            c.resize(steps[size_t(step - 1)].question.answers.size() + 1);
            w.resize(c.size());
            const size_t k = letter == '?' ? c.size() - 1 : size_t(letter - 'a');
            ++c[k];
            if (!a.name.empty()) w[k].push_back(a.name);
        }
        ++t.lines;
    }
}

std::string tally_json(const Tally& t) {
    std::string json =
        "{\"lines\":" + std::to_string(t.lines) + ",\"faults\":" + session::json_strings(t.faults) + ",\"labs\":[";
    for (auto lab = t.chose.begin(); lab != t.chose.end(); ++lab) {
        const std::vector<core::TourStep> tour = core::find_lab(lab->first)->tour();
        json += std::string(lab == t.chose.begin() ? "" : ",") + "{\"lab\":" + session::json_string(lab->first) +
            ",\"questions\":[";
        for (auto q = lab->second.begin(); q != lab->second.end(); ++q) {
            std::string chose, names;
            for (int n : q->second) chose += (chose.empty() ? "" : ",") + std::to_string(n);
            for (const auto& w : t.who.at(lab->first).at(q->first))
                names += (names.empty() ? "" : ",") + session::json_strings(w);
            json += std::string(q == lab->second.begin() ? "" : ",") + "{\"step\":" + std::to_string(q->first) +
                ",\"key\":" + std::to_string(tour[size_t(q->first - 1)].question.key) + ",\"chose\":[" + chose +
                "],\"names\":[" + names + "]}";
        }
        json += "]}";
    }
    return json + "]}";
}

// The counts as a lecturer reads them: each question, each answer's count, the paper's answer marked.
static void print_tally(const Tally& t) {
    for (const auto& [id, steps] : t.chose) {
        const core::Lab* lab = core::find_lab(id);
        const std::vector<core::TourStep> tour = lab->tour();
        std::printf("%s\n", core::tr(lab->info().title).c_str());
        for (const auto& [step, chose] : steps) {
            const core::TourQuestion& q = tour[size_t(step - 1)].question;
            int total = 0;
            for (int n : chose) total += n;
            std::printf("  %s\n",
                        core::trnf(total, "Step %d: %s (%d answer)", "Step %d: %s (%d answers)", step,
                                   core::tr(q.prompt).c_str(), total)
                            .c_str());
            for (size_t k = 0; k < chose.size(); ++k) {
                const bool dont_know = k + 1 == chose.size();
                const std::string text = dont_know
                    ? std::string(core::tr("I don't know"))
                    : core::trf("(%s) %s", std::string(1, char('a' + k)).c_str(), core::tr(q.answers[k].text).c_str());
                std::printf("    %4d  %s%s%s\n", chose[k], text.c_str(), int(k) == q.key ? "  " : "",
                            int(k) == q.key ? core::tr("[the paper's answer]") : "");
                std::string names;   // who chose it, where the lines name them
                for (const std::string& n : t.who.at(id).at(step)[k]) names += (names.empty() ? "" : " · ") + n;
                if (!names.empty()) std::printf("          %s\n", names.c_str());
            }
        }
    }
    std::printf("%s\n", core::trnf(t.lines, "%d line counted.", "%d lines counted.", t.lines).c_str());
    if (!t.faults.empty())
        std::printf("%s\n",
                    core::trnf(long(t.faults.size()), "%d line with a fault (above) left out.",
                               "%d lines with a fault (above) left out.", int(t.faults.size()))
                        .c_str());
}

int cmd_tally(const Args& a) {
    if (!a.lang.empty()) use_language(a.lang);
    Tally t;
    if (a.files.empty()) tally_lines(std::cin, "stdin", t);
    for (const std::string& f : a.files) {
        std::ifstream in(f);
        if (!in) throw UsageError("tally: cannot read " + f);
        tally_lines(in, f, t);
    }
    for (const std::string& f : t.faults) std::fprintf(stderr, "moe-lab tally: %s\n", f.c_str());
    if (t.lines == 0) throw UsageError("tally: no answers line (moe-lab-answers …) in the input");
    if (a.json) std::printf("%s\n", tally_json(t).c_str());
    else print_tally(t);
    return 0;
}

}   // namespace cli
