#include "session/spoken.hpp"
#include <cctype>
#include <cstring>
#include <utility>

namespace core {

namespace {

// UTF-8 text → words. Greek letters by their names (the capitals with "capital"), sub- and superscript digits,
// primes, bars, norms and stars; any other sign outside ASCII is dropped.
const std::pair<const char*, const char*> kWords[] = {
    {"α", "alpha"},
    {"β", "beta"},
    {"γ", "gamma"},
    {"δ", "delta"},
    {"ε", "epsilon"},
    {"ζ", "zeta"},
    {"η", "eta"},
    {"θ", "theta"},
    {"ι", "iota"},
    {"κ", "kappa"},
    {"λ", "lambda"},
    {"μ", "mu"},
    {"ν", "nu"},
    {"ξ", "xi"},
    {"π", "pi"},
    {"ρ", "rho"},
    {"σ", "sigma"},
    {"τ", "tau"},
    {"υ", "upsilon"},
    {"φ", "phi"},
    {"χ", "chi"},
    {"ψ", "psi"},
    {"ω", "omega"},
    {"Γ", "capital gamma"},
    {"Δ", "capital delta"},
    {"Θ", "capital theta"},
    {"Λ", "capital lambda"},
    {"Ξ", "capital xi"},
    {"Π", "capital pi"},
    {"Σ", "capital sigma"},
    {"Φ", "capital phi"},
    {"Ψ", "capital psi"},
    {"Ω", "capital omega"},
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
    {"⁰", "to the 0"},
    {"¹", "to the 1"},
    {"²", "squared"},
    {"³", "cubed"},
    {"′", "prime"},
    {"'", "prime"},
    {"\xCC\x84", "bar"} /* combining macron */,
    {"‖", "norm"},
    {"*", "star"},
    {"√", "square root of"},
    {"≤", "at most"},
    {"≥", "at least"},
    {"/", "over"},
    {"_", " "},
    {"^", "to the"},
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
                w = in_norm ? "" : "norm of";
                in_norm = !in_norm;
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

std::string spoken_label(const std::string& symbol, const std::string& name, const std::string& help) {
    std::string label = spoken_symbol(symbol.empty() ? name : symbol);
    // the first sentence: up to the first ". " outside parentheses ("(Sec. 6.1)" does not end it)
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
    return first.empty() ? label : label + ", " + first;
}

}   // namespace core
