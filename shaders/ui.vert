// Dear ImGui's vertices (platform/imgui_renderer.cpp): a position in display coordinates, a uv in the texture and a
// colour. A solid shape's vertices all carry the font atlas's white pixel as their uv (u_white): the fragment shader
// then skips the texture read. Shared by WebGL2 and desktop GL 3.3: the app prepends the #version line.
uniform mat4 u_projection;
uniform vec2 u_white;   // (-1, -1) while a texture other than the font atlas is bound
layout(location = 0) in vec2 a_position;
layout(location = 1) in vec2 a_uv;
layout(location = 2) in vec4 a_color;
out vec2 v_uv;
out vec4 v_color;
flat out int v_solid;

void main() {
    v_uv = a_uv;
    v_color = a_color;
    v_solid = a_uv == u_white ? 1 : 0;
    gl_Position = u_projection * vec4(a_position, 0.0, 1.0);
}
