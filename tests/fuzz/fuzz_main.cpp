// libFuzzer entry point (clang -fsanitize=fuzzer,address,undefined; CMake option MOE_BUILD_FUZZ).
// Seed corpus: tests/fuzz/corpus/. Every crash found goes to tests/fuzz/crashes/, replayed by doctest.
#include "fuzz_body.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    fuzz_one(data, size);
    return 0;
}
