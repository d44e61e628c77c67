#include "labs/token-routing/model.hpp"
#include "labs/token-routing/kernels.hpp"
#include "labs/token-routing/moe.hpp"
#include "core/rng.hpp"
#include <cmath>

namespace token_routing {

bool is_moe(const ModelSpec& s) { return s.K > 0; }

ModelSpec dense_twin(const ModelSpec& moe) {
    ModelSpec s = moe;
    s.d_ff = moe.d_ff * (is_moe(moe) ? moe.k : 1);
    s.K = 0;
    s.k = 1;
    s.capacity = 0;
    s.alpha = 0;
    return s;
}

Layout make_layout(const ModelSpec& s) {
    Layout l;
    size_t at = 0;
    auto take = [&](const std::string& name, size_t n) {
        l.groups.push_back({name, at, at + n});
        at += n;
        return at - n;
    };
    const size_t d = size_t(s.d), F = size_t(s.d_ff), E = is_moe(s) ? size_t(s.K) : 1;
    l.tok = take("tok", size_t(s.V) * d);
    l.pos = take("pos", size_t(s.T) * d);
    for (int b = 0; b < s.blocks; ++b) {
        const std::string p = "b" + std::to_string(b) + ".";
        BlockLayout bl;
        bl.g1 = take(p + "g1", d);
        bl.wq = take(p + "wq", d * d);
        bl.wk = take(p + "wk", d * d);
        bl.wv = take(p + "wv", d * d);
        bl.wo = take(p + "wo", d * d);
        bl.g2 = take(p + "g2", d);
        bl.wr = is_moe(s) ? take(p + "wr", d * size_t(s.K)) : at;
        bl.w1 = take(p + "w1", E * d * F);
        bl.w2 = take(p + "w2", E * F * d);
        l.block.push_back(bl);
    }
    l.gf = take("gf", d);
    l.out = take("out", d * size_t(s.V));
    l.size = at;
    return l;
}

// docs/labs/token-routing.md §4.3: embeddings ~ N(0, 1) (tokens and positions alike, so that neither decides the
// first routing by its scale); every matrix ~ N(0, s / fan-in) (Switch §2.4, s = init_scale); RMSNorm gains 1.
Model::Model(const ModelSpec& spec, uint64_t seed) : s_(spec), lay_(make_layout(spec)) {
    theta.assign(lay_.size, 0.0);
    core::Rng rng(seed);
    auto normal = [&](size_t at, size_t n, double sd) {
        for (size_t j = 0; j < n; ++j) theta[at + j] = sd * rng.normal();
    };
    auto ones = [&](size_t at) {
        for (int j = 0; j < s_.d; ++j) theta[at + size_t(j)] = 1.0;
    };
    const size_t d = size_t(s_.d), F = size_t(s_.d_ff), E = is_moe(s_) ? size_t(s_.K) : 1;
    const double sd_d = std::sqrt(s_.init_scale / double(d)), sd_f = std::sqrt(s_.init_scale / double(F));
    normal(lay_.tok, size_t(s_.V) * d, 1.0);
    normal(lay_.pos, size_t(s_.T) * d, 1.0);
    for (const BlockLayout& bl : lay_.block) {
        ones(bl.g1);
        normal(bl.wq, d * d, sd_d);
        normal(bl.wk, d * d, sd_d);
        normal(bl.wv, d * d, sd_d);
        normal(bl.wo, d * d, sd_d);
        ones(bl.g2);
        if (is_moe(s_)) normal(bl.wr, d * size_t(s_.K), sd_d);
        normal(bl.w1, E * d * F, sd_d);
        normal(bl.w2, E * F * d, sd_f);
    }
    ones(lay_.gf);
    normal(lay_.out, d * size_t(s_.V), sd_d);
}

void Model::attention_forward(BlockCache& bc, int B) const {
    const int T = s_.T, d = s_.d, H = s_.heads, dh = d / H;
    const double scale = 1.0 / std::sqrt(double(dh));
    bc.att.assign(size_t(B) * H * T * T, 0.0);
    bc.z.assign(size_t(B) * T * d, 0.0);
    for (int b = 0; b < B; ++b)
        for (int hd = 0; hd < H; ++hd)
            for (int t = 0; t < T; ++t) {
                const double* q = &bc.q[size_t(b * T + t) * d + size_t(hd * dh)];
                double* a = &bc.att[((size_t(b) * H + hd) * T + t) * T];
                for (int u = 0; u <= t; ++u)
                    a[u] = scale * core::dot(q, &bc.k[size_t(b * T + u) * d + size_t(hd * dh)], dh);
                kern::softmax(a, a, t + 1);   // causal: u ≤ t only
                double* z = &bc.z[size_t(b * T + t) * d + size_t(hd * dh)];
                for (int u = 0; u <= t; ++u) core::axpy(a[u], &bc.v[size_t(b * T + u) * d + size_t(hd * dh)], z, dh);
            }
}

// From c.dz (N×d, dL/dz): dL/dq, dL/dk, dL/dv into c.dq, c.dk, c.dv.
void Model::attention_backward(BlockCache& bc, Cache& c, int B) const {
    const int T = s_.T, d = s_.d, H = s_.heads, dh = d / H;
    const double scale = 1.0 / std::sqrt(double(dh));
    const size_t N = size_t(B) * T;
    c.dq.assign(N * d, 0.0);
    c.dk.assign(N * d, 0.0);
    c.dv.assign(N * d, 0.0);
    std::vector<double> ds(static_cast<size_t>(T));
    for (int b = 0; b < B; ++b)
        for (int hd = 0; hd < H; ++hd)
            for (int t = 0; t < T; ++t) {
                const size_t off = size_t(hd * dh);
                const double* a = &bc.att[((size_t(b) * H + hd) * T + t) * T];
                const double* dz = &c.dz[size_t(b * T + t) * d + off];
                double mean = 0;   // z_t = Σ_u a_tu v_u: da_tu = dz_t · v_u; ds = a (da − Σ a da)
                for (int u = 0; u <= t; ++u) {
                    ds[size_t(u)] = core::dot(dz, &bc.v[size_t(b * T + u) * d + off], dh);
                    mean += a[u] * ds[size_t(u)];
                    core::axpy(a[u], dz, &c.dv[size_t(b * T + u) * d + off], dh);
                }
                const double* q = &bc.q[size_t(b * T + t) * d + off];
                for (int u = 0; u <= t; ++u) {
                    const double g = scale * a[u] * (ds[size_t(u)] - mean);
                    core::axpy(g, &bc.k[size_t(b * T + u) * d + off], &c.dq[size_t(b * T + t) * d + off], dh);
                    core::axpy(g, q, &c.dk[size_t(b * T + u) * d + off], dh);
                }
            }
}

double Model::forward(const Batch& batch, Cache& c) const {
    const int B = batch.B, T = s_.T, d = s_.d, V = s_.V, N = B * T;
    const double* th = theta.data();
    c.B = B;
    c.block.resize(size_t(s_.blocks));
    std::vector<double> x(size_t(N) * d);
    for (int n = 0; n < N; ++n)
        for (int j = 0; j < d; ++j)
            x[size_t(n) * d + j] =
                th[lay_.tok + size_t(batch.x[size_t(n)]) * d + j] + th[lay_.pos + size_t(n % T) * d + j];
    c.aux = 0;
    for (int l = 0; l < s_.blocks; ++l) {
        const BlockLayout& bl = lay_.block[size_t(l)];
        BlockCache& bc = c.block[size_t(l)];
        bc.x = x;
        bc.u1.resize(x.size());
        bc.r1.resize(size_t(N));
        for (int n = 0; n < N; ++n)
            bc.r1[size_t(n)] = kern::rms_forward(&x[size_t(n) * d], th + bl.g1, &bc.u1[size_t(n) * d], d);
        bc.q.resize(x.size());
        bc.k.resize(x.size());
        bc.v.resize(x.size());
        kern::mm(bc.u1.data(), th + bl.wq, bc.q.data(), N, d, d);
        kern::mm(bc.u1.data(), th + bl.wk, bc.k.data(), N, d, d);
        kern::mm(bc.u1.data(), th + bl.wv, bc.v.data(), N, d, d);
        attention_forward(bc, B);
        bc.xm.resize(x.size());
        kern::mm(bc.z.data(), th + bl.wo, bc.xm.data(), N, d, d);
        for (size_t j = 0; j < x.size(); ++j) bc.xm[j] += x[j];
        bc.u2.resize(x.size());
        bc.r2.resize(size_t(N));
        for (int n = 0; n < N; ++n)
            bc.r2[size_t(n)] = kern::rms_forward(&bc.xm[size_t(n) * d], th + bl.g2, &bc.u2[size_t(n) * d], d);
        ffn_forward(s_, th, bl, B, bc);
        for (size_t j = 0; j < x.size(); ++j) x[j] = bc.xm[j] + bc.y[j];
        if (is_moe(s_)) c.aux += bc.route.aux;
    }
    c.xf = x;
    c.uf.resize(x.size());
    c.rf.resize(size_t(N));
    for (int n = 0; n < N; ++n)
        c.rf[size_t(n)] = kern::rms_forward(&x[size_t(n) * d], th + lay_.gf, &c.uf[size_t(n) * d], d);
    c.prob.resize(size_t(N) * V);
    kern::mm(c.uf.data(), th + lay_.out, c.prob.data(), N, d, V);
    double ce = 0;
    for (int n = 0; n < N; ++n) {
        double* p = &c.prob[size_t(n) * V];
        const double logit_y = p[batch.y[size_t(n)]];
        ce += kern::softmax(p, p, V) - logit_y;   // −log softmax(logits)_y = log Σ e^logit − logit_y
    }
    c.ce = ce / N;
    return c.ce + c.aux;
}

void Model::backward(const Batch& batch, Cache& c, std::vector<double>& g) const {
    const int B = batch.B, T = s_.T, d = s_.d, V = s_.V, N = B * T;
    const double* th = theta.data();
    g.assign(lay_.size, 0.0);
    // dL/dlogits = (p − onehot(y)) / N
    std::vector<double> dlog(c.prob);
    for (int n = 0; n < N; ++n) dlog[size_t(n) * V + size_t(batch.y[size_t(n)])] -= 1.0;
    for (double& v : dlog) v /= N;
    c.du.assign(size_t(N) * d, 0.0);
    kern::mm_at(c.uf.data(), dlog.data(), g.data() + lay_.out, N, d, V);
    kern::mm_bt(dlog.data(), th + lay_.out, c.du.data(), N, d, V);
    c.dx.assign(size_t(N) * d, 0.0);
    for (int n = 0; n < N; ++n)
        kern::rms_backward(&c.xf[size_t(n) * d], c.rf[size_t(n)], th + lay_.gf, &c.du[size_t(n) * d],
                           g.data() + lay_.gf, &c.dx[size_t(n) * d], d);
    std::vector<double> dxm(size_t(N) * d);
    for (int l = s_.blocks - 1; l >= 0; --l) {
        const BlockLayout& bl = lay_.block[size_t(l)];
        BlockCache& bc = c.block[size_t(l)];
        // x_out = xm + FFN(RMSNorm(xm))
        dxm = c.dx;
        c.du.assign(size_t(N) * d, 0.0);
        ffn_backward(s_, th, bl, B, bc, c.dx.data(), c.du.data(), g.data(), c);
        for (int n = 0; n < N; ++n)
            kern::rms_backward(&bc.xm[size_t(n) * d], bc.r2[size_t(n)], th + bl.g2, &c.du[size_t(n) * d],
                               g.data() + bl.g2, &dxm[size_t(n) * d], d);
        // xm = x + z W_O
        c.dx = dxm;
        c.dz.assign(size_t(N) * d, 0.0);
        kern::mm_at(bc.z.data(), dxm.data(), g.data() + bl.wo, N, d, d);
        kern::mm_bt(dxm.data(), th + bl.wo, c.dz.data(), N, d, d);
        attention_backward(bc, c, B);
        c.du.assign(size_t(N) * d, 0.0);
        kern::mm_at(bc.u1.data(), c.dq.data(), g.data() + bl.wq, N, d, d);
        kern::mm_at(bc.u1.data(), c.dk.data(), g.data() + bl.wk, N, d, d);
        kern::mm_at(bc.u1.data(), c.dv.data(), g.data() + bl.wv, N, d, d);
        kern::mm_bt(c.dq.data(), th + bl.wq, c.du.data(), N, d, d);
        kern::mm_bt(c.dk.data(), th + bl.wk, c.du.data(), N, d, d);
        kern::mm_bt(c.dv.data(), th + bl.wv, c.du.data(), N, d, d);
        for (int n = 0; n < N; ++n)
            kern::rms_backward(&bc.x[size_t(n) * d], bc.r1[size_t(n)], th + bl.g1, &c.du[size_t(n) * d],
                               g.data() + bl.g1, &c.dx[size_t(n) * d], d);
    }
    for (int n = 0; n < N; ++n) {
        core::axpy(1.0, &c.dx[size_t(n) * d], g.data() + lay_.tok + size_t(batch.x[size_t(n)]) * d, d);
        core::axpy(1.0, &c.dx[size_t(n) * d], g.data() + lay_.pos + size_t(n % T) * d, d);
    }
}

}   // namespace token_routing
