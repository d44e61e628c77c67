#include "app/plot/screen_text.hpp"
#include <cmath>
#include <map>
#include <utility>

namespace app {
namespace {

struct GlyphOf {
    const ImFont* font;
    const ImFontGlyph* glyph;
};

// Every visible glyph of every font by the atlas corner its quad starts at (U0, V0): one place per glyph.
std::map<std::pair<float, float>, GlyphOf> glyphs_by_place(const ImFontAtlas& atlas) {
    std::map<std::pair<float, float>, GlyphOf> at;
    for (const ImFont* f : atlas.Fonts)
        for (const ImFontGlyph& g : f->Glyphs)
            if (g.Visible) at.emplace(std::make_pair(g.U0, g.V0), GlyphOf{f, &g});
    return at;
}

void append_utf8(std::string& s, unsigned c) {
    if (c < 0x80) {
        s += char(c);
    } else if (c < 0x800) {
        s += char(0xC0 | (c >> 6)), s += char(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
        s += char(0xE0 | (c >> 12)), s += char(0x80 | ((c >> 6) & 0x3F)), s += char(0x80 | (c & 0x3F));
    } else {
        s += char(0xF0 | (c >> 18)), s += char(0x80 | ((c >> 12) & 0x3F));
        s += char(0x80 | ((c >> 6) & 0x3F)), s += char(0x80 | (c & 0x3F));
    }
}

// Each vertex's clip rectangle: the one of the first command whose indices use it.
std::vector<ImVec4> clip_of_vertices(const ImDrawList& list) {
    std::vector<ImVec4> clip(size_t(list.VtxBuffer.Size), ImVec4(-1e9f, -1e9f, 1e9f, 1e9f));
    std::vector<bool> seen(clip.size(), false);
    for (const ImDrawCmd& cmd : list.CmdBuffer)
        for (unsigned e = 0; e < cmd.ElemCount; ++e) {
            const size_t v = cmd.VtxOffset + list.IdxBuffer[int(cmd.IdxOffset + e)];
            if (v < clip.size() && !seen[v]) clip[v] = cmd.ClipRect, seen[v] = true;
        }
    return clip;
}

}   // namespace

std::vector<ScreenRun> screen_text(const ImDrawData& draw, const ImFontAtlas& atlas) {
    const auto glyphs = glyphs_by_place(atlas);
    std::vector<ScreenRun> runs;
    float next_x = 0, baseline = 0, space = 0;   // where the run's next glyph would start, at what size
    bool open = false;
    for (int l = 0; l < draw.CmdListsCount; ++l) {
        const ImVector<ImDrawVert>& v = draw.CmdLists[l]->VtxBuffer;
        const std::vector<ImVec4> clip = clip_of_vertices(*draw.CmdLists[l]);
        for (int i = 0; i + 2 < v.Size; ++i) {
            const auto it = glyphs.find({v[i].uv.x, v[i].uv.y});
            if (it == glyphs.end()) continue;
            const ImFontGlyph& g = *it->second.glyph;
            // a glyph quad (ImDrawList::PrimRectUV): its second corner is (U1, V0), its third (U1, V1)
            if (v[i + 1].uv.x != g.U1 || v[i + 1].uv.y != g.V0 || v[i + 2].uv.y != g.V1) continue;
            const float scale = (v[i + 2].pos.y - v[i].pos.y) / (g.Y1 - g.Y0);
            const float origin = v[i].pos.x - g.X0 * scale, line = v[i].pos.y - g.Y0 * scale;
            const bool same_line = open && std::fabs(line - baseline) < 0.5f * space + 0.5f;
            if (same_line && std::fabs(origin - next_x) < 0.5f) {
                // the next glyph of the word
            } else if (same_line && origin > next_x && origin - next_x < 2.5f * space) {
                runs.back().text += ' ';
            } else {
                runs.push_back({"", v[i].pos, v[i + 2].pos, false, clip[size_t(i)]});
            }
            ScreenRun& r = runs.back();
            append_utf8(r.text, g.Codepoint);
            r.min = ImVec2(std::min(r.min.x, v[i].pos.x), std::min(r.min.y, v[i].pos.y));
            r.max = ImVec2(std::max(r.max.x, v[i + 2].pos.x), std::max(r.max.y, v[i + 2].pos.y));
            const ImVec4& c = clip[size_t(i)];
            // (a pixel and a half of a glyph's side bearing past the edge is no cut: "T" at a panel's border)
            if (v[i].pos.x < c.x - 1.5f || v[i + 2].pos.x > c.z + 1.5f) r.cut = true;
            const ImFontGlyph* sp = it->second.font->FindGlyphNoFallback(' ');
            space = (sp ? sp->AdvanceX : 0.3f * it->second.font->FontSize) * scale;
            next_x = origin + g.AdvanceX * scale, baseline = line, open = true;
            i += 3;
        }
    }
    return runs;
}

}   // namespace app
