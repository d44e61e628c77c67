// One list of fields per struct (members() below) serves both directions: Put writes each field, Get reads it
// back into the same place, so the two cannot drift apart.
#include "session/run_snapshot.hpp"
#include "session/bytes.hpp"
#include "core/words.hpp"
#include <type_traits>

namespace session {

namespace {

constexpr uint32_t kMagic = 0x314e5552;   // "RUN1": a snapshot of this format

struct Put {
    static constexpr bool reading = false;
    ByteWriter w;
    template <class T>
    void raw(T& x) {
        w.num(x);
    }
    void text(std::string& s) { w.text(s); }
    template <class T>
    void nums(std::vector<T>& v) {
        w.nums(v);
    }
    size_t count(size_t n) {
        w.count(n);
        return n;
    }
    void fail() {}
};

struct Get {
    static constexpr bool reading = true;
    explicit Get(const std::string& in) : r(in) {}
    ByteReader r;
    template <class T>
    void raw(T& x) {
        x = r.num<T>();
    }
    void text(std::string& s) { s = r.text(); }
    template <class T>
    void nums(std::vector<T>& v) {
        v = r.nums<T>();
    }
    size_t count(size_t) { return r.count(); }
    void fail() { r.fail(); }
};

template <class T>
struct is_vector : std::false_type {};
template <class T>
struct is_vector<std::vector<T>> : std::true_type {};
template <class T>
struct is_pair : std::false_type {};
template <class A, class B>
struct is_pair<std::pair<A, B>> : std::true_type {};

int enum_max(core::ViewKind) { return int(core::ViewKind::Text); }
int enum_max(core::Overlay::Kind) { return int(core::Overlay::VBand); }

template <class IO>
void members(IO& io, core::LineSeries& s);
template <class IO>
void members(IO& io, core::Overlay& o);
template <class IO>
void members(IO& io, core::Heatmap& h);
template <class IO>
void members(IO& io, core::Field& f);
template <class IO>
void members(IO& io, core::TextToken& t);
template <class IO>
void members(IO& io, core::TextLine& l);
template <class IO>
void members(IO& io, core::PaintedText& p);
template <class IO>
void members(IO& io, core::Bar& b);
template <class IO>
void members(IO& io, core::ScatterPoint& p);
template <class IO>
void members(IO& io, core::View& v);
template <class IO>
void members(IO& io, core::Metric& m);
template <class IO>
void members(IO& io, core::Table& t);
template <class IO>
void members(IO& io, RunSnapshot& s);

template <class IO, class T>
void field(IO& io, T& x) {
    if constexpr (std::is_same_v<T, bool>) {
        uint8_t b = x ? 1 : 0;
        io.raw(b);
        if constexpr (IO::reading) x = b != 0;
    } else if constexpr (std::is_enum_v<T>) {
        int32_t k = int32_t(x);
        io.raw(k);
        if constexpr (IO::reading) {
            if (k < 0 || k > enum_max(x)) io.fail();
            else x = T(k);
        }
    } else if constexpr (std::is_arithmetic_v<T>) {
        io.raw(x);
    } else if constexpr (std::is_same_v<T, std::string>) {
        io.text(x);
    } else if constexpr (is_pair<T>::value) {
        field(io, x.first);
        field(io, x.second);
    } else if constexpr (is_vector<T>::value) {
        using E = typename T::value_type;
        if constexpr (std::is_arithmetic_v<E> && !std::is_same_v<E, bool>) {
            io.nums(x);
        } else {
            size_t n = io.count(x.size());
            if constexpr (IO::reading) x.resize(n);
            for (E& e : x) field(io, e);
        }
    } else {
        members(io, x);
    }
}

template <class IO, class... T>
void fields(IO& io, T&... x) {
    (field(io, x), ...);
}

template <class IO>
void members(IO& io, core::LineSeries& s) {
    fields(io, s.label, s.x, s.y, s.lo, s.hi, s.color, s.dashed, s.markers, s.width, s.alpha);
}
template <class IO>
void members(IO& io, core::Overlay& o) {
    fields(io, o.kind, o.a, o.b, o.label, o.color);
}
template <class IO>
void members(IO& io, core::Heatmap& h) {
    fields(io, h.rows, h.cols, h.v, h.row_labels, h.col_labels, h.row_title, h.col_title, h.lo, h.hi, h.diverging,
           h.show_values, h.value_format, h.marks, h.mark_label);
}
template <class IO>
void members(IO& io, core::Field& f) {
    fields(io, f.rows, f.cols, f.channels, f.v, f.softmax, f.scale, f.none);
}
template <class IO>
void members(IO& io, core::TextToken& t) {
    fields(io, t.text, t.color, t.underline, t.value);
}
template <class IO>
void members(IO& io, core::TextLine& l) {
    fields(io, l.label, l.tokens);
}
template <class IO>
void members(IO& io, core::PaintedText& p) {
    fields(io, p.lines, p.color_title, p.underline_title, p.value_title, p.value_format);
}
template <class IO>
void members(IO& io, core::Bar& b) {
    fields(io, b.label, b.value, b.err, b.color);
}
template <class IO>
void members(IO& io, core::ScatterPoint& p) {
    fields(io, p.x, p.y, p.color, p.hollow, p.value);
}
template <class IO>
void members(IO& io, core::View& v) {
    fields(io, v.id, v.title, v.caption, v.kind, v.x_label, v.y_label, v.log_x, v.log_y, v.x_min, v.x_max, v.y_min,
           v.y_max, v.lines, v.overlays, v.heat, v.field, v.text, v.bars, v.points, v.legend, v.value_lo, v.value_hi,
           v.value_diverging, v.readouts, v.children, v.grid_cols);
}
template <class IO>
void members(IO& io, core::Metric& m) {
    fields(io, m.key, m.label, m.value, m.format, m.when_nan);
}
template <class IO>
void members(IO& io, core::Table& t) {
    fields(io, t.columns, t.rows);
}
template <class IO>
void members(IO& io, RunSnapshot& s) {
    fields(io, s.done, s.failure, s.phase, s.progress, s.clock, s.metrics, s.trace, s.views);
}

template <class T>
void encode(const T& value, std::string& out) {
    Put put;
    uint32_t magic = kMagic;
    put.raw(magic);
    field(put, const_cast<T&>(value));   // Put only reads
    out = std::move(put.w.bytes());
}

template <class T>
std::string decode(const std::string& bytes, T& out) {
    Get get(bytes);
    uint32_t magic = 0;
    get.raw(magic);
    if (get.r.failed() || magic != kMagic) return core::tr("not a snapshot of this build");
    T value;
    field(get, value);
    if (get.r.failed()) return core::tr("a snapshot cut short or malformed");
    if (!get.r.at_end()) return core::tr("a snapshot with bytes after its end");
    out = std::move(value);
    return "";
}

}   // namespace

RunSnapshot snapshot_of(const core::Runner& run, bool with_trace) {
    RunSnapshot s;
    s.done = run.done();
    s.failure = run.failure();
    s.phase = run.phase();
    s.progress = run.progress();
    s.clock = run.clock();
    s.metrics = run.metrics();
    if (with_trace) s.trace = run.trace();
    run.views(s.views);
    return s;
}

std::string encode_snapshot(const RunSnapshot& s) {
    std::string out;
    encode(s, out);
    return out;
}

std::string decode_snapshot(const std::string& bytes, RunSnapshot& out) { return decode(bytes, out); }

void encode_views(const std::vector<core::View>& views, std::string& out) { encode(views, out); }

std::string decode_views(const std::string& bytes, std::vector<core::View>& out) { return decode(bytes, out); }

}   // namespace session
