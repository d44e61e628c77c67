// The body of the libFuzzer target (tests/fuzz/fuzz_main.cpp) and of the doctest that replays every
// input the fuzzer ever crashed on (tests/fuzz/crashes/, test_fuzz_regressions.cpp): one input text
// goes through the number grammar, the share-link codec, the command parser and every lab's parameter
// validation. A broken invariant throws std::logic_error (libFuzzer reports it as a crash).
#pragma once
#include <cstddef>
#include <cstdint>

void fuzz_one(const uint8_t* data, size_t size);
