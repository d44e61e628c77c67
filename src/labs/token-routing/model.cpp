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

void Model::attention_forward(BlockCache& bc, int b0, int b1) const {
    const int T = s_.T, d = s_.d, H = s_.heads, dh = d / H;
    const double scale = 1.0 / std::sqrt(double(dh));
    for (int b = b0; b < b1; ++b)
        for (int hd = 0; hd < H; ++hd)
            for (int t = 0; t < T; ++t) {
                const size_t off = size_t(hd * dh);
                const double* q = &bc.q[size_t(b * T + t) * d + off];
                double* a = &bc.att[((size_t(b) * H + hd) * T + t) * T];
                kern::dots_rows(q, &bc.k[size_t(b * T) * d + off], size_t(d), t + 1, dh,
                                [a, scale](int u, double s) { a[u] = scale * s; });
                kern::softmax(a, a, t + 1);   // causal: u ≤ t only
                kern::vm(a, &bc.v[size_t(b * T) * d + off], size_t(d), &bc.z[size_t(b * T + t) * d + off], t + 1, dh);
            }
}

// From the rows of c.dz (dL/dz): dL/dq, dL/dk, dL/dv into the same rows of c.dq, c.dk, c.dv.
void Model::attention_backward(BlockCache& bc, Cache& c, int b0, int b1) const {
    const int T = s_.T, d = s_.d, H = s_.heads, dh = d / H;
    const double scale = 1.0 / std::sqrt(double(dh));
    const size_t r0 = size_t(b0) * T * d, r1 = size_t(b1) * T * d;
    std::fill(c.dq.begin() + std::ptrdiff_t(r0), c.dq.begin() + std::ptrdiff_t(r1), 0.0);
    std::fill(c.dk.begin() + std::ptrdiff_t(r0), c.dk.begin() + std::ptrdiff_t(r1), 0.0);
    std::fill(c.dv.begin() + std::ptrdiff_t(r0), c.dv.begin() + std::ptrdiff_t(r1), 0.0);
    std::vector<double> ds(static_cast<size_t>(T));
    for (int b = b0; b < b1; ++b)
        for (int hd = 0; hd < H; ++hd)
            for (int t = 0; t < T; ++t) {
                const size_t off = size_t(hd * dh);
                const double* a = &bc.att[((size_t(b) * H + hd) * T + t) * T];
                const double* dz = &c.dz[size_t(b * T + t) * d + off];
                double mean = 0;   // z_t = Σ_u a_tu v_u: da_tu = dz_t · v_u; ds = a (da − Σ a da)
                kern::dots_rows(dz, &bc.v[size_t(b * T) * d + off], size_t(d), t + 1, dh,
                                [&ds](int u, double s) { ds[size_t(u)] = s; });
                for (int u = 0; u <= t; ++u) {
                    mean += a[u] * ds[size_t(u)];
                    core::axpy(a[u], dz, &c.dv[size_t(b * T + u) * d + off], dh);
                }
                const double* q = &bc.q[size_t(b * T + t) * d + off];
                for (int u = 0; u <= t; ++u) ds[size_t(u)] = scale * a[u] * (ds[size_t(u)] - mean);   // g_u
                // dq_t += Σ_u g_u k_u in u's order; dk_u += g_u q
                kern::vm_add(ds.data(), &bc.k[size_t(b * T) * d + off], size_t(d), &c.dq[size_t(b * T + t) * d + off],
                             t + 1, dh);
                for (int u = 0; u <= t; ++u) core::axpy(ds[size_t(u)], q, &c.dk[size_t(b * T + u) * d + off], dh);
            }
}

void Model::begin(const Batch& batch, Cache& c) const {
    const int B = batch.B, T = s_.T, d = s_.d, H = s_.heads;
    const size_t N = size_t(B) * T, Nd = N * size_t(d);
    c.B = B;
    c.block.resize(size_t(s_.blocks));
    for (BlockCache& bc : c.block) {
        for (std::vector<double>* v : {&bc.x, &bc.u1, &bc.q, &bc.k, &bc.v, &bc.z, &bc.xm, &bc.u2}) v->resize(Nd);
        bc.r1.resize(N);
        bc.r2.resize(N);
        bc.att.assign(size_t(B) * H * T * T, 0.0);
        ffn_begin(s_, B, bc);
    }
    c.xf.resize(Nd);
    c.uf.resize(Nd);
    c.rf.resize(N);
    c.prob.resize(N * size_t(s_.V));
    c.ce_sum = 0;
    c.ce = c.aux = 0;
}

void Model::forward_rows(const Batch& batch, int b0, int b1, Cache& c) const {
    const int T = s_.T, d = s_.d, V = s_.V, n0 = b0 * T, rows = (b1 - b0) * T;
    const double* th = theta.data();
    auto row = [&](std::vector<double>& v, int n, int width = -1) {
        return &v[size_t(n) * size_t(width < 0 ? d : width)];
    };
    // x⁰ = E[w] + P[t] into the first block's input (or the final stream when there is no block)
    std::vector<double>& x0 = s_.blocks > 0 ? c.block[0].x : c.xf;
    for (int n = n0; n < n0 + rows; ++n)
        for (int j = 0; j < d; ++j)
            row(x0, n)[j] = th[lay_.tok + size_t(batch.x[size_t(n)]) * d + j] + th[lay_.pos + size_t(n % T) * d + j];
    for (int l = 0; l < s_.blocks; ++l) {
        const BlockLayout& bl = lay_.block[size_t(l)];
        BlockCache& bc = c.block[size_t(l)];
        std::vector<double>& out = l + 1 < s_.blocks ? c.block[size_t(l) + 1].x : c.xf;
        for (int n = n0; n < n0 + rows; ++n)
            bc.r1[size_t(n)] = kern::rms_forward(row(bc.x, n), th + bl.g1, row(bc.u1, n), d);
        kern::mm(row(bc.u1, n0), th + bl.wq, row(bc.q, n0), rows, d, d);
        kern::mm(row(bc.u1, n0), th + bl.wk, row(bc.k, n0), rows, d, d);
        kern::mm(row(bc.u1, n0), th + bl.wv, row(bc.v, n0), rows, d, d);
        attention_forward(bc, b0, b1);
        kern::mm(row(bc.z, n0), th + bl.wo, row(bc.xm, n0), rows, d, d);
        for (size_t j = size_t(n0) * d; j < size_t(n0 + rows) * d; ++j) bc.xm[j] += bc.x[j];
        for (int n = n0; n < n0 + rows; ++n)
            bc.r2[size_t(n)] = kern::rms_forward(row(bc.xm, n), th + bl.g2, row(bc.u2, n), d);
        ffn_forward(s_, th, bl, b0, b1, bc);
        for (size_t j = size_t(n0) * d; j < size_t(n0 + rows) * d; ++j) out[j] = bc.xm[j] + bc.y[j];
    }
    for (int n = n0; n < n0 + rows; ++n)
        c.rf[size_t(n)] = kern::rms_forward(row(c.xf, n), th + lay_.gf, row(c.uf, n), d);
    kern::mm(row(c.uf, n0), th + lay_.out, row(c.prob, n0, V), rows, d, V);
    for (int n = n0; n < n0 + rows; ++n) {
        double* p = row(c.prob, n, V);
        const double logit_y = p[batch.y[size_t(n)]];
        c.ce_sum += kern::softmax(p, p, V) - logit_y;   // −log softmax(logits)_y = log Σ e^logit − logit_y
    }
}

double Model::end_forward(Cache& c) const {
    c.aux = 0;
    for (BlockCache& bc : c.block) {
        ffn_end(s_, c.B, bc);
        if (is_moe(s_)) c.aux += bc.route.aux;
    }
    c.ce = c.ce_sum / (double(c.B) * s_.T);
    return c.ce + c.aux;
}

double Model::forward(const Batch& b, Cache& c) const {
    begin(b, c);
    forward_rows(b, 0, b.B, c);
    return end_forward(c);
}

void Model::backward_rows(const Batch& batch, int b0, int b1, Cache& c, std::vector<double>& g) const {
    const int T = s_.T, d = s_.d, V = s_.V, N = c.B * T, n0 = b0 * T, rows = (b1 - b0) * T;
    const double* th = theta.data();
    const size_t Nd = size_t(N) * d, lo = size_t(n0) * d, hi = size_t(n0 + rows) * d;
    for (std::vector<double>* v : {&c.dx, &c.dxm, &c.du, &c.dz, &c.dq, &c.dk, &c.dv}) v->resize(Nd);
    auto zero = [&](std::vector<double>& v) {
        std::fill(v.begin() + std::ptrdiff_t(lo), v.begin() + std::ptrdiff_t(hi), 0.0);
    };
    auto row = [&](std::vector<double>& v, int n) { return &v[size_t(n) * size_t(d)]; };
    // dL/dlogits = (p − onehot(y)) / N
    c.dlog.assign(c.prob.begin() + std::ptrdiff_t(size_t(n0) * V),
                  c.prob.begin() + std::ptrdiff_t(size_t(n0 + rows) * V));
    for (int m = 0; m < rows; ++m) c.dlog[size_t(m) * V + size_t(batch.y[size_t(n0 + m)])] -= 1.0;
    for (double& v : c.dlog) v /= N;
    zero(c.du);
    kern::mm_at(row(c.uf, n0), c.dlog.data(), g.data() + lay_.out, rows, d, V);
    kern::mm_bt(c.dlog.data(), th + lay_.out, row(c.du, n0), rows, d, V);
    zero(c.dx);
    for (int n = n0; n < n0 + rows; ++n)
        kern::rms_backward(row(c.xf, n), c.rf[size_t(n)], th + lay_.gf, row(c.du, n), g.data() + lay_.gf, row(c.dx, n),
                           d);
    for (int l = s_.blocks - 1; l >= 0; --l) {
        const BlockLayout& bl = lay_.block[size_t(l)];
        BlockCache& bc = c.block[size_t(l)];
        // x_out = xm + FFN(RMSNorm(xm))
        std::copy(c.dx.begin() + std::ptrdiff_t(lo), c.dx.begin() + std::ptrdiff_t(hi),
                  c.dxm.begin() + std::ptrdiff_t(lo));
        zero(c.du);
        ffn_backward(s_, th, bl, b0, b1, c.B, bc, c.dx.data(), c.du.data(), g.data(), c);
        for (int n = n0; n < n0 + rows; ++n)
            kern::rms_backward(row(bc.xm, n), bc.r2[size_t(n)], th + bl.g2, row(c.du, n), g.data() + bl.g2,
                               row(c.dxm, n), d);
        // xm = x + z W_O
        std::copy(c.dxm.begin() + std::ptrdiff_t(lo), c.dxm.begin() + std::ptrdiff_t(hi),
                  c.dx.begin() + std::ptrdiff_t(lo));
        zero(c.dz);
        kern::mm_at(row(bc.z, n0), row(c.dxm, n0), g.data() + bl.wo, rows, d, d);
        kern::mm_bt(row(c.dxm, n0), th + bl.wo, row(c.dz, n0), rows, d, d);
        attention_backward(bc, c, b0, b1);
        zero(c.du);
        kern::mm_at(row(bc.u1, n0), row(c.dq, n0), g.data() + bl.wq, rows, d, d);
        kern::mm_at(row(bc.u1, n0), row(c.dk, n0), g.data() + bl.wk, rows, d, d);
        kern::mm_at(row(bc.u1, n0), row(c.dv, n0), g.data() + bl.wv, rows, d, d);
        kern::mm_bt(row(c.dq, n0), th + bl.wq, row(c.du, n0), rows, d, d);
        kern::mm_bt(row(c.dk, n0), th + bl.wk, row(c.du, n0), rows, d, d);
        kern::mm_bt(row(c.dv, n0), th + bl.wv, row(c.du, n0), rows, d, d);
        for (int n = n0; n < n0 + rows; ++n)
            kern::rms_backward(row(bc.x, n), bc.r1[size_t(n)], th + bl.g1, row(c.du, n), g.data() + bl.g1, row(c.dx, n),
                               d);
    }
    for (int n = n0; n < n0 + rows; ++n) {
        core::axpy(1.0, row(c.dx, n), g.data() + lay_.tok + size_t(batch.x[size_t(n)]) * d, d);
        core::axpy(1.0, row(c.dx, n), g.data() + lay_.pos + size_t(n % T) * d, d);
    }
}

void Model::backward(const Batch& b, Cache& c, std::vector<double>& g) const {
    g.assign(lay_.size, 0.0);
    backward_rows(b, 0, b.B, c, g);
}

}   // namespace token_routing
