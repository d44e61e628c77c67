// moe-lab tally's counting (tally.cpp): a class's answers lines (session/answer_line.hpp) counted per lab and
// question; what is wrong with a line is kept with where it was.
#pragma once
#include <iosfwd>
#include <map>
#include <string>
#include <vector>

namespace cli {

struct Tally {
    // lab → the tour's step (from 1) → how many chose each answer, "I don't know" last
    std::map<std::string, std::map<int, std::vector<int>>> chose;
    // the same, the names of those who chose each answer (the lines that carry one), in the lines' order
    std::map<std::string, std::map<int, std::vector<std::vector<std::string>>>> who;
    int lines = 0;                     // answers lines counted
    std::vector<std::string> faults;   // "WHERE:LINE: what is wrong" for each line left out
};

// Every line of `in` (`where`: its name in a fault): answers lines counted, other lines passed over.
void tally_lines(std::istream& in, const std::string& where, Tally& t);

// {"lines":…,"faults":…,"labs":[{"lab":…,"questions":[{"step":…,"key":…,"chose":[…],"names":[[…],…]}]}]}
std::string tally_json(const Tally& t);

}   // namespace cli
