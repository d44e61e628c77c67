// The page's link and commands (app/controls/page_key.hpp): the keys the frame itself declares (a link opened by command,
// sharing the link, the run's CSV, the GPU's drawing), a command run through every part's keys, and the link read
// and written from the declarations. Adding a key is adding one entry to the part that owns it; the link, the
// commands, state(), the help and the HTML document follow (page_keys.cpp).
#include "app/frame/app.hpp"
#include "app/plot/gpu_draw.hpp"
#include "session/compare.hpp"
#include "core/parse.hpp"
#include "core/registry.hpp"
#include "core/words.hpp"
#include "session/json_text.hpp"
#include <algorithm>
#include <cstdio>
#include <exception>

namespace app {

namespace {

using K = session::ArgKind;

}   // namespace

std::vector<PageKey> App::declare_keys() {
    using Arg = const session::CommandArg&;
    std::vector<PageKey> keys;
    declare(keys,
            {"query", K::Text, 0, 0, "LINK", core::later::tr("open a share link's query (lab=…&seed=…&present=1)")},
            [this](Arg v) {
                open_link(v.text);   // a link reports its own problems, like on page load
                return std::string();
            });
    // sharing and saving
    declare(keys, {"copy-link", K::None, 0, 0, "", core::later::tr("copy the link to this run")},
            [this](Arg) -> std::string {
                if (!host_.copy_text) return core::tr("there is no clipboard here");
                host_.copy_text(last_url_);
                return std::string();
            });
    keys.back().control(Control::Button, core::later::tr("Copy link"), "share").tip =
        core::later::tr("The link restores this lab, preset, seed and every changed parameter.");
    declare(keys, {"csv", K::None, 0, 0, "", core::later::tr("download this run's time series as CSV")},
            [this](Arg) -> std::string {
                if (!host_.download) return core::tr("there are no downloads here");
                core::Table t = run_.runner().trace();
                t.rows.resize(rewind_.trace_rows(t.rows.size()));   // rewound: up to the moment shown
                host_.download(run_.config().lab + "-seed" + std::to_string(run_.config().seed) + ".csv", t.to_csv());
                return std::string();
            });
    keys.back().control(Control::Button, core::later::tr("Download CSV"), "share").tip =
        core::later::tr("The time series of this run's metrics, one row per evaluation.");
    // the drawing of fields and heatmaps (gpu_draw.hpp)
    declare(
        keys,
        {"gpu", K::Whole, 0, 1, "0|1",
         core::later::tr("draw fields and heatmaps with the GPU shaders (1, the default) or cell by cell on the CPU "
                         "(0), to compare")},
        [](Arg v) {
            set_gpu_drawing(v.text == "1");
            return std::string();
        });

    return keys;
}

std::string App::command(const std::string& text) {
    session::ParsedCommand p = session::parse_command(text, keys_.syntaxes());
    std::string why = p.error;
    if (why.empty()) why = exercise_.refuses(keys_.command(p.index).syntax.name, p.arg.text);
    auto refused = [&](const std::string& why) {
        return core::trf("command %s refused: %s", core::quote(text).c_str(), why.c_str());
    };
    if (!why.empty() && p.error.empty()) why = refused(why);
    else if (why.empty()) {
        try {
            const int refusals = refusals_;
            why = keys_.command(p.index).act(p.arg);
            if (!why.empty() && refusals_ == refusals)   // key=K gives its command's own refusal, whole
                why = refused(why);
        } catch (const std::exception& e) {   // nothing a command does may stop the page
            why = core::trf("command %s failed: %s", core::quote(text).c_str(), e.what());
        }
    }
    if (!why.empty()) ++refusals_;
    if (!why.empty()) messages_.say(why);
    return why;
}

// A page link, read once (session::link_items: decoded, repeated names left out): the declared keys, read stage by
// stage; the rest is the run's configuration (session::decode_items), opened between the look and the run's own keys.
void App::open_link(const std::string& query) {
    const session::LinkItems items = session::link_items(query);
    session::LinkItems rest;
    Messages look;
    const LinkArgs link = keys_.gather(items, rest);
    keys_.read(LinkStage::Look, link, look);   // (the language first: what follows is said in it)
    session::Decoded d = session::decode_items(rest);
    std::vector<std::string>& said = messages_.list();
    said = items.messages;
    said.insert(said.end(), d.messages.begin(), d.messages.end());
    said.insert(said.end(), look.begin(), look.end());
    tour_.end();      // a link says the whole page: no tour, no run B unless it names them
    compare_.end();   // (before the run opens, so that B does not follow A's new configuration)
    if (d.checked) run_.open(d.config, d.check);   // (checked once, as it was read)
    else run_.open(d.config);
    for (LinkStage s : {LinkStage::Setup, LinkStage::Compare, LinkStage::Moments, LinkStage::Tour, LinkStage::Last})
        keys_.read(s, link, said);
    sync_url();
}

void App::sync_url() {
    if (!run_.open_yet()) return;   // (a link's look, read before its run opens: the link is written once it has)
    last_query_ = session::encode_query(run_.config()) + keys_.write(true);
    std::string url = last_query_ + keys_.write(false);
    if (url != last_url_ && host_.set_query) host_.set_query(url);
    last_url_ = url;
}

}   // namespace app
