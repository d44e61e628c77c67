// The registry's factory for the patch-routing lab (the lab itself: lab.hpp, schema.cpp, run.cpp, views.cpp).
#include "core/registry.hpp"
#include "labs/patch-routing/lab.hpp"

static const core::Registration kRegistration(2, "patch-routing", &core::make<patch_routing::PatchRoutingLab>);
