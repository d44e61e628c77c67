// The moe-lab commands. Each returns the process exit status (0 ok, 1 the run failed).
#pragma once
#include "cli/args.hpp"

namespace cli {

int cmd_list(const Args& a);        // labs, presets, parameters, metrics
int cmd_run(const Args& a);         // one run: final metrics, --csv time series, --json
int cmd_reproduce(const Args& a);   // many seeds: mean ± sd of the headlines next to the paper
int cmd_bench(const Args& a);       // wall time per phase and steps per second
int cmd_merge(const Args& a);       // partial reports of reproduce --shard: the one report (shards.cpp)
int cmd_compare(const Args& a);     // A and B = A with changes over seeds: paired differences (compare.cpp)
// --lang CODE: the language of a sheet's or a tally's texts, its table from the build's words/ (English and the
// pseudo-language need none); an unknown language or a missing table throws UsageError.
void use_language(const std::string& tag);
int cmd_tally(const Args& a);       // a class's answers lines counted per question (tally.cpp)
int cmd_worksheet(const Args& a);   // a lab's worksheet or teacher's key as HTML (worksheet.cpp)

}   // namespace cli
