#!/usr/bin/env python3
"""The string table's files (src/core/words.hpp): which English texts each folder shows, and its translations.

  words.py keys [FOLDER]       the English texts (keys) of each folder, or of one
  words.py check [LANG [FOLDER...]]  every language file has every key of its folder, no stale one, the same
                               placeholders, nothing empty, no form its glossary forbids (docs/glossary/LANG.md,
                               "Forms that must not appear"); and no text shown bypasses the table (scan)
  words.py update LANG         adds the missing keys ("" = to translate) and drops stale ones, in source order
  words.py merge LANG OUT      one file for the page: every folder's translations of LANG
  words.py js OUT              languages.js: the languages' codes, and the shell's texts in each
  words.py page INDEX          the site's index.html: its <noscript> text in every language; and beside it
                               manifest.<lang>.webmanifest, web/manifest.webmanifest's name and description
  words.py chars LANG          the characters LANG's texts use (the font subset for it)
  words.py chars names         the characters of the languages' names the page's font lacks (CJK)
  words.py scan                texts in src/app, src/core, src/session, src/platform and web/ shown without the table

The keys of a folder: the literals passed to tr() or trf() (C++) or t() (web/*.js) in its files; in a lab's
folder also every literal that reads as prose (its declarations: titles, help, captions, tour), which the page
translates when it shows them, and the templates of numbered labels (core::numbered(n, "expert ") is the key
"expert %d", which core::retranslate finds for "expert 3"). A folder's translations: <folder>/words/<lang>.json, {"English": "translation"}.
"""
import html
import json
import os
import re
import sys

ROOT = os.environ.get("MOE_WORDS_ROOT") or os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


LANGUAGE = re.compile(r'\{"([A-Za-z-]+)", "([^"]+)", (?:true|false), "([^"]*)", Plurals::(\w+)\}')


def languages():
    """core/words.cpp's languages(), read from its declaration: [(code, name, font)]."""
    src = open(os.path.join(ROOT, "src/core/words.cpp"), encoding="utf-8").read()
    return [(c, n, f) for c, n, f, _ in LANGUAGE.findall(src)]


def plural_forms(lang):
    """How many forms a count takes in lang (core::plural_forms): 1 (other only) or 2 (one, other)."""
    src = open(os.path.join(ROOT, "src/core/words.cpp"), encoding="utf-8").read()
    return {c: 1 if p == "OtherOnly" else 2 for c, _, _, p in LANGUAGE.findall(src)}[lang]


LANGS = [c for c, _, _ in languages() if c not in ("en", "en-XA")]   # those with a table
APP_DIRS = ["src/app", "src/core", "src/session", "src/platform", "web"]

LITERAL = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "'": "'", "0": "\0"}


def unescape(s):
    return re.sub(r"\\(.)", lambda m: ESCAPES.get(m.group(1), m.group(1)), s)


def strip_comments(src):
    # // and /* */ comments out, string literals kept (a // inside a string is not a comment)
    out, k, n = [], 0, len(src)
    while k < n:
        c = src[k]
        if c == '"':
            m = LITERAL.match(src, k)
            if m:
                out.append(m.group(0))
                k = m.end()
                continue
        if src.startswith("//", k):
            e = src.find("\n", k)
            k = n if e < 0 else e
            continue
        if src.startswith("/*", k):
            e = src.find("*/", k + 2)
            out.append("\n" * src.count("\n", k, n if e < 0 else e))
            k = n if e < 0 else e + 2
            continue
        if c == "'" and k + 2 < n:   # a char literal such as '"'
            e = src.find("'", k + 2 if src[k + 1] == "\\" else k + 1)
            if 0 < e - k <= 4:
                out.append(" ")
                k = e + 1
                continue
        out.append(c)
        k += 1
    return "".join(out)


def literal_runs(src):
    """(text, the code before it, the line) for each run of adjacent literals ("a" "b" is one text)."""
    src = strip_comments(src)
    runs, k = [], 0
    while True:
        m = LITERAL.search(src, k)
        if not m:
            return runs
        start, parts, end = m.start(), [m.group(1)], m.end()
        while True:
            nxt = re.compile(r'\s*"((?:[^"\\\n]|\\.)*)"').match(src, end)
            if not nxt:
                break
            parts.append(nxt.group(1))
            end = nxt.end()
        runs.append((unescape("".join(parts)), src[max(0, start - 800):start], src.count("\n", 0, start) + 1, src[end:end + 40]))
        k = end


def is_prose(s):
    if not re.search(r"[A-Za-z]{2}", s):
        return False
    if re.fullmatch(r"[a-z0-9_.:\-=/#%*]+", s):   # ids, commands, link keys, file names
        return False
    if s.startswith(("http://", "https://", "##")):
        return False
    if re.search(r'</?[a-z][a-z0-9]*[\s>/]|\b[a-z-]+="|[{;][a-z-]+:', s):   # HTML's tags and attributes, CSS
        return False
    return " " in s.strip() or bool(re.match(r"[A-Z][a-z]", s))


WRAPPED = re.compile(r"\b(tr|trf)\(\s*$")
PRINTF = re.compile(r"%[-+ #0-9.]*(?:ll|l|z|h)?[a-zA-Z%]")   # a format's conversions: not words
# a lab's one-word labels that read as ids ("iteration", "epoch"): keys where a view builder shows them
# (and the names of a run's parts in its plan, w.add(phase, "training", ...): the clock shows them)
SHOWN_ARG = re.compile(r"(\.(x|y|cols|rows)\(\s*|\bline\(\s*|(\.|::)(hline|vline|hband)\((?:[^()]|\([^()]*\))*,\s*|\bw\.add\(\s*[^,()]+,\s*)$")
JS_WRAPPED = re.compile(r"\bt\(\s*$")


def files_of(folder, exts=(".cpp", ".hpp", ".js")):
    base = os.path.join(ROOT, folder)
    out = []
    for d, _, fs in os.walk(base):
        if "/words" in d[len(base):]:
            continue
        out += [os.path.join(d, f) for f in sorted(fs) if f.endswith(exts)]
    return sorted(out)


def folders():
    labs = sorted(d for d in os.listdir(os.path.join(ROOT, "src/labs")) if os.path.isdir(os.path.join(ROOT, "src/labs", d)))
    return ["src/app"] + ["src/labs/" + d for d in labs]


# core::numbered(n, "prefix"[, "suffix"]): the labels "prefix1", "prefix2", …, translated by their template
ARGS = r'(?:[^()"\n]|\([^()]*\))*?'   # a call's arguments before a literal: one level of parentheses, no ')'
NUMBERED = re.compile(r'numbered\(' + ARGS + r'"((?:[^"\\\n]|\\.)*)"(?:\s*,\s*"((?:[^"\\\n]|\\.)*)")?\s*\)')
INSIDE_NUMBERED = re.compile(r'numbered\((?:[^()"\n]|\([^()]*\)|"(?:[^"\\\n]|\\.)*")*$')   # an unclosed call
# core::trnf(n, "one", "other", …) (in the page's scripts tn(n, "one", "other")): a count's two English forms, one key "one|other" (a translation: its forms)
RUN = r'((?:"(?:[^"\\\n]|\\.)*"\s*)+)'   # adjacent literals, one text
TRNF = re.compile(r'\b(?:trnf|tn)\((?:[^()"]|\([^()]*\))*?' + RUN + r',\s*' + RUN)


def run_text(run):
    return unescape("".join(LITERAL.findall(run)))
INSIDE_TRNF = re.compile(r'\b(?:trnf|tn)\((?:[^()"]|\([^()]*\)|"(?:[^"\\\n]|\\.)*")*$')   # an unclosed call


def keys_of(folder):
    keys = []
    paths = [p for d in APP_DIRS for p in files_of(d)] if folder == "src/app" else files_of(folder)
    lab = folder.startswith("src/labs/")
    for p in paths:
        js = p.endswith(".js")
        src = open(p, encoding="utf-8").read()
        for m in TRNF.finditer(strip_comments(src)):
            key = run_text(m.group(1)) + "|" + run_text(m.group(2))
            if key not in keys:
                keys.append(key)
        for m in NUMBERED.finditer(strip_comments(src)):
            template = unescape(m.group(1)) + "%d" + unescape(m.group(2) or "")
            if re.search(r"[A-Za-z]{2}", template) and template not in keys:
                keys.append(template)
        for text, before, _, _ in literal_runs(src):
            wrapped = (JS_WRAPPED if js else WRAPPED).search(before)
            if not re.search(r"[A-Za-z]{2}", text) and not (
                    wrapped and (re.search(r"[^\s%]", PRINTF.sub("", text)) or "%%" in text)):
                continue   # a number's format ("%.3f"): nothing to translate ("n/a", "(%s) %s" or "%s %%" in tr() is
                           # a text: another language writes its own brackets, colon, spacing and percent sign)
            if INSIDE_NUMBERED.search(before.split("\n")[-1]) or INSIDE_TRNF.search(before):
                continue   # a numbered label's prefix or suffix, a count's form: its template is the key
            shown = lab and (is_prose(text) or SHOWN_ARG.search(before.split("\n")[-1]))
            if wrapped or shown:
                if text not in keys:
                    keys.append(text)
    return keys


def words_file(folder, lang):
    return os.path.join(ROOT, folder, "words", lang + ".json")


def load(folder, lang):
    p = words_file(folder, lang)
    if not os.path.exists(p):
        return None
    with open(p, encoding="utf-8") as f:
        return json.load(f)


PRINTF = re.compile(r"%[-+#0]*[0-9*.]*[hlLzjt]*[diouxXeEfFgGcsp%]")   # no ' ' flag: "70 % of" is text


def placeholders(s):
    specs = PRINTF.findall(s)
    names = sorted(m for m in re.findall(r"\{[^ {}]+\}", s))
    return specs + names


def plural_keys(folder):
    paths = [p for d in APP_DIRS for p in files_of(d)] if folder == "src/app" else files_of(folder)
    return [run_text(m.group(1)) + "|" + run_text(m.group(2))
            for p in paths for m in TRNF.finditer(strip_comments(open(p, encoding="utf-8").read()))]


def same_placeholders(key, translation, lang, plurals):
    """A count's translation has its language's number of forms, each with the English forms' placeholders."""
    if key not in plurals:
        return placeholders(key) == placeholders(translation)
    forms = translation.split("|")
    return len(forms) == plural_forms(lang) and all(placeholders(f) == placeholders(key.split("|")[1]) for f in forms)


DECIMAL = re.compile(r"\d+[.,]\d+")


def typed_numbers_kept(key, translation):
    """A number in a translation is its key's {=N} marker (the language gives its decimal mark), or one the key
    writes as it is (a theorem's number, 4.1): never a quantity typed into the translation ("0,6")."""
    outside = lambda s: re.sub(r"\{=[^}]*\}", "", s)
    allowed = DECIMAL.findall(outside(key))
    return all(n in allowed for n in DECIMAL.findall(outside(translation)))


FORBIDDEN_HEADING = "## Forms that must not appear"
FORBIDDEN_ROW = re.compile(r"^\|\s*`([^`]+)`\s*\|\s*([^|]*?)\s*\|")


def forbidden_forms(lang):
    """The glossary's forms that must not appear: [(pattern, example)], each row `regex` | an example | ...
    The glossary's own problems (a pattern that does not compile, an example it does not match) are returned too."""
    path = os.path.join(ROOT, "docs", "glossary", lang + ".md")
    if not os.path.exists(path):
        return [], []
    lines = open(path, encoding="utf-8").read().split("\n")
    if FORBIDDEN_HEADING not in lines:
        return [], [f"docs/glossary/{lang}.md: no section '{FORBIDDEN_HEADING}'"]
    forms, problems = [], []
    for line in lines[lines.index(FORBIDDEN_HEADING) + 1:]:
        if line.startswith("## "):
            break
        m = FORBIDDEN_ROW.match(line)
        if not m:
            continue
        try:
            pattern = re.compile(m.group(1))
        except re.error as e:
            problems.append(f"docs/glossary/{lang}.md: the form `{m.group(1)}` is not a regular expression ({e})")
            continue
        if not pattern.search(m.group(2)):
            problems.append(f"docs/glossary/{lang}.md: the form `{m.group(1)}` does not match its example {m.group(2)!r}")
        forms.append((pattern, m.group(2)))
    return forms, problems


def forbidden_in(table, forms):
    """[(key, form, the text found)] for each translation that uses a form its glossary forbids."""
    return [(k, p.pattern, p.search(v).group(0)) for k, v in table.items() for p, _ in forms if v and p.search(v)]


def check(langs=LANGS, only=None):
    problems = []
    forbidden = {}
    for lang in langs:
        forbidden[lang], glossary_problems = forbidden_forms(lang)
        problems += glossary_problems
    for folder in folders():
        if only and folder not in only:
            continue
        keys = keys_of(folder)
        plurals = set(plural_keys(folder))
        for lang in langs:
            table = load(folder, lang)
            name = os.path.relpath(words_file(folder, lang), ROOT)
            if table is None:
                problems.append(f"{name}: missing ({len(keys)} texts to translate; words.py update {lang})")
                continue
            missing = [k for k in keys if k not in table]
            stale = [k for k in table if k not in keys]
            empty = [k for k in keys if k in table and not table[k].strip()]
            bad = [k for k in keys if table.get(k) and not same_placeholders(k, table[k], lang, plurals)]
            typed = [k for k in keys if table.get(k) and not typed_numbers_kept(k, table[k])]
            for what, lst in (("not translated", missing + empty), ("no longer in the code", stale),
                              ("placeholders differ", bad), ("a number typed into the translation", typed)):
                if lst:
                    problems.append(f"{name}: {len(lst)} {what}, e.g. {lst[0]!r}")
            for key, form, found in forbidden_in(table, forbidden[lang]):
                problems.append(f"{name}: {found!r} in the translation of {key!r}: the glossary forbids `{form}`"
                                f" (docs/glossary/{lang}.md)")
    if langs == LANGS and not only:
        problems += [f"shown without the table: {p}" for p in scan()]
    for p in problems:
        print(p)
    print(f"words: {len(problems)} problem(s)")
    return 1 if problems else 0


# Where a prose literal in the app's code is not shown to a reader: commands and link texts, ImGui ids,
# the JSON the page reports, logs for developers. A literal on a line ending "// words: not shown" is exempt, and
# so is one ending "// words: terminal" (the desktop app's --help and errors in a terminal: English, as the CLI's).
NOT_SHOWN_BEFORE = re.compile(
    r"(command|run_command|print_log|fprintf\(\s*stderr,|std::fprintf\(\s*stderr,|note_control\([^,]*,|"
    r"json_string\(|console\.(log|error|warn)\(|querySelector(All)?\(|getElementById\(|setAttribute\(|"
    r"addEventListener\(|CAPTURE|REQUIRE|CHECK|===|!==|==|!=)\s*\(?\s*$")


# Files the scan leaves out: src/core/words.cpp is the table itself (the languages' names, each written in its own
# language, and what is wrong with a damaged table file); src/session/spoken.cpp reads the papers' symbols aloud for
# screen readers (session/spoken.hpp: "η_r" → "eta r"), in English words, as the symbols are named.
SCAN_SKIPS = ["src/core/words.cpp", "src/session/spoken.cpp"]


def scan():
    out = []
    for d in APP_DIRS:
        for p in files_of(d):
            if os.path.relpath(p, ROOT) in SCAN_SKIPS:
                continue
            js = p.endswith(".js")
            src = open(p, encoding="utf-8").read()
            lines = src.split("\n")
            for text, before, line, _ in literal_runs(src):
                if not is_prose(text) or (JS_WRAPPED if js else WRAPPED).search(before) or INSIDE_TRNF.search(before):
                    continue
                if re.search(r"words: (not shown|terminal)", lines[line - 1]) or NOT_SHOWN_BEFORE.search(before):
                    continue
                out.append(f"{os.path.relpath(p, ROOT)}:{line}: {text[:60]!r}")
    return out


def update(lang):
    for folder in folders():
        old = load(folder, lang) or {}
        keys = keys_of(folder)
        new = {k: old.get(k, "") for k in keys}
        os.makedirs(os.path.dirname(words_file(folder, lang)), exist_ok=True)
        with open(words_file(folder, lang), "w", encoding="utf-8") as f:
            json.dump(new, f, ensure_ascii=False, indent=0)
            f.write("\n")
        todo = sum(1 for v in new.values() if not v)
        print(f"{os.path.relpath(words_file(folder, lang), ROOT)}: {len(keys)} texts, {todo} to translate")


def shell_keys():
    """The shell's texts (web/moe-lab-api.js's shellWords): its title, "Loading…" and, last, the <noscript> text."""
    src = open(os.path.join(ROOT, "web/moe-lab-api.js"), encoding="utf-8").read()
    body = src[src.index("function shellWords()"):src.index("})();", src.index("function shellWords()"))]
    return [unescape(m) for m in re.findall(r'\bt\("((?:[^"\\\n]|\\.)*)"\)', body)]


def merged(lang):
    if lang == "en-XA":   # the pseudo-language: the keys alone (core::tr accents a key, and only a key)
        return {k: "" for folder in folders() for k in keys_of(folder)}
    out = {}
    for folder in folders():
        for k, v in (load(folder, lang) or {}).items():
            if v:
                out.setdefault(k, v)
    return out


def main(argv):
    if len(argv) >= 1 and argv[0] == "keys":
        for folder in (argv[1:] or folders()):
            ks = keys_of(folder)
            print(f"{folder}: {len(ks)} texts, {sum(len(k) for k in ks)} characters")
        return 0
    if len(argv) >= 1 and argv[0] == "check":   # check [LANG [FOLDER ...]]
        return check([argv[1]] if len(argv) > 1 else LANGS, argv[2:] or None)
    if argv == ["scan"]:
        found = scan()
        print("\n".join(found))
        print(f"{len(found)} text(s) shown without the table")
        return 1 if found else 0
    if len(argv) == 2 and argv[0] == "update" and argv[1] in LANGS:
        update(argv[1])
        return 0
    if len(argv) == 3 and argv[0] == "merge":
        with open(argv[2], "w", encoding="utf-8") as f:
            json.dump(merged(argv[1]), f, ensure_ascii=False, separators=(",", ":"))
        return 0
    if len(argv) == 2 and argv[0] == "js":   # js OUT: the languages' codes for the page's scripts (languages.js)
        shell = {lang: {k: merged(lang).get(k, k) for k in shell_keys()} for lang in LANGS}
        with open(argv[1], "w", encoding="utf-8") as f:
            f.write("// The page's languages, src/core/words.cpp's languages() (written by scripts/words.py js): the\n"
                    "// codes a link's lang= may name, matched as core::match_language matches them.\n"
                    "globalThis.moeLabLanguages = " + json.dumps([c for c, _, _ in languages()]) + ";\n"
                    "// The shell's texts (web/moe-lab-api.js) in each language with a table, for before the module runs.\n"
                    "globalThis.moeLabShell = " + json.dumps(shell, ensure_ascii=False) + ";\n")
        return 0
    if len(argv) == 2 and argv[0] == "page":   # page INDEX: the site's index.html, its <noscript>, the manifests
        with open(argv[1], encoding="utf-8") as f:
            page = f.read()
        said = shell_keys()[-1]
        lines = [f'<p lang="en">{html.escape(said)}</p>'] + \
            [f'<p lang="{l}">{html.escape(merged(l).get(said, said))}</p>' for l in LANGS]
        page = re.sub(r"<noscript>.*?</noscript>", lambda _: "<noscript>" + "".join(lines) + "</noscript>", page,
                      flags=re.S)
        with open(argv[1], "w", encoding="utf-8") as f:
            f.write(page)
        # and beside it the manifest in every language (the shell links the page's language's: moe-lab-api.js)
        with open(os.path.join(ROOT, "web/manifest.webmanifest"), encoding="utf-8") as f:
            manifest = json.load(f)
        for l in LANGS:
            words = merged(l)
            own = dict(manifest, lang=l, name=words.get(manifest["name"], manifest["name"]),
                       description=words.get(manifest["description"], manifest["description"]))
            with open(os.path.join(os.path.dirname(argv[1]), f"manifest.{l}.webmanifest"), "w", encoding="utf-8") as f:
                json.dump(own, f, ensure_ascii=False, indent=2)
                f.write("\n")
        return 0
    if len(argv) == 2 and argv[0] == "chars":   # chars LANG, or chars names: the languages' names (the menu)
        text = "".join(n for _, n, _ in languages()) if argv[1] == "names" else "".join(merged(argv[1]).values())
        chars = set(c for c in text if ord(c) > 0x2FFF)   if argv[1] == "names" else set(text)
        sys.stdout.write("".join(sorted(c for c in chars if ord(c) >= 32)))
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
