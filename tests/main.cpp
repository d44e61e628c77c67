// The unit tests' entry point; the same binary runs natively and as WebAssembly under node. Plain output
// (no colours): under node the WebAssembly binary believes it writes to a terminal, and ctest reads the
// list of test cases from it (doctest_discover_tests in CMakeLists.txt).
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

int main(int argc, char** argv) {
    doctest::Context context;
    context.setOption("no-colors", true);
    context.applyCommandLine(argc, argv);
    return context.run();
}
