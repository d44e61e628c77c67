// A rectangle from four vertex ids (no vertex buffer): a field's or a heatmap's plot area in clip space, with uv running
// over it from (0, 0) at the plane's (x_min, y_min) corner to (1, 1). Shared by WebGL2 and desktop GL 3.3: the
// app prepends the #version line (app/plot/gpu_draw.cpp).
uniform vec4 u_rect;   // clip-space x0, y0 (bottom left), x1, y1 (top right)
out vec2 v_uv;

void main() {
    vec2 corner = vec2(float(gl_VertexID & 1), float((gl_VertexID >> 1) & 1));
    v_uv = corner;
    gl_Position = vec4(mix(u_rect.xy, u_rect.zw, corner), 0.0, 1.0);
}
