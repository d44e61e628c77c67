#include "platform/imgui_renderer.hpp"
#include "app/plot/gpu_draw.hpp"
#include <cstdint>
#include <cstdio>
#include <string>
#ifdef __EMSCRIPTEN__
#include <GLES3/gl3.h>
#else
#define GL_GLEXT_PROTOTYPES 1
#include <GL/gl.h>
#include <GL/glext.h>
#endif

namespace platform {

// 32-bit indices (CMakeLists.txt): a draw list never needs ImDrawCmd::VtxOffset, which WebGL2 could not honour
static_assert(sizeof(ImDrawIdx) == 4);

namespace {

GLuint g_program = 0, g_vao = 0, g_vertices = 0, g_indices = 0, g_font = 0;
GLint g_projection = -1, g_white = -1, g_texture = -1;

// What ImGui's drawing needs, set whole at the start of a frame and after a view's own GL drawing
// (ImDrawCallback_ResetRenderState, app/plot/gpu_draw.cpp): blending, no depth or culling, the scissor, the program.
void set_state(const ImDrawData* d, int fb_width, int fb_height) {
    glViewport(0, 0, fb_width, fb_height);
    glEnable(GL_BLEND);
    glBlendEquation(GL_FUNC_ADD);
    glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
    glDisable(GL_CULL_FACE);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_STENCIL_TEST);
    glEnable(GL_SCISSOR_TEST);
    glUseProgram(g_program);
    glBindVertexArray(g_vao);
    glBindBuffer(GL_ARRAY_BUFFER, g_vertices);
    glActiveTexture(GL_TEXTURE0);
    glUniform1i(g_texture, 0);
    // display coordinates (y down) onto clip space
    const float l = d->DisplayPos.x, r = l + d->DisplaySize.x, t = d->DisplayPos.y, b = t + d->DisplaySize.y;
    const float projection[16] = {2 / (r - l),       0, 0, 0, 0, 2 / (t - b), 0, 0, 0, 0, -1, 0, (r + l) / (l - r),
                                  (t + b) / (b - t), 0, 1};
    glUniformMatrix4fv(g_projection, 1, GL_FALSE, projection);
}

void bind_texture(ImTextureID id) {
    const GLuint texture = GLuint(reinterpret_cast<intptr_t>(id));
    glBindTexture(GL_TEXTURE_2D, texture);
    const ImVec2 white = texture == g_font ? ImGui::GetIO().Fonts->TexUvWhitePixel : ImVec2(-1, -1);
    glUniform2f(g_white, white.x, white.y);
}

}   // namespace

bool renderer_init() {
    std::string error;
    g_program = app::build_program("ui.vert", "ui.frag", error);
    if (!g_program) {
        std::fprintf(stderr, "MoE Lab: the UI's shaders did not build: %s\n", error.c_str());
        return false;
    }
    g_projection = glGetUniformLocation(g_program, "u_projection");
    g_white = glGetUniformLocation(g_program, "u_white");
    g_texture = glGetUniformLocation(g_program, "u_texture");
    glGenVertexArrays(1, &g_vao);
    glGenBuffers(1, &g_vertices);
    glGenBuffers(1, &g_indices);
    glBindVertexArray(g_vao);
    glBindBuffer(GL_ARRAY_BUFFER, g_vertices);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, g_indices);   // (kept by the vertex array)
    glEnableVertexAttribArray(0);
    glEnableVertexAttribArray(1);
    glEnableVertexAttribArray(2);
    const auto at = [](size_t offset) { return reinterpret_cast<const void*>(offset); };
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, sizeof(ImDrawVert), at(offsetof(ImDrawVert, pos)));
    glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, sizeof(ImDrawVert), at(offsetof(ImDrawVert, uv)));
    glVertexAttribPointer(2, 4, GL_UNSIGNED_BYTE, GL_TRUE, sizeof(ImDrawVert), at(offsetof(ImDrawVert, col)));
    glBindVertexArray(0);
    ImGui::GetIO().BackendRendererName = "moe-lab";   // words: not shown
    return true;
}

void renderer_begin_frame() {
    if (!g_font) renderer_fonts();
}

void renderer_fonts() {
    ImGuiIO& io = ImGui::GetIO();
    unsigned char* pixels = nullptr;
    int width = 0, height = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);
    if (!g_font) glGenTextures(1, &g_font);
    glBindTexture(GL_TEXTURE_2D, g_font);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
    io.Fonts->SetTexID(reinterpret_cast<ImTextureID>(intptr_t(g_font)));
}

void renderer_draw(const ImDrawData* d) {
    const int fb_width = int(d->DisplaySize.x * d->FramebufferScale.x),
              fb_height = int(d->DisplaySize.y * d->FramebufferScale.y);
    if (fb_width <= 0 || fb_height <= 0 || !g_program) return;
    set_state(d, fb_width, fb_height);
    ImTextureID bound = nullptr;   // (the font atlas is never 0)
    const ImVec2 off = d->DisplayPos, scale = d->FramebufferScale;
    for (int n = 0; n < d->CmdListsCount; ++n) {
        const ImDrawList* list = d->CmdLists[n];
        glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(list->VtxBuffer.Size) * GLsizeiptr(sizeof(ImDrawVert)),
                     list->VtxBuffer.Data, GL_STREAM_DRAW);
        glBufferData(GL_ELEMENT_ARRAY_BUFFER, GLsizeiptr(list->IdxBuffer.Size) * GLsizeiptr(sizeof(ImDrawIdx)),
                     list->IdxBuffer.Data, GL_STREAM_DRAW);
        for (const ImDrawCmd& cmd : list->CmdBuffer) {
            if (cmd.UserCallback == ImDrawCallback_ResetRenderState) {
                set_state(d, fb_width, fb_height);
                bound = nullptr;
                continue;
            }
            if (cmd.UserCallback) {
                cmd.UserCallback(list, &cmd);
                continue;
            }
            const float x0 = (cmd.ClipRect.x - off.x) * scale.x, y0 = (cmd.ClipRect.y - off.y) * scale.y,
                        x1 = (cmd.ClipRect.z - off.x) * scale.x, y1 = (cmd.ClipRect.w - off.y) * scale.y;
            if (x1 <= x0 || y1 <= y0) continue;
            glScissor(GLint(x0), GLint(float(fb_height) - y1), GLsizei(x1 - x0), GLsizei(y1 - y0));
            if (cmd.GetTexID() != bound) bind_texture(bound = cmd.GetTexID());
            glDrawElements(GL_TRIANGLES, GLsizei(cmd.ElemCount), GL_UNSIGNED_INT,
                           reinterpret_cast<const void*>(size_t(cmd.IdxOffset) * sizeof(ImDrawIdx)));
        }
    }
    glDisable(
        GL_SCISSOR_TEST);   // (a clear obeys the scissor: the next frame's would paint the last command's clip only)
}

void renderer_shutdown() {
    for (GLuint* b : {&g_vertices, &g_indices})
        if (*b) glDeleteBuffers(1, b), *b = 0;
    if (g_vao) glDeleteVertexArrays(1, &g_vao), g_vao = 0;
    if (g_font) glDeleteTextures(1, &g_font), g_font = 0;
    if (g_program) glDeleteProgram(g_program), g_program = 0;
    ImGui::GetIO().Fonts->SetTexID(nullptr);
}

}   // namespace platform
