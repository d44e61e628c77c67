// Table: a time series of named columns (one row per evaluation), written as CSV by the CLI.
#pragma once
#include <string>
#include <vector>

namespace core {

struct Table {
    std::vector<std::string> columns;
    std::vector<std::vector<double>> rows;

    void clear() { rows.clear(); }
    void add(std::vector<double> row) { rows.push_back(std::move(row)); }
    int col(const std::string& name) const {
        for (size_t k = 0; k < columns.size(); ++k)
            if (columns[k] == name) return int(k);
        return -1;
    }
    std::vector<double> column(const std::string& name) const {
        std::vector<double> out;
        int k = col(name);
        if (k >= 0)
            for (const auto& r : rows) out.push_back(r[size_t(k)]);
        return out;
    }
    std::string to_csv() const;
};

}   // namespace core
