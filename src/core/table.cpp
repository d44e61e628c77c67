#include "core/table.hpp"
#include "core/params.hpp"

namespace core {

std::string Table::to_csv() const {
    std::string s;
    for (size_t k = 0; k < columns.size(); ++k) s += (k ? "," : "") + columns[k];
    s += "\n";
    for (const auto& r : rows) {
        for (size_t k = 0; k < r.size(); ++k) s += (k ? "," : "") + format_number(r[k]);
        s += "\n";
    }
    return s;
}

}   // namespace core
