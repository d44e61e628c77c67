// The plots of a token-routing run (docs/labs/token-routing.md §6), packaged from what the run keeps: the start of a
// held-out sequence of each domain with the last layer's routing of each token, the expert × token kind and expert ×
// domain shares per MoE layer, the loss of both models, the routing's agreement with its end over the training, the
// load and MaxVio over the training, the drops by position, and the router's territory (territory.cpp). Before the
// end of the training the views that need the held-out routing are there, empty, and say when they fill.
#include "labs/token-routing/run.hpp"
#include "core/fmath.hpp"
#include "core/text.hpp"
#include "core/view_builder.hpp"
#include "core/words.hpp"
#include <cmath>

namespace token_routing {

namespace {

// each line of the model's writing, by the domain it starts from
const char* const kWrittenFrom[kDomains] = {core::later::tr("from the start of a prose sequence"),
                                            core::later::tr("from the start of an arithmetic sequence"),
                                            core::later::tr("from the start of a code sequence")};

const char* kAtEnd = "filled at the end of the training, from the held-out sequences";

// n in subscript digits (₀ … ₉, UTF-8).
std::string subscript(int n) {
    const std::string digits = std::to_string(n);
    std::string s;
    for (char c : digits) s += std::string("\xE2\x82") + char(0x80 + (c - '0'));
    return s;
}

// The columns of a heatmap with a block of experts per MoE layer, an empty column between blocks: their labels, and
// the column of expert e of layer l.
std::vector<std::string> layer_columns(int K, int L) {
    std::vector<std::string> c;
    for (int l = 0; l < L; ++l) {
        if (l > 0) c.push_back("");
        for (const std::string& e : core::numbered(K)) c.push_back(e);
    }
    return c;
}
int column(int K, int l, int e) { return l * (K + 1) + e; }
std::string layers_title(int L) {   // "expert: layer 0 | layer 1"
    std::string t;
    for (int l = 0; l < L; ++l) t += (l > 0 ? " | " : "") + core::trf("layer %d", l);
    return core::trf("expert, %s", t.c_str());
}

// Rows × (experts of each layer): `at(l, row, e)` in the cells, NaN between the layers' blocks.
template <class F>
std::vector<double> layer_cells(int rows, int K, int L, F&& at) {
    const int cols = L * (K + 1) - 1;
    std::vector<double> v(size_t(rows) * size_t(cols), core::kNaN);
    for (int r = 0; r < rows; ++r)
        for (int l = 0; l < L; ++l)
            for (int e = 0; e < K; ++e) v[size_t(r * cols + column(K, l, e))] = at(l, r, e);
    return v;
}

// Per MoE layer, rows (kinds or domains) × experts: the share of the row's held-out tokens whose first choice is each
// expert.
core::View shares(const std::string& id, const std::string& title, const std::string& caption,
                  const std::vector<std::vector<double>>& by_layer, int L, int K, int rows, const char* row_title,
                  const char* (*row_name)(int)) {
    std::vector<std::string> names;
    for (int q = 0; q < rows; ++q) names.push_back(row_name(q));
    std::vector<double> cells;
    if (!by_layer.empty())   // the summary is expert-major
        cells = layer_cells(
            rows, K, L, [&](int l, int q, int e) { return by_layer[size_t(l)][size_t(e) * size_t(rows) + size_t(q)]; });
    core::View v = core::heatmap(id, title)
                       .caption(caption)
                       .cells(rows, L * (K + 1) - 1, std::move(cells))
                       .rows(row_title, names)
                       .cols(layers_title(L), layer_columns(K, L))
                       .scale(0, 1)
                       .format("%.1f");
    if (by_layer.empty()) v.readouts.push_back(kAtEnd);
    return v;
}

// Tokens painted by routing: each on its first choice, underlined by its second (k ≥ 2), its router weight beside it.
core::TextLine painted_line(std::string label, const std::vector<std::string>& words, const int* top, const double* w,
                            int k) {
    core::TextLine line{std::move(label), {}};
    for (size_t t = 0; t < words.size(); ++t) {
        core::TextToken x;
        x.text = words[t];
        x.color = top[t * size_t(k)];
        x.underline = k >= 2 ? top[t * size_t(k) + 1] : -1;
        x.value = float(w[t * size_t(k)]);
        line.tokens.push_back(std::move(x));
    }
    return line;
}

std::vector<std::string> words_of(const std::vector<int>& ids) {
    std::vector<std::string> w;
    for (int id : ids) w.push_back(vocab().text[size_t(id)]);
    return w;
}

std::vector<std::string> expert_names(int K) {
    std::vector<std::string> e;
    for (int i = 0; i < K; ++i) e.push_back(core::trf("expert %d", i + 1));
    return e;
}

core::ViewBuilder painted(std::string id, std::string title, int K, int k) {
    return std::move(core::painted_text(std::move(id), std::move(title))
                         .legend(expert_names(K))
                         .text_columns(core::tr("first expert"), k >= 2 ? core::tr("second expert") : "",
                                       core::tr("router weight")));
}

}   // namespace

// The text painted by expert, as Mixtral §5 (Figure 8) colours text: the held-out sequences, the class's sentence,
// each expert's most frequent tokens, and what the model writes.
void Run::paint_views(std::vector<core::View>& out) const {
    const ModelSpec& s = cfg_.model;
    const int K = s.K, k = s.k, L = s.blocks;
    const bool done = !measures_.empty();
    const Summary& S = summary_;
    const RoutingTable& r = final_;
    {
        const int shown = std::min(s.T, 16);
        std::vector<core::TextLine> lines;
        for (int d = 0; d < int(S.first_of_domain.size()); ++d) {
            const int q = S.first_of_domain[size_t(d)];
            if (q < 0) continue;
            std::vector<int> ids(&r.id[size_t(q * s.T)], &r.id[size_t(q * s.T)] + shown);
            for (int l = 0; l < L; ++l) {
                const size_t j = size_t(l) * size_t(r.N) + size_t(q * s.T);
                std::vector<double> w(size_t(shown * k));
                for (int t = 0; t < shown; ++t)
                    for (int c = 0; c < k; ++c) {
                        const size_t at = (j + size_t(t)) * size_t(k) + size_t(c);
                        w[size_t(t * k + c)] = r.p[(j + size_t(t)) * size_t(K) + size_t(r.top[at])];
                    }
                lines.push_back(painted_line(core::trf("%s, layer %d", core::tr(domain_name(d)), l), words_of(ids),
                                             &r.top[j * size_t(k)], w.data(), k));
            }
        }
        core::View v =
            painted("painted", "Held-out text painted by expert", K, k)
                .caption(k >= 2 ? "The start of a held-out sequence of each domain, each token on the colour "
                                  "of its first expert and underlined in its second's, in each layer. "
                                  "Mixtral §5 paints text this way: the same token goes to the same "
                                  "expert whatever the topic; neighbours often share one."
                                : "The start of a held-out sequence of each domain, each token on the "
                                  "colour of its expert, in each layer. Mixtral §5 paints text this way: "
                                  "the same token goes to the same expert whatever the topic; neighbours "
                                  "often share one.")
                .text_lines(std::move(lines));
        if (!done) v.readouts.push_back(kAtEnd);
        out.push_back(std::move(v));
    }
    {
        if (text_t_ != trainer_.t()) {   // the model changed since the sentence was last routed
            text_routing_ = route_text(trainer_.moe, text_.ids);
            text_t_ = trainer_.t();
        }
        const TextRouting& routed = text_routing_;
        std::vector<core::TextLine> lines;
        for (int l = 0; l < int(routed.top.size()) && !routed.top[size_t(l)].empty(); ++l) {
            core::TextLine line{core::trf("layer %d", l), {}};
            size_t known = 0;
            for (const Piece& p : text_.pieces) {
                core::TextToken x;
                x.text = p.text;
                if (p.id >= 0) {
                    const size_t at = known++ * size_t(k);
                    x.color = routed.top[size_t(l)][at];
                    x.underline = k >= 2 ? routed.top[size_t(l)][at + 1] : -1;
                    x.value = float(routed.w[size_t(l)][at]);
                }
                line.tokens.push_back(std::move(x));
            }
            lines.push_back(std::move(line));
        }
        core::View v = painted("class-text", "Your sentence, routed", K, k)
                           .caption("Each token of the sentence typed in 'Your sentence' on the colour of the "
                                    "expert the model sends it to now, in each layer; a token the model cannot read "
                                    "is outlined. Does a word you add change where the words before it go?")
                           .text_lines(std::move(lines));
        int problems = 0;
        for (const Piece& p : text_.pieces)
            if (!p.message.empty() && problems++ < 3) v.readouts.push_back(p.message);
        if (problems > 3)
            v.readouts.push_back(core::trnf(problems - 3, "and %d more token the model cannot read",
                                            "and %d more tokens the model cannot read", problems - 3));
        out.push_back(std::move(v));
    }
    {
        std::vector<core::TextLine> lines;
        for (int e = 0; e < int(S.top_tokens.size()); ++e) {
            core::TextLine line{expert_names(K)[size_t(e)], {}};
            for (const auto& [id, share] : S.top_tokens[size_t(e)]) {
                core::TextToken x;
                x.text = vocab().text[size_t(id)];
                x.color = e;
                x.value = float(share);
                line.tokens.push_back(std::move(x));
            }
            lines.push_back(std::move(line));
        }
        core::View v = core::painted_text("expert-tokens", "Each expert's most frequent tokens")
                           .caption("The held-out tokens each expert takes most often in the last layer, the most "
                                    "frequent first; the table gives each token's share of the expert's tokens. "
                                    "ST-MoE §7 lists experts like these: one for punctuation, one for numbers.")
                           .legend(expert_names(K))
                           .text_columns(core::tr("expert"), "", core::tr("share of the expert's tokens"))
                           .text_lines(std::move(lines));
        if (!done) v.readouts.push_back(kAtEnd);
        out.push_back(std::move(v));
    }
    {
        std::vector<core::TextLine> lines;
        for (int d = 0; d < int(S.written.size()); ++d) {
            const std::vector<int>& ids = S.written[size_t(d)];
            const TextRouting& routed = S.written_routing[size_t(d)];
            if (routed.top.empty() || routed.top.back().empty()) continue;
            lines.push_back(painted_line(core::tr(kWrittenFrom[d]), words_of(ids), routed.top.back().data(),
                                         routed.w.back().data(), k));
        }
        core::View v = painted("written", "What the model writes", K, k)
                           .caption("From the first three tokens of each domain's held-out sequence, the trained MoE "
                                    "writes on, drawing each next token from its softmax; each token is painted by "
                                    "the last layer's expert.")
                           .text_lines(std::move(lines));
        if (!done) v.readouts.push_back(kAtEnd);
        out.push_back(std::move(v));
    }
}

void Run::views(std::vector<core::View>& out) const {
    paint_views(out);
    const ModelSpec& s = cfg_.model;
    const int K = s.K, L = s.blocks, steps = cfg_.train.steps;
    const bool done = !measures_.empty();
    const Summary& S = summary_;

    // the start of a held-out prose sequence, token by token
    {
        const int rows = std::min(s.T, 12);
        const TokenSample* x = S.samples.empty() ? nullptr : &S.samples.front();
        const int n = x ? int(x->ids.size()) : rows;
        // "value₃": the token w_t with its position t as a subscript. A token is the model's data, not a text of the
        // page: written as a symbol, the page does not translate it ("value" is a word of its table).
        std::vector<std::string> labels;
        for (int t = 0; t < n; ++t) labels.push_back(x ? vocab().text[size_t(x->ids[size_t(t)])] + subscript(t) : "");
        std::vector<std::pair<int, int>> marks;
        if (x)
            for (const auto& [t, l, e] : x->chosen) marks.push_back({t, column(K, l, e)});
        core::View v =
            core::heatmap("tokens", "A held-out sentence, token by token")
                .caption("The first tokens of a held-out prose sequence: a row per token w_t (its position t as a "
                         "subscript), the router's probability "
                         "of each expert in each layer in the cells, a dot on the expert the token went to. Mixtral "
                         "§5 colours text by expert this way and finds the same token on the same expert "
                         "whatever the text: compare the rows of a token that comes back, such as 'the'.")
                .cells(n, L * (K + 1) - 1,
                       x ? layer_cells(n, K, L,
                                       [&](int l, int t, int e) {
                                           return x->p[(size_t(l) * size_t(n) + size_t(t)) * size_t(K) + size_t(e)];
                                       })
                         : std::vector<double>{})
                .rows("token", labels)
                .cols(layers_title(L), layer_columns(K, L))
                .scale(0, 1)
                .format("%.2f")
                .marks(std::move(marks), "the expert it went to");
        if (!x) v.readouts.push_back(kAtEnd);
        else if (x->dropped > 0)
            v.readouts.push_back(core::trnf(x->dropped, "%d choice dropped by capacity (no dot in its layer)",
                                            "%d choices dropped by capacity (no dot in their layer)", x->dropped));
        out.push_back(std::move(v));
    }

    out.push_back(
        shares("kinds", "Experts by token kind",
               "Of each kind's held-out tokens, the share that goes to each expert (first choice). Routing by "
               "token shows as rows with one dark cell: the experts specialise in kinds of tokens (ST-MoE "
               "§7: punctuation, numbers, names).",
               S.by_kind, L, K, kKinds, "token kind", &kind_name));
    out.push_back(shares("domains", "Experts by domain",
                         "Of each domain's held-out tokens, the share that goes to each expert. Routing blind to the "
                         "topic shows as three alike rows (Mixtral §5: no expert for arXiv, biology or philosophy); "
                         "rows that differ are the topic routing too.",
                         S.by_domain, L, K, kDomains, core::later::tr("domain"), &domain_name));

    // the loss of both models over the training (means over the steps between two points)
    {
        core::View v =
            core::lines("loss", "Training loss: MoE against dense")
                .caption("Cross-entropy of the training batches (the MoE's without L_aux), averaged over ten steps. "
                         "Both models see the same batches; the dense model has as many active parameters as the MoE "
                         "uses per token (Switch §3 finds the MoE lower at the same compute).")
                .x("step t", 0, steps)
                .y("cross-entropy (nats per token)");
        v.lines.push_back(core::line("MoE", hist_.t, hist_.ce_moe, 0));
        v.lines.push_back(core::line("dense", hist_.t, hist_.ce_dense, 1, true));
        if (done)
            v.readouts.push_back(core::trf("held-out: MoE %.3f, dense %.3f nats per token", measures_.back().loss_moe,
                                           measures_.back().loss_dense));
        out.push_back(std::move(v));
    }

    // how early the routing is fixed: the checkpoints' maps against the end's
    {
        core::View v =
            core::lines("early", "Routing learned early")
                .caption("Solid: of the token ids, the share whose expert (the one their held-out occurrences go to "
                         "most) at each tenth of the training is already the one they end with; dashed: the share of "
                         "held-out tokens on their id's usual expert at that moment. OpenMoE finds the routing fixed "
                         "early in training.")
                .x("step t", 0, steps)
                .y("share", 0, 1.05);
        std::vector<double> at;
        for (int j = 0; j < int(checkpoints_.size()); ++j) at.push_back(checkpoint_step(j, steps));
        for (int l = 0; l < L; ++l) {
            std::vector<double> purity, agree_t;
            for (const Snapshot& c : checkpoints_) purity.push_back(c.purity[size_t(l)]);
            core::LineSeries p = core::line(core::trf("token purity, layer %d", l), at, purity, l, true);
            p.markers = true;
            if (size_t(l) < S.agreement.size()) {
                agree_t = at;
                agree_t.push_back(steps);
                core::LineSeries a =
                    core::line(core::trf("ids on their final expert, layer %d", l), agree_t, S.agreement[size_t(l)], l);
                a.markers = true;
                v.lines.push_back(std::move(a));
            } else {
                v.lines.push_back(core::line(core::trf("ids on their final expert, layer %d", l), l));
            }
            v.lines.push_back(std::move(p));
        }
        if (done)
            v.readouts.push_back(core::trf("at a tenth: %.2f of the ids (before training: %.2f; unrelated maps: %.2f)",
                                           measures_.back().early_agreement, measures_.back().init_agreement, 1.0 / K));
        else v.readouts.push_back("the solid lines are drawn at the end, against the final routing");
        out.push_back(std::move(v));
    }

    // the load of the last layer's experts, and MaxVio per layer
    {
        core::View v = core::lines("load", "Load per expert (last layer)")
                           .caption("Each expert's share f_i of the training batch's choices (Switch eq. (5)), "
                                    "averaged over ten steps; 1/K each is an even load. The balancing loss α K Σ f_i "
                                    "P_i pushes towards it (Switch eq. (4)).")
                           .x("step t", 0, steps)
                           .y("share of the choices f_i", 0);
        for (int i = 0; i < K; ++i)
            v.lines.push_back(core::line(core::trf("expert %d", i + 1), hist_.t, hist_.load[size_t(i)], i));
        v.readouts.push_back(core::trf("even load: 1/K = %.3f", 1.0 / K));
        out.push_back(std::move(v));
    }
    {
        core::View v = core::lines("maxvio", "MaxVio over the training")
                           .caption("The busiest expert's load over the mean load, minus 1 (MaxVio, Wang et al. "
                                    "2024), per training batch, averaged over ten steps: 0 is perfectly even. Without "
                                    "the balancing loss (α = 0) it grows.")
                           .x("step t", 0, steps)
                           .y("MaxVio", 0);
        for (int l = 0; l < L; ++l)
            v.lines.push_back(core::line(core::trf("layer %d", l), hist_.t, hist_.vio[size_t(l)], l));
        if (done) v.readouts.push_back(core::trf("held-out, last layer: %.3f", measures_.back().max_vio));
        out.push_back(std::move(v));
    }

    // drops by position
    {
        core::View v =
            core::bars("drops", "Dropped by position (last layer)")
                .caption("Of the held-out choices at each range of positions, the share an expert's full buffer "
                         "dropped (capacity C = c_f k T / K per sequence, filled in the order of positions). OpenMoE "
                         "finds the drops towards the end of the sequence.")
                .x("positions t")
                .y("share dropped", 0, 1);
        const int nb = std::min(s.T, 8);
        for (int b = 0; b < nb; ++b) {
            core::Bar bar;
            bar.label = core::strf("%d–%d", b * s.T / nb, (b + 1) * s.T / nb - 1);
            bar.value = S.drop_bins.empty() ? 0.0 : S.drop_bins.back()[size_t(b)];
            bar.color = 0;
            v.bars.push_back(bar);
        }
        if (s.capacity <= 0) v.readouts.push_back("no capacity (c_f = 0): no token is dropped");
        else if (!done) v.readouts.push_back(kAtEnd);
        else
            v.readouts.push_back(core::trf("first quarter %.3f, last quarter %.3f", measures_.back().drop_early,
                                           measures_.back().drop_late));
        out.push_back(std::move(v));
    }

    out.push_back(territory_);
}

}   // namespace token_routing
