// Territories of a field (core/view.hpp Field): per pixel, each channel interpolated bilinearly between cell
// centres (texelFetch from a 32-bit float texture: WebGL2 cannot filter those), the winning channel (argmax),
// its confidence (softmax probability of logits, or its value), the pixel in the winner's colour with the
// confidence as saturation, and the boundary between territories outlined, anti-aliased at any size (the margin
// between the two best channels against its screen-space derivative).
precision highp float;
precision highp int;

uniform highp sampler2D u_values;   // width cols × channels, height rows: cell (r, c), channel k at (c·channels + k, r)
uniform int u_rows;
uniform int u_cols;
uniform int u_channels;             // at most 10
uniform int u_softmax;              // 1: the channels are logits
uniform float u_scale;              // softmax off: the value at full saturation
uniform vec3 u_colors[10];          // the theme's series colours (app/colors.cpp); a "no expert" channel: u_background
uniform vec3 u_background;
uniform vec3 u_boundary;
in vec2 v_uv;
out vec4 frag;

float cell(int r, int c, int k) { return texelFetch(u_values, ivec2(c * u_channels + k, r), 0).r; }

float channel(vec2 g, int k) {
    ivec2 p0 = ivec2(floor(g));
    vec2 t = g - vec2(p0);
    int c0 = clamp(p0.x, 0, u_cols - 1), c1 = clamp(p0.x + 1, 0, u_cols - 1);
    int r0 = clamp(p0.y, 0, u_rows - 1), r1 = clamp(p0.y + 1, 0, u_rows - 1);
    return mix(mix(cell(r0, c0, k), cell(r0, c1, k), t.x), mix(cell(r1, c0, k), cell(r1, c1, k), t.x), t.y);
}

void main() {
    vec2 g = clamp(v_uv * vec2(u_cols, u_rows) - 0.5, vec2(0.0), vec2(u_cols - 1, u_rows - 1));
    float best = -1e30, second = -1e30;
    int winner = 0;
    float values[10];
    for (int k = 0; k < 10; ++k) {
        if (k >= u_channels) break;
        float v = channel(g, k);
        values[k] = v;
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
        for (int k = 0; k < 10; ++k) {
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
