// The page's language (core/words.hpp): chosen by the link or the menu, else the best of the browser's. A language
// with a table waits for it (the page fetches it, the desktop reads it) and keeps the last one's words meanwhile; its
// font, if it needs one, is merged into the atlas when the table arrives (merge_font, from the look's font rebuild).
#pragma once
#include "app/controls/control_map.hpp"
#include "app/frame/host.hpp"
#include "app/controls/part.hpp"
#include <functional>
#include <string>
#include <vector>

namespace app {

class PageLanguage : public Part {
public:
    PageLanguage(Stage& stage, const Host& host, ControlMap& controls, std::function<void()> fonts_changed)
        : stage_(stage), host_(host), controls_(controls), fonts_changed_(std::move(fonts_changed)) {}
    std::vector<PageKey> keys() override;           // lang, system-lang, words, words-failed
    void state(std::string& json) const override;   // the language in use, the one chosen, the list
    void draw_menu();
    void merge_font(float size);   // the language's own font (and the languages' names) into the atlas

private:
    std::string chosen() const;                                 // the language chosen (its table may still be loading)
    std::string choose(const std::string& code, bool system);   // lang=, system-lang=: "" or why not
    void apply();                                               // load the table of chosen(), or use it
    std::string words(const std::string& text);                 // "CODE\n" + the language's merged table
    std::string failed(const std::string& text);                // "CODE: why"

    Stage& stage_;
    const Host& host_;
    ControlMap& controls_;
    std::function<void()> fonts_changed_;
    std::string choice_ = "auto", system_ = "en", loading_;
};

}   // namespace app
