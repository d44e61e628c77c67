// --lang CODE for the CLI's texts (cli/commands.hpp): the language's table from the build's words/.
#include "cli/commands.hpp"
#include "core/words.hpp"
#include <fstream>
#include <sstream>

#ifndef MOE_WORDS_DIR
#define MOE_WORDS_DIR "words"
#endif

namespace cli {

void use_language(const std::string& tag) {
    const core::Language* l = core::find_language(tag);
    if (!l) {
        std::string codes;
        for (const core::Language& x : core::languages()) codes += std::string(codes.empty() ? "" : ", ") + x.code;
        throw UsageError("--lang " + tag + ": no such language (languages: " + codes + ")");
    }
    const std::string code = l->code;
    std::string table;
    if (code != "en" && code != "en-XA") {
        const std::string file = std::string(MOE_WORDS_DIR) + "/" + code + ".json";
        std::ifstream in(file, std::ios::binary);
        if (!in) throw UsageError("--lang " + code + ": its translations are not here (" + file + "): build the words");
        std::ostringstream s;
        s << in.rdbuf();
        table = s.str();
    }
    if (std::string why = core::use_language(code, table); !why.empty())
        throw UsageError("--lang " + code + ": " + why);
}

}   // namespace cli
