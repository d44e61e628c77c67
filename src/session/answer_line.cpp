// A student's answers as one line (session/answer_line.hpp).
#include "session/answer_line.hpp"
#include "core/parse.hpp"
#include "core/words.hpp"

namespace core {

static const char* kMark = "moe-lab-answers";

std::string answer_line(const AnswerLine& a) {
    std::string s = std::string(kMark) + "\t" + a.lab + "\t" + std::to_string(a.seed);
    for (const auto& [step, letter] : a.answers) s += "\t" + std::to_string(step) + "=" + std::string(1, letter);
    return s;
}

// A step's number: 1 to 999.
static bool step_number(const std::string& s, int& out) {
    if (s.empty() || s.size() > 3) return false;
    out = 0;
    for (const char c : s) {
        if (c < '0' || c > '9') return false;
        out = out * 10 + (c - '0');
    }
    return out >= 1;
}

// The line's fields: split at tabs, commas, semicolons and spaces, quotes dropped.
static std::vector<std::string> fields(const std::string& text) {
    std::vector<std::string> out;
    std::string f;
    for (const char c : text) {
        if (c == '\t' || c == ',' || c == ';' || c == ' ' || c == '\r' || c == '\n') {
            if (!f.empty()) out.push_back(f);
            f.clear();
        } else if (c != '"' && c != '\'') {
            f += c;
        }
    }
    if (!f.empty()) out.push_back(f);
    return out;
}

bool read_answer_line(const std::string& text, AnswerLine& out, std::string& why) {
    why.clear();
    const std::vector<std::string> f = fields(text);
    size_t at = 0;
    while (at < f.size() && f[at] != kMark) ++at;   // (a spreadsheet may put a name or a time before it)
    if (at == f.size()) return false;
    if (f.size() < at + 4) {
        why = tr("an answers line needs the lab, the seed and at least one STEP=LETTER after moe-lab-answers");
        return false;
    }
    AnswerLine a;
    a.lab = f[at + 1];
    if (std::string bad = parse_seed(f[at + 2], a.seed); !bad.empty()) {
        why = bad;
        return false;
    }
    for (size_t k = at + 3; k < f.size(); ++k) {
        const std::string& x = f[k];
        const size_t eq = x.find('=');
        int step = 0;
        if (eq == std::string::npos || !step_number(x.substr(0, eq), step) || x.size() != eq + 2 ||
            !((x[eq + 1] >= 'a' && x[eq + 1] <= 'd') || x[eq + 1] == '?')) {
            why =
                trf("%s is not STEP=LETTER (a step from 1, a letter a to d, or ? for I don't know)", quote(x).c_str());
            return false;
        }
        a.answers.emplace_back(step, x[eq + 1]);
    }
    out = std::move(a);
    return true;
}

}   // namespace core
