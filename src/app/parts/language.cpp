// The page's language (language.hpp).
#include "app/parts/language.hpp"
#include "core/text.hpp"
#include "core/words.hpp"
#include "session/json_text.hpp"
#include <fstream>
#include <imgui.h>
#include <imgui_internal.h>   // ImTextCharFromUtf8
#include <sstream>

namespace app {
namespace {

std::vector<std::string> split_list(const std::string& list) {
    std::vector<std::string> out;
    std::stringstream in(list);
    for (std::string s; std::getline(in, s, ',');)
        if (!s.empty()) out.push_back(s.substr(0, s.find(';')));   // "de;q=0.9" → "de"
    return out;
}

bool needs_table(const core::Language& l) {
    const std::string code = l.code;
    return code != "en";   // (the pseudo-language's table holds the keys: only they come out accented)
}

}   // namespace

std::string PageLanguage::chosen() const {
    return choice_ != "auto" ? choice_ : core::best_language(split_list(system_));
}

std::string PageLanguage::choose(const std::string& code, bool system) {
    const core::Language* l = code == "auto" ? nullptr : core::match_language(code);   // "DE", "pt": de, pt-BR
    if (system) system_ = code;
    else if (code != "auto" && !l) {
        std::string codes = "auto";
        for (const core::Language& each : core::languages()) codes += std::string(", ") + each.code;
        return core::trf("lang=%s: give one of %s", code.c_str(), codes.c_str());
    } else choice_ = l ? l->code : code;
    apply();
    if (!system) stage_.write_url();
    return "";
}

void PageLanguage::apply() {
    const std::string code = chosen();
    const core::Language& l = *core::find_language(code);
    if ((code == core::language().code && loading_.empty()) || code == loading_) return;   // (on its way)
    if (!needs_table(l)) {
        loading_.clear();
        core::use_language(code, "");
        fonts_changed_();   // back to the one font
        if (host_.set_language) host_.set_language(code);
        return;
    }
    // The table at hand (the desktop's build; on the page, the one a link's lang= named, read before the app
    // started, so that what it says about the link is in that language already), else fetched by the page.
    std::ifstream in(host_.words_dir + "/" + code + ".json", std::ios::binary);
    const bool at_hand = !host_.words_dir.empty() && in.good();
    if (at_hand) {
        std::stringstream text;
        text << in.rdbuf();
        loading_ = code;
        words(code + "\n" + text.str());
        const bool font_here = !*l.font || std::ifstream(host_.fonts_dir + "/" + l.font + ".ttf").good();
        if (font_here || !host_.load_words) return;
    }
    if (host_.load_words) {
        loading_ = code;
        host_.load_words(code);   // the page answers with words=CODE\n… (and the language's font)
    } else if (!host_.words_dir.empty())
        stage_.say(core::trf("lang=%s: the translations are not here (%s)", code.c_str(), host_.words_dir.c_str()));
    else stage_.say(core::trf("lang=%s: no translations on this platform", code.c_str()));
}

std::string PageLanguage::words(const std::string& text) {
    const size_t nl = text.find('\n');
    const std::string code = text.substr(0, nl);
    if (loading_.empty() && code == core::language().code) return "";   // the same table again: nothing to do
    if (nl == std::string::npos || code != loading_)
        return core::trf("words=%s: not the language being loaded (%s)", code.c_str(), loading_.c_str());
    loading_.clear();
    if (std::string why = core::use_language(code, text.substr(nl + 1)); !why.empty())
        return core::trf("the translations of %s are damaged: %s", code.c_str(), why.c_str());
    fonts_changed_();   // its glyphs, maybe a font of its own
    if (host_.set_language) host_.set_language(code);
    return "";
}

std::string PageLanguage::failed(const std::string& text) {
    const std::string code = text.substr(0, text.find(':'));
    if (code != loading_) return "";   // a language no longer asked for
    loading_.clear();
    stage_.say(core::trf("The translations could not be loaded (%s); the page stays in %s.", text.c_str(),
                         core::language().name));
    return "";
}

void PageLanguage::draw_menu() {
    ControlStyle s;
    s.size.x = ImGui::GetFontSize() * 9;
    controls_.draw_choice("language", s);
}

std::vector<PageKey> PageLanguage::keys() {
    using K = session::ArgKind;
    using Arg = const session::CommandArg&;
    std::vector<PageKey> keys;
    {
        PageKey& k =
            declare(keys,
                    {"lang", K::Word, 0, 0, "CODE",
                     core::later::tr("the page's language: auto (the browser's), en, es, pt-BR, de, zh-Hans, en-XA")},
                    [this](Arg v) { return choose(v.text, false); });
        k.link = InLink::Page;
        k.link_help = core::later::tr("the page's language (absent: the browser's)");
        in_link_or_auto(
            k, [this](const std::string& code) { return choose(code, false); }, [this] { return choice_; });
        k.control(Control::Choice, core::later::tr("Language"), "share", "combo:language").choices =
            [] {   // each language's name in itself (a screen reader reads it in that language)
                std::vector<Choice> c = {{"auto", core::later::tr("as the browser"), ""}};
                for (const core::Language& l : core::languages()) c.push_back({l.code, l.name, l.code});
                return c;
            };
        k.controls.back().tip = core::later::tr("The page's language; auto follows the browser's. Link: lang=de.");
        k.controls.back().now = [this] {   // what it shows closed: the language in use ("as the browser": which)
            ControlNow n;
            const core::Language* l = core::find_language(chosen());
            n.value_text = l ? l->name : "";
            return n;
        };
        k.state_name = "lang_choice";
        k.state = [this] { return session::json_string(choice_); };
    }
    declare(keys,
            {"system-lang", K::Word, 0, 0, "LIST",
             core::later::tr("the browser's languages, best first (de-AT,en), for lang=auto")},
            [this](Arg v) { return choose(v.text, true); });
    declare(keys,
            {"words", K::Text, 0, 0, "TEXT",
             core::later::tr("a language's table arriving: its code, a newline, the JSON (the page sends it)")},
            [this](Arg v) { return words(v.text); });
    declare(keys,
            {"words-failed", K::Text, 0, 0, "TEXT",
             core::later::tr("a language's table could not be fetched: CODE: why (the page sends it)")},
            [this](Arg v) { return failed(v.text); });

    return keys;
}

void PageLanguage::state(std::string& json) const {
    json += ",\"lang\":" + session::json_string(core::language().code) +
        ",\"lang_chosen\":" + session::json_string(chosen());
    json += ",\"languages\":[";
    for (const core::Language& l : core::languages())
        json += std::string(&l == &core::languages().front() ? "" : ",") + "{\"code\":" + session::json_string(l.code) +
            ",\"name\":" + session::json_string(l.name) + ",\"decimal_comma\":" + (l.decimal_comma ? "true" : "false") +
            "}";
    json += "]";
}

// A language whose script the page's font lacks (core::Language::font): its own font merged into the atlas, with
// only the characters its translations use (a few thousand glyphs at most, not the whole script).
void PageLanguage::merge_font(float size) {
    if (host_.fonts_dir.empty()) return;
    // the languages' names in the menu, in every language (简体中文: fonts/names.ttf, a few glyphs)
    static ImVector<ImWchar> names;
    if (names.empty()) {
        ImFontGlyphRangesBuilder b;
        for (const core::Language& l : core::languages())
            for (const char* c = l.name; *c;) {
                unsigned int cp = 0;
                c += ImTextCharFromUtf8(&cp, c, nullptr);
                if (cp > 0x2FFF) b.AddChar(ImWchar(cp));
            }
        b.BuildRanges(&names);
    }
    ImFontConfig names_cfg;
    names_cfg.MergeMode = true;
    const std::string names_file = host_.fonts_dir + "/names.ttf";
    if (std::ifstream(names_file).good())   // (ImGui asserts on a missing file)
        ImGui::GetIO().Fonts->AddFontFromFileTTF(names_file.c_str(), size, &names_cfg, names.Data);
    const core::Language& l = core::language();
    if (!*l.font) return;
    static ImVector<ImWchar> ranges;   // ImGui keeps the pointer until the atlas is built again
    ranges.clear();
    ImFontGlyphRangesBuilder b;
    b.AddText(core::translated_text().c_str());
    b.BuildRanges(&ranges);
    ImFontConfig cfg;
    cfg.MergeMode = true;
    cfg.OversampleH = 1;
    const std::string file = host_.fonts_dir + "/" + l.font + ".ttf";
    if (!std::ifstream(file).good()) {
        if (loading_ != l.code)   // (else the page is fetching it: the atlas is built again when it arrives)
            stage_.say(core::trf("the font of %s is missing (%s)", l.code, file.c_str()));
    } else if (!ImGui::GetIO().Fonts->AddFontFromFileTTF(file.c_str(), size, &cfg, ranges.Data))
        stage_.say(core::trf("the font of %s is missing (%s)", l.code, file.c_str()));
}

}   // namespace app
