// The configuration of one token-routing run: every field is set by one parameter of the schema, bound in lab.cpp
// (core::Bound), or derived there; no defaults here: the schema's are the only ones.
#pragma once
#include "core/bind.hpp"
#include "core/lab.hpp"
#include "labs/token-routing/corpus.hpp"
#include "labs/token-routing/model.hpp"
#include "labs/token-routing/train.hpp"

namespace token_routing {

struct Config {
    CorpusSpec corpus;   // corpus.T is the model's T (derived)
    ModelSpec model;     // model.V is the vocabulary's size, model.init_scale Switch's s = 0.1 (derived)
    TrainSpec train;
};

// Each parameter once, bound to the field of Config it sets (lab.cpp): the lab's schema, and a run's config.
const core::Bound<Config>& binding();

// The combinations the parameters' ranges cannot refuse alone, each with what to change; and the memory.
core::Validation check(const Config& c);

}   // namespace token_routing
