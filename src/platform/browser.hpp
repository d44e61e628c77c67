// Browser interop: the URL, clipboard, downloads, and the JavaScript API window.moeLab.
#pragma once
#include "app/app.hpp"
#include <cstdint>
#include <string>
#include <vector>

namespace browser {

std::string query();                    // location.search without '?'
void set_query(const std::string& q);   // history.replaceState
void copy_link(const std::string& q);   // full page URL with the query → clipboard
void download(const std::string& file, const std::string& text);
void save_png(const std::string& file, const std::vector<uint8_t>& png);   // download + moeLab.lastPng
void show_fatal(const char* message);
double now_ms();      // performance.now()
int window_width();   // window.innerWidth (CSS pixels)
int window_height();
void expose(app::App* a);   // moe_state() / moe_command() for JS

}   // namespace browser
