// A field's image, drawn earlier into a texture of its rectangle's size (app/plot/gpu_draw.cpp), copied onto the
// rectangle: what every frame costs while the field does not change.
precision highp float;

uniform highp sampler2D u_image;
in vec2 v_uv;
out vec4 frag;

void main() { frag = texture(u_image, v_uv); }
