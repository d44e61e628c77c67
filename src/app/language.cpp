// The page's language (core/words.hpp): chosen by the link or the menu, else the best of the browser's. A
// language with a table waits for it (the page fetches it, the desktop reads it) and keeps the last one's words
// meanwhile; its font, if it needs one, is merged into the atlas when the table arrives.
#include "app/app.hpp"
#include "core/text.hpp"
#include "core/words.hpp"
#include <fstream>
#include <imgui.h>
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
    return code != "en" && code != "en-XA";
}

}   // namespace

std::string App::lang_id() const {
    return lang_choice_ != "auto" ? lang_choice_ : core::best_language(split_list(system_langs_));
}

std::string App::cmd_lang(const std::string& code, bool system) {
    const core::Language* l = code == "auto" ? nullptr : core::match_language(code);   // "DE", "pt": de, pt-BR
    if (system) system_langs_ = code;
    else if (code != "auto" && !l) {
        std::string codes = "auto";
        for (const core::Language& each : core::languages()) codes += std::string(", ") + each.code;
        return core::trf("lang=%s: give one of %s", code.c_str(), codes.c_str());
    } else lang_choice_ = l ? l->code : code;
    apply_language();
    if (!system) sync_url();
    return "";
}

void App::apply_language() {
    const std::string code = lang_id();
    const core::Language& l = *core::find_language(code);
    if ((code == core::language().code && lang_loading_.empty()) || code == lang_loading_) return;   // (on its way)
    if (!needs_table(l)) {
        lang_loading_.clear();
        core::use_language(code, "");
        fonts_dirty_ = true;   // back to the one font
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
        lang_loading_ = code;
        cmd_words(code + "\n" + text.str());
        const bool font_here = !*l.font || std::ifstream(host_.fonts_dir + "/" + l.font + ".ttf").good();
        if (font_here || !host_.load_words) return;
    }
    if (host_.load_words) {
        lang_loading_ = code;
        host_.load_words(code);   // the page answers with words=CODE\n… (and the language's font)
    } else if (!host_.words_dir.empty())
        link_messages_.push_back(
            core::trf("lang=%s: the translations are not here (%s)", code.c_str(), host_.words_dir.c_str()));
    else link_messages_.push_back(core::trf("lang=%s: no translations on this platform", code.c_str()));
}

std::string App::cmd_words(const std::string& text) {
    const size_t nl = text.find('\n');
    const std::string code = text.substr(0, nl);
    if (lang_loading_.empty() && code == core::language().code) return "";   // the same table again: nothing to do
    if (nl == std::string::npos || code != lang_loading_)
        return core::trf("words=%s: not the language being loaded (%s)", code.c_str(), lang_loading_.c_str());
    lang_loading_.clear();
    if (std::string why = core::use_language(code, text.substr(nl + 1)); !why.empty())
        return core::trf("the translations of %s are damaged: %s", code.c_str(), why.c_str());
    fonts_dirty_ = true;   // its glyphs, maybe a font of its own
    if (host_.set_language) host_.set_language(code);
    return "";
}

std::string App::cmd_words_failed(const std::string& text) {
    const std::string code = text.substr(0, text.find(':'));
    if (code != lang_loading_) return "";   // a language no longer asked for
    lang_loading_.clear();
    link_messages_.push_back(core::trf("The translations could not be loaded (%s); the page stays in %s.", text.c_str(),
                                       core::language().name));
    return "";
}

void App::draw_language_menu() {
    const core::Language* shown = core::find_language(lang_id());
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 9);
    const bool open =
        ImGui::BeginCombo((std::string(core::tr("Language")) + "###language").c_str(), shown ? shown->name : "");
    controls_.note("combo:language", "combo", core::tr("Language"), shown ? shown->name : "");
    if (!open) return;
    if (ImGui::Selectable(core::tr("as the browser"), lang_choice_ == "auto")) command("lang=auto");
    controls_.note("option:language:auto", "option", core::tr("as the browser"));
    for (const core::Language& l : core::languages()) {
        if (ImGui::Selectable(l.name, lang_choice_ == l.code)) command(std::string("lang=") + l.code);
        controls_.note(std::string("option:language:") + l.code, "option", l.name);
    }
    ImGui::EndCombo();
}

}   // namespace app
