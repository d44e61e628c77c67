// Adam (Kingma & Ba 2015) with L2 weight decay added to the gradient, as torch.optim.Adam does
// (not AdamW). Deterministic on every target: the bias corrections use running products of β1, β2
// (no std::pow), and std::sqrt is exactly rounded (IEEE 754), so native and WebAssembly agree.
//   g ← g + λ w;  m ← β1 m + (1 − β1) g;  v ← β2 v + (1 − β2) g²;
//   w ← w − lr · (m / (1 − β1^t)) / (√(v / (1 − β2^t)) + ε)
#pragma once
#include <cmath>
#include <vector>

namespace core {

struct AdamConfig {
    double lr = 1e-3, beta1 = 0.9, beta2 = 0.999, eps = 1e-8, weight_decay = 0.0;
};

class Adam {
public:
    void init(size_t n, const AdamConfig& c) {
        cfg = c;
        m_.assign(n, 0.0);
        v_.assign(n, 0.0);
        b1t_ = b2t_ = 1.0;
        t_ = 0;
    }
    // One step on w (n = the size given to init) with the gradient g.
    template <class T>
    void step(T* w, const T* g) {
        ++t_;
        b1t_ *= cfg.beta1;
        b2t_ *= cfg.beta2;
        const double c1 = 1.0 - b1t_, c2 = 1.0 - b2t_;
        for (size_t k = 0; k < m_.size(); ++k) {
            const double gk = double(g[k]) + cfg.weight_decay * double(w[k]);
            m_[k] = cfg.beta1 * m_[k] + (1.0 - cfg.beta1) * gk;
            v_[k] = cfg.beta2 * v_[k] + (1.0 - cfg.beta2) * gk * gk;
            w[k] = T(double(w[k]) - cfg.lr * (m_[k] / c1) / (std::sqrt(v_[k] / c2) + cfg.eps));
        }
    }
    int steps() const { return t_; }
    AdamConfig cfg;

private:
    std::vector<double> m_, v_;
    double b1t_ = 1.0, b2t_ = 1.0;
    int t_ = 0;
};

}   // namespace core
