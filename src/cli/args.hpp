// Command-line arguments of moe-lab: "command --flag value --set name=value ...".
#pragma once
#include "session/share_link.hpp"
#include <stdexcept>
#include <string>
#include <vector>

namespace cli {

// Bad input: main prints the message and exits with status 2.
struct UsageError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

constexpr long long kMaxSeeds = 100000;   // reproduce --seeds: more is a typo, not a study
constexpr long long kMaxJobs = 256;       // reproduce --jobs

struct Args {
    std::string command;
    std::string lab, preset, csv;
    uint64_t seed = 1;
    int seeds = 10;
    int jobs = 0;                     // threads for seeds and sweep jobs (0: not given, the machine's cores)
    int shard = 0, shards = 0;        // reproduce --shard I/N: only the I-th of N parts of the seeds (0: all)
    std::vector<std::string> files;   // merge: the partial reports; tally: the answers' files
    bool json = false, has_seed = false, has_seeds = false;
    double time_limit = 0;   // run: stop after this many seconds (0: no limit), exit 1 with a message
    std::string text;        // run: --text, the class's own text for a lab that reads one (cli/class_text.hpp)
    bool has_text = false;
    std::vector<std::pair<std::string, std::string>> sets;   // --set name=value
    std::vector<std::string> b;                              // compare: --b name=value (run B's changes)
    std::string comparison;                                  // compare: --comparison ID (a named one)
    bool key = false;                                        // worksheet: --key (the teacher's key)
    std::string lang, page;                                  // worksheet: --lang CODE, --page URL
    std::string format;                                      // worksheet: --format html|gift
};

Args parse_args(int argc, char** argv);

// The lab and its configuration from --lab, --preset, --seed and --set, validated.
// Throws UsageError naming the problem.
session::RunConfig make_config(const Args& a);
// The same, and how many threads run it (`jobs`): --jobs, else the machine's cores, for the seeds and the
// sweep jobs inside each run (session::sweep_threads), within the limits shared by the jobs at once; without
// --jobs, a configuration that only fits alone runs on one thread.
session::RunConfig make_config_for_jobs(const Args& a, int& jobs);

}   // namespace cli
