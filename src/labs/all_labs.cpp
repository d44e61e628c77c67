// The registry: one line per paper. A new lab is a new folder in src/labs/ and one line here.
#include "core/registry.hpp"

// Each lab folder defines its factory in src/labs/<lab-id>/lab.cpp.

namespace core {

const std::vector<LabEntry>& all_labs() {
    static const std::vector<LabEntry> labs = {
    };
    return labs;
}

} // namespace core
