// The registry: one line per paper. A new lab is a new folder in src/labs/ and one line here.
#include "core/registry.hpp"

// Each lab folder defines its factory in src/labs/<lab-id>/lab.cpp.
std::unique_ptr<core::Lab> make_cluster_experts_lab();
std::unique_ptr<core::Lab> make_patch_routing_lab();
std::unique_ptr<core::Lab> make_latent_clusters_lab();
std::unique_ptr<core::Lab> make_expert_pruning_lab();
std::unique_ptr<core::Lab> make_gated_regression_lab();

namespace core {

const std::vector<LabEntry>& all_labs() {
    static const std::vector<LabEntry> labs = {
        {"cluster-experts", &make_cluster_experts_lab},   {"patch-routing", &make_patch_routing_lab},
        {"latent-clusters", &make_latent_clusters_lab},   {"expert-pruning", &make_expert_pruning_lab},
        {"gated-regression", &make_gated_regression_lab},
    };
    return labs;
}

}   // namespace core
