// core::next_code_point (core/utf8.hpp): UTF-8 read code point by code point, every malformed form refused with the
// position left where it was.
#include "core/utf8.hpp"
#include <doctest/doctest.h>
#include <string>

static long first_code_point(const std::string& s, size_t& at) {
    at = 0;
    return core::next_code_point(s, at);
}

TEST_CASE("next_code_point: one to four bytes read; overlong, surrogate, too large and cut forms refused") {
    size_t at = 0;
    CHECK(first_code_point("a", at) == 'a');
    CHECK(at == 1);
    CHECK(first_code_point("\xC3\xA9", at) == 0xE9);   // é
    CHECK(at == 2);
    CHECK(first_code_point("\xE2\x82\xAC", at) == 0x20AC);   // €
    CHECK(at == 3);
    CHECK(first_code_point("\xF0\x9F\x99\x82", at) == 0x1F642);
    CHECK(at == 4);
    for (const char* bad : {"\xC0\xAF", "\xE0\x80\xAF", "\xED\xA0\x80", "\xF4\x90\x80\x80", "\xE2\x82", "\x80", "\xFF",
                            "\xC3(", "\xF8\x88\x80\x80\x80"}) {
        CAPTURE(bad);
        CHECK(first_code_point(bad, at) == -1);
        CHECK(at == 0);
    }
    const std::string two = "\xC3\xA9z";   // read on from where the last one ended
    at = 0;
    CHECK(core::next_code_point(two, at) == 0xE9);
    CHECK(core::next_code_point(two, at) == 'z');
    CHECK(at == two.size());
}
