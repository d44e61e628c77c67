#include "session/spoken.hpp"
#include "core/words.hpp"
#include <cctype>
#include <cstring>
#include <utility>

namespace session {

namespace {

// UTF-8 text → words, in the page's language (the table: "alpha" is "alfa" in Spanish). Greek letters by their names (the capitals with "capital"), sub- and superscript digits,
// primes, bars, norms and stars; any other sign outside ASCII is dropped.
const std::pair<const char*, const char*> kWords[] = {
    {"α", core::later::tr("alpha")},
    {"β", core::later::tr("beta")},
    {"γ", core::later::tr("gamma")},
    {"δ", core::later::tr("delta")},
    {"ε", core::later::tr("epsilon")},
    {"ζ", core::later::tr("zeta")},
    {"η", core::later::tr("eta")},
    {"θ", core::later::tr("theta")},
    {"ι", core::later::tr("iota")},
    {"κ", core::later::tr("kappa")},
    {"λ", core::later::tr("lambda")},
    {"μ", core::later::tr("mu")},
    {"ν", core::later::tr("nu")},
    {"ξ", core::later::tr("xi")},
    {"π", core::later::tr("pi")},
    {"ρ", core::later::tr("rho")},
    {"σ", core::later::tr("sigma")},
    {"τ", core::later::tr("tau")},
    {"υ", core::later::tr("upsilon")},
    {"φ", core::later::tr("phi")},
    {"χ", core::later::tr("chi")},
    {"ψ", core::later::tr("psi")},
    {"ω", core::later::tr("omega")},
    {"Γ", core::later::tr("capital gamma")},
    {"Δ", core::later::tr("capital delta")},
    {"Θ", core::later::tr("capital theta")},
    {"Λ", core::later::tr("capital lambda")},
    {"Ξ", core::later::tr("capital xi")},
    {"Π", core::later::tr("capital pi")},
    {"Σ", core::later::tr("capital sigma")},
    {"Φ", core::later::tr("capital phi")},
    {"Ψ", core::later::tr("capital psi")},
    {"Ω", core::later::tr("capital omega")},
    {"₀", "0"},
    {"₁", "1"},
    {"₂", "2"},
    {"₃", "3"},
    {"₄", "4"},
    {"₅", "5"},
    {"₆", "6"},
    {"₇", "7"},
    {"₈", "8"},
    {"₉", "9"},
    {"⁰", core::later::tr("to the 0")},
    {"¹", core::later::tr("to the 1")},
    {"²", core::later::tr("squared")},
    {"³", core::later::tr("cubed")},
    {"′", core::later::tr("prime")},
    {"'", core::later::tr("prime")},
    {"\xCC\x84", core::later::tr("bar")} /* combining macron */,
    {"‖", "norm"} /* "norm of" */,
    {"*", core::later::tr("star")},
    {"√", core::later::tr("square root of")},
    {"≤", core::later::tr("at most")},
    {"≥", core::later::tr("at least")},
    {"/", core::later::tr("over")},
    {"_", " "},
    {"^", core::later::tr("to the")},
};

void add_word(std::string& out, const std::string& w) {
    if (w == " ") {
        if (!out.empty() && out.back() != ' ') out += ' ';
        return;
    }
    if (!out.empty() && out.back() != ' ') out += ' ';
    out += w;
}

}   // namespace

std::string spoken_symbol(const std::string& symbol) {
    std::string out;
    bool in_norm = false, after_word = false;   // after_word: the last thing written was a word for a sign
    for (size_t i = 0; i < symbol.size();) {
        bool matched = false;
        for (const auto& [sign, word] : kWords) {
            const size_t n = std::strlen(sign);
            if (symbol.compare(i, n, sign) != 0) continue;
            std::string w = word;
            if (w == "norm") {   // ‖x‖: "norm of x"; the closing bar says nothing
                w = in_norm ? "" : core::tr("norm of");
                in_norm = !in_norm;
            } else if (w != " ") {
                w = core::tr(word);
            }
            if (!w.empty()) add_word(out, w);
            after_word = !w.empty() && w != " ";
            i += n;
            matched = true;
            break;
        }
        if (matched) continue;
        const unsigned char c = static_cast<unsigned char>(symbol[i]);
        if (c < 0x80) {   // ASCII: letters and digits run together ("sigma0" stays "sigma 0" via the word break)
            if (c == ' ' || c == ',') add_word(out, c == ',' ? "," : " ");
            else {
                if (!out.empty() && out.back() != ' ' &&
                    (after_word || !std::isalnum(static_cast<unsigned char>(out.back()))))
                    out += ' ';
                else if (!out.empty() && std::isalpha(static_cast<unsigned char>(out.back())) && std::isdigit(c))
                    out += ' ';
                out += char(c);
            }
            after_word = false;
            ++i;
        } else {   // another sign: skip its UTF-8 bytes
            ++i;
            while (i < symbol.size() && (static_cast<unsigned char>(symbol[i]) & 0xC0) == 0x80) ++i;
        }
    }
    // tidy: " ," → ","
    std::string tidy;
    for (char c : out) {
        if (c == ',' && !tidy.empty() && tidy.back() == ' ') tidy.pop_back();
        tidy += c;
    }
    while (!tidy.empty() && tidy.back() == ' ') tidy.pop_back();
    return tidy;
}

std::string first_sentence(const std::string& help) {
    // up to the first ". " outside parentheses ("(Sec. 6.1)" does not end it)
    size_t end = help.size();
    for (size_t i = 0, depth = 0; i + 1 < help.size(); ++i) {
        if (help[i] == '(') ++depth;
        else if (help[i] == ')' && depth > 0) --depth;
        else if (help[i] == '.' && help[i + 1] == ' ' && depth == 0) {
            end = i;
            break;
        }
    }
    std::string first = help.substr(0, end);
    while (!first.empty() && (first.back() == '.' || first.back() == ' ')) first.pop_back();
    return first;
}

std::string spoken_label(const std::string& symbol, const std::string& name, const std::string& help) {
    const std::string first = first_sentence(help);
    if (symbol.empty() && !first.empty()) return first;   // a link's name is not a word to hear ("eval_every")
    const std::string label = spoken_symbol(symbol.empty() ? name : symbol);
    return first.empty() ? label : label + ", " + first;
}

std::string param_words(const core::ParamSpec& p) {
    if (!p.title.empty()) return core::tr(p.title);
    const std::string first = first_sentence(core::tr(p.help));
    return first.empty() ? spoken_symbol(p.symbol.empty() ? p.name : p.symbol) : first;
}

}   // namespace session
