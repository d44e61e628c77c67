// The registry of labs. The list itself lives in src/labs/all_labs.cpp: one line per paper.
#pragma once
#include "core/lab.hpp"
#include <memory>
#include <string>
#include <vector>

namespace core {

struct LabEntry {
    std::string id;
    std::unique_ptr<Lab> (*make)();
};

const std::vector<LabEntry>& all_labs();                // defined in src/labs/all_labs.cpp
std::unique_ptr<Lab> make_lab(const std::string& id);   // nullptr for an unknown id
std::string lab_ids();                                  // "a, b, c" for error messages

}   // namespace core
