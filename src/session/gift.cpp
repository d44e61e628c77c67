// A lab's tour questions in Moodle's GIFT format (session/gift.hpp).
#include "session/gift.hpp"
#include "core/words.hpp"

namespace session {

std::string gift_escaped(const std::string& text) {
    std::string out;
    for (const char c : text) {
        if (c == '~' || c == '=' || c == '#' || c == '{' || c == '}' || c == ':' || c == '\\') out += '\\';
        if (c == '\n') out += ' ';
        else out += c;
    }
    return out;
}

std::string tour_gift(const core::Lab& lab) {
    const std::vector<core::TourStep> steps = lab.tour();
    std::string g;
    for (size_t k = 0; k < steps.size(); ++k) {
        const core::TourQuestion& q = steps[k].question;
        if (q.prompt.empty()) continue;
        const std::string title = core::trf("%s, step %d", core::tr(lab.info().title).c_str(), int(k + 1));
        g += "// " + lab.info().id + " " + std::to_string(k + 1) + "\n";   // (a comment: the lab's id and step)
        g += "::" + gift_escaped(title) + "::" + gift_escaped(core::tr(q.prompt)) + " {\n";
        for (size_t a = 0; a < q.answers.size(); ++a) {
            const bool right = int(a) == q.key;
            g += std::string(right ? "=" : "~") + gift_escaped(core::tr(q.answers[a].text)) + "#" +
                gift_escaped(right ? core::tr(q.why) : core::tr(q.answers[a].misreading)) + "\n";
        }
        g += "}\n\n";
    }
    return g;
}

}   // namespace session
