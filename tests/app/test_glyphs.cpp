// Every character a registered lab declares or shows (info, phases, parameters, presets, headlines,
// metric labels, views of a finished default run, validation messages) must be in the page font's
// atlas ranges (app/plot/glyph_ranges.hpp) and in the font file itself: otherwise the page draws '?'
// (it did for "⟨θ_m, c_k⟩"). The font's cmap is read here directly (TrueType format 4, the BMP).
#include "app/plot/glyph_ranges.hpp"
#include "core/registry.hpp"
#include "core/runner.hpp"
#include "session/share_link.hpp"
#include "core/words.hpp"
#include <doctest/doctest.h>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <vector>

namespace {

using Bytes = std::vector<unsigned char>;
unsigned u16(const Bytes& b, size_t o) { return o + 2 <= b.size() ? unsigned(b[o]) << 8 | b[o + 1] : 0; }
unsigned long u32(const Bytes& b, size_t o) { return (unsigned long)u16(b, o) << 16 | u16(b, o + 2); }

// The code points (BMP) a TrueType font maps to a glyph, from its (3, 1) format-4 cmap subtable.
std::set<unsigned> font_code_points(const Bytes& f) {
    std::set<unsigned> out;
    size_t cmap = 0;
    for (unsigned t = 0, n = u16(f, 4); t < n; ++t)
        if (f.size() >= 12 + 16 * (t + 1) &&
            std::string(f.begin() + long(12 + 16 * t), f.begin() + long(16 + 16 * t)) == "cmap")
            cmap = u32(f, 12 + 16 * t + 8);
    if (!cmap) return out;
    size_t sub = 0;
    for (unsigned r = 0, n = u16(f, cmap + 2); r < n; ++r)
        if (u16(f, cmap + 4 + 8 * r) == 3 && u16(f, cmap + 6 + 8 * r) == 1) sub = cmap + u32(f, cmap + 8 + 8 * r);
    if (!sub || u16(f, sub) != 4) return out;
    const unsigned segs = u16(f, sub + 6) / 2;
    const size_t ends = sub + 14, starts = ends + 2 * segs + 2, deltas = starts + 2 * segs, ranges = deltas + 2 * segs;
    for (unsigned s = 0; s < segs; ++s) {
        unsigned lo = u16(f, starts + 2 * s), hi = u16(f, ends + 2 * s), delta = u16(f, deltas + 2 * s);
        unsigned ro = u16(f, ranges + 2 * s);
        for (unsigned c = lo; c <= hi && c != 0xFFFF; ++c) {
            unsigned g = ro == 0 ? (c + delta) & 0xFFFF : u16(f, ranges + 2 * s + ro + 2 * (c - lo));
            if (ro != 0 && g != 0) g = (g + delta) & 0xFFFF;
            if (g != 0) out.insert(c);
        }
    }
    return out;
}

// UTF-8 → code points; a malformed sequence gives 0xFFFD (which no range holds, so the test names it).
std::vector<unsigned> code_points(const std::string& s) {
    std::vector<unsigned> out;
    for (size_t k = 0; k < s.size();) {
        unsigned char c = static_cast<unsigned char>(s[k]);
        size_t len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
        if (len == 0 || k + len > s.size()) {
            out.push_back(0xFFFD);
            ++k;
            continue;
        }
        unsigned cp = len == 1 ? c : c & (0xFF >> (len + 1));
        for (size_t j = 1; j < len; ++j) cp = cp << 6 | (static_cast<unsigned char>(s[k + j]) & 0x3F);
        out.push_back(cp);
        k += len;
    }
    return out;
}

std::string hex(unsigned cp) {
    char b[16];
    std::snprintf(b, sizeof b, "%04X", cp);
    return b;
}

bool in_atlas(unsigned cp) {
    for (size_t k = 0; app::kGlyphRanges[k]; k += 2)
        if (cp >= app::kGlyphRanges[k] && cp <= app::kGlyphRanges[k + 1]) return true;
    return false;
}

void add_view(core::View v, std::vector<std::string>& out) {
    core::for_each_text(v, [&](const std::string& s) { out.push_back(s); });
}

// Everything the page can show for a lab: declarations, and what a finished default run displays.
std::vector<std::string> lab_strings(const core::Lab& lab) {
    std::vector<std::string> out;
    const core::LabInfo& i = lab.info();
    out.insert(out.end(), {i.id, i.title, i.citation, i.summary});
    for (const auto& p : lab.phases()) out.insert(out.end(), {p.title, p.look_for, p.claim});
    for (const auto& p : lab.schema().params) {
        out.insert(out.end(), {p.name, p.symbol, p.group, p.help, p.unit});
        out.insert(out.end(), p.choices.begin(), p.choices.end());
    }
    for (const auto& p : lab.schema().presets) out.insert(out.end(), {p.title, p.note, p.warning});
    for (const auto& h : lab.headlines()) out.push_back(h.paper);
    session::RunConfig c = session::default_config(lab);
    for (const auto& p : lab.schema().presets) {
        core::Params q = c.params;
        q.apply_preset(p.id);
        core::Validation v = core::validate(lab, q);
        out.insert(out.end(), v.errors.begin(), v.errors.end());
        out.insert(out.end(), v.warnings.begin(), v.warnings.end());
    }
    core::Runner run(lab);
    run.reset(c.params, c.seed);
    auto shown = [&] {
        out.push_back(run.clock());
        for (const auto& m : run.metrics()) out.push_back(m.label);
        std::vector<core::View> views;
        run.views(views);
        for (const auto& v : views) add_view(v, out);
    };
    shown();
    core::run_to_end(run);
    shown();
    return out;
}

}   // namespace

TEST_CASE("every character the labs show is in the page font and its atlas ranges") {
#ifndef MOE_FONT_FILE
    FAIL("MOE_FONT_FILE is not defined");
#else
    std::ifstream in(MOE_FONT_FILE, std::ios::binary);
    REQUIRE_MESSAGE(in.good(), "font not found: " << MOE_FONT_FILE << " (Debian package fonts-dejavu-core)");
    const Bytes font((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::set<unsigned> has = font_code_points(font);
    REQUIRE(has.count('A'));
    REQUIRE(has.count(0x03B8));   // θ: the reader works
    for (const auto& e : core::all_labs()) {
        CAPTURE(e.id);
        std::set<unsigned> missing_atlas, missing_font;
        std::string example;
        for (const std::string& s : lab_strings(*e.lab))
            for (unsigned cp : code_points(s)) {
                bool atlas = in_atlas(cp), glyph = has.count(cp) > 0;
                if (!atlas) missing_atlas.insert(cp);
                if (!glyph) missing_font.insert(cp);
                if ((!atlas || !glyph) && example.empty()) example = s;
            }
        CAPTURE(example);
        CHECK_MESSAGE(
            missing_atlas.empty(), "code points outside app/plot/glyph_ranges.hpp: " << [&] {
                std::string t;
                for (unsigned c : missing_atlas) t += " U+" + hex(c);
                return t;
            }());
        CHECK_MESSAGE(
            missing_font.empty(), "code points the font lacks: " << [&] {
                std::string t;
                for (unsigned c : missing_font) t += " U+" + hex(c);
                return t;
            }());
    }
#endif
}

// Every language's translations (the build's merged tables) and the pseudo-language's forms of every lab's texts:
// each character is in the page's font and atlas, or in the language's own font (core::Language::font, merged into
// the atlas with exactly the characters its table uses).
TEST_CASE("every character of every language is in the page's font or the language's own") {
#if !defined(MOE_FONT_FILE) || !defined(MOE_WORDS_DIR) || !defined(MOE_FONTS_DIR) || !defined(MOE_NAMES_FONT)
    FAIL("MOE_FONT_FILE, MOE_WORDS_DIR, MOE_FONTS_DIR or MOE_NAMES_FONT is not defined");
#else
    auto read = [](const std::string& path) {
        std::ifstream in(path, std::ios::binary);
        return Bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    };
    const std::set<unsigned> page = font_code_points(read(MOE_FONT_FILE));
    REQUIRE(page.count('A'));
    for (const core::Language& l : core::languages()) {
        CAPTURE(l.code);
        std::string text;
        if (std::string(l.code) == "en-XA") {
            for (const auto& e : core::all_labs())
                for (const std::string& s : lab_strings(*e.lab)) text += core::pseudo(s);
            text += core::pseudo(l.name);
        } else if (std::string(l.code) != "en") {
            const Bytes table = read(std::string(MOE_WORDS_DIR) + "/" + l.code + ".json");
            REQUIRE_MESSAGE(!table.empty(), "the build's table of " << l.code << " is missing");
            std::vector<std::pair<std::string, std::string>> words;
            REQUIRE(core::parse_word_table(std::string(table.begin(), table.end()), words).empty());
            for (const auto& w : words) text += w.second;
        }
        const std::set<unsigned> own =
            *l.font ? font_code_points(read(std::string(MOE_FONTS_DIR) + "/" + l.font + ".ttf")) : std::set<unsigned>{};
        // the menu shows every language's name in itself, in every language: the page's font or names.ttf
        const std::set<unsigned> names = font_code_points(read(MOE_NAMES_FONT));
        for (unsigned cp : code_points(l.name))
            CHECK_MESSAGE(((in_atlas(cp) && page.count(cp)) || names.count(cp)), "U+" << hex(cp) << " of " << l.name);
        std::set<unsigned> missing;
        for (unsigned cp : code_points(text))
            if (!(in_atlas(cp) && page.count(cp)) && !own.count(cp)) missing.insert(cp);
        std::string list;
        for (unsigned c : missing) list += " U+" + hex(c);
        CHECK_MESSAGE(missing.empty(), "characters neither font draws:" << list);
    }
#endif
}
