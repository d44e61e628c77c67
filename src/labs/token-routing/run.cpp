#include "labs/token-routing/run.hpp"
#include "core/metric_list.hpp"
#include <algorithm>
#include <cmath>

namespace token_routing {

namespace {

// One sequence of T inputs: `ids`, then "." to T.
Batch padded(const std::vector<int>& ids, int T) {
    Batch b;
    b.B = 1;
    b.T = T;
    b.x.assign(size_t(T), vocab().id("."));
    b.y = b.x;
    std::copy(ids.begin(), ids.end(), b.x.begin());
    return b;
}

}   // namespace

TextRouting route_text(const Model& m, const std::vector<int>& ids) {
    const ModelSpec& s = m.spec();
    TextRouting out;
    out.top.resize(size_t(is_moe(s) ? s.blocks : 0));
    out.w.resize(out.top.size());
    if (ids.empty() || int(ids.size()) > s.T) return out;
    const Batch b = padded(ids, s.T);
    Cache c;
    m.forward(b, c);
    const size_t n = ids.size() * size_t(s.k);
    for (size_t l = 0; l < out.top.size(); ++l) {
        const Routing& r = c.block[l].route;
        out.top[l].assign(r.top.begin(), r.top.begin() + long(n));
        out.w[l].assign(r.w.begin(), r.w.begin() + long(n));
    }
    return out;
}

std::vector<int> write_text(const Model& m, std::vector<int> prompt, core::Rng& rng) {
    const ModelSpec& s = m.spec();
    if (prompt.empty() || int(prompt.size()) > s.T) return prompt;
    Cache c;
    while (int(prompt.size()) < s.T) {
        m.forward(padded(prompt, s.T), c);
        const double* p = &c.prob[(prompt.size() - 1) * size_t(s.V)];   // the next token after the last one
        double u = rng.uniform(), sum = 0;
        int next = s.V - 1;
        for (int v = 0; v < s.V; ++v)
            if ((sum += p[v]) > u) {
                next = v;
                break;
            }
        prompt.push_back(next);
    }
    return prompt;
}

// The corpus as make_corpus() draws it (the streams split(1) and split(2) of the seed), one sequence at a time.
Run::Run(const Config& c, uint64_t seed)
    : RunOf(c, seed, kDone), train_rng_(core::Rng(seed).split(1)), test_rng_(core::Rng(seed).split(2)),
      trainer_(c.model, c.train, seed) {
    trace_.columns = {"t", "batch_loss_moe", "batch_loss_dense"};
    const int layers = c.model.blocks;
    acc_f_.assign(size_t(c.model.K), 0.0);
    acc_vio_.assign(size_t(layers), 0.0);
    hist_.load.resize(size_t(c.model.K));
    hist_.vio.resize(size_t(layers));
    territory();   // empty until the end: the view is there from the start
    text_ = example(c.model.T);
}

Tokenized example(int T) {
    Tokenized t = tokenize(kExampleText, 64);
    if (int(t.pieces.size()) > T) t.pieces.resize(size_t(T)), t.ids.resize(size_t(T));   // (every piece is known)
    return t;
}

core::TextRead Run::read_text(const std::string& text) {
    Tokenized t = text.empty() ? example(cfg_.model.T) : tokenize(text, cfg_.model.T);
    if (t.problem == TextProblem::kEmpty || t.problem == TextProblem::kTooLong ||
        t.problem == TextProblem::kInvalidUtf8)
        return {t.message, true};   // nothing to show: the last text stays
    std::string said = t.message;
    for (const Piece& p : t.pieces)
        if (said.empty()) said = p.message;
    text_ = std::move(t);
    text_t_ = -1;
    return {said, false};
}

void Run::start_eval(Eval e) {
    eval_ = e;
    pass_.start(e == kFinalDense ? trainer_.dense : trainer_.moe, corpus_.test, e == kFinalMoe);
}

void Run::finish_eval() {
    if (eval_ == kCheckpoint) {
        checkpoints_.push_back(snapshot(pass_.table));
        if (checkpoints_.size() == 2) part_ = kTrain;   // the tenth: the early part is over
    }
    if (eval_ == kFinalMoe) {
        final_ = std::move(pass_.table);
        summarise();
        territory();
        start_eval(kFinalDense);
        return;
    }
    if (eval_ == kFinalDense) {
        for (int l = 0; l < cfg_.model.blocks; ++l)
            measures_.push_back(measures_of(final_, l, checkpoints_[0], checkpoints_[1], pass_.table.ce,
                                            cfg_.model.capacity > 0, seed_));
        part_ = kDone;
    }
    eval_ = kNoEval;
}

// After each step: the sums the next trace row's means are made of.
void Run::record_step() {
    const int K = cfg_.model.K, t = trainer_.t();
    acc_ce_moe_ += trainer_.ce_moe;
    acc_ce_dense_ += trainer_.loss_dense;
    for (size_t l = 0; l < trainer_.f_moe.size(); ++l) {
        const std::vector<double>& f = trainer_.f_moe[l];
        acc_vio_[l] += K * *std::max_element(f.begin(), f.end()) - 1;   // MaxVio (Wang et al. 2024) of the batch
        if (l + 1 == trainer_.f_moe.size())
            for (int i = 0; i < K; ++i) acc_f_[size_t(i)] += f[size_t(i)];
    }
    ++acc_n_;
    if (t % 10 != 0 && t != cfg_.train.steps) return;
    trace_.rows.push_back({double(t), trainer_.loss_moe, trainer_.loss_dense});
    const double n = acc_n_;
    hist_.t.push_back(t);
    hist_.ce_moe.push_back(acc_ce_moe_ / n);
    hist_.ce_dense.push_back(acc_ce_dense_ / n);
    for (int i = 0; i < K; ++i) hist_.load[size_t(i)].push_back(acc_f_[size_t(i)] / n);
    for (size_t l = 0; l < acc_vio_.size(); ++l) hist_.vio[l].push_back(acc_vio_[l] / n);
    acc_n_ = 0;
    acc_ce_moe_ = acc_ce_dense_ = 0;
    std::fill(acc_f_.begin(), acc_f_.end(), 0.0);
    std::fill(acc_vio_.begin(), acc_vio_.end(), 0.0);
}

void Run::step(core::WorkBudget& budget) {
    const int T = cfg_.model.T, n_train = cfg_.corpus.n_train, n_test = cfg_.corpus.n_test;
    while (!budget.spent() && part_ == kDraw) {
        if (int(corpus_.train.size()) < n_train) corpus_.train.push_back(draw_sequence(T, train_rng_));
        else corpus_.test.push_back(draw_sequence(T, test_rng_));
        budget.spend(20.0 * (T + 1));
        if (int(corpus_.test.size()) == n_test) part_ = kEarly;
    }
    const int steps = cfg_.train.steps;
    while (!budget.spent() && part_ > kDraw && part_ < kDone) {
        if (eval_ != kNoEval) {
            budget.spend(pass_.piece(eval_ == kFinalDense ? trainer_.dense : trainer_.moe, corpus_.test));
            if (pass_.done()) finish_eval();
            continue;
        }
        const int t = trainer_.t(), j = int(checkpoints_.size());
        if (trainer_.between_steps() && j < kCheckpoints && t == checkpoint_step(j, steps)) {
            start_eval(kCheckpoint);
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
        record_step();
    }
}

core::Where Run::where() const {
    const double n_test = cfg_.corpus.n_test, steps = cfg_.train.steps, tenth = checkpoint_step(1, cfg_.train.steps);
    if (part_ == kDraw)
        return {kDraw, double(corpus_.train.size() + corpus_.test.size()), double(cfg_.corpus.n_train) + n_test};
    const std::string t = core::strf("t = %d / %d", trainer_.t(), cfg_.train.steps);   // the step, in either part
    if (part_ == kEarly) return {kEarly, double(trainer_.t()), tenth, t};
    if (part_ == kTrain) return {kTrain, double(trainer_.t()) - tenth, steps - tenth, t};
    if (part_ == kMeasure) return {kMeasure, double(pass_.next()) + (eval_ == kFinalDense ? n_test : 0.0), 2 * n_test};
    return {kDone, 1, 1};
}

// The views' summary of the final routing (run.hpp's Summary).
void Run::summarise() {
    const RoutingTable& r = final_;
    const int K = r.K, L = r.layers, T = r.T;
    Summary& S = summary_;
    S = Summary{};
    const int nb = std::min(T, 8);
    for (int b = 0; b < nb; ++b) S.bins.push_back({b * T / nb, (b + 1) * T / nb - 1});
    for (int l = 0; l < L; ++l) {
        const int* first = &r.first[size_t(l) * size_t(r.N)];
        auto shares = [&](const std::vector<uint8_t>& y, int ny) {
            std::vector<double> c(size_t(K) * size_t(ny), 0.0), n(size_t(ny), 0.0);
            for (int j = 0; j < r.N; ++j) c[size_t(first[j]) * size_t(ny) + y[size_t(j)]] += 1, n[y[size_t(j)]] += 1;
            for (int e = 0; e < K; ++e)
                for (int q = 0; q < ny; ++q) {
                    double& v = c[size_t(e) * size_t(ny) + size_t(q)];
                    v = n[size_t(q)] > 0 ? v / n[size_t(q)] : core::kNaN;
                }
            return c;
        };
        S.by_kind.push_back(shares(r.kind, kKinds));
        S.by_domain.push_back(shares(r.domain, kDomains));
        std::vector<double> dropped(size_t(nb), 0.0), n(size_t(nb), 0.0);
        for (int j = 0; j < r.N; ++j)
            for (int q = 0; q < r.k; ++q) {
                const int b = r.pos[size_t(j)] * nb / T;
                dropped[size_t(b)] += !r.kept[(size_t(l) * size_t(r.N) + size_t(j)) * size_t(r.k) + size_t(q)];
                n[size_t(b)] += 1;
            }
        for (int b = 0; b < nb; ++b) dropped[size_t(b)] /= n[size_t(b)];
        S.drop_bins.push_back(dropped);
        const std::vector<int> e = token_experts(r, l);
        std::vector<double> agree;
        for (const Snapshot& c : checkpoints_) agree.push_back(agreement(c.experts[size_t(l)], e));
        agree.push_back(1);   // the end agrees with itself
        S.agreement.push_back(agree);
    }
    // each expert's most frequent tokens in the last layer
    const int* last = &r.first[size_t(L - 1) * size_t(r.N)];
    for (int e = 0; e < K; ++e) {
        std::vector<int> count(size_t(vocab().size()), 0);
        int all = 0;
        for (int j = 0; j < r.N; ++j)
            if (last[j] == e) ++count[size_t(r.id[size_t(j)])], ++all;
        std::vector<std::pair<int, double>> top;
        for (int v = 0; v < int(count.size()); ++v)
            if (count[size_t(v)] > 0) top.push_back({v, double(count[size_t(v)]) / all});
        std::stable_sort(top.begin(), top.end(), [](const auto& x, const auto& y) { return x.second > y.second; });
        if (top.size() > 8) top.resize(8);
        S.top_tokens.push_back(std::move(top));
    }
    // each domain's first held-out sequence, and what the model writes from its first tokens (the stream split(6))
    core::Rng write_rng = core::Rng(seed_).split(6);
    for (int d = 0; d < kDomains; ++d) {
        int q = 0;
        while (q * T < r.N && r.domain[size_t(q * T)] != d) ++q;
        S.first_of_domain.push_back(q * T < r.N ? q : -1);
        std::vector<int> prompt;
        for (int t = 0; q * T < r.N && t < std::min(T, 3); ++t) prompt.push_back(r.id[size_t(q * T + t)]);
        S.written.push_back(write_text(trainer_.moe, prompt, write_rng));
        S.written_routing.push_back(route_text(trainer_.moe, S.written.back()));
    }
    // the start of the first held-out prose sequence, as each layer routed it
    const int shown = std::min(T, 12);
    int q = 0;
    while (q * T < r.N && r.domain[size_t(q * T)] != kProse) ++q;
    if (q * T >= r.N) return;
    TokenSample x;
    x.domain = kProse;
    for (int t = 0; t < shown; ++t) x.ids.push_back(r.id[size_t(q * T + t)]);
    for (int l = 0; l < L; ++l)
        for (int t = 0; t < shown; ++t) {
            const size_t j = size_t(l) * size_t(r.N) + size_t(q * T + t);
            x.p.insert(x.p.end(), &r.p[j * size_t(K)], &r.p[j * size_t(K)] + K);
            for (int c = 0; c < r.k; ++c) {
                const size_t at = j * size_t(r.k) + size_t(c);
                if (r.kept[at]) x.chosen.push_back({t, l, r.top[at]});
                else ++x.dropped;
            }
        }
    S.samples.push_back(std::move(x));
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
    m.add("loss_gap", "Dense loss minus MoE loss (above 0: the MoE is lower)",
          r ? r->loss_dense - r->loss_moe : core::kNotApplicable, "%.4f", at_end);
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
    m.add("domain_given_token_first", "What the domain adds to the token, first MoE layer",
          done ? measures_.front().domain_given_token : core::kNotApplicable, "%.3f", at_end);
    m.add("early_agreement", "Token ids whose expert at a tenth of the training is their last",
          at(&Measures::early_agreement), "%.3f", at_end);
    m.add("init_agreement", "Token ids whose expert before training is their last", at(&Measures::init_agreement),
          "%.3f", at_end);
    m.add("neighbour_same", "Consecutive tokens on the same expert", at(&Measures::neighbour_same), "%.3f", at_end);
    m.add("neighbour_chance", "The same by chance, the sum of f_i squared", at(&Measures::neighbour_chance), "%.3f",
          at_end);
    m.add("neighbour_excess", "Consecutive tokens on the same expert above chance",
          r ? r->neighbour_same - r->neighbour_chance : core::kNotApplicable, "%.3f", at_end);
    const char* no_capacity = "measured at the end; none without capacity (c_f = 0)";
    m.add_if(capacity, "drop_early", "Choices dropped in the first quarter of positions", at(&Measures::drop_early),
             "%.3f", no_capacity);
    m.add_if(capacity, "drop_late", "Choices dropped in the last quarter of positions", at(&Measures::drop_late),
             "%.3f", no_capacity);
    m.add("max_load", "The busiest expert's share of the choices", at(&Measures::max_load), "%.3f", at_end);
    m.add("max_vio", "MaxVio, the busiest expert's load over the mean minus 1", at(&Measures::max_vio), "%.3f", at_end);
    return m.take();
}

}   // namespace token_routing
