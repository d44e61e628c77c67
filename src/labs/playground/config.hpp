// The configuration of one playground run: every field is set by one parameter of the schema, bound in lab.cpp
// (core::Bound), so there are no defaults here: the schema's are the only ones.
#pragma once
#include "core/bind.hpp"
#include "labs/playground/datasets.hpp"
#include "labs/playground/mixture.hpp"
#include "labs/playground/trainer.hpp"

namespace playground {

struct Config {
    DataSpec data;          // the training points; the test points are drawn the same way
    core::PointSet drawn;   // the class's own points, added to the training points (with data = draw, the only
                            // points: the test points too)
    int n_test;
    MixtureSpec model;
    TrainSpec train;
    int T, eval_every;
};

// Each parameter once, bound to the field of Config it sets (lab.cpp): the lab's schema, and a run's config.
const core::Bound<Config>& binding();

// The dense baseline: one MLP with about as many parameters as the mixture uses for one point (its k experts, the
// shared one and the router), so that it is paid the same.
MixtureSpec dense_spec(const Config& c);

}   // namespace playground
