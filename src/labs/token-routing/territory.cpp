// The routing territory of the token-routing run (the view every lab shows, views.cpp; docs/labs/token-routing.md
// §4.11): the last MoE layer's router, h = u W_r and p = softmax(h) (Switch eq. (1)), computed by router_logits()
// (moe.hpp), the function training routes with, on a plane of its input u. The router's choice depends on u only
// through the differences of W_r's columns (softmax ignores a shift common to every expert), a space of K − 1
// dimensions: the plane is the one where the held-out tokens' inputs, projected into that space, spread the most (its
// two principal directions), through their mean. So the territories are the router's own, and a token's point sits
// in the territory of its expert up to its inputs' part off the plane (K − 1 = 3 dimensions at the default: one is
// not drawn).
#include "labs/token-routing/moe.hpp"
#include "labs/token-routing/run.hpp"
#include "core/field.hpp"
#include "core/linalg.hpp"
#include "core/view_builder.hpp"
#include "core/words.hpp"
#include <algorithm>
#include <cmath>

namespace token_routing {

namespace {

// The top eigenvector of the symmetric d×d matrix C in the complement of `away` (orthonormal), by power iteration
// from a fixed start; its largest component positive. Returns its eigenvalue.
double top_direction(const std::vector<double>& C, int d, const std::vector<std::vector<double>>& away,
                     std::vector<double>& e) {
    auto clear = [&](std::vector<double>& v) {
        for (const std::vector<double>& a : away) core::axpy(-core::dot(a.data(), v.data(), d), a.data(), v.data(), d);
    };
    e.assign(size_t(d), 0.0);
    for (int i = 0; i < d; ++i) e[size_t(i)] = 1.0 + 0.1 * i;
    clear(e);
    std::vector<double> next(static_cast<size_t>(d));
    double lambda = 0;
    for (int it = 0; it < 300; ++it) {
        for (int i = 0; i < d; ++i) next[size_t(i)] = core::dot(&C[size_t(i) * size_t(d)], e.data(), d);
        clear(next);
        const double n = std::sqrt(core::sum_sq(next.data(), d));
        if (!(n > 1e-300)) return 0;
        lambda = n;
        for (int i = 0; i < d; ++i) e[size_t(i)] = next[size_t(i)] / n;
    }
    const auto big = std::max_element(e.begin(), e.end(), [](double a, double b) { return std::abs(a) < std::abs(b); });
    if (*big < 0)
        for (double& x : e) x = -x;
    return lambda;
}

}   // namespace

std::vector<double> Run::plane_point(double a, double b) const {
    std::vector<double> x = mean_;
    for (size_t i = 0; i < x.size(); ++i) x[i] += a * e1_[i] + b * e2_[i];
    return x;
}

void Run::territory() {
    const ModelSpec& s = cfg_.model;
    const int K = s.K, d = s.d;
    territory_ = core::field_view("territory", "The last layer's router on a plane of its input")
                     .caption("Which expert the router of the last MoE layer picks for an input u on the plane "
                              "through the held-out tokens' mean where their routing varies most: colour = argmax "
                              "of u W_r, saturation = its softmax probability (Switch eq. (1)). Each point is a "
                              "held-out token in the colour of the expert it went to (hollow: dropped by capacity); "
                              "its input's part off the plane moves some across a boundary.")
                     .x("e₁·(u − ū)")
                     .y("e₂·(u − ū)")
                     .legend(core::numbered(K, "expert "));
    core::View& v = territory_;
    const RoutingTable& r = final_;
    if (r.u.empty()) {
        v.x_min = v.y_min = -1;
        v.x_max = v.y_max = 1;
        v.readouts.push_back("drawn at the end of the training, from the held-out tokens");
        return;
    }
    // the inputs' mean and covariance, and the projection onto the span of W_r's centred columns
    const int N = r.N, L = r.layers;
    const double* W = trainer_.moe.theta.data() + trainer_.moe.layout().block[size_t(L - 1)].wr;   // d×K
    mean_.assign(size_t(d), 0.0);
    for (int n = 0; n < N; ++n) core::axpy(1.0 / N, &r.u[size_t(n) * size_t(d)], mean_.data(), d);
    std::vector<double> C(static_cast<size_t>(d * d), 0.0), x(static_cast<size_t>(d));
    for (int n = 0; n < N; ++n) {
        for (int i = 0; i < d; ++i) x[size_t(i)] = r.u[size_t(n) * size_t(d) + size_t(i)] - mean_[size_t(i)];
        for (int i = 0; i < d; ++i) core::axpy(x[size_t(i)] / N, x.data(), &C[size_t(i) * size_t(d)], d);
    }
    std::vector<std::vector<double>> basis;   // orthonormal, spanning the centred columns
    for (int i = 0; i < K; ++i) {
        std::vector<double> c(static_cast<size_t>(d));
        for (int j = 0; j < d; ++j) {
            double row_mean = 0;
            for (int q = 0; q < K; ++q) row_mean += W[size_t(j) * size_t(K) + size_t(q)];
            c[size_t(j)] = W[size_t(j) * size_t(K) + size_t(i)] - row_mean / K;
        }
        const double norm0 = std::sqrt(core::sum_sq(c.data(), d));
        for (const std::vector<double>& b : basis) core::axpy(-core::dot(b.data(), c.data(), d), b.data(), c.data(), d);
        const double n = std::sqrt(core::sum_sq(c.data(), d));
        if (n > 1e-8 * (norm0 + 1e-300)) {
            for (double& y : c) y /= n;
            basis.push_back(c);
        }
    }
    // P C P: the inputs' covariance within the router's span (P = Σ b bᵀ)
    std::vector<double> PCP(static_cast<size_t>(d * d), 0.0), CP(static_cast<size_t>(d * d), 0.0);
    for (const std::vector<double>& b : basis) {
        std::vector<double> Cb(static_cast<size_t>(d));
        for (int i = 0; i < d; ++i) Cb[size_t(i)] = core::dot(&C[size_t(i) * size_t(d)], b.data(), d);
        for (int i = 0; i < d; ++i) core::axpy(Cb[size_t(i)], b.data(), &CP[size_t(i) * size_t(d)], d);   // C P
    }
    std::vector<double> bCP(static_cast<size_t>(d));
    for (const std::vector<double>& b : basis) {   // P (C P): row i += b_i · bᵀ C P
        std::fill(bCP.begin(), bCP.end(), 0.0);
        for (int i = 0; i < d; ++i) core::axpy(b[size_t(i)], &CP[size_t(i) * size_t(d)], bCP.data(), d);
        for (int i = 0; i < d; ++i) core::axpy(b[size_t(i)], bCP.data(), &PCP[size_t(i) * size_t(d)], d);
    }
    top_direction(PCP, d, {}, e1_);
    const double l2 = top_direction(PCP, d, {e1_}, e2_);
    if (!(l2 > 1e-12)) top_direction(C, d, {e1_}, e2_);   // K = 2: the span has one dimension; the data's next
    // the points: the tokens of the first held-out sequences, in their expert's colour
    const int shown = std::min(N, std::max(r.T, 768 / r.T * r.T));
    float lo[2] = {0, 0}, hi[2] = {0, 0};
    for (int n = 0; n < shown; ++n) {
        for (int i = 0; i < d; ++i) x[size_t(i)] = r.u[size_t(n) * size_t(d) + size_t(i)] - mean_[size_t(i)];
        core::ScatterPoint p;
        p.x = float(core::dot(e1_.data(), x.data(), d));
        p.y = float(core::dot(e2_.data(), x.data(), d));
        const size_t first = (size_t(L - 1) * size_t(N) + size_t(n)) * size_t(r.k);
        p.color = r.top[first];
        p.hollow = !r.kept[first];
        lo[0] = std::min(lo[0], p.x), hi[0] = std::max(hi[0], p.x);
        lo[1] = std::min(lo[1], p.y), hi[1] = std::max(hi[1], p.y);
        v.points.push_back(p);
    }
    const float mx = 0.08f * (hi[0] - lo[0]) + 1e-3f, my = 0.08f * (hi[1] - lo[1]) + 1e-3f;
    v.x_min = lo[0] - mx, v.x_max = hi[0] + mx, v.y_min = lo[1] - my, v.y_max = hi[1] + my;
    const BlockLayout& bl = trainer_.moe.layout().block[size_t(L - 1)];
    std::vector<double> h(static_cast<size_t>(K));
    core::fill_field(v, 64, 64, K, [&](double a, double b, float* out) {
        const std::vector<double> u = plane_point(a, b);
        router_logits(s, trainer_.moe.theta.data(), bl, u.data(), 1, h.data());
        for (int i = 0; i < K; ++i) out[i] = float(h[size_t(i)]);
    });
    const std::vector<int> won = core::field_territories(v.field);
    const long held = std::count_if(won.begin(), won.end(), [](int n) { return n > 0; });
    int agree = 0;
    for (const core::ScatterPoint& p : v.points) {
        const std::vector<float> f = core::field_at(v, p.x, p.y);
        agree += int(std::max_element(f.begin(), f.end()) - f.begin()) == p.color;
    }
    v.readouts.push_back(core::trf("%d of %d experts hold territory on this plane", int(held), K));
    v.readouts.push_back(core::trf("%d of %d tokens lie in their expert's territory", agree, int(v.points.size())));
}

}   // namespace token_routing
