// Dear ImGui's pixels: the vertex colour times the texture, or the colour alone for a solid shape (ui.vert), where
// the texture would read the atlas's white pixel, 1.0: the same colour without the read that software WebGL
// (SwiftShader) pays on every pixel, and most of the screen's pixels are solid backgrounds.
precision mediump float;

uniform sampler2D u_texture;
in vec2 v_uv;
in vec4 v_color;
flat in int v_solid;
out vec4 frag;

void main() {
    if (v_solid == 1) frag = v_color;
    else frag = v_color * texture(u_texture, v_uv);
}
