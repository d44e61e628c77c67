#include "session/spoken.hpp"
#include "core/words.hpp"
#include <cctype>
#include <cstring>
#include <utility>

namespace core {

namespace {

// UTF-8 text → words, in the page's language (the table: "alpha" is "alfa" in Spanish). Greek letters by their names (the capitals with "capital"), sub- and superscript digits,
// primes, bars, norms and stars; any other sign outside ASCII is dropped.
const std::pair<const char*, const char*> kWords[] = {
    {"α", later::tr("alpha")},
    {"β", later::tr("beta")},
    {"γ", later::tr("gamma")},
    {"δ", later::tr("delta")},
    {"ε", later::tr("epsilon")},
    {"ζ", later::tr("zeta")},
    {"η", later::tr("eta")},
    {"θ", later::tr("theta")},
    {"ι", later::tr("iota")},
    {"κ", later::tr("kappa")},
    {"λ", later::tr("lambda")},
    {"μ", later::tr("mu")},
    {"ν", later::tr("nu")},
    {"ξ", later::tr("xi")},
    {"π", later::tr("pi")},
    {"ρ", later::tr("rho")},
    {"σ", later::tr("sigma")},
    {"τ", later::tr("tau")},
    {"υ", later::tr("upsilon")},
    {"φ", later::tr("phi")},
    {"χ", later::tr("chi")},
    {"ψ", later::tr("psi")},
    {"ω", later::tr("omega")},
    {"Γ", later::tr("capital gamma")},
    {"Δ", later::tr("capital delta")},
    {"Θ", later::tr("capital theta")},
    {"Λ", later::tr("capital lambda")},
    {"Ξ", later::tr("capital xi")},
    {"Π", later::tr("capital pi")},
    {"Σ", later::tr("capital sigma")},
    {"Φ", later::tr("capital phi")},
    {"Ψ", later::tr("capital psi")},
    {"Ω", later::tr("capital omega")},
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
    {"⁰", later::tr("to the 0")},
    {"¹", later::tr("to the 1")},
    {"²", later::tr("squared")},
    {"³", later::tr("cubed")},
    {"′", later::tr("prime")},
    {"'", later::tr("prime")},
    {"\xCC\x84", later::tr("bar")} /* combining macron */,
    {"‖", "norm"} /* "norm of" */,
    {"*", later::tr("star")},
    {"√", later::tr("square root of")},
    {"≤", later::tr("at most")},
    {"≥", later::tr("at least")},
    {"/", later::tr("over")},
    {"_", " "},
    {"^", later::tr("to the")},
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
                w = in_norm ? "" : tr("norm of");
                in_norm = !in_norm;
            } else if (w != " ") {
                w = tr(word);
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

std::string param_words(const ParamSpec& p) {
    if (!p.title.empty()) return tr(p.title);
    const std::string first = first_sentence(tr(p.help));
    return first.empty() ? spoken_symbol(p.symbol.empty() ? p.name : p.symbol) : first;
}

}   // namespace core
