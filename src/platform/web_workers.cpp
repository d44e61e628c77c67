// The page's Web Workers (app::WorkerPool) as calls into web/workers.js, and that file's calls back into the
// app: workers ready, a worker's results, a worker that stopped, run B's snapshots and its worker's end.
#include "session/sweep_results.hpp"
#include "platform/web_workers.hpp"
#include <emscripten.h>

namespace {

app::App* g_app = nullptr;
void (*g_changed)() = nullptr;

// A message from the workers reaches the app, and the page draws what it changed.
template <class F>
void to_app(F&& f) {
    if (!g_app) return;
    f(*g_app);
    g_changed();
}

// clang-format off
EM_JS(void, js_workers_start, (int count), { window.moeWorkers.start(count); });
EM_JS(void, js_workers_open, (int run, const char* query), { window.moeWorkers.open(run, UTF8ToString(query)); });
EM_JS(void, js_workers_assign, (int worker, int run, int sweep, int rep), {
    window.moeWorkers.assign(worker, run, sweep, rep);
});
EM_JS(void, js_workers_fill, (int run, int sweep, const char* text), {
    window.moeWorkers.fill(run, sweep, UTF8ToString(text));
});
EM_JS(void, js_workers_play, (int on), { window.moeWorkers.play(on !== 0); });
EM_JS(void, js_workers_open_b, (int run, const char* query, const char* text), {
    window.moeWorkers.openB(run, UTF8ToString(query), UTF8ToString(text));
});
EM_JS(void, js_workers_pace_b, (int run, double limit), { window.moeWorkers.paceB(run, limit); });
EM_JS(void, js_workers_text_b, (int run, const char* text), { window.moeWorkers.textB(run, UTF8ToString(text)); });
EM_JS(void, js_workers_close_b, (), { window.moeWorkers.closeB(); });
// clang-format on

class WebWorkers : public app::WorkerPool {
public:
    void start(int count) override { js_workers_start(count); }
    void open(int run, const std::string& query) override { js_workers_open(run, query.c_str()); }
    void play(bool on) override { js_workers_play(on ? 1 : 0); }
    void assign(int worker, int run, int sweep, int rep) override { js_workers_assign(worker, run, sweep, rep); }
    void fill(int run, int sweep, const std::vector<core::SweepResult>& all) override {
        js_workers_fill(run, sweep, session::encode_results(all).c_str());
    }
    void open_b(int run, const std::string& query, const std::string& text) override {
        js_workers_open_b(run, query.c_str(), text.c_str());
    }
    void pace_b(int run, double limit) override { js_workers_pace_b(run, limit); }
    void text_b(int run, const std::string& text) override { js_workers_text_b(run, text.c_str()); }
    void close_b() override { js_workers_close_b(); }
};

}   // namespace

namespace platform {

app::WorkerPool* web_workers() {
    static WebWorkers pool;
    return &pool;
}

void connect_web_workers(app::App* app, void (*changed)()) {
    g_app = app;
    g_changed = changed;
}

}   // namespace platform

extern "C" {
EMSCRIPTEN_KEEPALIVE void moe_workers_ready(int ready, const char* why) {
    to_app([&](app::App& a) { a.run().workers_ready(ready, why); });
}
EMSCRIPTEN_KEEPALIVE void moe_worker_results(int worker, int run, const char* text) {
    to_app([&](app::App& a) { a.run().worker_results(worker, run, text); });
}
EMSCRIPTEN_KEEPALIVE void moe_worker_failed(int worker, const char* why) {
    to_app([&](app::App& a) { a.run().worker_failed(worker, why); });
}
EMSCRIPTEN_KEEPALIVE void moe_run_b_snapshot(int run, const char* bytes, int size) {
    if (size >= 0) to_app([&](app::App& a) { a.run_b_snapshot(run, std::string(bytes, size_t(size))); });
}
EMSCRIPTEN_KEEPALIVE void moe_run_b_failed(const char* why) {
    to_app([&](app::App& a) { a.run().b().failed(why); });
}
}
