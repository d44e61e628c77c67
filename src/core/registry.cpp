#include "core/registry.hpp"

namespace core {

std::unique_ptr<Lab> make_lab(const std::string& id) {
    for (const LabEntry& e : all_labs())
        if (e.id == id) return e.make();
    return nullptr;
}

std::string lab_ids() {
    std::string s;
    for (const LabEntry& e : all_labs()) s += (s.empty() ? "" : ", ") + e.id;
    return s;
}

}   // namespace core
