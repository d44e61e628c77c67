// Territories of a field (core/view.hpp Field): per pixel, each channel interpolated bilinearly between cell
// centres by the texture unit (a 16-bit float RGBA texture, which WebGL2 filters linearly without an extension:
// four channels per fetch, the channels in tiles of cols × rows texels side by side), the winning channel
// (argmax), its confidence (softmax probability of logits, or its value over the scale), the pixel in the winner's
// colour with the confidence as saturation, and the boundary between territories outlined, anti-aliased at any
// size (the margin between the two best channels against its screen-space derivative).
precision highp float;
precision highp int;

uniform highp sampler2D u_values;   // width cols × tiles, height rows: tile t holds channels 4t … 4t + 3 in RGBA
uniform int u_rows;
uniform int u_cols;
uniform int u_channels;             // at most 12 (the app sends at most 10: the palette's entries)
uniform int u_softmax;              // 1: the channels are logits
uniform float u_scale;              // softmax off: the value at full saturation
uniform vec3 u_colors[12];          // per channel (app/plot/gpu_draw.cpp); a "no expert" channel: u_background
uniform vec3 u_background;
uniform vec3 u_boundary;
in vec2 v_uv;
out vec4 frag;

void main() {
    int tiles = (u_channels + 3) / 4;
    vec2 size = vec2(float(u_cols * tiles), float(u_rows));
    // the pixel's place between cell centres, kept inside its tile so that no tile filters into the next
    vec2 g = clamp(v_uv * vec2(u_cols, u_rows), vec2(0.5), vec2(float(u_cols) - 0.5, float(u_rows) - 0.5));
    float values[12];
    for (int t = 0; t < 3; ++t) {
        if (t >= tiles) break;
        vec4 v = texture(u_values, vec2(g.x + float(t * u_cols), g.y) / size);
        values[4 * t] = v.r;
        values[4 * t + 1] = v.g;
        values[4 * t + 2] = v.b;
        values[4 * t + 3] = v.a;
    }
    float best = -1e30, second = -1e30;
    int winner = 0;
    for (int k = 0; k < 12; ++k) {
        if (k >= u_channels) break;
        float v = values[k];
        if (v > best) {
            second = best;
            best = v;
            winner = k;
        } else if (v > second) {
            second = v;
        }
    }
    float confidence = best;
    if (u_softmax == 1) {
        float total = 0.0;
        for (int k = 0; k < 12; ++k) {
            if (k >= u_channels) break;
            total += exp(values[k] - best);
        }
        confidence = 1.0 / total;
    }
    float floor_share = u_softmax == 1 ? 1.0 / float(max(u_channels, 1)) : 0.0;
    float top = u_softmax == 1 ? 1.0 : u_scale;
    float strength = clamp((confidence - floor_share) / max(top - floor_share, 1e-6), 0.0, 1.0);
    vec3 colour = mix(u_background, u_colors[winner], 0.25 + 0.55 * strength);
    float margin = best - second;   // 0 on a boundary
    float width = fwidth(margin);   // 0 where every channel ties on a flat stretch: no boundary there
    float edge = width > 0.0 ? 1.0 - smoothstep(0.5 * width, 1.5 * width, margin) : 0.0;
    if (u_channels > 1) colour = mix(colour, u_boundary, 0.85 * edge);
    frag = vec4(colour, 1.0);
}
