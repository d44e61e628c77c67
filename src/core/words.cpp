#include "core/words.hpp"

#include <algorithm>
#include <cctype>
#include <cstdarg>
#include <cstdio>
#include <map>
#include <cstring>
#include <unordered_map>

namespace core {
namespace {

struct WordTable {
    const Language* lang = nullptr;
    std::unordered_map<std::string, std::string> words;   // English → translation (pseudo: filled as asked)
    // The pseudo-language with the table's keys (the page's words/en-XA.json): only a key comes out accented, so
    // that a text glued from pieces, or never in the table, shows up plain. Without keys every text is accented.
    bool keys_only = false;
    // Texts with numbers written {=0.5}, as the language shows them, for texts without a translation at hand
    // (English, a key not translated yet): made once per language.
    std::unordered_map<std::string, std::string> numbers;
};

// "{=0.5}" → "0.5", or "0,5" with a decimal comma: a number inside a text of the table, never typed into a
// translation (the translation keeps the marker; the language gives the mark).
std::string shown_numbers(std::string s) {
    for (size_t a = s.find("{="); a != std::string::npos; a = s.find("{=", a)) {
        const size_t e = s.find('}', a);
        if (e == std::string::npos) break;
        const std::string n = local_number(s.substr(a + 2, e - a - 2));
        s.replace(a, e + 1 - a, n);
        a += n.size();
    }
    return s;
}

bool is_pseudo(const WordTable& t) { return t.lang && std::string(t.lang->code) == "en-XA"; }

WordTable& table() {
    static WordTable t;
    return t;
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// The length of a printf specifier starting at s[k] == '%' (0 if none).
size_t specifier_length(const std::string& s, size_t k) {
    size_t j = k + 1;
    while (j < s.size() && std::string("-+#0").find(s[j]) != std::string::npos) ++j;   // no ' ': "70 % of" is text
    while (j < s.size() && (is_digit(s[j]) || s[j] == '*' || s[j] == '.')) ++j;
    while (j < s.size() && std::string("hlLzjt").find(s[j]) != std::string::npos) ++j;
    if (j < s.size() && std::string("diouxXeEfFgGcsp%").find(s[j]) != std::string::npos) return j + 1 - k;
    return 0;
}

// Accented forms of a–z and A–Z (Latin-1 and Latin Extended-A, both in the page's font and its atlas ranges).
const char* accented(char c) {
    static const char* lower[26] = {"á", "b", "ç", "ð", "é", "f", "ĝ", "ĥ", "í", "ĵ", "ķ", "ĺ", "m",
                                    "ñ", "ó", "p", "q", "ŕ", "š", "ţ", "ú", "v", "ŵ", "x", "ý", "ž"};
    static const char* upper[26] = {"Á", "B", "Ç", "Ð", "É", "F", "Ĝ", "Ĥ", "Í", "Ĵ", "Ķ", "Ĺ", "M",
                                    "Ñ", "Ó", "P", "Q", "Ŕ", "Š", "Ţ", "Ú", "V", "Ŵ", "X", "Ý", "Ž"};
    if (c >= 'a' && c <= 'z') return lower[c - 'a'];
    if (c >= 'A' && c <= 'Z') return upper[c - 'A'];
    return nullptr;
}

bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

}   // namespace

const std::vector<Language>& languages() {
    static const std::vector<Language> all = {
        {"en", "English", false, "", Plurals::OneIsOne},
        {"es", "Español", true, "", Plurals::OneIsOne},
        {"pt-BR", "Português (Brasil)", true, "", Plurals::OneIsZeroOne},
        {"de", "Deutsch", true, "", Plurals::OneIsOne},
        {"zh-Hans", "简体中文", false, "zh-Hans", Plurals::OtherOnly},
        {"en-XA", "Pšéúðó (pseudo)", false, "", Plurals::OneIsOne},
    };
    return all;
}

const Language* find_language(const std::string& code) {
    for (const Language& l : languages())
        if (code == l.code) return &l;
    return nullptr;
}

const Language* match_language(const std::string& tag) {
    auto lower = [](std::string s) {
        std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
        return s;
    };
    const std::string want = lower(tag), primary = want.substr(0, want.find('-'));
    for (const Language& l : languages())
        if (want == lower(l.code)) return &l;
    for (const Language& l : languages()) {
        const std::string code = lower(l.code);
        if (code.substr(0, code.find('-')) == primary && code != "en-xa") return &l;
    }
    return nullptr;
}

std::string best_language(const std::vector<std::string>& preferred) {
    for (const std::string& p : preferred)
        if (const Language* l = match_language(p)) return std::string(l->code) == "en-XA" ? "en" : l->code;
    return "en";
}

std::string use_language(const std::string& code, const std::string& table_json) {
    const Language* l = find_language(code);
    if (!l) return "no language '" + code + "'";
    std::vector<std::pair<std::string, std::string>> entries;
    if (!table_json.empty()) {
        std::string err = parse_word_table(table_json, entries);
        if (!err.empty()) return err;
    }
    WordTable& t = table();
    t.lang = l;
    t.words.clear();
    t.numbers.clear();
    t.keys_only = is_pseudo(t) && !entries.empty();
    for (auto& e : entries)   // "" = not translated yet (the pseudo-language's keys: accented when asked)
        if (!e.second.empty() || t.keys_only) t.words[e.first] = shown_numbers(std::move(e.second));
    return "";
}

const Language& language() { return table().lang ? *table().lang : languages().front(); }

std::string translated_text() {
    std::string out;
    for (const auto& w : table().words) out += w.second;
    return out;
}

const char* tr(const char* english) {
    WordTable& t = table();
    if (!english) return english;
    if (t.lang && t.lang != &languages().front()) {
        auto it = t.words.find(english);
        if (it != t.words.end() && is_pseudo(t) && it->second.empty()) it->second = shown_numbers(pseudo(english));
        if (it != t.words.end()) return it->second.c_str();
        if (is_pseudo(t) && !t.keys_only)
            return t.words.emplace(english, shown_numbers(pseudo(english))).first->second.c_str();
    }
    if (!std::strstr(english, "{=")) return english;
    auto it = t.numbers.find(english);   // the English text, its numbers as the language shows them
    if (it == t.numbers.end()) it = t.numbers.emplace(english, shown_numbers(english)).first;
    return it->second.c_str();
}

std::string tr(const std::string& english) { return tr(english.c_str()); }

std::string retranslate(const std::string& text) {
    const char* t = tr(text.c_str());
    if (t != text.c_str() || text.find_first_of("0123456789") == std::string::npos) return t;
    std::string format;
    std::vector<std::string> numbers;
    for (size_t k = 0; k < text.size();) {
        const bool starts = is_digit(text[k]) && (k == 0 || (!is_digit(text[k - 1]) && text[k - 1] != '.'));
        size_t e = k;
        while (e < text.size() && is_digit(text[e])) ++e;
        const bool whole =
            starts && (e == text.size() || text[e] != '.' || e + 1 >= text.size() || !is_digit(text[e + 1]));
        if (starts && whole) {
            numbers.push_back(text.substr(k, e - k));
            format += "%d";
            k = e;
        } else {
            if (text[k] == '%') format += '%';   // a literal % in the template is written %%
            format += text[k++];
        }
    }
    const char* f = tr(format.c_str());
    if (f == format.c_str() || numbers.empty()) return text;
    std::string out;   // the translation with the numbers back, in their order
    size_t n = 0;
    for (const char* p = f; *p; ++p) {
        if (p[0] == '%' && p[1] == 'd' && n < numbers.size()) {
            out += numbers[n++];
            ++p;
        } else if (p[0] == '%' && p[1] == '%') {
            out += '%';
            ++p;
        } else out += *p;
    }
    return out;
}

namespace {

// A translated template filled from `ap` as printf would, its real numbers in the language's decimal mark.
std::string format_shown(const std::string& f, va_list ap) {
    const bool comma = language().decimal_comma;
    std::string out;
    for (size_t k = 0; k < f.size();) {
        const size_t len = f[k] == '%' ? specifier_length(f, k) : 0;
        if (len == 0) {
            out += f[k++];
            continue;
        }
        const std::string spec = f.substr(k, len);
        k += len;
        const char conv = spec.back();
        std::string buf;   // the value as formatted: as long as it is (a list of every command)
        int star = 0;
        for (char c : spec)
            if (c == '*') ++star;
        int w1 = star > 0 ? va_arg(ap, int) : 0, w2 = star > 1 ? va_arg(ap, int) : 0;
        auto put = [&](auto v) {
            auto print = [&](char* to, size_t n) {
                if (star == 0) return std::snprintf(to, n, spec.c_str(), v);
                if (star == 1) return std::snprintf(to, n, spec.c_str(), w1, v);
                return std::snprintf(to, n, spec.c_str(), w1, w2, v);
            };
            const int n = print(nullptr, 0);
            buf.assign(size_t(std::max(n, 0)) + 1, '\0');
            print(buf.data(), buf.size());
            buf.pop_back();
        };
        const bool is_long = spec.find('l') != std::string::npos, is_size = spec.find('z') != std::string::npos;
        const bool is_ll = spec.find("ll") != std::string::npos;
        if (conv == '%') buf = "%";
        else if (std::string("eEfFgG").find(conv) != std::string::npos) put(va_arg(ap, double));
        else if (conv == 's') put(va_arg(ap, const char*));
        else if (conv == 'p') put(va_arg(ap, void*));
        else if (is_ll) put(va_arg(ap, long long));
        else if (is_size) put(va_arg(ap, size_t));
        else if (is_long) put(va_arg(ap, long));
        else put(va_arg(ap, int));
        const bool real = std::string("eEfFgG").find(conv) != std::string::npos;
        out += comma && real ? local_number(buf) : std::string(buf);
    }
    return out;
}

}   // namespace

std::string trf(const char* english_format, ...) {
    va_list ap;
    va_start(ap, english_format);
    std::string out = format_shown(tr(english_format), ap);
    va_end(ap);
    return out;
}

int plural_forms(Plurals p) { return p == Plurals::OtherOnly ? 1 : 2; }

int plural_form(Plurals p, long long n) {
    switch (p) {
    case Plurals::OneIsOne: return n == 1 ? 0 : 1;
    case Plurals::OneIsZeroOne: return n == 0 || n == 1 ? 0 : 1;
    case Plurals::OtherOnly: return 0;
    }
    return 0;
}

std::string gap_after(const std::string& text) {
    if (text.empty()) return "";
    for (const char* stop :
         {"。", "！", "？", "：", "；", "】", "）", "，", "、"}) {   // (full-width punctuation holds its own space)
        const size_t n = std::char_traits<char>::length(stop);
        if (text.size() >= n && text.compare(text.size() - n, n, stop) == 0) return "";
    }
    return " ";
}

std::string then(const std::string& sentence, const std::string& next) {
    return next.empty() ? sentence : sentence + gap_after(sentence) + next;
}

std::string plural(long long n, const char* one, const char* other) {
    const Language& l = language();
    std::string f;
    const auto it = table().words.find(std::string(one) + "|" + other);
    if (is_pseudo(table()) && table().keys_only)   // its forms accented when the count is a key of the table
        f = it != table().words.end() ? pseudo(n == 1 ? one : other) : (n == 1 ? one : other);
    else if (table().lang && !is_pseudo(table()) && it != table().words.end()) {
        std::vector<std::string> forms;   // the translation's, in the order of its language's categories
        for (size_t start = 0;;) {
            const size_t end = it->second.find('|', start);
            forms.push_back(it->second.substr(start, end - start));
            if (end == std::string::npos) break;
            start = end + 1;
        }
        f = forms[std::min(size_t(plural_form(l.plurals, n)), forms.size() - 1)];
    } else f = tr(n == 1 ? one : other);   // English, the pseudo-language (its own of each form), or not translated
    return f;
}

std::string trnf(long long n, const char* one, const char* other, ...) {
    const std::string f = plural(n, one, other);
    va_list ap;
    va_start(ap, other);
    std::string out = format_shown(f, ap);
    va_end(ap);
    return out;
}

std::string local_number(std::string s) {
    if (!language().decimal_comma) return s;
    for (size_t k = 1; k + 1 < s.size(); ++k)
        if (s[k] == '.' && is_digit(s[k - 1]) && is_digit(s[k + 1])) s[k] = ',';
    return s;
}

std::string percent(double value, const char* format) {
    char b[48];
    std::snprintf(b, sizeof b, format, value);
    return trf("%s %%", local_number(b).c_str());
}

std::string pseudo(const std::string& english) {
    // Words of two letters or more are accented; symbols (a single letter, or with _ ^ * or a digit: w_g*, L4)
    // and placeholders (%d, {metric}) stay as they are, so that the page still names the paper's symbols.
    std::string out;
    size_t letters = 0;
    for (size_t k = 0; k < english.size();) {
        const char c = english[k];
        if (c == '%' && specifier_length(english, k)) {
            const size_t n = specifier_length(english, k);
            out += english.substr(k, n);
            k += n;
        } else if (c == '{') {
            const size_t e = english.find('}', k);
            const size_t n = e == std::string::npos ? 1 : e + 1 - k;
            out += english.substr(k, n);
            k += n;
        } else if (is_letter(c)) {
            size_t e = k;
            while (e < english.size() &&
                   (is_letter(english[e]) || is_digit(english[e]) ||
                    std::string("_^*'").find(english[e]) != std::string::npos))
                ++e;
            const std::string word = english.substr(k, e - k);
            const bool symbol = word.size() < 2 || word.find_first_of("_^*0123456789") != std::string::npos;
            for (char w : word) out += symbol || !accented(w) ? std::string(1, w) : std::string(accented(w));
            letters += word.size();
            k = e;
        } else {
            out += c;
            ++k;
        }
    }
    if (letters == 0) return english;
    const size_t pad = std::max<size_t>(1, (english.size() * 2 + 4) / 5);   // 40 % of the length
    std::string tail;
    static const char* filler[] = {"ļ", "ő", "ŗ", "ē", "ŋ"};   // Latin Extended-A: in the page's font
    for (size_t k = 0; k + 2 < pad; ++k)
        tail += (k && k % 5 == 0 ? " " : "") + std::string(filler[k % 5]);   // (words a line can wrap)
    return "[" + out + (tail.empty() ? "" : " " + tail) + "]";
}

std::vector<std::string> placeholders(const std::string& text) {
    std::vector<std::string> printf_specs, names;
    for (size_t k = 0; k < text.size(); ++k) {
        if (text[k] == '%') {
            const size_t n = specifier_length(text, k);
            if (n) {
                printf_specs.push_back(text.substr(k, n));
                k += n - 1;
            }
        } else if (text[k] == '{') {
            const size_t e = text.find('}', k);
            if (e != std::string::npos && e > k + 1 &&
                text.find_first_of(" {", k + 1) > e) {   // {metric}, not a set {1, 2}
                names.push_back(text.substr(k, e + 1 - k));
                k = e;
            }
        }
    }
    std::sort(names.begin(), names.end());
    printf_specs.insert(printf_specs.end(), names.begin(), names.end());
    return printf_specs;
}

std::string parse_word_table(const std::string& json, std::vector<std::pair<std::string, std::string>>& out) {
    size_t k = 0;
    int line = 1;
    auto fail = [&](const std::string& what) { return "line " + std::to_string(line) + ": " + what; };
    auto skip = [&] {
        while (k < json.size() && std::string(" \t\r\n").find(json[k]) != std::string::npos)
            if (json[k++] == '\n') ++line;
    };
    auto put_utf8 = [](std::string& s, unsigned cp) {
        if (cp < 0x80) s += char(cp);
        else if (cp < 0x800) s += {char(0xC0 | cp >> 6), char(0x80 | (cp & 0x3F))};
        else s += {char(0xE0 | cp >> 12), char(0x80 | (cp >> 6 & 0x3F)), char(0x80 | (cp & 0x3F))};
    };
    auto string = [&](std::string& s) -> std::string {
        if (k >= json.size() || json[k] != '"') return fail("a string was expected");
        for (++k; k < json.size() && json[k] != '"'; ++k) {
            if (json[k] == '\n') return fail("a string ends at the end of the line");
            if (json[k] != '\\') {
                s += json[k];
                continue;
            }
            if (++k >= json.size()) break;
            const char e = json[k];
            if (e == 'n') s += '\n';
            else if (e == 't') s += '\t';
            else if (e == '"' || e == '\\' || e == '/') s += e;
            else if (e == 'u' && k + 4 < json.size() &&
                     json.substr(k + 1, 4).find_first_not_of("0123456789abcdefABCDEF") == std::string::npos) {
                put_utf8(s, unsigned(std::stoul(json.substr(k + 1, 4), nullptr, 16)));
                k += 4;
            } else return fail(std::string("unknown escape \\") + e);
        }
        if (k >= json.size()) return fail("a string is not closed");
        ++k;
        return "";
    };
    skip();
    if (k >= json.size() || json[k++] != '{') return fail("the table must be a JSON object {…}");
    std::map<std::string, int> seen;
    for (bool first = true;; first = false) {
        skip();
        if (k < json.size() && json[k] == '}') break;
        if (!first) {
            if (k >= json.size() || json[k++] != ',') return fail("',' or '}' was expected");
            skip();
        }
        std::string key, value;
        std::string err = string(key);
        if (!err.empty()) return err;
        skip();
        if (k >= json.size() || json[k++] != ':') return fail("':' was expected");
        skip();
        err = string(value);
        if (!err.empty()) return err;
        if (seen.count(key)) return fail("\"" + key + "\" is given twice");
        seen[key] = line;
        out.emplace_back(std::move(key), std::move(value));
    }
    ++k;
    skip();
    if (k != json.size()) return fail("text after the table's closing '}'");
    return "";
}

}   // namespace core
