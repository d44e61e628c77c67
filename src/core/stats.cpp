#include "core/stats.hpp"
#include "core/fmath.hpp"
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>

namespace core {

void softmax(const double* h, double* pi, int m) {
    double mx = h[argmax(h, m)], z = 0;
    for (int k = 0; k < m; ++k) {
        pi[k] = h[k] == mx ? 1.0 : fm::exp(h[k] - mx);
        z += pi[k];
    }   // exp(0) = 1 exactly
    for (int k = 0; k < m; ++k) pi[k] /= z;
}

int argmax(const double* v, int n) {
    int best = 0;
    for (int k = 1; k < n; ++k)
        if (v[k] > v[best]) best = k;
    return best;
}

std::vector<int> top_k(const std::vector<double>& v, int l) {
    std::vector<int> idx(v.size());
    std::iota(idx.begin(), idx.end(), 0);
    l = std::max(0, std::min(l, int(v.size())));
    std::partial_sort(idx.begin(), idx.begin() + l, idx.end(), [&](int a, int b) {
        return v[size_t(a)] > v[size_t(b)] || (v[size_t(a)] == v[size_t(b)] && a < b);
    });
    idx.resize(size_t(l));
    return idx;
}

void top_k(const double* v, int n, int l, int* out) {
    int have = 0;
    for (int j = 0; j < n; ++j) {
        if (have == l && !(v[j] > v[out[l - 1]])) continue;   // not above the current l-th: most tokens stop here
        // insert into the sorted prefix (append, or replace the last); equal values keep the lower index first
        int pos = have < l ? have : l - 1;
        while (pos > 0 && v[j] > v[out[pos - 1]]) {
            out[pos] = out[pos - 1];
            --pos;
        }
        out[pos] = j;
        if (have < l) ++have;
    }
}

double dispatch_entropy(const std::vector<double>& counts, int K, int M) {
    double n = 0;
    for (double c : counts) n += c;
    if (n <= 0) return 0;
    double H = 0;
    for (int m = 0; m < M; ++m) {
        double nm = 0;
        for (int k = 0; k < K; ++k) nm += counts[size_t(k * M + m)];
        if (nm <= 0) continue;
        double h = 0;   // entropy of the clusters expert m receives
        for (int k = 0; k < K; ++k) {
            double c = counts[size_t(k * M + m)];
            if (c > 0) h -= (c / nm) * fm::log(c / nm);
        }
        H += (nm / n) * h;   // weighted by the expert's share of the data
    }
    return H;
}

MeanSd mean_sd(const std::vector<double>& v) {
    MeanSd r;
    double s = 0;
    for (double x : v)
        if (!std::isnan(x)) {
            s += x;
            ++r.n;
        }
    if (r.n == 0) return r;
    r.mean = s / r.n;
    double q = 0;
    for (double x : v)
        if (!std::isnan(x)) q += (x - r.mean) * (x - r.mean);
    r.sd = r.n > 1 ? std::sqrt(q / (r.n - 1)) : 0.0;
    return r;
}

std::string format_mean_sd(const MeanSd& m, const char* fmt) {
    char a[64], b[64];
    std::snprintf(a, sizeof a, fmt, m.mean);
    std::snprintf(b, sizeof b, fmt, m.sd);
    return std::string(a) + " ± " + b;
}

// He_{k+1}(z) = z He_k(z) - k He_{k-1}(z), then divide by sqrt(k!).
double hermite(int k, double z) {
    double h0 = 1, h1 = z;
    if (k == 0) return 1;
    double fact = 1;
    for (int j = 1; j < k; ++j) {
        double h2 = z * h1 - j * h0;
        h0 = h1;
        h1 = h2;
    }
    for (int j = 2; j <= k; ++j) fact *= j;
    return h1 / std::sqrt(fact);
}

// d/dz He_k = k He_{k-1}, so d/dz [He_k/sqrt(k!)] = sqrt(k) He_{k-1}/sqrt((k-1)!).

}   // namespace core
