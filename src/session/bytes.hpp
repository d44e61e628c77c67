// Bytes: a plain binary writer and reader for messages between two copies of the same build (the page and its
// Web Workers) and for in-memory snapshots. Numbers are stored as their bytes in the machine's order (both
// WebAssembly and x86-64 are little-endian), so a double comes back as the same bits. The reader never reads past
// the end: a short or malformed message sets failed() and yields zeros and empty strings.
#pragma once
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <string>
#include <vector>

namespace session {

class ByteWriter {
public:
    template <class T>
    void num(T v) {
        static_assert(std::is_arithmetic_v<T>);
        out_.append(reinterpret_cast<const char*>(&v), sizeof v);
    }
    void count(size_t n) { num(uint32_t(n)); }
    void text(const std::string& s) {
        count(s.size());
        out_ += s;
    }
    template <class T>
    void nums(const std::vector<T>& v) {
        count(v.size());
        out_.append(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(T));
    }
    std::string& bytes() { return out_; }

private:
    std::string out_;
};

class ByteReader {
public:
    explicit ByteReader(const std::string& in) : in_(in) {}
    template <class T>
    T num() {
        static_assert(std::is_arithmetic_v<T>);
        T v{};
        if (!take(sizeof v)) return v;
        std::memcpy(&v, in_.data() + at_ - sizeof v, sizeof v);
        return v;
    }
    // A count of items of at least `min_bytes` each: 0 (and failed) when the rest cannot hold them, so a malformed
    // count never allocates more than the message's size.
    size_t count(size_t min_bytes = 1) {
        size_t n = num<uint32_t>();
        if (min_bytes > 0 && n > (in_.size() - at_) / min_bytes) {
            failed_ = true;
            return 0;
        }
        return n;
    }
    std::string text() {
        size_t n = count();
        return take(n) ? in_.substr(at_ - n, n) : std::string();
    }
    template <class T>
    std::vector<T> nums() {
        std::vector<T> v(count(sizeof(T)));
        if (take(v.size() * sizeof(T)) && !v.empty())
            std::memcpy(v.data(), in_.data() + at_ - v.size() * sizeof(T), v.size() * sizeof(T));
        return v;
    }
    void fail() { failed_ = true; }
    bool failed() const { return failed_; }
    bool at_end() const { return at_ == in_.size(); }

private:
    bool take(size_t n) {
        if (failed_ || n > in_.size() - at_) {
            failed_ = true;
            return false;
        }
        at_ += n;
        return true;
    }
    const std::string& in_;
    size_t at_ = 0;
    bool failed_ = false;
};

}   // namespace session
