// The playground lab's views: the territories and the two decision maps (territory.cpp), the load per expert over
// training and now, accuracy and loss of the mixture beside the dense network's.
#include "core/keep_field.hpp"
#include "core/text.hpp"
#include "core/view_builder.hpp"
#include "core/words.hpp"
#include <algorithm>
#include "labs/playground/run.hpp"

namespace playground {

void Run::views(std::vector<core::View>& out) const {
    const int K = cfg_.model.K;
    const bool seen = part_ != kDraw;
    out.push_back(seen ? territory_
                       : core::pending_field("territory", "Routing territories", "drawn once the points are"));
    if (seen) out.push_back(decision_);
    else {   // the plane to draw on from the start, before any map: your points on it
        core::View v = data_plane(cfg_);
        for (const core::LabeledPoint& p : cfg_.drawn) v.points.push_back({float(p.x), float(p.y), p.label, false});
        v.readouts = {"the mixture's classes are drawn once the run starts"};
        out.push_back(v);
    }
    out.push_back(
        seen ? decision_dense_
             : core::pending_field("decision_dense", "The dense network's classes", "drawn once the points are"));
    const std::vector<double> t = curve_.column(kT);
    core::View load = core::lines("load", "Each expert's load over training")
                          .caption("The share of the test points' choices each expert gets: without balancing a few "
                                   "experts take most of them; an even load is 1/K each.")
                          .x("step t")
                          .y("load f_i", 0, 1)
                          .hline(1.0 / K, "1/K: even");
    // A curve per expert from the trace's columns first, first + 1, …: f_i, P_i (Column's kPerExpert).
    auto per_expert = [&](core::View v, size_t first) {
        for (int i = 0; i < K; ++i)
            v.lines.push_back(core::line(core::trf("expert %d", i + 1), t, curve_.column(first + size_t(i))));
        out.push_back(std::move(v));
    };
    per_expert(std::move(load), kPerExpert);
    core::View prob = core::lines("prob", "Each expert's mean router probability over training")
                          .caption("P_i, the mean of p_i(x) over the test points: the soft half of L_aux = α K Σ f_i "
                                   "P_i, which the loss's gradient moves (f_i, the hard choice, it cannot).")
                          .x("step t")
                          .y("mean probability P_i", 0, 1)
                          .hline(1.0 / K, "1/K: even");
    per_expert(std::move(prob), kPerExpert + size_t(K));
    out.push_back(core::lines("max_vio", "How uneven the load is over training")
                      .caption("MaxVio, the busiest expert's load over the mean minus 1 (Wang et al. 2024): 0 when "
                               "even, K − 1 when one expert takes all; at each evaluation and over the last 20 "
                               "training batches, which a bias or noise in training may balance differently.")
                      .x("step t")
                      .y("MaxVio", 0, std::max(1.0, K - 1.0))
                      .series(core::line("at the evaluation", t, curve_.column(kMaxVio)))
                      .series(core::line("last 20 training batches", t, curve_.column(kMaxVioRecent), -1, true)));
    if (cfg_.train.gamma > 0) {   // b_i − b̄: a shift of every b_i alike changes no choice, and the b_i drift together
        core::View bias = core::lines("bias", "Each expert's balancing bias over training")
                              .caption("The bias b_i added to each expert's score to choose (Wang et al. 2024), minus "
                                       "the experts' mean b̄ (only the differences choose): it rises while an expert "
                                       "gets less than 1/K of a batch and falls while it gets more.")
                              .x("step t")
                              .y("b_i − b̄");
        std::vector<std::vector<double>> b(static_cast<size_t>(K));
        for (int i = 0; i < K; ++i) b[size_t(i)] = curve_.column(kPerExpert + size_t(2 * K + i));
        for (size_t r = 0; r < t.size(); ++r) {
            double mean = 0;
            for (int i = 0; i < K; ++i) mean += b[size_t(i)][r] / K;
            for (int i = 0; i < K; ++i) b[size_t(i)][r] -= mean;
        }
        for (int i = 0; i < K; ++i) bias.lines.push_back(core::line(core::trf("expert %d", i + 1), t, b[size_t(i)]));
        out.push_back(bias);
    }
    if (cfg_.train.rule.expert_choice) {
        core::View per = core::bars("experts_per_point", "How many experts each point got")
                             .caption("Under expert choice the experts pick the points: a point may get none (no "
                                      "prediction: an error), one, or several.")
                             .x("experts a point got")
                             .y("share of the test points", 0, 1);
        for (int n = 0; n <= K; ++n)
            per.bars.push_back(
                {core::strf("%d", n),
                 seen && !moe_eval_.experts_per_point.empty() ? moe_eval_.experts_per_point[size_t(n)] : 0.0, 0,
                 n == 0 ? 3 : 0});   // none (an error) in red, the others alike
        out.push_back(per);
    }
    core::View now = core::bars("load_now", "The load now")
                         .caption("Each expert's share of the test points' choices at this step.")
                         .y("load f_i", 0, 1)
                         .readout(seen ? core::trf("H(f)/ln K = %.2f; idle experts: %.0f of %d", moe_eval_.load_entropy,
                                                   moe_eval_.idle * K, K)
                                       : std::string("measured once the points are drawn"));
    for (int i = 0; i < K; ++i)
        now.bars.push_back({core::trf("expert %d", i + 1), seen ? moe_eval_.load[size_t(i)] : 0.0, 0, i});
    out.push_back(now);
    out.push_back(core::lines("accuracy", "Test accuracy")
                      .caption("The mixture's accuracy beside the dense network's with as many active parameters.")
                      .x("step t")
                      .y("accuracy", 0, 1)
                      .series(core::line("MoE", t, curve_.column(kAcc)))
                      .series(core::line("dense", t, curve_.column(kAccDense), -1, true)));
    out.push_back(core::lines("loss", "Test cross-entropy")
                      .caption("The mixture's and the dense network's test loss.")
                      .x("step t")
                      .y("cross-entropy")
                      .series(core::line("MoE", t, curve_.column(kLoss)))
                      .series(core::line("dense", t, curve_.column(kLossDense), -1, true)));
}

}   // namespace playground
