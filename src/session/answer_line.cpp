// A student's answers as one line (session/answer_line.hpp).
#include "session/answer_line.hpp"
#include "core/parse.hpp"
#include "core/words.hpp"

namespace session {

static const char* kMark = "moe-lab-answers";
static const std::string kName = "name=";

// The name as the line holds it: the characters that split or end a field (in a spreadsheet's paste or a CSV
// file) as %XX, everything else as typed.
static std::string name_field(const std::string& name) {
    static const char* hex = "0123456789ABCDEF";
    std::string s = kName;
    for (const char c : name) {
        const unsigned char u = static_cast<unsigned char>(c);
        if (u < 0x20 || u == 0x7F || c == '%' || c == ',' || c == ';' || c == '"') {
            s += '%';
            s += hex[u >> 4];
            s += hex[u & 15];
        } else {
            s += c;
        }
    }
    return s;
}

static int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
}

// name_field() read back (a '%' not followed by two hex digits is kept as it is), without the spaces a spreadsheet
// may leave around it.
static std::string read_name(const std::string& field) {
    std::string s;
    for (size_t k = kName.size(); k < field.size(); ++k) {
        const int hi = k + 2 < field.size() && field[k] == '%' ? hex_digit(field[k + 1]) : -1;
        const int lo = hi >= 0 ? hex_digit(field[k + 2]) : -1;
        if (lo >= 0) {
            s += char(hi * 16 + lo);
            k += 2;
        } else {
            s += field[k];
        }
    }
    const size_t a = s.find_first_not_of(' '), b = s.find_last_not_of(' ');
    return a == std::string::npos ? "" : s.substr(a, b - a + 1);
}

std::string answer_line(const AnswerLine& a) {
    std::string s = std::string(kMark) + "\t" + a.lab + "\t" + std::to_string(a.seed);
    if (!a.name.empty()) s += "\t" + name_field(a.name);
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

// The line's fields: split at tabs, commas, semicolons and spaces, quotes dropped; a name's field (name=…) runs to
// the next tab, comma, semicolon or line end, its spaces and apostrophes kept.
static std::vector<std::string> fields(const std::string& text) {
    std::vector<std::string> out;
    std::string f;
    for (const char c : text) {
        const bool name = f.rfind(kName, 0) == 0;
        if (c == '\t' || c == ',' || c == ';' || c == '\r' || c == '\n' || (c == ' ' && !name)) {
            if (!f.empty()) out.push_back(f);
            f.clear();
        } else if (c != '"' && (c != '\'' || name)) {
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
        why = core::tr("an answers line needs the lab, the seed and at least one STEP=LETTER after moe-lab-answers");
        return false;
    }
    AnswerLine a;
    a.lab = f[at + 1];
    if (std::string bad = core::parse_seed(f[at + 2], a.seed); !bad.empty()) {
        why = bad;
        return false;
    }
    for (size_t k = at + 3; k < f.size(); ++k) {
        const std::string& x = f[k];
        if (x.rfind(kName, 0) == 0) {   // (a second name: the last one)
            a.name = read_name(x);
            continue;
        }
        const size_t eq = x.find('=');
        int step = 0;
        if (eq == std::string::npos || !step_number(x.substr(0, eq), step) || x.size() != eq + 2 ||
            !((x[eq + 1] >= 'a' && x[eq + 1] <= 'd') || x[eq + 1] == '?')) {
            why = core::trf("%s is not STEP=LETTER (a step from 1, a letter a to d, or ? for I don't know)",
                            core::quote(x).c_str());
            return false;
        }
        a.answers.emplace_back(step, x[eq + 1]);
    }
    if (a.answers.empty()) {   // (a name alone)
        why = core::tr("an answers line needs the lab, the seed and at least one STEP=LETTER after moe-lab-answers");
        return false;
    }
    out = std::move(a);
    return true;
}

}   // namespace session
