// Predict, then reveal (core/tour.hpp): every lab's tour asks at least one question, each well formed, and on
// the tour's seed the run's own metrics, at the moment the step has run, support the answer the paper predicts
// (the declared key), so the page never reveals an answer the run on screen contradicts.
#include "session/compare.hpp"
#include "core/runner.hpp"
#include "core/registry.hpp"
#include "session/run_seeds.hpp"
#include "session/share_link.hpp"
#include "session/tour_steps.hpp"
#include "core/words.hpp"
#include <doctest/doctest.h>
#include <algorithm>
#include <cmath>

static core::Metric metric(const char* key, double v) {
    core::Metric m;
    m.key = key;
    m.value = v;
    return m;
}

TEST_CASE("a question's answer: the first answer whose test holds; otherwise the fallback; undecided without data") {
    core::TourQuestion q{"?",
                         {core::answer_if_above("high", "x", 0.9), core::answer_if_below("low", "y", 0.1),
                          core::answer_otherwise("neither")},
                         0,
                         "why"};
    CHECK(core::supported_answer(q, {metric("x", 0.95), metric("y", 0.0)}) == 0);   // the first that holds
    CHECK(core::supported_answer(q, {metric("x", 0.9), metric("y", 0.05)}) == 1);   // strictly above
    CHECK(core::supported_answer(q, {metric("x", 0.5), metric("y", 0.5)}) == 2);
    CHECK(core::supported_answer(q, {metric("y", 0.5)}) == -1);   // x is missing
    CHECK(core::supported_answer(q, {metric("x", std::nan("")), metric("y", 0.0)}) == -1);
    CHECK(core::supported_answer(q, {metric("x", 0.95)}) == 0);   // y not needed once x decides
}

TEST_CASE("each lab's tour asks at least one question, with 2-4 answers, a key and metrics the lab reports") {
    for (const auto& entry : core::all_labs()) {
        const core::Lab* lab = entry.lab;
        core::Runner run(*lab);
        CAPTURE(entry.id);
        const std::vector<core::TourStep> steps = lab->tour();
        int questions = 0;
        for (size_t j = 0; j < steps.size(); ++j) {
            const core::TourStep& s = steps[j];
            const core::TourQuestion& q = s.question;
            if (q.prompt.empty()) continue;
            ++questions;
            const session::RunConfig c = session::tour_config(*lab, session::default_config(*lab), steps, int(j));
            run.reset(c.params, c.seed);
            const std::vector<core::Metric> metrics = run.metrics();   // the metrics of the step's configuration
            CAPTURE(q.prompt);
            CHECK(q.answers.size() >= 2);
            CHECK(q.answers.size() <= 4);
            CHECK(q.key >= 0);
            CHECK(q.key < int(q.answers.size()));
            CHECK(!q.why.empty());
            CHECK(s.until != core::TourStep::Until::Now);   // a question is decided by what the step runs
            for (size_t k = 0; k < q.answers.size(); ++k) {
                const core::TourAnswer& a = q.answers[k];
                CHECK(!a.text.empty());
                CHECK_MESSAGE(core::tr(a.text).find('{') == std::string::npos,   // an answer is offered before the run
                              "an answer has no {metric} to fill: the reveal adds this run's values");
                CHECK_MESSAGE((!a.metric.empty() || k + 1 == q.answers.size()),
                              "only the last answer may be 'otherwise'");
                bool known = a.metric.empty();
                for (const core::Metric& m : metrics) known |= m.key == a.metric;
                CHECK_MESSAGE(known, "metric '" << a.metric << "' is not among the lab's metrics");
            }
        }
        CHECK(questions >= 1);
    }
}

// The page's path: the step's configuration on the tour's seed (the page's default), run until the step is
// reached; then the answer the metrics support must be the declared key.
// Over seeds 1–10 (core::kQuestionSeeds), each question's run, on its own configuration and to its step's moment,
// supports the paper's answer except on the seeds the question declares (TourQuestion::unlike_paper), which the
// teacher's key prints; the tour's own seed is never among them. A question asked at the end of a preset's own run is
// checked on the other seeds by that preset's reproduction (session::question_preset; `moe-lab reproduce`, which
// scripts/check-outcomes.sh runs in the cli stage), with no run of its own here. The runs go on every core (one after
// another in WebAssembly).
TEST_CASE("on the tour's seed, each question's run supports the answer the paper predicts, and on seeds 1-10 except "
          "where it declares") {
    struct Task {
        std::string lab;
        int step;
        uint64_t seed;
        int answer = -2;
    };
    std::vector<Task> tasks;
    for (const auto& entry : core::all_labs()) {
        const core::Lab* lab = entry.lab;
        const std::vector<core::TourStep> steps = lab->tour();
        const uint64_t tour_seed = session::default_config(*lab).seed;
        for (int k = 0; k < int(steps.size()); ++k)
            if (!steps[size_t(k)].question.prompt.empty())
                for (int seed = 1; seed <= core::kQuestionSeeds; ++seed)
                    if (uint64_t(seed) == tour_seed || session::question_preset(*lab, steps, k).empty())
                        tasks.push_back({entry.id, k, uint64_t(seed)});
    }
    session::for_each_index(int(tasks.size()), session::machine_jobs(), [&](int i) {
        Task& t = tasks[size_t(i)];
        const core::Lab* lab = core::find_lab(t.lab);
        t.answer = session::question_run_answer(*lab, lab->tour(), t.step, t.seed);
    });
    for (const Task& t : tasks) {
        const core::Lab* lab = core::find_lab(t.lab);
        const std::vector<core::TourStep> steps = lab->tour();
        const core::TourQuestion& q = steps[size_t(t.step)].question;
        CAPTURE(t.lab);
        CAPTURE(q.prompt);
        CAPTURE(t.seed);
        const bool declared =
            std::find(q.unlike_paper.begin(), q.unlike_paper.end(), int(t.seed)) != q.unlike_paper.end();
        CHECK_MESSAGE((t.answer != q.key) == declared,
                      t.lab << " step " << t.step + 1 << ", seed " << t.seed << ": the run supports answer " << t.answer
                            << ", the paper " << q.key << std::string(declared ? ", declared unlike" : ""));
        if (t.seed == session::default_config(*lab).seed)
            CHECK(t.answer == q.key);   // the tour's seed, as the page plays it
    }
    for (const auto& entry : core::all_labs())   // every declared seed is one of 1–10, named once
        for (const core::TourStep& s : entry.lab->tour()) {
            std::vector<int> seeds = s.question.unlike_paper;
            std::sort(seeds.begin(), seeds.end());
            CHECK(std::adjacent_find(seeds.begin(), seeds.end()) == seeds.end());
            for (int seed : seeds) CHECK((seed >= 1 && seed <= core::kQuestionSeeds));
        }
}

// A reproduction over seeds 1–10 checks the questions asked at the end of its configuration's run: a seed whose run
// stopped supports no answer, and a question's seeds differ from its declaration; other seeds decide nothing.
TEST_CASE("a reproduction's question check: the seeds unlike the paper against the declared, for seeds 1-10 only") {
    for (const auto& entry : core::all_labs()) {
        const core::Lab* lab = entry.lab;
        const std::vector<core::TourStep> steps = lab->tour();
        for (int k = 0; k < int(steps.size()); ++k) {
            const std::string preset = session::question_preset(*lab, steps, k);
            if (preset.empty()) continue;
            CAPTURE(entry.id);
            CAPTURE(k);
            session::RunConfig c = session::default_config(*lab);
            c.preset = preset;
            c.params.apply_preset(preset);
            std::vector<session::SeedResult> runs(static_cast<size_t>(core::kQuestionSeeds));
            for (size_t i = 0; i < runs.size(); ++i) {
                runs[i].seed = i + 1;
                runs[i].failure = "stopped";   // every run failed: every seed is unlike the paper
            }
            const std::vector<session::QuestionSeeds> checked = session::question_seeds(*lab, c, runs);
            const auto mine = std::find_if(checked.begin(), checked.end(),
                                           [&](const session::QuestionSeeds& q) { return q.step == k; });
            REQUIRE(mine != checked.end());
            CHECK(mine->unlike.size() == size_t(core::kQuestionSeeds));
            CHECK(!mine->as_declared());   // no question declares all ten
            runs.pop_back();
            CHECK(session::question_seeds(*lab, c, runs).empty());   // seeds 1–9: not the declared measure
            runs.resize(size_t(core::kQuestionSeeds));
            runs.back().seed = 11;
            CHECK(session::question_seeds(*lab, c, runs).empty());
            session::RunConfig off = c;   // another value of the first parameter: a run the step does not make
            const core::ParamSpec& first = lab->schema().params.front();
            off.params.set(first.name, c.params.values().front() == first.max ? first.min : first.max);
            CHECK(session::questions_decided_at_end(*lab, steps, off).empty());
        }
    }
}

// The teacher's key of a printed worksheet (session/worksheet.hpp) says, for each wrong answer, what a student who
// ticks it has misread; the paper's answer misreads nothing. A misreading is printed as it is: the only braces it
// may hold are number markers ({=0.05}), never a {metric} to fill.
TEST_CASE("every wrong answer of every tour question says what it misreads; the paper's answer does not") {
    for (const auto& entry : core::all_labs()) {
        const core::Lab* lab = entry.lab;
        CAPTURE(entry.id);
        for (const core::TourStep& s : lab->tour()) {
            const core::TourQuestion& q = s.question;
            if (q.prompt.empty()) continue;
            CAPTURE(q.prompt);
            for (size_t k = 0; k < q.answers.size(); ++k) {
                const std::string& m = q.answers[k].misreading;
                CAPTURE(k);
                if (int(k) == q.key) {
                    CHECK_MESSAGE(m.empty(), "the paper's answer has no misreading");
                    continue;
                }
                CHECK_MESSAGE(!m.empty(), "a wrong answer says what a student who ticks it has misread");
                for (size_t p = m.find('{'); p != std::string::npos; p = m.find('{', p + 1))
                    CHECK_MESSAGE(m.compare(p, 2, "{=") == 0, "a misreading has no {metric} to fill: " << m);
            }
        }
    }
}
