"""scripts/words.py check refuses a form its language's glossary forbids (docs/glossary/<lang>.md, "Forms that must
not appear"): every language's forms, planted into a copy of the tree, fail the check, each form named; a glossary
whose example its own form does not match is a problem too. (The tree itself passes: the checks stage runs
words.py check on it.) Run by the checks stage of scripts/test.sh:
    python3 -m unittest discover -s tests/scripts
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import words  # noqa: E402  (scripts/words.py)

WORDS = os.path.join(ROOT, "scripts", "words.py")


class ForbiddenForms(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix="moe-words-")
        for part in ("src", "web", os.path.join("docs", "glossary")):
            shutil.copytree(os.path.join(ROOT, part), os.path.join(cls.tmp, part))

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp)

    def test_every_language_forbids_some_forms(self):
        for lang in words.LANGS:
            forms, problems = words.forbidden_forms(lang)
            self.assertEqual(problems, [], lang)
            self.assertGreaterEqual(len(forms), 3, f"{lang}: its glossary forbids {len(forms)} forms")

    def test_a_planted_form_fails_the_check(self):
        # every language's every form planted at once, each as the whole of a text of its own (a form may be
        # anchored at its start); one run of the check names each, with the text it was planted in
        planted = []
        for lang in words.LANGS:
            path = os.path.join(self.tmp, "src", "app", "words", lang + ".json")
            table = json.load(open(path, encoding="utf-8"))
            keys = [k for k, v in table.items() if v and "|" not in k]
            self.assertGreaterEqual(len(keys), len(words.forbidden_forms(lang)[0]))
            for key, (pattern, example) in zip(keys, words.forbidden_forms(lang)[0]):
                table[key] = example
                planted.append((lang, key, pattern.pattern))
            with open(path, "w", encoding="utf-8") as f:
                json.dump(table, f, ensure_ascii=False, indent=0)
        r = subprocess.run([sys.executable, WORDS, "check"], env=dict(os.environ, MOE_WORDS_ROOT=self.tmp),
                           capture_output=True, text=True)
        self.assertEqual(r.returncode, 1, r.stdout)
        for lang, key, pattern in planted:
            with self.subTest(lang=lang, form=pattern):
                self.assertIn(f"in the translation of {key!r}: the glossary forbids `{pattern}` "
                              f"(docs/glossary/{lang}.md)", r.stdout)

    def test_a_glossary_example_its_form_does_not_match_is_a_problem(self):
        glossary = os.path.join(self.tmp, "docs", "glossary", "de.md")
        original = open(glossary, encoding="utf-8").read()
        root, words.ROOT = words.ROOT, self.tmp
        try:
            with open(glossary, "a", encoding="utf-8") as f:
                f.write("| `\\bnirgends\\b` | überall | woanders |\n")
            problems = words.forbidden_forms("de")[1]
        finally:
            words.ROOT = root
            with open(glossary, "w", encoding="utf-8") as f:
                f.write(original)
        self.assertTrue(any("does not match its example 'überall'" in p for p in problems), problems)


if __name__ == "__main__":
    unittest.main()
