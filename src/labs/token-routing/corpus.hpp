// The token-routing lab's data: a corpus written by this code (nothing downloaded) in three domains, prose,
// arithmetic and code-like lines, that share function words, numbers, operators, punctuation and brackets; a
// word-level vocabulary where every token id has one kind; documents cut into sequences of T + 1 tokens, each
// labelled with its domain; a training part and a held-out part drawn from separate streams. And the tokenizer
// for the class's own sentence, which names every problem instead of failing (docs/labs/token-routing.md §2).
//
// A document is sentences of one domain, one after another, so that the context tells the topic: the router
// could route by topic (through attention), and the measurement asks whether it does (Mixtral, Jiang et al.
// 2024, §5: it does not; it routes by token).
#pragma once
#include "core/rng.hpp"
#include <cstdint>
#include <string>
#include <vector>

namespace token_routing {

// What a token is; a token id has exactly one kind. The three content kinds are each domain's own words.
enum Kind : uint8_t {
    kFunction,      // the, of, and, is, if, ... (every domain)
    kProseWord,     // nouns, verbs, adjectives of the stories
    kArithWord,     // plus, sum, half, ...
    kCodeWord,      // let, return, print, the variables x, y, count, ...
    kNumber,        // 0 … 29
    kOperator,      // + - * = < >
    kPunctuation,   // . , ; : ! ?
    kBracket,       // ( ) [ ] { }
    kKinds
};
enum Domain : uint8_t { kProse, kArithmetic, kCode, kDomains };

const char* kind_name(int kind);       // "function word", ...
const char* domain_name(int domain);   // "prose", "arithmetic", "code"

// The fixed vocabulary: ids in the order listed in corpus.cpp (function words first, brackets last).
struct Vocab {
    std::vector<std::string> text;
    std::vector<uint8_t> kind;
    int max_number = 0;   // numbers are 0 … max_number
    int size() const { return int(text.size()); }
    int id(const std::string& word) const;   // -1 when not in the vocabulary
};
const Vocab& vocab();

// One sentence of a domain, as token ids (ending in its punctuation).
std::vector<int> sentence(Domain domain, core::Rng& rng);

// One training or held-out sequence: T + 1 tokens (the model reads the first T and predicts the last T), cut
// from a document of one domain that starts at a sentence's start.
struct Sequence {
    std::vector<int> tok;
    uint8_t domain = 0;
};
// A document's domain is uniform over the three; sentences are appended until T + 1 tokens, the last one cut.
Sequence draw_sequence(int T, core::Rng& rng);

struct CorpusSpec {
    int T;         // context length
    int n_train;   // training sequences
    int n_test;    // held-out sequences
};
struct Corpus {
    std::vector<Sequence> train, test;
};
// The training part from the stream split(1) of `seed`, the held-out part from split(2): changing n_train leaves
// the held-out part as it is.
Corpus make_corpus(const CorpusSpec& spec, uint64_t seed);

// Ids that occur in more than one domain of `seqs` (the first T + 1 tokens of each): the tokens whose routing can
// tell topic apart from identity.
std::vector<char> shared_ids(const std::vector<Sequence>& seqs);

// --- the class's own sentence -------------------------------------------------------------------------------

enum class Problem : uint8_t {
    kNone,
    kUnknownWord,     // letters a–z, not in the vocabulary
    kUnknownNumber,   // digits outside 0 … max_number
    kOtherScript,     // letters outside a–z (é, кот, 猫)
    kEmoji,
    kUnknownSymbol,   // a sign the vocabulary lacks (@, ', —)
};
enum class TextProblem : uint8_t {
    kNone,
    kEmpty,          // nothing but spaces
    kTooLong,        // more pieces than the context T (or more than kMaxTextBytes bytes)
    kInvalidUtf8,    // bytes that are not UTF-8
    kNothingKnown,   // every piece has a problem
};
inline constexpr int kMaxTextBytes = 2000;

struct Piece {
    std::string text;   // as typed (letters lowercased for the look-up only)
    int id = -1;        // the vocabulary id; -1 with a problem
    Problem problem = Problem::kNone;
    std::string message;   // what is wrong, in a sentence; "" when known
};
struct Tokenized {
    std::vector<Piece> pieces;   // in order, known or not
    std::vector<int> ids;        // the known pieces' ids in order: what the model reads
    TextProblem problem = TextProblem::kNone;
    std::string message;   // what is wrong with the whole text; "" when it can be routed
    bool ok() const { return problem == TextProblem::kNone; }
};
// Splits `text` into words (a–z, case ignored), numbers (digits), single signs, and runs of other letters or of
// emoji; looks each up. At most T pieces (the context).
Tokenized tokenize(const std::string& text, int T);

}   // namespace token_routing
