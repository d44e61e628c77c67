// Outcomes (core/outcome.hpp): a finished run's sentences, decided and filled in by its own metrics.
#include "core/outcome.hpp"
#include "core/lab.hpp"
#include "core/text.hpp"
#include "core/words.hpp"
#include <cmath>

namespace core {

static const Metric* find_metric(const std::vector<Metric>& metrics, const std::string& key) {
    for (const Metric& m : metrics)
        if (m.key == key) return &m;
    return nullptr;
}

std::string fill_metrics(const std::string& text, const std::vector<Metric>& metrics) {
    std::string out;
    for (size_t i = 0; i < text.size();) {
        const size_t close = text[i] == '{' ? text.find('}', i) : std::string::npos;
        std::string key = close == std::string::npos ? "" : text.substr(i + 1, close - i - 1);
        const bool percent = !key.empty() && key.back() == '%';   // {share%}: a fraction as a percentage
        if (percent) key.pop_back();
        const Metric* m = key.empty() ? nullptr : find_metric(metrics, key);
        if (m && std::isfinite(m->value)) {
            out += percent ? core::percent(100 * m->value) : local_number(strf(m->format.c_str(), m->value));
            i = close + 1;
        } else {
            out += text[i++];
        }
    }
    return out;
}

int decided_case(const Outcome& o, const std::vector<Metric>& metrics) {
    TourQuestion q;
    q.answers = o.cases;
    return supported_answer(q, metrics);
}

std::vector<Said> say_outcomes(const std::vector<Outcome>& outcomes, const std::vector<Metric>& metrics) {
    std::vector<Said> out;
    for (size_t i = 0; i < outcomes.size(); ++i) {
        const Outcome& o = outcomes[i];
        const int k = decided_case(o, metrics);
        if (k >= 0) out.push_back({fill_metrics(tr(o.cases[size_t(k)].text), metrics), k != o.paper, int(i), k});
    }
    return out;
}

std::vector<std::string> outcome_sentences(const std::vector<Outcome>& outcomes, const std::vector<Metric>& metrics,
                                           const std::string& default_preset_title, bool on_default_preset) {
    std::vector<std::string> out;
    for (const Said& said : say_outcomes(outcomes, metrics)) {
        const Outcome& o = outcomes[size_t(said.outcome)];
        std::string s = said.text;
        if (said.differs) {
            s = trf("On this seed the run differs from the paper. %s", s.c_str());
            if (on_default_preset && o.seeds > 0)
                s = then(s,
                         trf("(The paper's outcome holds in %d of seeds 1–%d of %s.)", o.paper_seeds, o.seeds,
                             tr(default_preset_title).c_str()));
        }
        out.push_back(s);
    }
    return out;
}

std::string outcome_line(const std::vector<Outcome>& outcomes, const std::vector<Metric>& metrics,
                         const std::string& default_preset_title, bool on_default_preset) {
    std::string line;
    for (const std::string& s : outcome_sentences(outcomes, metrics, default_preset_title, on_default_preset))
        line = then(line, s);
    return line;
}

std::vector<Outcome> outcomes_for(const Lab& lab, const Params& p) {
    std::vector<Outcome> out = lab.outcomes();
    for (Outcome& o : out)
        if (o.paper_for) {
            const int k = o.paper_for(p);
            if (k >= 0 && k < int(o.cases.size())) o.paper = k;
        }
    return out;
}

std::vector<std::string> end_of_run_sentences(const Lab& lab, const std::string& preset, const Params& p,
                                              const std::vector<Metric>& metrics) {
    const Preset& first = lab.schema().presets.front();
    return outcome_sentences(outcomes_for(lab, p), metrics, first.title, preset == first.id);
}

std::string end_of_run_line(const Lab& lab, const std::string& preset, const Params& p,
                            const std::vector<Metric>& metrics) {
    const Preset& first = lab.schema().presets.front();
    return outcome_line(outcomes_for(lab, p), metrics, first.title, preset == first.id);
}

std::vector<std::string> end_of_run_warnings(const Lab& lab, const std::string& preset, const Params& p,
                                             const std::vector<Metric>& metrics) {
    const std::vector<Outcome> all = outcomes_for(lab, p);
    std::vector<Outcome> differing;
    for (const Said& said : say_outcomes(all, metrics))
        if (said.differs) differing.push_back(all[size_t(said.outcome)]);
    const Preset& first = lab.schema().presets.front();
    return outcome_sentences(differing, metrics, first.title, preset == first.id);
}

std::vector<OutcomeCount> count_outcomes(const std::vector<Outcome>& outcomes,
                                         const std::vector<std::vector<Metric>>& runs) {
    std::vector<OutcomeCount> n(outcomes.size());
    for (size_t r = 0; r < runs.size(); ++r)
        for (size_t i = 0; i < outcomes.size(); ++i) {
            const int k = decided_case(outcomes[i], runs[r]);
            n[i].decided += k >= 0;
            n[i].paper += k == outcomes[i].paper;
            if (k >= 0 && k != outcomes[i].paper) n[i].other.push_back(int(r));
        }
    return n;
}

}   // namespace core
