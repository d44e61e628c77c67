// The unit tests' entry point; the same binary runs natively and as WebAssembly under node.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
