#include "core/registry.hpp"
#include <algorithm>
#include <stdexcept>

namespace core {

namespace {
struct Registered {
    int order;
    std::string id;
    std::unique_ptr<Lab> (*make)();
};

// Constructed on first use: registrations run during static initialisation, in no fixed order.
std::vector<Registered>& registered() {
    static std::vector<Registered> labs;
    return labs;
}

bool& made_yet() {   // the declarations below are made: no lab may register after that
    static bool made = false;
    return made;
}

// The declarations, by order then id, made once by the first reader (after static initialisation, when every lab
// has registered) and only read after that, so any thread may read them.
struct Declarations {
    std::vector<std::unique_ptr<Lab>> labs;
    std::vector<LabEntry> entries;
};

const Declarations& declarations() {
    static const Declarations d = [] {
        Declarations made;
        for (const Registered& r : registered()) {
            made.labs.push_back(r.make());
            made.entries.push_back({r.order, r.id, made.labs.back().get()});
        }
        made_yet() = true;
        return made;
    }();
    return d;
}
}   // namespace

Registration::Registration(int order, const char* id, std::unique_ptr<Lab> (*make)()) {
    if (made_yet())
        throw std::logic_error(std::string("a lab registered after the labs were read: ") + id);   // words: not shown
    std::vector<Registered>& labs = registered();
    for (const Registered& r : labs)
        if (r.id == id) throw std::logic_error(std::string("two labs registered as ") + id);   // words: not shown
    const Registered r{order, id, make};
    labs.insert(std::upper_bound(labs.begin(), labs.end(), r,
                                 [](const Registered& a, const Registered& b) {
                                     return a.order != b.order ? a.order < b.order : a.id < b.id;
                                 }),
                r);
}

const std::vector<LabEntry>& all_labs() { return declarations().entries; }

const Lab* find_lab(const std::string& id) {
    for (const LabEntry& e : all_labs())
        if (e.id == id) return e.lab;
    return nullptr;
}

std::string lab_ids() {
    std::string s;
    for (const LabEntry& e : all_labs()) s += (s.empty() ? "" : ", ") + e.id;
    return s;
}

}   // namespace core
