// The configuration of a run as a page URL query: lab, preset, seed and the parameters that differ
// from the preset, e.g. "lab=cluster-experts&preset=lecture&seed=3&eta=0.01". A copied link restores the
// same run; a malformed link falls back to defaults and says why.
#pragma once
#include "core/runner.hpp"
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace session {

struct RunConfig {
    std::string lab;      // lab id
    std::string preset;   // preset id the parameters start from
    uint64_t seed = 1;
    core::Params params;
};

// The query string (without '?') for a configuration; only parameters that differ from the preset.
std::string encode_query(const RunConfig& c);

struct Decoded {
    RunConfig config;
    std::vector<std::string> messages;   // empty when the link was fully valid
    bool checked = false;                // check is the lab's check of config.params (the link's, valid)
    core::Validation check;              // (not checked: the preset's defaults opened in place of the link's)
};

// Parses a query ("?..." or "..."); the lab comes from the registry (default: the first lab).
// Unknown keys, bad numbers, out-of-range values and invalid combinations are reported; the
// result is always a runnable configuration (bad parts replaced by defaults).
Decoded decode_query(const std::string& query);
// A query split at its '&' (a leading '?' dropped, empty items left out), as written.
std::vector<std::string> split_query(const std::string& query);

// A link's items, read once for every reader (the page's keys and the run's): each name and value percent-decoded
// once, in the link's order. An item without '=' and every name given more than once (which one did the sender
// mean?) are left out, each said in one message.
struct LinkItems {
    std::vector<std::pair<std::string, std::string>> items;   // name and value, each given once
    std::vector<std::string> repeated;                        // the names given more than once (left out)
    std::vector<std::string> messages;                        // what was left out, and why
};
LinkItems link_items(const std::string& query);

// The run's keys among a link's items (decode_query's second half; the messages of link_items are not repeated). A
// repeated parameter makes the link's parameters invalid, as a bad value does.
Decoded decode_items(const LinkItems& link);

// The run a link query configures exactly (a process that follows the page's run: its Web Workers), reset and
// ready to step; nullptr and why when the query is not fully valid (no defaults are filled in here).
std::unique_ptr<core::Runner> start_query(const std::string& query, std::string& why);

// The default configuration of a lab (its first preset, seed 1).
RunConfig default_config(const core::Lab& lab);

// "lecture, paper" for messages.
std::string preset_ids(const core::Lab& lab);

std::string url_decode(const std::string& s);
std::string url_encode(const std::string& s);

}   // namespace session
