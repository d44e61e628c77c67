#include "core/registry.hpp"
#include <algorithm>
#include <stdexcept>

namespace core {

namespace {
// Constructed on first use: registrations run during static initialisation, in no fixed order.
std::vector<LabEntry>& entries() {
    static std::vector<LabEntry> labs;
    return labs;
}
}   // namespace

Registration::Registration(int order, const char* id, std::unique_ptr<Lab> (*make)()) {
    std::vector<LabEntry>& labs = entries();
    for (const LabEntry& e : labs)
        if (e.id == id) throw std::logic_error(std::string("two labs registered as ") + id);   // words: not shown
    const LabEntry e{order, id, make};
    labs.insert(std::upper_bound(labs.begin(), labs.end(), e,
                                 [](const LabEntry& a, const LabEntry& b) {
                                     return a.order != b.order ? a.order < b.order : a.id < b.id;
                                 }),
                e);
}

const std::vector<LabEntry>& all_labs() { return entries(); }

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
