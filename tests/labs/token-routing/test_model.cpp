// The token-routing lab's kernels: the corpus and its labels, the tokenizer on the class's bad input, the model's
// hand-written gradients against finite differences (every parameter group, attention, router and balancing loss
// included), and a short training run whose loss falls and whose routing follows the token.
#include "labs/token-routing/corpus.hpp"
#include "labs/token-routing/metrics.hpp"
#include "labs/token-routing/model.hpp"
#include "labs/token-routing/moe.hpp"
#include "labs/token-routing/train.hpp"
#include "core/rng.hpp"
#include <doctest/doctest.h>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

using namespace token_routing;

namespace {

int count_kind(const std::vector<Sequence>& seqs, int kind) {
    int n = 0;
    for (const Sequence& s : seqs)
        for (int t : s.tok) n += vocab().kind[size_t(t)] == kind;
    return n;
}

}   // namespace

TEST_CASE("token-routing: the vocabulary labels every token with one kind, and the grammar uses only it") {
    const Vocab& v = vocab();
    CHECK(v.size() >= 100);
    CHECK(v.size() <= 200);
    std::vector<int> per_kind(kKinds, 0);
    for (int i = 0; i < v.size(); ++i) {
        REQUIRE(v.kind[size_t(i)] < kKinds);
        ++per_kind[v.kind[size_t(i)]];
        CHECK(v.id(v.text[size_t(i)]) == i);   // no word twice
    }
    for (int k = 0; k < kKinds; ++k) CHECK_MESSAGE(per_kind[size_t(k)] > 0, kind_name(k));
    core::Rng rng(7);
    for (int d = 0; d < kDomains; ++d)
        for (int i = 0; i < 300; ++i)
            for (int t : sentence(Domain(d), rng)) REQUIRE(t >= 0);   // a template word outside the vocabulary is −1
}

TEST_CASE("token-routing: the corpus is deterministic per seed, labelled by domain, and shares tokens across domains") {
    const CorpusSpec spec{16, 200, 60};
    const Corpus a = make_corpus(spec, 3), b = make_corpus(spec, 3), c = make_corpus(spec, 4);
    REQUIRE(a.train.size() == 200);
    REQUIRE(a.test.size() == 60);
    bool same = true, differs = false;
    for (size_t i = 0; i < a.train.size(); ++i) {
        same = same && a.train[i].tok == b.train[i].tok && a.train[i].domain == b.train[i].domain;
        differs = differs || a.train[i].tok != c.train[i].tok;
        CHECK(a.train[i].tok.size() == 17);
    }
    CHECK(same);
    CHECK(differs);
    // the held-out part does not move when the training part grows
    const Corpus big = make_corpus({16, 400, 60}, 3);
    CHECK(big.test.front().tok == a.test.front().tok);
    CHECK(big.test.back().tok == a.test.back().tok);
    // every domain and kind occurs; content words stay in their domain; function words, numbers, operators,
    // punctuation and brackets cross domains
    std::vector<int> per_domain(kDomains, 0);
    for (const Sequence& s : a.train) {
        ++per_domain[s.domain];
        for (int t : s.tok) {
            const int k = vocab().kind[size_t(t)];
            if (k == kProseWord) CHECK(s.domain == kProse);
            if (k == kArithWord) CHECK(s.domain == kArithmetic);
            if (k == kCodeWord) CHECK(s.domain == kCode);
        }
    }
    for (int d = 0; d < kDomains; ++d) CHECK(per_domain[size_t(d)] > 40);
    for (int k = 0; k < kKinds; ++k) CHECK_MESSAGE(count_kind(a.train, k) > 0, kind_name(k));
    const std::vector<char> shared = shared_ids(a.train);
    for (const char* w : {"the", "and", "is", "if", ".", ";", "(", "=", "+", "3"})
        CHECK_MESSAGE(shared[size_t(vocab().id(w))], w);
    for (const char* w : {"cat", "sum", "print"}) CHECK_MESSAGE(!shared[size_t(vocab().id(w))], w);
}

TEST_CASE("token-routing: the arithmetic sentences are true") {
    core::Rng rng(11);
    const Vocab& v = vocab();
    const int n0 = v.id("0");
    int checked = 0;
    for (int i = 0; i < 2000; ++i) {
        const std::vector<int> s = sentence(kArithmetic, rng);
        auto num = [&](size_t j) { return s[j] - n0; };
        if (s.size() == 6 && v.text[size_t(s[1])] == "+") {   // a + b = s ;
            CHECK(num(0) + num(2) == num(4));
            ++checked;
        }
        if (s.size() == 6 && v.text[size_t(s[1])] == "minus") {   // b minus a equals c .
            CHECK(num(0) - num(2) == num(4));
            ++checked;
        }
        for (int t : s) CHECK((v.kind[size_t(t)] != kNumber || (t - n0 >= 0 && t - n0 <= v.max_number)));
    }
    CHECK(checked > 100);
}

TEST_CASE("token-routing: the tokenizer reads the class's sentence and names every problem") {
    const int T = 16;
    SUBCASE("a sentence from the stories, in any case, with punctuation attached") {
        const Tokenized r = tokenize("The old cat sees the dog.", T);
        REQUIRE(r.ok());
        REQUIRE(r.pieces.size() == 7);
        CHECK(r.ids.size() == 7);
        CHECK(r.pieces[0].text == "The");
        CHECK(r.pieces[0].id == vocab().id("the"));
        CHECK(r.pieces[6].id == vocab().id("."));
    }
    SUBCASE("code and sums") {
        const Tokenized r = tokenize("let x = 12; print(x)", T);
        REQUIRE(r.ok());
        CHECK(r.ids.size() == 9);
    }
    SUBCASE("an unknown word and an unknown number: a message each, the rest routed") {
        const Tokenized r = tokenize("the zebra sees 45 birds", T);
        REQUIRE(r.ok());
        REQUIRE(r.pieces.size() == 5);
        CHECK(r.pieces[1].problem == Problem::kUnknownWord);
        CHECK(r.pieces[1].message.find("zebra") != std::string::npos);
        CHECK(r.pieces[3].problem == Problem::kUnknownNumber);
        CHECK(r.pieces[3].message.find("0 to 29") != std::string::npos);
        CHECK(r.pieces[4].problem == Problem::kUnknownWord);   // "birds": the vocabulary has "bird" only
        CHECK(r.ids.size() == 2);
    }
    SUBCASE("other scripts") {
        const Tokenized r = tokenize("the кот and 猫 and café", T);
        REQUIRE(r.ok());
        REQUIRE(r.pieces.size() == 6);
        CHECK(r.pieces[1].problem == Problem::kOtherScript);
        CHECK(r.pieces[1].text == "кот");
        CHECK(r.pieces[3].problem == Problem::kOtherScript);
        CHECK(r.pieces[5].problem == Problem::kOtherScript);
        CHECK(r.pieces[5].text == "café");
    }
    SUBCASE("emoji, joined sequences and flags as one piece each") {
        const Tokenized r = tokenize("the cat 😀 sees 👩‍👩‍👧 🇫🇷", T);
        REQUIRE(r.ok());
        REQUIRE(r.pieces.size() == 6);
        CHECK(r.pieces[2].problem == Problem::kEmoji);
        CHECK(r.pieces[4].problem == Problem::kEmoji);
        CHECK(r.pieces[4].text == "👩‍👩‍👧");
        CHECK(r.pieces[5].problem == Problem::kEmoji);
        CHECK(r.pieces[5].text == "🇫🇷");
        CHECK(r.ids.size() == 3);
    }
    SUBCASE("signs the model never saw") {
        const Tokenized r = tokenize("the cat @ home — it's", T);
        REQUIRE(r.ok());
        CHECK(r.pieces[2].problem == Problem::kUnknownSymbol);
        CHECK(r.pieces[4].problem == Problem::kUnknownSymbol);
    }
    SUBCASE("empty, spaces only") {
        CHECK(tokenize("", T).problem == TextProblem::kEmpty);
        const Tokenized r = tokenize("  \t\n\u00a0 ", T);
        CHECK(r.problem == TextProblem::kEmpty);
        CHECK(!r.message.empty());
    }
    SUBCASE("too long: more tokens than the context, or a huge text") {
        std::string s;
        for (int i = 0; i < T + 1; ++i) s += "the ";
        const Tokenized r = tokenize(s, T);
        CHECK(r.problem == TextProblem::kTooLong);
        CHECK(r.message.find("16") != std::string::npos);
        std::string exactly;
        for (int i = 0; i < T; ++i) exactly += "the ";
        CHECK(tokenize(exactly, T).ok());
        CHECK(tokenize(std::string(100000, 'a'), T).problem == TextProblem::kTooLong);
    }
    SUBCASE("bytes that are not UTF-8") {
        for (const std::string& bad :
             {std::string("the \xff cat"), std::string("cut \xe2\x82"), std::string("over\xc0\xaflong"),
              std::string("\x80"), std::string("sur\xed\xa0\x80")}) {
            const Tokenized r = tokenize(bad, T);
            CHECK(r.problem == TextProblem::kInvalidUtf8);
            CHECK(r.pieces.empty());
        }
    }
    SUBCASE("nothing known") {
        const Tokenized r = tokenize("zebra 😀 кот", T);
        CHECK(r.problem == TextProblem::kNothingKnown);
        CHECK(r.pieces.size() == 3);
    }
}

// --- routing ------------------------------------------------------------------------------------------------------

TEST_CASE("token-routing: capacity fills in sequence order, every first choice before any second") {
    ModelSpec s{vocab().size(), 8, 4, 1, 1, 4, 4, 1, 1.0, 0.01, 0.1};   // T = 8, K = 4, k = 1: C = ⌈8/4⌉ = 2
    const int B = 2, N = B * s.T;
    std::vector<double> h(size_t(N) * 4, 0.0);
    for (int n = 0; n < N; ++n) h[size_t(n) * 4 + 0] = 2.0 + 0.01 * (n % s.T);   // everyone prefers expert 0
    Routing r;
    route(s, B, h.data(), r);
    CHECK(r.capacity == 2);
    for (int n = 0; n < N; ++n) {
        CHECK(r.top[size_t(n)] == 0);
        CHECK(bool(r.kept[size_t(n)]) == (n % s.T < 2));   // in each sequence, positions 0 and 1 only
        CHECK(r.gate[size_t(n)] == (n % s.T < 2 ? r.p[size_t(n) * 4] : 0.0));
    }
    // top-2: C = ⌈2·8/4⌉ = 4; expert 0 first for all, expert 1 second for all: expert 0 keeps t < 4; expert 1 (only
    // second choices) keeps t < 4 too, because no first choice took its room
    s.k = 2;
    for (int n = 0; n < N; ++n) h[size_t(n) * 4 + 1] = 1.0;
    route(s, B, h.data(), r);
    CHECK(r.capacity == 4);
    for (int n = 0; n < N; ++n) {
        CHECK(r.top[size_t(n) * 2] == 0);
        CHECK(r.top[size_t(n) * 2 + 1] == 1);
        CHECK(bool(r.kept[size_t(n) * 2]) == (n % s.T < 4));
        CHECK(bool(r.kept[size_t(n) * 2 + 1]) == (n % s.T < 4));
        CHECK(r.w[size_t(n) * 2] + r.w[size_t(n) * 2 + 1] == doctest::Approx(1.0));   // renormalised over the two
    }
    // a first choice of expert 1 late in the sequence takes its room before the second choices of earlier tokens
    for (int n = 0; n < N; ++n)
        if (n % s.T == 7) std::swap(h[size_t(n) * 4 + 0], h[size_t(n) * 4 + 1]);
    route(s, B, h.data(), r);
    CHECK(r.kept[size_t(7) * 2]);        // position 7: expert 1 as its first choice, kept
    CHECK(!r.kept[size_t(3) * 2 + 1]);   // position 3: expert 1 as its second choice, now the fifth: dropped
    CHECK(r.kept[size_t(2) * 2 + 1]);
    // no capacity: nothing dropped
    s.capacity = 0;
    route(s, B, h.data(), r);
    for (char k : r.kept) CHECK(k);
}

TEST_CASE("token-routing: the balancing loss is α at a uniform router and grows with imbalance (Switch eq. (4))") {
    const ModelSpec s{vocab().size(), 8, 4, 1, 1, 4, 4, 1, 0.0, 0.01, 0.1};
    const int B = 1, N = B * s.T;
    std::vector<double> h(size_t(N) * 4, 0.0);
    for (int n = 0; n < N; ++n) h[size_t(n) * 4 + size_t(n % 4)] = 1e-9;   // a tie broken round-robin: f = 1/K
    Routing r;
    route(s, B, h.data(), r);
    CHECK(r.aux == doctest::Approx(s.alpha));
    for (int n = 0; n < N; ++n) h[size_t(n) * 4] = 3.0;   // everything to expert 0
    route(s, B, h.data(), r);
    CHECK(r.f[0] == 1.0);
    CHECK(r.aux > 3 * s.alpha);   // α K P_0 with P_0 ≈ 0.87
}

TEST_CASE("token-routing: the dense twin has the active parameters of a token's k experts") {
    for (int k : {1, 2}) {
        const ModelSpec moe{vocab().size(), 16, 16, 2, 2, 24, 4, k, 0.0, 0.01, 0.1};
        const Layout lm = make_layout(moe), ld = make_layout(dense_twin(moe));
        size_t moe_total = 0, moe_router = 0, moe_experts = 0, dense_ffn = 0;
        for (const ParamGroup& g : lm.groups) {
            moe_total += g.end - g.begin;
            if (g.name.find(".wr") != std::string::npos) moe_router += g.end - g.begin;
            if (g.name.find(".w1") != std::string::npos || g.name.find(".w2") != std::string::npos)
                moe_experts += g.end - g.begin;
        }
        for (const ParamGroup& g : ld.groups)
            if (g.name.find(".w1") != std::string::npos || g.name.find(".w2") != std::string::npos)
                dense_ffn += g.end - g.begin;
        // active: everything but the experts a token does not use; the router aside
        const size_t active = moe_total - moe_router - moe_experts + moe_experts / 4 * size_t(k);
        CHECK(ld.size == active);
        CHECK(dense_ffn == moe_experts / 4 * size_t(k));
    }
}

TEST_CASE("token-routing: a step in pieces (sequence by sequence) gives the bits of the whole batch") {
    for (const ModelSpec& s : {ModelSpec{vocab().size(), 12, 8, 2, 2, 6, 4, 1, 1.0, 0.1, 1.0},
                               ModelSpec{vocab().size(), 12, 8, 2, 2, 6, 3, 2, 1.0, 0.1, 1.0},
                               dense_twin(ModelSpec{vocab().size(), 12, 8, 2, 2, 6, 4, 2, 0.0, 0.1, 1.0})}) {
        const Corpus corpus = make_corpus({s.T, 5, 0}, 2);
        const int idx[] = {0, 1, 2, 3, 4};
        const Batch b = make_batch(corpus.train, idx, 5, s.T);
        const Model m(s, 2);
        Cache whole, parts;
        std::vector<double> g_whole, g_parts(m.theta.size(), 0.0);
        const double L = m.forward(b, whole);
        m.backward(b, whole, g_whole);
        m.begin(b, parts);
        m.forward_rows(b, 0, 2, parts);   // pieces of 2, 1 and 2 sequences
        m.forward_rows(b, 2, 3, parts);
        m.forward_rows(b, 3, 5, parts);
        CHECK(m.end_forward(parts) == L);
        m.backward_rows(b, 0, 1, parts, g_parts);
        m.backward_rows(b, 1, 4, parts, g_parts);
        m.backward_rows(b, 4, 5, parts, g_parts);
        CHECK(g_parts == g_whole);
        CHECK(parts.prob == whole.prob);
    }
}

TEST_CASE("token-routing: training is deterministic per seed") {
    const ModelSpec s{vocab().size(), 16, 16, 2, 1, 16, 4, 2, 1.0, 0.01, 0.1};
    const Corpus corpus = make_corpus({16, 100, 16}, 9);
    Trainer a(s, {8, 20, 0.01}, 9), b(s, {8, 20, 0.01}, 9), c(s, {8, 20, 0.01}, 10);
    for (int t = 0; t < 20; ++t) a.step(corpus.train), b.step(corpus.train), c.step(corpus.train);
    CHECK(a.moe.theta == b.moe.theta);
    CHECK(a.dense.theta == b.dense.theta);
    CHECK(a.moe.theta != c.moe.theta);
}

// --- gradients against finite differences ---------------------------------------------------------------------

namespace {

ModelSpec grad_spec(int K, int k, double capacity) {
    ModelSpec s;
    s.V = vocab().size();
    s.T = 6;
    s.d = 8;
    s.heads = 2;
    s.blocks = 2;
    s.d_ff = 6;
    s.K = K;
    s.k = k;
    s.capacity = capacity;
    s.alpha = 0.1;        // large enough that L_aux's share of the gradient shows
    s.init_scale = 1.0;   // weights of order one: every group's gradient well above rounding
    return s;
}

// Which experts every token chose and kept, in every layer: a finite difference is only a derivative while this
// stays the same (top-k and capacity are piecewise constant).
std::vector<int> routing_signature(const Cache& c) {
    std::vector<int> sig;
    for (const BlockCache& bc : c.block) {
        sig.insert(sig.end(), bc.route.top.begin(), bc.route.top.end());
        for (char k : bc.route.kept) sig.push_back(k);
    }
    return sig;
}

// Central differences on up to `per_group` entries of every parameter group. Tolerance: |num − ana| ≤ 1e-7 (1 +
// |ana|) with ε = 1e-5: the truncation error is O(ε²) ≈ 1e-10 times the third derivative, the rounding error about
// 1e-16 · L / ε ≈ 1e-10 (the worst measured: 2e-10); a wrong term is of the order of |ana| (L_aux's coefficient
// doubled fails by 5e-2).
void check_gradients(const ModelSpec& s, uint64_t seed, int per_group = 10) {
    const Corpus corpus = make_corpus({s.T, 3, 0}, seed);
    const int idx[] = {0, 1, 2};
    const Batch batch = make_batch(corpus.train, idx, 3, s.T);
    Model m(s, seed);
    Cache c;
    const double L0 = m.forward(batch, c);
    REQUIRE(std::isfinite(L0));
    const std::vector<int> sig0 = routing_signature(c);
    std::vector<double> g;
    m.backward(batch, c, g);
    REQUIRE(g.size() == m.theta.size());
    core::Rng pick(seed + 100);
    const double eps = 1e-5;
    int skipped = 0, checked = 0;
    double worst = 0;
    for (const ParamGroup& grp : m.layout().groups) {
        const size_t n = grp.end - grp.begin;
        double largest = 0;
        for (size_t j = grp.begin; j < grp.end; ++j) largest = std::max(largest, std::fabs(g[j]));
        CHECK_MESSAGE(largest > 1e-6, grp.name);   // every group takes part (no vacuous check)
        std::vector<size_t> at;
        if (grp.name == "tok") {   // the rows of the tokens in the batch (the others' gradient is 0)
            for (int q = 0; q < per_group; ++q)
                at.push_back(grp.begin + size_t(batch.x[pick.below(uint32_t(batch.x.size()))]) * s.d +
                             pick.below(uint32_t(s.d)));
        } else {
            for (int q = 0; q < per_group && q < int(n); ++q)
                at.push_back(grp.begin + (n <= size_t(per_group) ? size_t(q) : pick.below(uint32_t(n))));
        }
        for (size_t j : at) {
            const double keep = m.theta[j];
            Cache cp, cm;
            m.theta[j] = keep + eps;
            const double Lp = m.forward(batch, cp);
            m.theta[j] = keep - eps;
            const double Lm = m.forward(batch, cm);
            m.theta[j] = keep;
            if (routing_signature(cp) != sig0 || routing_signature(cm) != sig0) {
                ++skipped;
                continue;
            }
            const double num = (Lp - Lm) / (2 * eps), err = std::fabs(num - g[j]) / (1 + std::fabs(g[j]));
            worst = std::max(worst, err);
            ++checked;
            CHECK_MESSAGE(err < 1e-7,
                          grp.name << "[" << j - grp.begin << "]: numeric " << num << ", analytic " << g[j]);
        }
    }
    INFO("checked " << checked << " entries, skipped " << skipped << " (routing changed), worst " << worst);
    CHECK(skipped * 10 < checked);   // a routing that flips under ε = 1e-5 is rare
}

}   // namespace

TEST_CASE("token-routing: gradients of the top-1 (Switch) model against finite differences, every group") {
    check_gradients(grad_spec(4, 1, 0), 1);
    check_gradients(grad_spec(4, 1, 0), 2);
}

TEST_CASE("token-routing: gradients of the top-2 (Mixtral) model against finite differences, every group") {
    check_gradients(grad_spec(4, 2, 0), 3);
    check_gradients(grad_spec(3, 2, 0), 4);
}

TEST_CASE("token-routing: gradients with capacity (choices dropped in sequence order) against finite differences") {
    const ModelSpec s1 = grad_spec(4, 1, 1.0), s2 = grad_spec(4, 2, 1.0);
    // the capacity drops something in these batches, or the test would check nothing new
    for (const ModelSpec& s : {s1, s2}) {
        const Corpus corpus = make_corpus({s.T, 3, 0}, 5);
        const int idx[] = {0, 1, 2};
        Model m(s, 5);
        Cache c;
        m.forward(make_batch(corpus.train, idx, 3, s.T), c);
        int dropped = 0;
        for (const BlockCache& bc : c.block)
            for (char k : bc.route.kept) dropped += !k;
        CHECK(dropped > 0);
    }
    check_gradients(s1, 5);
    check_gradients(s2, 5);
}

TEST_CASE("token-routing: gradients of the dense twin against finite differences, every group") {
    const ModelSpec moe = grad_spec(4, 2, 0), dense = dense_twin(moe);
    CHECK(dense.d_ff == 2 * moe.d_ff);   // the same active parameters as a token's two experts
    CHECK(dense.K == 0);
    check_gradients(dense, 6);
}

// --- a short training run -------------------------------------------------------------------------------------

TEST_CASE("token-routing: a short run: the loss falls and the router sends each token to its own expert") {
    MeasureSpec s;
    s.corpus = {16, 800, 256};
    s.model = {vocab().size(), 16, 16, 2, 1, 16, 4, 1, 0.0, 0.01, 0.1};
    s.train = {16, 400, 0.01};
    const Corpus corpus = make_corpus(s.corpus, 1);
    Trainer tr(s.model, s.train, 1);
    const double moe0 = heldout_ce(tr.moe, corpus.test), dense0 = heldout_ce(tr.dense, corpus.test);
    CHECK(std::fabs(moe0 - std::log(double(vocab().size()))) < 0.3);   // a small initialisation: near-uniform guesses
    for (int t = 0; t < s.train.steps; ++t) tr.step(corpus.train);
    const RoutingTable r = route_heldout(tr.moe, corpus.test);
    const double purity = token_purity(r, 0), chance = token_purity_chance(r, 0, 1);
    INFO("held-out loss: MoE " << moe0 << " -> " << r.ce << ", dense " << dense0 << " -> "
                               << heldout_ce(tr.dense, corpus.test) << "; token purity " << purity
                               << " (shuffled: " << chance << ")");
    CHECK(r.ce < moe0 - 1.5);
    CHECK(heldout_ce(tr.dense, corpus.test) < dense0 - 1.5);
    CHECK(purity > chance + 0.2);       // the token's id, not the load, decides most of the routing
    CHECK(load(r, 0).max_load < 0.6);   // and not by sending everything to one expert
}
