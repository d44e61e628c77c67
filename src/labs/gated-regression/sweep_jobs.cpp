#include "labs/gated-regression/sweep_jobs.hpp"
#include "labs/gated-regression/costs.hpp"
#include "core/work_budget.hpp"
#include "labs/gated-regression/seeds.hpp"
#include <algorithm>
#include <cmath>

namespace gated {

namespace {

// One training run at (d, n): draws n samples, then trains L_4 (GD on its moments) or ℓ2 (SGD), in slices of
// whatever the caller's budget holds. Outputs {E_reg, success}.
class RecoveryJob : public core::SweepJob {
public:
    RecoveryJob(const Config& c, const LinkConstants& kc, int d, int n, bool l4, uint64_t lab_seed, uint64_t seed)
        : c_(c), d_(d), n_(n), l4_(l4), kc_(kc) {
        c_.truth.d = d;
        core::Rng rt = stream(lab_seed, kTruthStream);
        truth_ = Truth::make(c_.truth, rt);
        rng_ = stream(seed, kDataStream);
        shuffle_ = stream(seed, kShuffleStream);
        const int k = c.truth.k;
        if (l4) {
            mom_.reset(d, c.truth.link, kc_);
            core::Rng r4 = stream(seed, kInitL4Stream);
            A_.resize(size_t(k * d));
            for (double& v : A_) v = c.init4 / std::sqrt(double(d)) * r4.normal();
        } else {
            core::Rng r2 = stream(seed, kInitL2Stream);
            m_ = l2_init(d, k, c.truth.link, r2);
            data_.X.reserve(size_t(n) * size_t(d));
        }
    }
    bool advance(core::WorkBudget& budget) override {
        const int k = c_.truth.k;
        while (!budget.spent()) {
            if (data_.n < n_) {   // nested prefixes: the first n samples of this seed's stream
                const double cs = draw_cost(d_, k) + (l4_ ? moment_cost(d_) : 0.0);
                const int m = int(budget.take(cs, n_ - data_.n));
                if (l4_) {
                    std::vector<double> x(static_cast<size_t>(d_));
                    for (int s = 0; s < m; ++s) {
                        int z;
                        double y;
                        truth_.sample(rng_, x.data(), z, y);
                        mom_.add(x.data(), y);
                    }
                    data_.n += m;
                    if (data_.n == n_) {
                        T_ = mom_.tensors();
                        budget.spend(tensor_cost(d_));
                    }
                } else {
                    data_.draw(truth_, m, rng_);
                    if (data_.n == n_) {
                        order_.resize(size_t(n_));
                        for (int i = 0; i < n_; ++i) order_[size_t(i)] = i;
                        pos_ = n_;
                    }
                }
                continue;
            }
            if (t_ >= c_.iters) break;
            if (l4_) {
                l4_step(T_, A_, k, c_.h, c_.eta4, c_.cap);
                budget.spend(l4_step_cost(k, d_));
            } else {
                const int B = std::min(c_.batch2, n_);
                if (pos_ + B > n_) {
                    shuffle_.shuffle(order_);
                    budget.spend(n_ * kShuffleCost);
                    pos_ = 0;
                }
                l2_step(m_, data_.X, data_.y, &order_[size_t(pos_)], B, c_.eta2);
                pos_ += B;
                budget.spend(l2_iter_cost(c_, d_, n_));
            }
            ++t_;
        }
        if (t_ < c_.iters) return false;
        const int kk = c_.truth.k;
        e_ = l4_ ? read_experts(A_, truth_.A, kk, d_, mom_.mean_yx(), true).e_reg : e_reg(m_.A, truth_.A, kk, d_);
        return true;
    }
    std::vector<double> outputs() const override { return {e_, e_ < 0.05 ? 1.0 : 0.0}; }
    double progress() const override {   // drawing (and moments) then training, by their estimated work
        const double draw = double(n_) * (draw_cost(d_, c_.truth.k) + (l4_ ? moment_cost(d_) : 0.0));
        const double train = double(c_.iters) * (l4_ ? l4_step_cost(c_.truth.k, d_) : l2_iter_cost(c_, d_, n_));
        return (double(data_.n) / n_ * draw + double(t_) / std::max(1, c_.iters) * train) / (draw + train);
    }
    std::string failure() const override { return std::isfinite(e_) ? "" : "diverged"; }
    bool exclusive() const override { return false; }   // shares nothing: its own truth, data and model

private:
    Config c_;
    int d_, n_;
    bool l4_;
    LinkConstants kc_;
    Truth truth_;
    core::Rng rng_, shuffle_;
    Moments mom_;
    Tensors T_;
    std::vector<double> A_;
    GatedModel m_;
    Sample data_;
    std::vector<int> order_;
    int pos_ = 0, t_ = 0;
    double e_ = 1;
};

}   // namespace

void start_sweep(core::Sweep& sw, const Config& c, const LinkConstants& kc, uint64_t seed) {
    sw.clear();
    for (int s : {kSweepL4, kSweepL4d2, kSweepL2})
        for (int n : sweep_grid(c.sweep_n_max)) sw.add_point(s, n);
    sw.start(c.sweep_seeds, 2, seed, [c, kc, seed](const core::SweepTask& t) -> std::unique_ptr<core::SweepJob> {
        const int d = t.series == kSweepL4d2 ? c.d2 : c.truth.d;
        return std::make_unique<RecoveryJob>(c, kc, d, int(t.x), t.series != kSweepL2, seed, t.seed);
    });
}

void sweep_summary(const core::Sweep& sw, const Config& c, Summary& s) {
    const std::vector<int> grid = sweep_grid(c.sweep_n_max);
    auto rate = [&](int series, int n) {
        const int p = sw.find(series, n);
        if (p < 0 || sw.values(p, 1).empty()) return double(NAN);
        return sw.stat(p, 1).mean;
    };
    s.sweep_l4_lo = rate(kSweepL4, grid.front());
    s.sweep_l4_hi = rate(kSweepL4, grid.back());
    s.sweep_l4d2_hi = rate(kSweepL4d2, grid.back());
    for (int series = 0; series < 3; ++series) {
        s.sweep_rate[series].clear();
        for (int n : grid) s.sweep_rate[series].push_back(rate(series, n));
    }
    s.sweep_l2_max = NAN;
    for (int n : grid) {
        const double r = rate(kSweepL2, n);
        if (!std::isnan(r)) s.sweep_l2_max = std::isnan(s.sweep_l2_max) ? r : std::max(s.sweep_l2_max, r);
    }
}

}   // namespace gated
