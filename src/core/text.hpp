// strf: printf into a std::string, for labels, readouts and validation messages.
#pragma once
#include <cstdarg>
#include <cstdio>
#include <string>

namespace core {

#if defined(__GNUC__)
__attribute__((format(printf, 1, 2)))
#endif
inline std::string
strf(const char* fmt, ...) {
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    std::vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    return buf;
}

}   // namespace core
