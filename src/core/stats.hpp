// Small math shared by the labs: softmax, argmax/top-k with deterministic ties, dispatch entropy,
// mean and standard deviation, normalised Hermite polynomials.
#pragma once
#include <string>
#include <vector>

namespace core {

// Numerically stable softmax in place (subtracts the max; uses core::fm::exp).
void softmax(const double* h, double* pi, int m);

// Index of the largest value; ties go to the lowest index.
int argmax(const double* v, int n);

// The l largest of v (ties to the lower index), in decreasing order of value.
std::vector<int> top_k(const std::vector<double>& v, int l);
// The same without allocating, for hot loops: writes the indices of the l largest of v[0..n) to out[0..l),
// in decreasing order of value, ties to the lower index (l ≤ n). O(n·l): meant for small l.
void top_k(const double* v, int n, int l, int* out);

// Dispatch entropy (Chen et al. eq. 6.1): counts[k*M + m] = number of cluster-k examples routed
// to expert m. For each expert, the entropy (natural log) of the clusters it receives, weighted by
// the expert's share of the examples. 0: every expert receives a single cluster; ln K: uniform.
double dispatch_entropy(const std::vector<double>& counts, int K, int M);

struct MeanSd {
    double mean = 0, sd = 0;
    int n = 0;
};
MeanSd mean_sd(const std::vector<double>& v);   // sample sd (n-1); NaNs are skipped
std::string format_mean_sd(const MeanSd& m, const char* fmt = "%.4f");

// Normalised probabilists' Hermite polynomial He_k(z)/sqrt(k!), orthonormal under N(0,1).
double hermite(int k, double z);

}   // namespace core
