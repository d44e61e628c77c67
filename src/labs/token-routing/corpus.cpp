#include "labs/token-routing/corpus.hpp"
#include "core/text.hpp"
#include "core/utf8.hpp"
#include "core/words.hpp"
#include <algorithm>
#include <cstring>

namespace token_routing {

namespace {

const char* const kFunctionWords[] = {"the",  "a",  "of",   "and",  "is", "to",   "in", "if",  "not",
                                      "then", "it", "that", "with", "at", "from", "so", "for", "on"};
const char* const kNouns[] = {"cat",   "dog",    "bird",    "fox",     "child",  "teacher", "farmer",
                              "river", "garden", "house",   "road",    "tree",   "book",    "letter",
                              "song",  "storm",  "morning", "village", "window", "boat"};
const char* const kVerbs[] = {"sees",  "finds", "takes", "carries", "watches", "follows",
                              "hears", "opens", "keeps", "leaves",  "paints",  "answers"};
const char* const kAdjectives[] = {"small", "old",  "quiet", "bright", "green",
                                   "tired", "warm", "cold",  "happy",  "brave"};
const char* const kArithWords[] = {"plus",       "minus", "times",  "sum",   "product",
                                   "difference", "half",  "double", "total", "equals"};
const char* const kCodeKeywords[] = {"let",   "return", "def",  "while", "print",
                                     "range", "none",   "else", "true",  "false"};
const char* const kVariables[] = {"x", "y", "z", "i", "n", "count", "item", "value", "result"};
const char* const kFunctions[] = {"add", "scale", "check"};
constexpr int kMaxNumber = 29;
const char* const kOperators[] = {"+", "-", "*", "=", "<", ">"};
const char* const kPunctuationSigns[] = {".", ",", ";", ":", "!", "?"};
const char* const kBrackets[] = {"(", ")", "[", "]", "{", "}"};

// Slots of the templates below: a word drawn uniformly from its list when the sentence is drawn. The templates' words
// are separated by '·' rather than spaces: they are grammar, not text the page shows (scripts/words.py takes every
// literal with a space in a lab's folder for a text to translate).
enum Slot { kNoun = -1, kVerb = -2, kAdj = -3, kNum = -4, kVar = -5, kFn = -6 };

const char* const kProseTemplates[] = {
    "the·ADJ·NOUN·VERB·the·NOUN·.",
    "a·NOUN·VERB·a·ADJ·NOUN·in·the·NOUN·.",
    "if·the·NOUN·is·ADJ·,·the·NOUN·VERB·it·.",
    "the·NOUN·of·the·NOUN·is·ADJ·and·ADJ·.",
    "at·NUM·the·NOUN·VERB·the·NOUN·from·the·NOUN·.",
    "the·NOUN·(·the·ADJ·NOUN·)·VERB·the·NOUN·.",
    "it·is·ADJ·,·so·the·NOUN·VERB·to·the·NOUN·!",
    "is·the·NOUN·ADJ·?·not·with·the·NOUN·.",
    "then·the·NOUN·VERB·that·the·NOUN·is·not·ADJ·.",
    "for·the·NOUN·,·the·NOUN·VERB·on·the·NOUN·.",
};
const char* const kCodeTemplates[] = {
    "let·VAR·=·NUM·;",
    "if·VAR·<·NUM·:·return·VAR·;",
    "for·VAR·in·range·(·NUM·)·:·print·(·VAR·)·;",
    "VAR·=·VAR·+·NUM·;",
    "def·FN·(·VAR·,·VAR·)·:·return·VAR·*·VAR·;",
    "while·VAR·>·NUM·:·VAR·=·VAR·-·NUM·;",
    "if·VAR·is·not·none·and·VAR·:·print·(·VAR·)·;",
    "VAR·=·[·VAR·,·VAR·,·NUM·]·;",
    "VAR·=·{·VAR·:·NUM·}·;",
    "return·FN·(·VAR·)·if·VAR·else·false·;",
    "if·not·VAR·:·VAR·=·true·;",
};

Vocab build_vocab() {
    Vocab v;
    auto add = [&](const char* const* words, size_t n, Kind k) {
        for (size_t i = 0; i < n; ++i) v.text.push_back(words[i]), v.kind.push_back(k);
    };
#define TR_ADD(list, kind) add(list, sizeof(list) / sizeof(list[0]), kind)
    TR_ADD(kFunctionWords, kFunction);
    TR_ADD(kNouns, kProseWord);
    TR_ADD(kVerbs, kProseWord);
    TR_ADD(kAdjectives, kProseWord);
    TR_ADD(kArithWords, kArithWord);
    TR_ADD(kCodeKeywords, kCodeWord);
    TR_ADD(kVariables, kCodeWord);
    TR_ADD(kFunctions, kCodeWord);
    for (int n = 0; n <= kMaxNumber; ++n) v.text.push_back(std::to_string(n)), v.kind.push_back(kNumber);
    TR_ADD(kOperators, kOperator);
    TR_ADD(kPunctuationSigns, kPunctuation);
    TR_ADD(kBrackets, kBracket);
#undef TR_ADD
    v.max_number = kMaxNumber;
    return v;
}

// A template as ids, its slots as the negative Slot values.
std::vector<int> parse_template(const Vocab& v, const char* t) {
    std::vector<int> out;
    const std::string s = t, sep = "·";
    size_t at = 0;
    while (at < s.size()) {
        size_t end = s.find(sep, at);
        if (end == std::string::npos) end = s.size();
        const std::string w = s.substr(at, end - at);
        at = end + sep.size();
        if (w == "NOUN") out.push_back(kNoun);
        else if (w == "VERB") out.push_back(kVerb);
        else if (w == "ADJ") out.push_back(kAdj);
        else if (w == "NUM") out.push_back(kNum);
        else if (w == "VAR") out.push_back(kVar);
        else if (w == "FN") out.push_back(kFn);
        else out.push_back(v.id(w));   // (a test checks that every template word is in the vocabulary)
    }
    return out;
}

struct Grammar {
    std::vector<std::vector<int>> prose, code;
    std::vector<int> nouns, verbs, adjectives, variables, functions;
    int number0 = 0;   // id of "0"
};

const Grammar& grammar() {
    static const Grammar g = [] {
        const Vocab& v = vocab();
        Grammar g;
        for (const char* t : kProseTemplates) g.prose.push_back(parse_template(v, t));
        for (const char* t : kCodeTemplates) g.code.push_back(parse_template(v, t));
        for (const char* w : kNouns) g.nouns.push_back(v.id(w));
        for (const char* w : kVerbs) g.verbs.push_back(v.id(w));
        for (const char* w : kAdjectives) g.adjectives.push_back(v.id(w));
        for (const char* w : kVariables) g.variables.push_back(v.id(w));
        for (const char* w : kFunctions) g.functions.push_back(v.id(w));
        g.number0 = v.id("0");
        return g;
    }();
    return g;
}

int pick(const std::vector<int>& ids, core::Rng& rng) { return ids[rng.below(uint32_t(ids.size()))]; }

void fill(const std::vector<int>& t, core::Rng& rng, std::vector<int>& out) {
    const Grammar& g = grammar();
    for (int w : t) {
        switch (w) {
        case kNoun: out.push_back(pick(g.nouns, rng)); break;
        case kVerb: out.push_back(pick(g.verbs, rng)); break;
        case kAdj: out.push_back(pick(g.adjectives, rng)); break;
        case kNum: out.push_back(g.number0 + int(rng.below(kMaxNumber + 1))); break;
        case kVar: out.push_back(pick(g.variables, rng)); break;
        case kFn: out.push_back(pick(g.functions, rng)); break;
        default: out.push_back(w);
        }
    }
}

// The arithmetic sentences: true statements about numbers 0 … 29 (every result stays in range).
void arithmetic(core::Rng& rng, std::vector<int>& out) {
    const Vocab& v = vocab();
    auto num = [&](int n) { out.push_back(grammar().number0 + n); };
    auto w = [&](const char* s) { out.push_back(v.id(s)); };
    auto below = [&](int n) { return int(rng.below(uint32_t(n))); };
    switch (below(12)) {
    case 0: {   // a + b = s ;
        const int a = below(15), b = below(15);
        num(a), w("+"), num(b), w("="), num(a + b), w(";");
        break;
    }
    case 1: {   // the sum of a and b is s .
        const int a = below(15), b = below(15);
        w("the"), w("sum"), w("of"), num(a), w("and"), num(b), w("is"), num(a + b), w(".");
        break;
    }
    case 2: {   // a times b is p .
        const int a = 1 + below(5), b = below(kMaxNumber / a + 1);
        num(a), w("times"), num(b), w("is"), num(a * b), w(".");
        break;
    }
    case 3: {   // ( a + b ) * c = r ;
        const int c = 1 + below(3), s = below(kMaxNumber / c + 1), a = below(s + 1), b = s - a;
        w("("), num(a), w("+"), num(b), w(")"), w("*"), num(c), w("="), num(s * c), w(";");
        break;
    }
    case 4: {   // half of 2a is a .
        const int a = below(15);
        w("half"), w("of"), num(2 * a), w("is"), num(a), w(".");
        break;
    }
    case 5: {   // if a < b then b - a > 0 .
        const int a = below(kMaxNumber), b = a + 1 + below(kMaxNumber - a);
        w("if"), num(a), w("<"), num(b), w("then"), num(b), w("-"), num(a), w(">"), num(0), w(".");
        break;
    }
    case 6: {   // the difference of b and a is b - a .
        const int b = below(kMaxNumber + 1), a = below(b + 1);
        w("the"), w("difference"), w("of"), num(b), w("and"), num(a), w("is"), num(b - a), w(".");
        break;
    }
    case 7: {   // b minus a equals b - a .
        const int b = below(kMaxNumber + 1), a = below(b + 1);
        num(b), w("minus"), num(a), w("equals"), num(b - a), w(".");
        break;
    }
    case 8: {   // the product of a and b is p .
        const int a = 1 + below(5), b = below(kMaxNumber / a + 1);
        w("the"), w("product"), w("of"), num(a), w("and"), num(b), w("is"), num(a * b), w(".");
        break;
    }
    case 9: {   // double a is 2a .
        const int a = below(15);
        w("double"), num(a), w("is"), num(2 * a), w(".");
        break;
    }
    case 10: {   // a plus b is s .
        const int a = below(15), b = below(15);
        num(a), w("plus"), num(b), w("is"), num(a + b), w(".");
        break;
    }
    default: {   // the total of a , b and c is s .
        const int a = below(10), b = below(10), c = below(10);
        w("the"), w("total"), w("of"), num(a), w(","), num(b), w("and"), num(c), w("is"), num(a + b + c), w(".");
        break;
    }
    }
}

}   // namespace

const char* kind_name(int kind) {
    // shown as labels, which the page translates (core/words.hpp)
    static const char* const names[] = {core::later::tr("function word"),   core::later::tr("prose word"),
                                        core::later::tr("arithmetic word"), core::later::tr("code word"),
                                        core::later::tr("number"),          core::later::tr("operator"),
                                        core::later::tr("punctuation"),     core::later::tr("bracket")};
    return kind >= 0 && kind < kKinds ? names[kind] : "?";
}
const char* domain_name(int domain) {
    static const char* const names[] = {core::later::tr("prose"), core::later::tr("arithmetic"),
                                        core::later::tr("code")};
    return domain >= 0 && domain < kDomains ? names[domain] : "?";
}

int Vocab::id(const std::string& word) const {
    for (size_t i = 0; i < text.size(); ++i)
        if (text[i] == word) return int(i);
    return -1;
}

const Vocab& vocab() {
    static const Vocab v = build_vocab();
    return v;
}

std::vector<int> sentence(Domain domain, core::Rng& rng) {
    const Grammar& g = grammar();
    std::vector<int> out;
    if (domain == kProse) fill(g.prose[rng.below(uint32_t(g.prose.size()))], rng, out);
    else if (domain == kCode) fill(g.code[rng.below(uint32_t(g.code.size()))], rng, out);
    else arithmetic(rng, out);
    return out;
}

Sequence draw_sequence(int T, core::Rng& rng) {
    Sequence s;
    s.domain = uint8_t(rng.below(kDomains));
    while (int(s.tok.size()) < T + 1) {
        const std::vector<int> w = sentence(Domain(s.domain), rng);
        s.tok.insert(s.tok.end(), w.begin(), w.end());
    }
    s.tok.resize(size_t(T) + 1);
    return s;
}

Corpus make_corpus(const CorpusSpec& spec, uint64_t seed) {
    Corpus c;
    core::Rng base(seed), train = base.split(1), test = base.split(2);
    for (int i = 0; i < spec.n_train; ++i) c.train.push_back(draw_sequence(spec.T, train));
    for (int i = 0; i < spec.n_test; ++i) c.test.push_back(draw_sequence(spec.T, test));
    return c;
}

std::vector<char> shared_ids(const std::vector<Sequence>& seqs) {
    const int V = vocab().size();
    std::vector<unsigned> seen(size_t(V), 0);   // bit d: seen in domain d
    for (const Sequence& s : seqs)
        for (int t : s.tok) seen[size_t(t)] |= 1u << s.domain;
    std::vector<char> out(size_t(V), 0);
    for (int i = 0; i < V; ++i) out[size_t(i)] = (seen[size_t(i)] & (seen[size_t(i)] - 1)) != 0;   // ≥ 2 bits
    return out;
}

// --- the tokenizer -------------------------------------------------------------------------------------------

namespace {

enum class Cls { kSpace, kLetter, kDigit, kSign, kOtherLetter, kEmoji, kOtherSign };

Cls classify(long cp) {
    if (cp < 0x80) {
        if (cp <= 0x20 || cp == 0x7f) return Cls::kSpace;   // controls count as spaces
        if ((cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z')) return Cls::kLetter;
        if (cp >= '0' && cp <= '9') return Cls::kDigit;
        return Cls::kSign;
    }
    if (cp == 0xa0 || (cp >= 0x2000 && cp <= 0x200b) || cp == 0x202f || cp == 0x205f || cp == 0x3000 || cp == 0x2028 ||
        cp == 0x2029 || cp == 0xfeff || cp < 0xa0)
        return Cls::kSpace;
    // emoji and their joiners: pictographs, dingbats and symbols, regional indicators, skin tones, variation
    // selectors, the zero-width joiner, the keycap and the tag characters of subdivision flags
    if ((cp >= 0x1f000 && cp <= 0x1faff) || (cp >= 0x2600 && cp <= 0x27bf) || (cp >= 0x2b00 && cp <= 0x2bff) ||
        (cp >= 0x2190 && cp <= 0x21ff) || (cp >= 0x2300 && cp <= 0x23ff) || cp == 0x200d || cp == 0x20e3 ||
        (cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0020 && cp <= 0xe007f) || cp == 0x00a9 || cp == 0x00ae ||
        cp == 0x2122 || cp == 0x3030 || cp == 0x303d)
        return Cls::kEmoji;
    // signs of other scripts: Latin-1's signs, general punctuation, CJK punctuation, full-width forms' signs
    if ((cp >= 0xa1 && cp <= 0xbf) || cp == 0xd7 || cp == 0xf7 || (cp >= 0x2010 && cp <= 0x206f) ||
        (cp >= 0x20a0 && cp <= 0x20cf) || (cp >= 0x2200 && cp <= 0x22ff) || (cp >= 0x3001 && cp <= 0x303f) ||
        (cp >= 0xff01 && cp <= 0xff0f) || (cp >= 0xff1a && cp <= 0xff20))
        return Cls::kOtherSign;
    return Cls::kOtherLetter;
}

std::string lower(std::string s) {
    for (char& c : s)
        if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
    return s;
}

}   // namespace

Tokenized tokenize(const std::string& text, int T) {
    Tokenized out;
    if (text.size() > size_t(kMaxTextBytes)) {
        out.problem = TextProblem::kTooLong;
        out.message =
            core::trnf(T, "The text is longer than %d bytes; the model reads at most %d token.",
                       "The text is longer than %d bytes; the model reads at most %d tokens.", kMaxTextBytes, T);
        return out;
    }
    // code points and their classes first: a text that is not UTF-8 is refused whole
    std::vector<long> cps;
    std::vector<size_t> starts;
    for (size_t at = 0; at < text.size();) {
        starts.push_back(at);
        const long cp = core::next_code_point(text, at);
        if (cp < 0) {
            out.problem = TextProblem::kInvalidUtf8;
            out.message = core::tr("The text is not valid UTF-8 (it may have been cut inside a character).");
            return out;
        }
        cps.push_back(cp);
    }
    starts.push_back(text.size());
    const Vocab& v = vocab();
    const size_t n = cps.size();
    for (size_t i = 0; i < n;) {
        const Cls c = classify(cps[i]);
        if (c == Cls::kSpace) {
            ++i;
            continue;
        }
        // a piece: a run of letters (a–z and other scripts together: "café" is one word), of digits, of emoji; or
        // one sign
        size_t j = i + 1;
        bool other = c == Cls::kOtherLetter;
        if (c == Cls::kLetter || c == Cls::kOtherLetter) {
            for (; j < n && (classify(cps[j]) == Cls::kLetter || classify(cps[j]) == Cls::kOtherLetter); ++j)
                other = other || classify(cps[j]) == Cls::kOtherLetter;
        } else if (c == Cls::kDigit || c == Cls::kEmoji) {
            while (j < n && classify(cps[j]) == c) ++j;
        }
        Piece p;
        p.text = text.substr(starts[i], starts[j] - starts[i]);
        i = j;
        if (out.pieces.size() == size_t(T)) {   // one piece past the context: stop reading
            out.problem = TextProblem::kTooLong;
            out.message = core::trnf(T, "The text has more than %d token; the model reads at most %d at a time.",
                                     "The text has more than %d tokens; the model reads at most %d at a time.", T, T);
            return out;
        }
        if (other) {
            p.problem = Problem::kOtherScript;
            p.message =
                core::trf("'%s' has letters outside a-z: the model has seen English letters only.", p.text.c_str());
        } else if (c == Cls::kEmoji) {
            p.problem = Problem::kEmoji;
            p.message = core::trf("'%s' is an emoji: the vocabulary has none.", p.text.c_str());
        } else if (c == Cls::kOtherSign) {
            p.problem = Problem::kUnknownSymbol;
            p.message = core::trf("'%s' is a sign the model has never seen.", p.text.c_str());
        } else {
            p.id = v.id(lower(p.text));
            if (p.id < 0 && c == Cls::kLetter) {
                p.problem = Problem::kUnknownWord;
                p.message = core::trnf(v.size(), "'%s' is not one of the %d token the model knows.",
                                       "'%s' is not one of the %d tokens the model knows.", p.text.c_str(), v.size());
            } else if (p.id < 0 && c == Cls::kDigit) {
                p.problem = Problem::kUnknownNumber;
                p.message = core::trf("'%s': the model knows the numbers 0 to %d only.", p.text.c_str(), v.max_number);
            } else if (p.id < 0) {
                p.problem = Problem::kUnknownSymbol;
                p.message = core::trf("'%s' is a sign the model has never seen.", p.text.c_str());
            }
        }
        if (p.id >= 0) out.ids.push_back(p.id);
        out.pieces.push_back(std::move(p));
    }
    if (out.pieces.empty()) {
        out.problem = TextProblem::kEmpty;
        out.message = core::tr("Type a sentence: the text is empty.");
    } else if (out.ids.empty()) {
        out.problem = TextProblem::kNothingKnown;
        out.message =
            core::tr("None of these tokens is in the model's vocabulary: try words from the stories, sums or code.");
    }
    return out;
}

}   // namespace token_routing
