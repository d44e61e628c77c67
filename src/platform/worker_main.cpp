// The WebAssembly module each of the page's Web Workers runs (web/sweep-worker.js): the core and the labs,
// no GL, no app. A worker has one of two jobs:
//   - sweep repetitions: it opens the page's run from its link, runs it to its sweeps and runs the repetitions the
//     page hands it (session::SweepWorker); its results go back as text (session::encode_results);
//   - compare mode's run B: it runs B paced by the page's run A (session::PacedRun) and sends snapshots back as bytes.
// Built with -sMODULARIZE
// and -sENVIRONMENT=worker,node (CMakeLists.txt), so the same module also runs under node (tests/e2e).
#include "session/sweep_results.hpp"
#include "session/paced_run.hpp"
#include "session/sweep_dispatch.hpp"
#include <emscripten.h>
#include <string>

namespace {
session::SweepWorker g_worker;
session::PacedRun g_run_b;
std::string g_text;    // the last string handed to JavaScript (valid until the next call)
std::string g_bytes;   // the last snapshot of run B (valid until the next moe_run_b_advance)
}   // namespace

extern "C" {

// The run of a link query (lab, preset, seed, parameters): "" or why it cannot be opened.
EMSCRIPTEN_KEEPALIVE const char* moe_worker_open(const char* query) {
    g_text = g_worker.open(query);
    return g_text.c_str();
}

EMSCRIPTEN_KEEPALIVE void moe_worker_assign(int sweep, int rep) { g_worker.assign(sweep, rep); }

// Every result of a sweep complete in the page: 1, or 0 when the text is not a list of results.
EMSCRIPTEN_KEEPALIVE int moe_worker_fill(int sweep, const char* text) {
    std::vector<core::SweepResult> all;
    if (!session::decode_results(text, all)) return 0;
    g_worker.fill(sweep, std::move(all));
    return 1;
}

// Runs for about `ms` milliseconds, or until the run waits for the page; the finished jobs' results as text.
EMSCRIPTEN_KEEPALIVE const char* moe_worker_run(double ms) {
    std::vector<core::SweepResult> done;
    const double t0 = emscripten_get_now();
    while (!g_worker.idle() && emscripten_get_now() - t0 < ms) {
        const core::Lab* lab = g_worker.lab();
        for (auto& [sweep, r] : g_worker.run(lab->units_per_second() * core::Runner::kSliceSeconds)) done.push_back(r);
    }
    g_text = session::encode_results(done);
    return g_text.c_str();
}

// Nothing to do until a message comes (or the run ended: a run that fails here fails in the page too).
EMSCRIPTEN_KEEPALIVE int moe_worker_idle() { return g_worker.idle() ? 1 : 0; }

// --- compare mode's run B ---
// B from its link query and the class's text ("": the lab's example): "" or why it cannot be opened.
EMSCRIPTEN_KEEPALIVE const char* moe_run_b_open(const char* query, const char* text) {
    g_text = g_run_b.open(query, text);
    return g_text.c_str();
}

// A text the class typed while B runs: B reads it where it is.
EMSCRIPTEN_KEEPALIVE void moe_run_b_text(const char* text) { g_run_b.read_text(text); }

EMSCRIPTEN_KEEPALIVE void moe_run_b_limit(double progress) { g_run_b.set_limit(progress); }

// Steps B for about `ms` milliseconds, or until it reaches its limit; the size of its new snapshot (0: nothing
// changed), whose bytes are at moe_run_b_bytes().
EMSCRIPTEN_KEEPALIVE int moe_run_b_advance(double ms) {
    const double t0 = emscripten_get_now();
    while (!g_run_b.idle() && emscripten_get_now() - t0 < ms) g_run_b.step();
    return g_run_b.take_snapshot(g_bytes) ? int(g_bytes.size()) : 0;
}

EMSCRIPTEN_KEEPALIVE const char* moe_run_b_bytes() { return g_bytes.data(); }

EMSCRIPTEN_KEEPALIVE int moe_run_b_idle() { return g_run_b.idle() ? 1 : 0; }
}
