// Reproductions split over machines: `moe-lab reproduce … --shard I/N` runs the I-th of N contiguous parts of
// the seed list and writes a partial report; `moe-lab merge PART…` checks that the parts belong together (the
// same program version, lab, preset, parameters, seed list and number of parts; every part once, no seed
// missing or twice) and writes exactly the report one machine would have written.
#pragma once
#include "session/run_seeds.hpp"
#include <string>
#include <utility>
#include <vector>

namespace cli {

struct Partial {
    std::string version, lab, preset, params;   // params: every parameter, name=value (%.17g), in schema order
    uint64_t first = 1;                         // the whole reproduction's seeds: first, …, first + seeds − 1
    int seeds = 0, shard = 0, of = 0;           // this is part `shard` of `of` (1-based)
    double seconds = 0;
    std::vector<session::SeedResult> runs;   // this part's seeds, in order (metrics: key and value only)
};

std::string program_version();                                   // the build's `git describe`, or "unknown"
std::pair<int, int> shard_range(int seeds, int shard, int of);   // seed indices [begin, end) of a part
std::string params_text(const core::Params& p);
std::string write_partial(const Partial& p);
Partial read_partial(const std::string& text, const std::string& name);   // throws UsageError naming the file
// The runs of the whole reproduction, in seed order; throws UsageError when the parts do not belong together.
std::vector<session::SeedResult> merge_partials(const std::vector<Partial>& parts);

}   // namespace cli
