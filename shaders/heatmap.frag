// Heatmaps (core/view.hpp Heatmap): each pixel takes its cell's value (texelFetch from a 32-bit float texture: no
// filtering, so cell edges stay sharp at any size and density) through the theme's colour scale, the same
// piecewise-linear stops as the CPU's heat_color (app/plot/plot_style.cpp). Empty (NaN) cells arrive as a value
// below -1e37 and take the plot's background.
precision highp float;
precision highp int;

uniform highp sampler2D u_values;   // width cols, height rows; texel row r is the heatmap's row r (drawn top down)
uniform int u_rows;
uniform int u_cols;
uniform float u_lo;
uniform float u_hi;
uniform vec3 u_stops[5];            // the scale's colours, evenly spaced from lo to hi (a 3-stop scale spread over 5)
uniform vec3 u_background;
in vec2 v_uv;
out vec4 frag;

void main() {
    int c = clamp(int(floor(v_uv.x * float(u_cols))), 0, u_cols - 1);
    int r = clamp(int(floor((1.0 - v_uv.y) * float(u_rows))), 0, u_rows - 1);
    float v = texelFetch(u_values, ivec2(c, r), 0).r;
    if (v < -1e37) {
        frag = vec4(u_background, 1.0);
        return;
    }
    // as heat_color((v − lo)/(hi − lo)): a reversed range reverses the scale; an empty one gives the ends (or the middle)
    float span = u_hi - u_lo;
    float t = span != 0.0 ? clamp((v - u_lo) / span, 0.0, 1.0) : (v > u_lo ? 1.0 : (v < u_lo ? 0.0 : 0.5));
    float x = t * 4.0;   // between stops k and k + 1 for x in [k, k + 1]: a chain of mixes, no index into the array
    vec3 colour = mix(u_stops[0], u_stops[1], clamp(x, 0.0, 1.0));
    colour = mix(colour, u_stops[2], clamp(x - 1.0, 0.0, 1.0));
    colour = mix(colour, u_stops[3], clamp(x - 2.0, 0.0, 1.0));
    colour = mix(colour, u_stops[4], clamp(x - 3.0, 0.0, 1.0));
    frag = vec4(colour, 1.0);
}
