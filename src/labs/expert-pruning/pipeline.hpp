// One seed's run of Algorithm 1 on the lab's pre-trained model, as resumable slices of bounded work:
// pre-training (mode L only), fine-tuning for T steps with checkpoints, then the ranking of every
// criterion; post-pruning fine-tuning runs (PostFt) start from its fine-tuned model. The lab keeps the
// main run (repetition 0, shown in the views) and one more for the repetition the seed bands are filling.
#pragma once
#include "core/work_budget.hpp"
#include "labs/expert-pruning/criteria.hpp"
#include "labs/expert-pruning/data.hpp"
#include "labs/expert-pruning/evaluate.hpp"
#include "labs/expert-pruning/model.hpp"
#include "labs/expert-pruning/pretrain.hpp"
#include "labs/expert-pruning/sgd.hpp"
#include <map>
#include <vector>

namespace expert_pruning {

// One seed's settings. The fields the lab's parameters set (config.hpp, the binding in lab.cpp) have no defaults of
// their own: the schema is their one declaration. The rest are the design's constants.
struct RunSpec {
    DataSpec data;
    int k = 0, m = 0, l = 0;
    Routing routing = Routing::ExpertChoice;
    Mode mode = Mode::Planted;
    PlantSpec plant;
    double scratch_sigma_r = 1e-4, scratch_sigma_n = 1e-2;   // §5.1: variances 1e−8 and 1e−4
    int T_pre = 0, B_pre = 64;                               // mode L (docs/labs/expert-pruning.md §4.1)
    TrainSpec pre{0.05, 0.02, true};
    double pre_sigma_r = 0, pre_sigma_n = 0.01;
    TrainSpec ft;   // fine-tuning and post-pruning fine-tuning
    int B = 0, T = 0, T_post = 0;
    int n_test = 0, n_val = 0;
    int eval_every = 0, t_early = 0;
    int random_draws = 0;
    int p_trust = 0;   // experts pruned per group in the "trustworthy" view
    int group_size() const { return k / 2; }
};

// The criteria of the "when is the criterion trustworthy?" view (rank and evaluate at every checkpoint).
constexpr int kTrustCriteria[] = {kDelta, kRandom, kRouterMag, kNeuronMag, kNeuronChange};
constexpr int kTrustCount = 5;

struct Checkpoint {
    int t = 0;
    double acc = 0;                                // unpruned model, test set
    std::vector<double> delta;                     // Δ_s^(t)
    double trust[kTrustCount] = {0, 0, 0, 0, 0};   // accuracy pruned at this t (p_trust per group), no post-FT
};

class Pipeline {
public:
    enum class Stage { Init, Pretrain, Finetune, Continue, Done };
    // record: also measure the proficiencies at every checkpoint (the main run's bars)
    void reset(const RunSpec& spec, uint64_t seed, bool record = false);
    bool advance(core::WorkBudget& budget);        // true once fine-tuned and ranked (the no-post-FT results)
    bool advance_post(core::WorkBudget& budget);   // then the continued training when decoupled; true when done
    bool ranked() const { return stage_ == Stage::Continue || stage_ == Stage::Done; }
    bool done() const { return stage_ == Stage::Done; }
    double fraction() const;        // 0..1 of pre-training and fine-tuning, for progress bars
    double init_fraction() const;   // 0..1 of the test and validation sets drawn (1 after Init)
    Stage stage() const { return stage_; }
    const std::string& failure() const { return failure_; }

    const RunSpec& spec() const { return spec_; }
    int t() const { return t_; }
    int t_pre() const { return t_pre_; }
    const Moe& model() const { return M_; }
    const Moe& start() const { return M0_; }
    const Dataset& test() const { return test_; }
    const Dataset& val() const { return val_; }
    uint64_t seed() const { return seed_; }

    // recorded
    std::vector<Checkpoint> checkpoints;
    std::vector<std::pair<int, double>> pre_acc;   // mode L: (step, accuracy on the pre-training tasks)
    std::vector<int> planted;                      // mode P: u(s), else empty
    std::vector<uint8_t> important;                // ground truth or proxy (see pipeline.cpp)
    Proficiency prof0, prof;                       // at t = 0 and at the latest checkpoint
    ConceptChoice concept;                         // mode L
    // after fine-tuning
    std::vector<double> importance;                        // (I) on the validation set
    std::vector<std::vector<double>> scores;               // [criterion][expert]; random: draw 0
    std::vector<std::vector<double>> random_scores;        // [draw][expert]
    Mask mask(int criterion, int p, int draw = 0) const;   // the kept experts, p pruned per group
    Outputs outputs;                      // the fine-tuned model on the test set: no-post-FT accuracies
    std::map<Mask, double> post_ft_acc;   // post-FT accuracies already computed, by kept set
    // The paper's loss under expert-choice: ∂l/∂f = −y whatever f, so each expert's update depends only on
    // its own weights and the batch (docs/labs/expert-pruning.md §7.6), and post-pruning fine-tuning of a kept set is
    // exactly the continued training of those experts. Then one continued run of all experts (same batches as
    // PostFt) gives every kept set's post-FT accuracy; with the true hinge or token-choice routing the
    // experts are coupled and each kept set needs its own PostFt run.
    bool decoupled() const { return spec_.routing == Routing::ExpertChoice && !spec_.ft.hinge; }
    Outputs continued;                                 // decoupled: all experts after T′ more steps, test set
    double post_ft_accuracy(const Mask& keep) const;   // NaN when it needs a PostFt run not done yet
    double separation_ok() const;   // 1 if every important Δ exceeds every unimportant one in its group

private:
    void checkpoint_begin();
    bool checkpoint_run(core::WorkBudget& budget);   // the test pass, then (when needed) the validation pass
    void checkpoint_end();
    void finish();
    void start_finetune();
    SgdTask task(core::Rng& rng, int B, int concept, const TrainSpec& t) const;
    bool init_step(core::WorkBudget& budget);   // the data sets and the initial weights, a slice at a time

    RunSpec spec_{};
    uint64_t seed_ = 0;
    Stage stage_ = Stage::Done;
    std::string failure_;
    Moe M_, M0_;
    QSampler q_;
    core::Rng batch_rng_;
    Dataset test_, val_, pre_test_;
    Work work_;
    SgdStepper sgd_;
    int t_ = 0, t_pre_ = 0;
    bool in_checkpoint_ = false, record_ = false, want_val_ = false;
    OutputPass pass_;
    RoutingStats stats_;
    int val_i_ = 0;
    int init_part_ = 0, init_i_ = 0;   // Init: which set / the experts, and how far
    core::Rng init_rng_[4];            // test, val, pre-training test set, weights
    std::vector<Mask> trust_masks_;
    Moe cont_;   // decoupled: the continued model
    core::Rng cont_rng_;
    int t_cont_ = 0;
};

// The batches of post-pruning fine-tuning: one stream per seed, the same for every kept set.
core::Rng post_ft_batches(uint64_t seed);

// Post-pruning fine-tuning (Algorithm 1, Step 4) of one kept set, T′ steps, then its test accuracy.
// Every run of a repetition draws the same batches (paired comparisons; the same kept set gives the same
// numbers, so the pipeline caches results by kept set). With record, the accuracy is also measured every
// eval_every steps (the timeline).
class PostFt {
public:
    void start(const Pipeline& p, const Mask& alive, bool record);
    bool advance(core::WorkBudget& budget);
    bool done() const { return done_; }
    double accuracy() const { return acc_; }
    const std::vector<std::pair<int, double>>& history() const { return hist_; }
    int t() const { return t_; }
    const Moe& model() const { return M_; }

private:
    const Pipeline* p_ = nullptr;
    Moe M_;
    Mask alive_;
    core::Rng rng_;
    QSampler q_;
    SgdStepper sgd_;
    Work work_;
    OutputPass pass_;
    int t_ = 0;
    bool record_ = false, evaluating_ = false, done_ = false;
    double acc_ = 0;
    std::vector<std::pair<int, double>> hist_;
};

// Work units of one SGD step of batch B (forward + gradient + update).
double step_cost(const Moe& M, int n, int B);

}   // namespace expert_pruning
