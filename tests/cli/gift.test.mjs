// moe-lab worksheet --format gift: every lab's tour questions, in English, German and Chinese, read back by a
// third-party GIFT parser (npm's gift-pegjs, installed by scripts/setup.sh into .cache/e2e): each question the sheet
// asks is there, with the same number of answers, exactly one of them right, and feedback on every answer (the
// explanation on the right one, the misreading on each wrong one). Run by the cli stage of scripts/test.sh:
//   node --test tests/cli/gift.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const cli = process.env.MOE_CLI || join(root, "build", "native", "moe-lab");
const { parse } = createRequire(import.meta.url)(join(root, ".cache", "e2e", "node_modules", "gift-pegjs"));
const run = (args) => execFileSync(cli, args, { encoding: "utf8", maxBuffer: 1 << 26 });
const labs = JSON.parse(run(["list", "--json"])).labs.map((l) => l.id);

for (const lang of ["en", "de", "zh-Hans"]) {
  test(`GIFT in ${lang}: every lab's questions parsed by gift-pegjs, as the worksheet asks them`, () => {
    for (const lab of labs) {
      const sheet = run(["worksheet", "--lab", lab, "--lang", lang]);
      const asked = [...sheet.matchAll(/<ul class="answers">([\s\S]*?)<\/ul>/g)].map((m) => m[1].match(/<li>/g).length);
      const questions = parse(run(["worksheet", "--lab", lab, "--lang", lang, "--format", "gift"]));
      assert.equal(questions.length, asked.length, `${lab}: a question for each one the sheet asks`);
      questions.forEach((q, k) => {
        const where = `${lab} (${lang}) question ${k + 1}`;
        assert.equal(q.type, "MC", where);
        assert.ok(q.title && q.stem.text.length > 10, `${where}: a title and a question`);
        assert.equal(q.choices.length, asked[k], `${where}: the sheet's answers`);
        assert.equal(q.choices.filter((c) => c.isCorrect).length, 1, `${where}: one right answer`);
        for (const c of q.choices) {
          assert.ok(c.text.text.length > 1, `${where}: an answer's text`);
          assert.ok(c.feedback && c.feedback.text.length > 10, `${where}: feedback on "${c.text.text}"`);
        }
      });
    }
  });
}

test("GIFT: a lab without questions and a wrong --format are refused with a message", () => {
  for (const [args, why] of [[["--format", "pdf"], /give html .* or gift/], [["--format", "gift", "--key"], /questions only/]]) {
    let e = null;
    try { run(["worksheet", "--lab", labs[0], ...args]); } catch (x) { e = x; }
    assert.ok(e && e.status === 2, `${args.join(" ")}: exit 2`);
    assert.match(e.stderr.toString(), why);
  }
});
