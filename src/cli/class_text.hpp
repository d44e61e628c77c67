// The class's own text in the CLI (run --text TEXT), for a lab that reads one (core::LabInfo::text): the run reads it
// after its reset (core::Runner::read_text), as the page's run does, and after the run the routing its view
// "class-text" shows is printed as plain tables (session::view_tables: a table a line of the view, a row a token:
// the token, then the view's columns, e.g. first expert, second expert, gate) and as a field of --json. Nothing here
// names a lab.
#pragma once
#include "core/runner.hpp"
#include "session/view_table.hpp"
#include <string>
#include <vector>

namespace cli {

// Reads `text` into the run, reset already: what is wrong with it that the run still reads ("": nothing; a word the
// model does not know). Throws UsageError when the lab reads no text, or when the run cannot read this one (empty,
// too long, not UTF-8; core::TextRead::refused): the view would route the lab's example instead.
std::string read_class_text(core::Runner& run, const std::string& text);

std::vector<session::DataTable> class_text_tables(const core::Runner& run);    // the view's routing now
std::string class_text_plain(const std::vector<session::DataTable>& tables);   // columns padded, two spaces apart
// {"text", "problem", "tables": [{"caption", "columns", "rows"}]}
std::string class_text_json(const std::string& text, const std::string& problem,
                            const std::vector<session::DataTable>& tables);

}   // namespace cli
