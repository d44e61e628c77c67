// The page's Web Workers for sweep repetitions (web/workers.js, web/sweep-worker.js; app::WorkerPool).
#pragma once
#include "app/frame/app.hpp"

namespace platform {

app::WorkerPool* web_workers();            // the page's pool (one)
void connect_web_workers(app::App* app);   // where the workers' messages go

}   // namespace platform
