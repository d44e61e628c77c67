#include "platform/png_export.hpp"
#include "platform/glfw_window.hpp"
#include "platform/imgui_renderer.hpp"
#include <imgui.h>
#include <cfloat>
#include <cstdio>
#include <cstring>
#ifdef __EMSCRIPTEN__
#include <GLES3/gl3.h>
#else
#define GL_GLEXT_PROTOTYPES 1
#include <GL/gl.h>
#include <GL/glext.h>
#endif
#define STB_IMAGE_WRITE_IMPLEMENTATION
#define STBI_WRITE_NO_STDIO
#include <stb_image_write.h>

namespace platform {

std::vector<uint8_t> encode_png(std::vector<uint8_t> rgba, int w, int h) {
    std::vector<uint8_t> out;
    if (w <= 0 || h <= 0 || rgba.size() < size_t(w) * size_t(h) * 4) return out;
    for (size_t k = 3; k < rgba.size(); k += 4) rgba[k] = 255;
    auto sink = [](void* ctx, void* data, int n) {
        auto* o = static_cast<std::vector<uint8_t>*>(ctx);
        o->insert(o->end(), static_cast<uint8_t*>(data), static_cast<uint8_t*>(data) + n);
    };
    if (!stbi_write_png_to_func(sink, &out, w, h, 4, rgba.data(), w * 4)) out.clear();
    return out;
}

std::vector<uint8_t> read_pixels(int w, int h) {
    std::vector<uint8_t> px(size_t(w) * size_t(h) * 4), row(size_t(w) * 4);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, px.data());
    for (int y = 0; y < h / 2; ++y) {
        uint8_t* a = &px[size_t(y) * w * 4];
        uint8_t* b = &px[size_t(h - 1 - y) * w * 4];
        std::memcpy(row.data(), a, row.size());
        std::memcpy(a, b, row.size());
        std::memcpy(b, row.data(), row.size());
    }
    return px;
}

void export_view(app::App& a) {
    a.exporter().begin();   // twice the UI scale: fonts are rebuilt for sharp text, not scaled up
    rebuild_fonts(a);
    const ImVec2 size = a.exporter().size();
    const int W = int(size.x), H = int(size.y);
    GLint max_tex = 0;
    glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_tex);
    std::vector<uint8_t> png;
    if (W > 0 && H > 0 && W <= max_tex && H <= max_tex) {
        ImGuiIO& io = ImGui::GetIO();
        const ImVec2 display = io.DisplaySize, fb_scale = io.DisplayFramebufferScale, mouse = io.MousePos;
        io.DisplaySize = size;
        io.DisplayFramebufferScale = ImVec2(1, 1);
        io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);   // no hover effects in the picture
        ImGui::NewFrame();
        a.exporter().draw();
        ImGui::Render();
        GLuint fbo = 0, tex = 0;
        glGenTextures(1, &tex);
        glBindTexture(GL_TEXTURE_2D, tex);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, W, H, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
        glGenFramebuffers(1, &fbo);
        glBindFramebuffer(GL_FRAMEBUFFER, fbo);
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
        if (glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE) {
            glViewport(0, 0, W, H);
            glClearColor(1, 1, 1, 1);
            glClear(GL_COLOR_BUFFER_BIT);
            renderer_draw(ImGui::GetDrawData());
            png = encode_png(read_pixels(W, H), W, H);
        } else {
            std::fprintf(stderr, "MoE Lab: the offscreen framebuffer for the PNG is incomplete\n");
        }
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
        glDeleteFramebuffers(1, &fbo);
        glDeleteTextures(1, &tex);
        io.DisplaySize = display;
        io.DisplayFramebufferScale = fb_scale;
        io.MousePos = mouse;
    } else {
        std::fprintf(stderr, "MoE Lab: a %d×%d picture exceeds the GL texture limit %d\n", W, H, int(max_tex));
    }
    a.exporter().finish(png, W, H);   // back to the UI scale
    rebuild_fonts(a);
}

}   // namespace platform
