// The one string table: every text the page shows is looked up here by its English source, which is its key
// (as gettext and Qt's tr() do: the code reads in English, and a translation that no longer matches its source
// is found by the test instead of showing stale words). A folder's translations sit beside its code:
// `src/app/words/<language>.json`, `src/labs/<id>/words/<language>.json`, each a flat JSON object
// {"English": "translation"}; the build merges them into one file per language (scripts/words.py).
//
// With no language chosen (the CLI, the tests, English) tr() returns its argument: links, commands and the
// CLI never pass through here. Printf templates go through tr() before formatting, so that the translation
// holds the same specifiers (checked by the test: the same % specifiers in the same order, the same {names}).
#pragma once
#include <string>
#include <vector>

namespace core {

// A language's plural forms (CLDR's categories for whole numbers): which form a count takes, 0-based.
enum class Plurals {
    OneIsOne,       // one (n = 1), other: English, Spanish, German
    OneIsZeroOne,   // one (n = 0 or 1), other: Portuguese (CLDR's "i = 0..1")
    OtherOnly,      // other: Chinese
};

struct Language {
    const char* code;     // BCP 47, as in `lang=` and the HTML document's lang attribute
    const char* name;     // in the language itself, for the menu
    bool decimal_comma;   // numbers shown as 0,5
    const char* font;     // "" the page's font covers it; else the extra font file (fonts/<font>.ttf)
    Plurals plurals;
};
int plural_forms(Plurals p);               // how many: 1 or 2
int plural_form(Plurals p, long long n);   // the form n takes

// English first; the pseudo-language (en-XA: accented and 40 % longer, for layout tests) last.
const std::vector<Language>& languages();
const Language* find_language(const std::string& code);
// The language a tag asks for, as a link or a person writes it ("DE", "pt", "pt-PT", "zh-CN"): the exact code in
// any case, else the first language of its primary subtag; nullptr when none (the pseudo-language only by its code).
const Language* match_language(const std::string& tag);
// The best of the user's preferred languages ("de-AT,en" → de): exact code, then the primary subtag
// ("pt" → pt-BR, "zh-CN" → zh-Hans); English when none matches.
std::string best_language(const std::vector<std::string>& preferred);

// Chooses the language and its table (the merged JSON object; "" for English and the pseudo-language, which
// derives its texts). Returns "" or what is wrong with the table (nothing changes then).
std::string use_language(const std::string& code, const std::string& table_json);
const Language& language();
// Every translation of the chosen language, one after another: the characters its font must hold.
std::string translated_text();

#if defined(__GNUC__)
__attribute__((format_arg(1)))
#endif
const char*
tr(const char* english);
std::string tr(const std::string& english);
// Marks a text of a table made once (commands, link keys, keys): scripts/words.py takes it into the table, and
// the code translates it where it is shown (core::tr(help)), in the language then.
namespace later {
constexpr const char* tr(const char* english) { return english; }
}   // namespace later
// A text made before the language was chosen (a run's cached view): tr(), else, when it holds whole numbers, the
// translation of its template with %d in their place ("expert 3" → "expert %d" → "Experte 3").
std::string retranslate(const std::string& text);
// tr() and then the language's decimal mark in numbers formatted into it: strf(tr(fmt), ...) for text shown.
#if defined(__GNUC__)
__attribute__((format(printf, 1, 2)))
#endif
std::string
trf(const char* english_format, ...);

// A count in the form its language gives it, then formatted as trf() formats: trnf(n, "%d seed", "%d seeds", n).
// Its key in the table is the two English forms joined by '|' ("%d seed|%d seeds"); a translation holds its
// language's forms in the order of its categories, joined the same way ("%d semilla|%d semillas"; Chinese: one).
std::string trnf(long long n, const char* one, const char* other, ...);
// The form itself, translated and not yet formatted (the page's scripts fill their {names} in it).
std::string plural(long long n, const char* one, const char* other);

// What follows a text before the next word: a space, or nothing after full-width punctuation (。！？：；】: Chinese
// sets no space after them) or after nothing.
std::string gap_after(const std::string& text);

// Two sentences in a row, as their language writes them: a space between them, none after a full-width stop
// (gap_after). Either may be empty.
std::string then(const std::string& sentence, const std::string& next);

// A number formatted for display in the chosen language ("0.5" → "0,5" with a decimal comma): applied to
// numbers the app formats, never to links, commands or the CLI.
std::string local_number(std::string formatted);

// A percentage as its language writes it, through the table's "%s %%": `value` (already in percent) in `format`,
// with the language's decimal mark and sign ("87,5 %" in German, "87.5%" in Chinese).
std::string percent(double value, const char* format = "%.0f");

// The pseudo-language's form of a text: letters accented, 40 % longer, placeholders and symbols kept.
std::string pseudo(const std::string& english);

// The placeholders a translation must keep: printf specifiers in order, then {names} sorted.
std::vector<std::string> placeholders(const std::string& text);

// Parses a flat JSON object of strings ({"a": "b", ...}); "" or what is wrong, with the line.
std::string parse_word_table(const std::string& json, std::vector<std::pair<std::string, std::string>>& out);

}   // namespace core
