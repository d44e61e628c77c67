// moe-lab: the headless runner. Same code path as the page: reset(params, seed), then step() to the end.
#include "cli/commands.hpp"
#include <cstdio>
#include <exception>

static const char* kUsage =
    "usage: moe-lab <command> [options]\n"
    "  list [--lab ID] [--json]                          labs, presets, parameters, metrics\n"
    "  run --lab ID [--preset P] [--seed S] [--set name=value ...] [--csv FILE] [--json] [--time-limit SECONDS]\n"
    "          [--jobs N]: the run's sweep jobs on N threads (default: every core)\n"
    "          [--text TEXT]: a text of the class's own for a lab that reads one (a language model's sentence),\n"
    "          its routing printed after the run (--json: \"class_text\")\n"
    "  reproduce --lab ID [--preset P] [--seeds N] [--seed FIRST] [--set name=value ...] [--jobs N] [--json]\n"
    "          seeds, and the sweep jobs inside each seed's run, on N threads (default: every core); the same\n"
    "          numbers for every N\n"
    "          [--shard I/N]: only part I of N of the seeds, as a partial report for merge\n"
    "  merge PART...                                     the partial reports as one reproduce report [--json]\n"
    "  compare --lab ID [--preset P] (--b name=value ... | --comparison C) [--seeds N] [--seed FIRST]\n"
    "          [--set name=value ...] [--jobs N] [--json]   A and B = A with changes, paired seed by seed\n"
    "  worksheet --lab ID [--key] [--seed S] [--seeds N] [--lang CODE] [--page URL] [--format html|gift]\n"
    "          the worksheet of the lab's tour (--key: the teacher's key, its numbers measured on seed S) as a\n"
    "          print-ready HTML page; its QR codes open the page at URL (default http://127.0.0.1:8080/);\n"
    "          --seeds N (at most 8): a table each, on seeds S to S+N-1: a sheet for each table, the key's\n"
    "          numbers side by side;\n"
    "          --format gift: the tour's questions for Moodle (GIFT), the misreadings as feedback\n"
    "  tally [FILE...] [--lang CODE] [--json]            a class's answers lines (a phone's Copy my answers),\n"
    "          counted per question; from stdin without FILE\n"
    "  bench --lab ID [--preset P] [--seed S] [--set name=value ...] [--seeds N [--jobs N]]\n"
    "          --seeds: also N seeds on 1 thread and on every core, side by side\n";

int main(int argc, char** argv) {
    try {
        cli::Args a = cli::parse_args(argc, argv);
        if (a.command == "list") return cli::cmd_list(a);
        if (a.command == "run") return cli::cmd_run(a);
        if (a.command == "reproduce") return cli::cmd_reproduce(a);
        if (a.command == "bench") return cli::cmd_bench(a);
        if (a.command == "merge") return cli::cmd_merge(a);
        if (a.command == "compare") return cli::cmd_compare(a);
        if (a.command == "worksheet") return cli::cmd_worksheet(a);
        if (a.command == "tally") return cli::cmd_tally(a);
        if (a.command == "help" || a.command == "--help" || a.command == "-h") {
            std::printf("%s", kUsage);
            return 0;
        }
        throw cli::UsageError("unknown command '" + a.command + "'");
    } catch (const cli::UsageError& e) {
        std::fprintf(stderr, "moe-lab: %s\n%s", e.what(), kUsage);
        return 2;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "moe-lab: internal error: %s\n", e.what());
        return 3;
    }
}
