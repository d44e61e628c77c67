// Replays the fuzzer's seed corpus (tests/fuzz/corpus/) and every input it ever crashed on
// (tests/fuzz/crashes/: add the file libFuzzer writes, keep it forever) through the same body as the
// libFuzzer target. The inputs are compiled in by CMake (fuzz_inputs.inc), so this also runs as WebAssembly.
#include "fuzz_body.hpp"
#include <doctest/doctest.h>
#include <string>
#include <vector>

namespace {
struct Input {
    const char* file;
    std::vector<unsigned char> bytes;
    size_t size;
};
const std::vector<Input> kInputs = {
#include "fuzz_inputs.inc"
};
}   // namespace

TEST_CASE("every fuzzer input on record (seed corpus and past crashes) passes the fuzz invariants") {
    REQUIRE(kInputs.size() >= 10);   // the committed seed corpus is there
    for (const Input& in : kInputs) {
        CAPTURE(in.file);
        REQUIRE(in.bytes.size() == in.size);
        CHECK_NOTHROW(fuzz_one(in.bytes.data(), in.bytes.size()));
    }
}
