// The page's Web Workers for sweep repetitions (web/workers.js, web/sweep-worker.js; app::WorkerPool).
#pragma once
#include "app/frame/app.hpp"

namespace platform {

app::WorkerPool* web_workers();   // the page's pool (one)
// Where the workers' messages go, and how the page wakes to draw what they changed (a page asleep would go on
// showing B's last sentence, say, until touched).
void connect_web_workers(app::App* app, void (*changed)());

}   // namespace platform
