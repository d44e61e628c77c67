// moe-lab worksheet: a lab's worksheet or teacher's key (session/worksheet.hpp) as HTML on stdout, the same bytes as
// the page's worksheet=sheet|key for the same lab, seed and language; with --seeds, a sheet for each table of a class
// and a key with their seeds side by side.
#include "cli/commands.hpp"
#include "core/registry.hpp"
#include "core/words.hpp"
#include "session/gift.hpp"
#include "session/worksheet.hpp"
#include <cstdio>

namespace cli {

int cmd_worksheet(const Args& a) {
    if (a.lab.empty()) throw UsageError("--lab is required (labs: " + core::lab_ids() + ")");
    if (!core::find_lab(a.lab)) throw UsageError("unknown lab '" + a.lab + "' (labs: " + core::lab_ids() + ")");
    if (!a.preset.empty() || !a.sets.empty())
        throw UsageError("worksheet: the tour sets each step's preset and parameters; give --lab, --seed and --lang");
    if (!a.lang.empty()) use_language(a.lang);
    if (a.format == "gift") {   // the tour's questions for a learning platform (session/gift.hpp)
        if (a.key || !a.page.empty() || a.has_seeds)
            throw UsageError("worksheet --format gift: the questions only (no --key, --seeds or --page)");
        const std::string gift = session::tour_gift(*core::find_lab(a.lab));
        if (gift.empty()) throw UsageError("worksheet --format gift: the lab's tour asks no question");
        std::fwrite(gift.data(), 1, gift.size(), stdout);
        return 0;
    }
    if (!a.format.empty() && a.format != "html")
        throw UsageError("worksheet --format " + a.format +
                         ": give html (the sheet, the default) or gift (the questions)");
    session::SheetRequest r;
    r.lab = a.lab;
    r.kind = a.key ? session::SheetKind::Key : session::SheetKind::Worksheet;
    r.seed = a.seed;
    r.seeds = a.has_seeds ? a.seeds : 1;   // (the checks and their messages: session::SheetMaker)
    r.address = a.page.empty() ? "http://127.0.0.1:8080/" : a.page;
    std::string html;
    if (std::string why = session::make_sheet(r, html); !why.empty()) throw UsageError(why);
    std::fwrite(html.data(), 1, html.size(), stdout);
    return 0;
}

}   // namespace cli
