#include "labs/token-routing/run.hpp"
#include "core/metric_list.hpp"
#include <cmath>

namespace token_routing {

std::vector<std::vector<int>> route_text(const Model& m, const std::vector<int>& ids) {
    const ModelSpec& s = m.spec();
    std::vector<std::vector<int>> out(static_cast<size_t>(is_moe(s) ? s.blocks : 0));
    if (ids.empty() || int(ids.size()) > s.T) return out;
    Batch b;
    b.B = 1;
    b.T = s.T;
    b.x.assign(size_t(s.T), vocab().id("."));
    b.y = b.x;
    std::copy(ids.begin(), ids.end(), b.x.begin());
    Cache c;
    m.forward(b, c);
    for (size_t l = 0; l < out.size(); ++l)
        for (size_t j = 0; j < ids.size(); ++j) out[l].push_back(c.block[l].route.top[j * size_t(s.k)]);
    return out;
}

// The corpus as make_corpus() draws it (the streams split(1) and split(2) of the seed), one sequence at a time.
Run::Run(const Config& c, uint64_t seed)
    : RunOf(c, seed, kDone), train_rng_(core::Rng(seed).split(1)), test_rng_(core::Rng(seed).split(2)),
      trainer_(c.model, c.train, seed) {
    trace_.columns = {"t", "batch_loss_moe", "batch_loss_dense"};
}

void Run::start_eval(Eval e) {
    eval_ = e;
    pass_.start(e == kFinalDense ? trainer_.dense : trainer_.moe, corpus_.test);
}

void Run::finish_eval() {
    if (eval_ == kStart) start_ = snapshot(pass_.table);
    if (eval_ == kTenth) tenth_ = snapshot(pass_.table);
    if (eval_ == kFinalMoe) {
        final_ = pass_.table;
        start_eval(kFinalDense);
        return;
    }
    if (eval_ == kFinalDense) {
        for (int l = 0; l < cfg_.model.blocks; ++l)
            measures_.push_back(measures_of(final_, l, start_, tenth_, pass_.table.ce, cfg_.model.capacity > 0, seed_));
        part_ = kDone;
    }
    eval_ = kNoEval;
}

void Run::step(core::WorkBudget& budget) {
    const int T = cfg_.model.T, n_train = cfg_.corpus.n_train, n_test = cfg_.corpus.n_test;
    while (!budget.spent() && part_ == kDraw) {
        if (int(corpus_.train.size()) < n_train) corpus_.train.push_back(draw_sequence(T, train_rng_));
        else corpus_.test.push_back(draw_sequence(T, test_rng_));
        budget.spend(20.0 * (T + 1));
        if (int(corpus_.test.size()) == n_test) {
            part_ = kTrain;
            start_eval(kStart);
        }
    }
    const int steps = cfg_.train.steps, tenth = steps / 10;
    while (!budget.spent() && (part_ == kTrain || part_ == kMeasure)) {
        if (eval_ != kNoEval) {
            budget.spend(pass_.piece(eval_ == kFinalDense ? trainer_.dense : trainer_.moe, corpus_.test));
            if (pass_.done()) finish_eval();
            continue;
        }
        const int t = trainer_.t();
        if (trainer_.between_steps() && t == tenth && tenth_.experts.empty()) {
            start_eval(kTenth);
            continue;
        }
        if (t == steps) {
            part_ = kMeasure;
            start_eval(kFinalMoe);
            continue;
        }
        budget.spend(trainer_.piece(corpus_.train));
        if (trainer_.t() == t) continue;
        // a step completed
        if (!std::isfinite(trainer_.loss_moe) || !std::isfinite(trainer_.loss_dense)) {
            failure_ = core::strf("The training diverged at step %d (the loss is not a number): lower the step size η.",
                                  trainer_.t());
            return;
        }
        if (trainer_.t() % 10 == 0 || trainer_.t() == steps)
            trace_.rows.push_back({double(trainer_.t()), trainer_.loss_moe, trainer_.loss_dense});
    }
}

core::Where Run::where() const {
    const double n_test = cfg_.corpus.n_test;
    if (part_ == kDraw)
        return {kDraw, double(corpus_.train.size() + corpus_.test.size()), double(cfg_.corpus.n_train) + n_test};
    if (part_ == kTrain) return {kTrain, double(trainer_.t()), double(cfg_.train.steps)};
    if (part_ == kMeasure) return {kMeasure, double(pass_.next()) + (eval_ == kFinalDense ? n_test : 0.0), 2 * n_test};
    return {kDone, 1, 1};
}

std::vector<core::Metric> Run::metrics() const {
    core::MetricList m;
    const bool done = !measures_.empty();
    // the last MoE layer (docs/labs/token-routing.md §4.8)
    const Measures* r = done ? &measures_.back() : nullptr;
    const bool capacity = cfg_.model.capacity > 0;
    const char* at_end = "measured on the held-out sequences at the end of the training";
    auto at = [&](double Measures::*f) { return r ? r->*f : core::kNotApplicable; };
    m.count("t", "Step t", trainer_.t());
    m.add_if(trainer_.t() > 0, "batch_loss_moe", "MoE training loss (cross-entropy + L_aux, last batch)",
             trainer_.loss_moe, "%.4f", "from the first step");
    m.add_if(trainer_.t() > 0, "batch_loss_dense", "Dense training loss (last batch)", trainer_.loss_dense, "%.4f",
             "from the first step");
    m.add("loss_moe", "MoE held-out loss (nats per token)", at(&Measures::loss_moe), "%.4f", at_end);
    m.add("loss_dense", "Dense held-out loss, the same active parameters", at(&Measures::loss_dense), "%.4f", at_end);
    m.add("token_purity", "Tokens on their id's usual expert", at(&Measures::token_purity), "%.3f", at_end);
    m.add("purity_chance", "The same, routing blind to the token", at(&Measures::purity_chance), "%.3f", at_end);
    m.add("purity_init", "Tokens on their id's usual expert before training", at(&Measures::purity_init), "%.3f",
          at_end);
    m.add("mi_kind", "NMI of the expert with the token's kind", at(&Measures::mi_kind), "%.3f", at_end);
    m.add("mi_domain", "NMI of the expert with the domain", at(&Measures::mi_domain), "%.3f", at_end);
    m.add("domain_given_token", "What the domain adds to the token about the expert", at(&Measures::domain_given_token),
          "%.3f", at_end);
    m.add("domain_given_token_chance", "The same with the domains shuffled", at(&Measures::domain_given_token_chance),
          "%.3f", at_end);
    m.add("early_agreement", "Token ids whose expert at a tenth of the training is their last",
          at(&Measures::early_agreement), "%.3f", at_end);
    m.add("init_agreement", "Token ids whose expert before training is their last", at(&Measures::init_agreement),
          "%.3f", at_end);
    m.add("neighbour_same", "Consecutive tokens on the same expert", at(&Measures::neighbour_same), "%.3f", at_end);
    m.add("neighbour_chance", "The same by chance, the sum of f_i squared", at(&Measures::neighbour_chance), "%.3f",
          at_end);
    const char* no_capacity = "measured at the end; none without capacity (c_f = 0)";
    m.add_if(capacity, "drop_early", "Choices dropped in the first quarter of positions", at(&Measures::drop_early),
             "%.3f", no_capacity);
    m.add_if(capacity, "drop_late", "Choices dropped in the last quarter of positions", at(&Measures::drop_late),
             "%.3f", no_capacity);
    m.add("max_load", "The busiest expert's share of the choices", at(&Measures::max_load), "%.3f", at_end);
    m.add("max_vio", "MaxVio, the busiest expert's load over the mean minus 1", at(&Measures::max_vio), "%.3f", at_end);
    return m.take();
}

void Run::views(std::vector<core::View>&) const {}   // phase 2: the text painted by expert, the loss curves, the loads

}   // namespace token_routing
