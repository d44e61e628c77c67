// Named comparisons: the A/B contrasts a paper argues by (routing noise on vs off, l = l* vs l* − 1, the
// router on vs off), declared by a lab as data next to its tour. Run B is run A with `b` changed, on the
// same seed; the app and the CLI run both (session/compare.hpp). The lab only declares them
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

// A comparison declared by name, field by field in the order a reader asks about it: what B changes, where it
// opens, what to watch, and why the paper expects the difference:
//   core::compare("noise-off", "Routing noise off (r ≡ 0)").changes({{"noise_width", "0"}}).because("Without ...")
class CompareBuilder {
public:
    CompareBuilder(std::string id, std::string title) {
        c_.id = std::move(id);
        c_.title = std::move(title);
    }
    CompareBuilder&& changes(Changes b) && {
        c_.b = std::move(b);
        return std::move(*this);
    }
    CompareBuilder&& at_preset(std::string preset) && {
        c_.preset = std::move(preset);
        return std::move(*this);
    }
    CompareBuilder&& watch(std::vector<std::string> keys) && {
        c_.watch = std::move(keys);
        return std::move(*this);
    }
    CompareBuilder&& because(std::string contrast) && {
        c_.contrast = std::move(contrast);
        return std::move(*this);
    }
    operator Comparison() && { return std::move(c_); }

private:
    Comparison c_;
};
inline CompareBuilder compare(std::string id, std::string title) { return {std::move(id), std::move(title)}; }

}   // namespace core
