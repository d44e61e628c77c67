// The keys of the page the frame itself declares (app/page_key.hpp): the run's commands and configuration, and the
// features not yet a part of their own (app/part.hpp). One entry per key, in the link's order: its command, its
// place in the link, its state() field and its control in the HTML document. Adding a key is adding one entry
// here or in a part; the link, the commands, state(), the help and the HTML document follow (page_keys.cpp).
#include "app/app.hpp"
#include "app/gpu_draw.hpp"
#include "core/compare.hpp"
#include "core/parse.hpp"
#include "core/registry.hpp"
#include "core/words.hpp"
#include "session/json_text.hpp"
#include <algorithm>
#include <cstdio>
#include <exception>

namespace app {

namespace {

using K = core::ArgKind;
using Values = std::vector<std::string>;
void note(Messages& msgs, const std::string& why) {
    if (!why.empty()) msgs.push_back(why);
}
std::string jbool(bool b) { return b ? "true" : "false"; }

std::string not_running(const core::Lab& lab) {
    if (!lab.failure().empty())
        return core::trf("the run stopped (%s): change the settings or press Reset", lab.failure().c_str());
    return core::tr("the run has finished: press Reset to run it again");
}

// A button of the HTML document's "Share and export" section.
void as_button(PageKey& k, const char* label) {
    k.control = Control::Button;
    k.label = label;
    k.group = "share";
}

}   // namespace

std::vector<PageKey> App::declare_keys() {
    using S = LinkStage;
    using Arg = const core::CommandArg&;
    std::vector<PageKey> keys;
    declare(keys,
            {"query", K::Text, 0, 0, "LINK", core::later::tr("open a share link's query (lab=…&seed=…&present=1)")},
            [this](Arg v) {
                open_link(v.text);   // a link reports its own problems, like on page load
                return std::string();
            });

    // lecture mode (lecture_commands.cpp, presentation.cpp, tour_player.cpp)
    {
        PageKey& k =
            declare(keys, {"present", K::Whole, 0, 1, "0|1", core::later::tr("presentation layout on (1) or off (0)")},
                    [this](Arg v) { return cmd_present(v.text); });
        k.link = InLink::Page;
        k.to_phone = false;   // the lecturer's display
        k.link_help = core::later::tr("presentation layout");
        k.read = [this](const LinkArg& v, const LinkArgs&, Messages& msgs) {
            bool on = false;
            if (v.given) note(msgs, switch_arg("present", v.value, on));
            present_ = on;
        };
        k.write = [this] { return written_if(present_, "1"); };
        k.state = [this] { return jbool(present_); };
    }
    {
        PageKey& k =
            declare(keys, {"embed", K::Whole, 0, 1, "0|1", core::later::tr("one view, minimal chrome, for an iframe")},
                    [this](Arg v) { return cmd_embed(v.text); });
        k.link = InLink::Page;
        k.link_help = core::later::tr("one view, minimal chrome, for an iframe (not with present=1)");
        k.read = [this](const LinkArg& v, const LinkArgs&, Messages& msgs) {
            bool on = false;
            if (v.given) note(msgs, switch_arg("embed", v.value, on));
            embed_ = on && !present_;
        };
        k.write = [this] { return written_if(embed_, "1"); };
        k.state = [this] { return jbool(embed_); };
    }
    // sharing and saving
    declare(keys, {"copy-link", K::None, 0, 0, "", core::later::tr("copy the link to this run")},
            [this](Arg) -> std::string {
                if (!host_.copy_text) return core::tr("there is no clipboard here");
                host_.copy_text(last_url_);
                return std::string();
            });
    as_button(keys.back(), core::later::tr("Copy link"));
    declare(keys, {"csv", K::None, 0, 0, "", core::later::tr("download this run's time series as CSV")},
            [this](Arg) -> std::string {
                if (!host_.download) return core::tr("there are no downloads here");
                core::Table t = run_.lab().trace();
                t.rows.resize(rewind_.trace_rows(t.rows.size()));   // rewound: up to the moment shown
                host_.download(run_.config().lab + "-seed" + std::to_string(run_.config().seed) + ".csv", t.to_csv());
                return std::string();
            });
    as_button(keys.back(), core::later::tr("Download CSV"));

    // the page's layout
    {
        PageKey& k = declare(keys,
                             {"drawer", K::Whole, 0, 1, "0|1",
                              core::later::tr("the phone layout's controls drawer open (1) or closed (0)")},
                             [this](Arg v) {
                                 drawer_open_ = v.whole == 1;
                                 return std::string();
                             });
        k.state = [this] { return jbool(drawer_open_); };
    }
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
    core::ParsedCommand p = core::parse_command(text, keys_.syntaxes());
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

// A page link, split once: the declared keys, read stage by stage; the rest is the run's configuration
// (core::decode_items), opened between the look and the run's own keys.
void App::open_link(const std::string& query) {
    std::vector<std::string> rest;
    Messages look, repeated;
    const LinkArgs link = keys_.gather(core::split_query(query), rest, repeated);
    keys_.read(LinkStage::Look, link, look);   // (the language first: what follows is said in it)
    core::Decoded d = core::decode_items(rest);
    std::vector<std::string>& said = messages_.list();
    said = d.messages;
    said.insert(said.end(), look.begin(), look.end());
    said.insert(said.end(), repeated.begin(), repeated.end());
    tour_.end();      // a link says the whole page: no tour, no run B unless it names them
    compare_.end();   // (before the run opens, so that B does not follow A's new configuration)
    run_.open(d.config);
    for (LinkStage s : {LinkStage::Setup, LinkStage::Compare, LinkStage::Moments, LinkStage::Tour, LinkStage::Last})
        keys_.read(s, link, said);
    sync_url();
}

void App::sync_url() {
    if (!run_.open_yet()) return;   // (a link's look, read before its run opens: the link is written once it has)
    last_query_ = core::encode_query(run_.config()) + keys_.write(true);
    std::string url = last_query_ + keys_.write(false);
    if (url != last_url_ && host_.set_query) host_.set_query(url);
    last_url_ = url;
}

}   // namespace app
