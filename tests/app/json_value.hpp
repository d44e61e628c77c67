// A JSON value read from text, for the app's headless tests: they read state() as the browser files do (a
// view's report, the controls' rectangles). Strings keep their UTF-8; \uXXXX escapes below U+0080 only (state()
// writes no others). A malformed text fails the test that reads it.
#pragma once
#include <doctest/doctest.h>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

namespace headless {

struct Json {
    enum Kind { Null, Bool, Number, String, Array, Object } kind = Null;
    bool boolean = false;
    double number = 0;
    std::string text;
    std::vector<Json> items;
    std::map<std::string, Json> fields;

    const Json& operator[](const std::string& key) const {
        const auto it = fields.find(key);
        if (it == fields.end()) FAIL("no field '" << key << "'");
        return it->second;
    }
    const Json& operator[](size_t k) const {
        if (k >= items.size()) FAIL("no item " << k << " of " << items.size());
        return items[k];
    }
    bool has(const std::string& key) const { return fields.count(key) > 0; }
    size_t size() const { return kind == Array ? items.size() : fields.size(); }
    std::vector<std::string> strings() const {
        std::vector<std::string> v;
        for (const Json& j : items) v.push_back(j.text);
        return v;
    }
};

class JsonReader {
public:
    explicit JsonReader(const std::string& s) : s_(s) {}
    Json read() {
        Json v = value();
        space();
        if (at_ != s_.size()) FAIL("text after the JSON value at " << at_);
        return v;
    }

private:
    const std::string& s_;
    size_t at_ = 0;

    void space() {
        while (at_ < s_.size() && (s_[at_] == ' ' || s_[at_] == '\n' || s_[at_] == '\t' || s_[at_] == '\r')) ++at_;
    }
    bool next_is(char c) {
        space();
        if (at_ < s_.size() && s_[at_] == c) {
            ++at_;
            return true;
        }
        return false;
    }
    void expect(char c) {
        if (!next_is(c)) FAIL("expected '" << c << "' at " << at_);
    }
    bool word(const char* w) {
        const std::string t(w);
        if (s_.compare(at_, t.size(), t) != 0) return false;
        at_ += t.size();
        return true;
    }
    std::string string() {
        expect('"');
        std::string out;
        while (at_ < s_.size() && s_[at_] != '"') {
            char c = s_[at_++];
            if (c == '\\') {
                if (at_ >= s_.size()) FAIL("the JSON text ends in an escape");
                c = s_[at_++];
                if (c == 'n') c = '\n';
                else if (c == 't') c = '\t';
                else if (c == 'r') c = '\r';
                else if (c == 'u') {
                    if (at_ + 4 > s_.size()) FAIL("the JSON text ends in an escape");
                    c = char(std::strtol(s_.substr(at_, 4).c_str(), nullptr, 16));
                    at_ += 4;
                }
            }
            out += c;
        }
        expect('"');
        return out;
    }
    Json value() {
        space();
        if (at_ >= s_.size()) FAIL("the JSON text ends early");
        Json v;
        const char c = s_[at_];
        if (c == '{') {
            v.kind = Json::Object;
            ++at_;
            if (next_is('}')) return v;
            do {
                space();
                const std::string key = string();
                expect(':');
                v.fields[key] = value();
            } while (next_is(','));
            expect('}');
        } else if (c == '[') {
            v.kind = Json::Array;
            ++at_;
            if (next_is(']')) return v;
            do v.items.push_back(value());
            while (next_is(','));
            expect(']');
        } else if (c == '"') {
            v.kind = Json::String;
            v.text = string();
        } else if (word("true") || word("false")) {
            v.kind = Json::Bool;
            v.boolean = c == 't';
        } else if (word("null")) {
            v.kind = Json::Null;
        } else {
            char* end = nullptr;
            v.kind = Json::Number;
            v.number = std::strtod(s_.c_str() + at_, &end);
            if (end == s_.c_str() + at_) FAIL("no JSON value at " << at_);
            at_ = size_t(end - s_.c_str());
        }
        return v;
    }
};

inline Json read_json(const std::string& s) { return JsonReader(s).read(); }

}   // namespace headless
