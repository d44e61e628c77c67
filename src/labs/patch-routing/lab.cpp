// The registry's factory for the patch-routing lab (the lab itself: lab.hpp, schema.cpp, run.cpp, views.cpp).
#include "labs/patch-routing/lab.hpp"

std::unique_ptr<core::Lab> make_patch_routing_lab() { return std::make_unique<patch_routing::PatchRoutingLab>(); }
