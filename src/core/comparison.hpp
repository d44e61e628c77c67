// Named comparisons: the A/B contrasts a paper argues by (routing noise on vs off, l = l* vs l* − 1, the
// router on vs off), declared by a lab as data next to its tour. Run B is run A with `b` changed, on the
// same seed; the app and the CLI run both (core/compare.hpp). The lab only declares them
// (Lab::comparisons()).
#pragma once
#include <string>
#include <utility>
#include <vector>

namespace core {

// B's changes, each a parameter name and its value as text ("noise_width", "0"), as in a link's b.name=value.
using Changes = std::vector<std::pair<std::string, std::string>>;

struct Comparison {
    std::string id;                   // "noise-off": the CLI's --comparison and the page's compare=ID
    std::string title;                // "Routing noise off"
    std::string contrast;             // what the paper says the difference shows, with its reference
    Changes b;                        // B = A with these changed
    std::string preset;               // "": A as it is; else A opens at this preset first (where the contrast lives)
    std::vector<std::string> watch;   // metric keys the contrast is about, shown before the headlines
};

}   // namespace core
