#include "platform/browser.hpp"
#include "app/plot/screen_text.hpp"
#include "core/words.hpp"
#include "session/json_text.hpp"
#include <emscripten.h>
#include <cstdlib>
#include <string>

static app::App* g_app = nullptr;
static std::function<std::string()> g_loop_state;
static std::function<void()> g_after_command;

// The bodies below are JavaScript: clang-format would break them ("=>" becomes "= >").
// clang-format off
EM_JS(char*, js_query, (), {
    const q = window.location.search, s = q.charAt(0) == "?" ? q.substring(1) : q;
    const n = lengthBytesUTF8(s) + 1, p = _malloc(n);
    stringToUTF8(s, p, n);
    return p;
});
EM_JS(char*, js_page_address, (), {
    const s = window.location.origin + window.location.pathname;
    const n = lengthBytesUTF8(s) + 1, p = _malloc(n);
    stringToUTF8(s, p, n);
    return p;
});
EM_JS(void, js_set_query, (const char* q), {
    const url = window.location.pathname + "?" + UTF8ToString(q);
    window.history.replaceState(null, "", url);
});
EM_JS(void, js_copy_link, (const char* q), {
    const url = window.location.origin + window.location.pathname + "?" + UTF8ToString(q);
    if (navigator.clipboard) navigator.clipboard.writeText(url).catch(() => {});
    if (window.moeLabOnCopy) window.moeLabOnCopy(url);
});
EM_JS(void, js_download, (const char* file, const char* text), {
    const blob = new Blob([UTF8ToString(text)], {type: "text/csv"});
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = UTF8ToString(file);
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
});
EM_JS(void, js_open_file, (const char* prefix), {
    const p = UTF8ToString(prefix), input = document.createElement("input");
    input.type = "file";
    input.accept = ".csv,.txt,text/csv,text/plain";
    input.onchange = () => {
        const f = input.files && input.files[0];
        if (f) f.text().then((t) => window.moeLab.command(p + t));
    };
    input.click();
});
EM_JS(void, js_load_words, (const char* code, const char* font), {
    window.moeLab.loadWords(UTF8ToString(code), UTF8ToString(font));
});
EM_JS(void, js_set_language, (const char* code, const char* title, const char* name), {
    document.documentElement.lang = UTF8ToString(code);
    document.title = UTF8ToString(title);
    document.getElementById("pdom").setAttribute("aria-label", UTF8ToString(name));
    if (window.moeLabDocument && window.moeLabDocument.refresh) window.moeLabDocument.refresh();
});
EM_JS(void, js_copy_plain, (const char* t), {
    const text = UTF8ToString(t);
    if (navigator.clipboard) navigator.clipboard.writeText(text).catch(() => {});
    if (window.moeLabOnCopy) window.moeLabOnCopy(text);
});
// A text field typed in the page's HTML document (web/pdom.js): its twin of the canvas's control focused.
EM_JS(void, js_edit_text, (const char* control), {
    if (window.moeLabDocument && window.moeLabDocument.edit) window.moeLabDocument.edit(UTF8ToString(control));
});
// The device's own store (localStorage): "" when absent or when the browser refuses it (a private window).
EM_JS(char*, js_load_kept, (const char* name), {
    let s = "";
    try { s = window.localStorage.getItem("moe-lab:" + UTF8ToString(name)) || ""; } catch (e) {}
    const n = lengthBytesUTF8(s) + 1, p = _malloc(n);
    stringToUTF8(s, p, n);
    return p;
});
EM_JS(void, js_save_kept, (const char* name, const char* text), {
    try { window.localStorage.setItem("moe-lab:" + UTF8ToString(name), UTF8ToString(text)); } catch (e) {}
});
// A worksheet (app/parts/worksheet.hpp): a new tab to print, or, where the browser blocks it, a download; kept as
// window.moeLab.lastSheet for the browser test.
EM_JS(void, js_open_page, (const char* file, const char* html), {
    const name = UTF8ToString(file), text = UTF8ToString(html);
    if (window.moeLab) window.moeLab.lastSheet = {file: name, html: text};
    const url = URL.createObjectURL(new Blob([text], {type: "text/html"}));
    if (!window.open(url, "_blank")) {
        const a = document.createElement("a");
        a.href = url;
        a.download = name;
        a.click();
    }
    setTimeout(() => URL.revokeObjectURL(url), 60000);
});
// A view's PNG: saved as a download, and kept as window.moeLab.lastPng for the browser test.
EM_JS(void, js_save_png, (const char* file, const unsigned char* data, int n), {
    const bytes = HEAPU8.slice(data, data + n), name = UTF8ToString(file);
    if (window.moeLab) window.moeLab.lastPng = {file: name, bytes: bytes};
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([bytes], {type: "image/png"}));
    a.download = name;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
});
// A clip of the canvas (web/record.js): start gives "" or why not (a string the caller frees); 0 without the page's
// recorder (said in C++, through the string table).
EM_JS(char*, js_record_start, (int w, int h), {
    if (!window.moeRecorder) return 0;
    const why = window.moeRecorder.start(w, h);
    const n = lengthBytesUTF8(why) + 1, p = _malloc(n);
    stringToUTF8(why, p, n);
    return p;
});
EM_JS(void, js_record_frame, (int x, int y, int w, int h), { if (window.moeRecorder) window.moeRecorder.frame(x, y, w, h); });
EM_JS(void, js_record_stop, (), { if (window.moeRecorder) window.moeRecorder.stop(); });
EM_JS(double, js_viewport_width, (), { return window.innerWidth; });
EM_JS(double, js_viewport_height, (), { return window.innerHeight; });
EM_JS(double, js_density, (), { return window.devicePixelRatio || 1; });
EM_JS(void, js_set_canvas_size, (int w, int h), { Module.setCanvasSize(w, h); });
EM_JS(void, js_fatal, (const char* m), {
    const el = document.getElementById("fatal");
    if (el) { el.textContent = UTF8ToString(m); el.style.display = "block"; }
});
// clang-format on

namespace browser {

std::string record_start(int w, int h) {
    char* p = js_record_start(w, h);
    if (!p) return core::tr("the page's recorder (record.js) is missing");
    std::string why(p);
    free(p);
    return why;
}
void record_frame(int x, int y, int w, int h) { js_record_frame(x, y, w, h); }
void record_stop() { js_record_stop(); }

std::string query() {
    char* p = js_query();
    std::string s(p);
    free(p);
    return s;
}

std::string page_address() {
    char* p = js_page_address();
    std::string s(p);
    free(p);
    return s;
}
void set_query(const std::string& q) { js_set_query(q.c_str()); }
void copy_link(const std::string& q) { js_copy_link(q.c_str()); }
void download(const std::string& f, const std::string& t) { js_download(f.c_str(), t.c_str()); }
void open_page(const std::string& f, const std::string& t) { js_open_page(f.c_str(), t.c_str()); }
void copy_plain(const std::string& t) { js_copy_plain(t.c_str()); }
void edit_text(const std::string& control) { js_edit_text(control.c_str()); }
std::string load_kept(const std::string& name) {
    char* p = js_load_kept(name.c_str());
    std::string s(p);
    std::free(p);
    return s;
}
void save_kept(const std::string& name, const std::string& text) { js_save_kept(name.c_str(), text.c_str()); }
void open_file(const std::string& command_prefix) { js_open_file(command_prefix.c_str()); }
void load_words(const std::string& code) {
    const core::Language* l = core::find_language(code);
    js_load_words(code.c_str(), l ? l->font : "");
}
// The document's language, and the tab's title and the document's name in it (web/index.html's, before the module ran: languages.js).
void set_language(const std::string& code) {
    js_set_language(code.c_str(), core::tr("MoE Lab: mixture-of-experts theory, live"), core::tr("MoE Lab"));
}
void save_png(const std::string& f, const std::vector<uint8_t>& png) {
    js_save_png(f.c_str(), png.data(), int(png.size()));
}
void show_fatal(const char* m) { js_fatal(m); }
double now_ms() { return emscripten_get_now(); }
Viewport viewport() { return {js_viewport_width(), js_viewport_height(), js_density()}; }
void set_canvas_size(int w, int h) { js_set_canvas_size(w, h); }
void expose(app::App* a, std::function<std::string()> loop_state, std::function<void()> after_command) {
    g_app = a;
    g_loop_state = std::move(loop_state);
    g_after_command = std::move(after_command);
}

}   // namespace browser

// Called from web/moe-lab-api.js: window.moeLab.state(), .command("play"), .document() and .table(n).
extern "C" {
// The page's own texts (web/*.js) through the one table (core/words.hpp): moeLabWords("Add point").
EMSCRIPTEN_KEEPALIVE const char* moe_tr(const char* english) { return core::tr(english); }
// A count's form (core::plural), for the page's scripts: valid until the next call.
EMSCRIPTEN_KEEPALIVE const char* moe_plural(double n, const char* one, const char* other) {
    static std::string form;
    form = core::plural((long long)n, one, other);
    return form.c_str();
}
EMSCRIPTEN_KEEPALIVE const char* moe_state() {
    static std::string s;
    s = g_app ? g_app->state_json() : "{}";
    if (g_loop_state && s.size() > 2) s.insert(s.size() - 1, "," + g_loop_state());
    return s.c_str();
}
EMSCRIPTEN_KEEPALIVE const char* moe_document() {   // the HTML document's declarations (web/pdom.js)
    static std::string s;
    s = g_app ? g_app->document_json() : "null";
    return s.c_str();
}
EMSCRIPTEN_KEEPALIVE const char* moe_view_table(int n) {   // view n's data as tables
    static std::string s;
    s = g_app ? g_app->view_table_json(n) : "null";
    return s.c_str();
}
// The last frame's texts as the canvas shows them (app/plot/screen_text.hpp), for the tests: [{text, box, clip, cut}].
EMSCRIPTEN_KEEPALIVE const char* moe_screen_text() {
    static std::string s;
    const ImDrawData* draw = ImGui::GetDrawData();
    s = "[";
    if (draw && draw->Valid)
        for (const app::ScreenRun& r : app::screen_text(*draw, *ImGui::GetIO().Fonts))
            s += (s.size() > 1 ? "," : "") + std::string("{\"text\":") + session::json_string(r.text) + ",\"box\":[" +
                session::json_number(r.min.x) + "," + session::json_number(r.min.y) + "," +
                session::json_number(r.max.x) + "," + session::json_number(r.max.y) + "],\"clip\":[" +
                session::json_number(r.clip.x) + "," + session::json_number(r.clip.y) + "," +
                session::json_number(r.clip.z) + "," + session::json_number(r.clip.w) +
                "],\"cut\":" + session::json_bool(r.cut) + "}";
    s += "]";
    return s.c_str();
}
EMSCRIPTEN_KEEPALIVE const char* moe_command(const char* cmd) {   // "" when applied, else why not
    static std::string why;
    why = g_app ? g_app->command(cmd) : core::tr("the page is not ready");
    if (g_after_command) g_after_command();
    return why.c_str();
}
}
