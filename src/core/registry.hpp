// The registry of labs. A lab registers itself from its own folder, in one line of its lab.cpp:
//   static const core::Registration kRegistration(3, "latent-clusters", &core::make<latent::LatentClustersLab>);
// The order number sorts the lab picker (the first is the page's default); ids must be unique.
// The labs are compiled as an object library (CMakeLists.txt), so the linker keeps every lab's
// registration; the tests register a small example lab the same way (tests/labs/example/).
// Each lab's declaration is made once, when the registry is first read, and kept for the program's life: every
// reader (a link's check, the CLI's arguments, every core::Runner, on any thread) shares it.
//   const core::Lab* lab = core::find_lab(id);   // nullptr: no such lab
//   core::Runner run(*lab);                       // one run of it (core/runner.hpp)
#pragma once
#include "core/lab.hpp"
#include <memory>
#include <string>
#include <vector>

namespace core {

struct LabEntry {
    int order = 0;
    std::string id;
    const Lab* lab = nullptr;   // its declaration, made once
};

struct Registration {
    Registration(int order, const char* id, std::unique_ptr<Lab> (*make)());
};

template <class L>
std::unique_ptr<Lab> make() {
    return std::make_unique<L>();
}

const std::vector<LabEntry>& all_labs();      // by order, then id
const Lab* find_lab(const std::string& id);   // nullptr for an unknown id
std::string lab_ids();                        // "a, b, c" for error messages

}   // namespace core
