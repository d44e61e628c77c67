// Compare mode in the page: for the first lab (every lab natively: tests/app/test_app_compare.cpp) a compare link
// (A, and B = A with b.name=value) is played to the end; A's final metrics equal the CLI's run of A and B's equal the CLI's run of A with B's
// changes (--set), the line views carry the A/B key in their legends, and a screenshot at 1280×720, UI
// scale 1.6, shows both runs. Bad compare links and commands give messages and leave the page working.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { execFileSync } from "node:child_process";
import { openPage, state, cliMetrics, out, nativeCli, checkReport, finish } from "./harness.mjs";

// Every registered lab (from `moe-lab list --json`), at its declared quick size (Lab::test_sizes), against its
// first named comparison that needs no preset of its own: the page runs A and B in seconds.
const CASES = JSON.parse(execFileSync(nativeCli, ["list", "--json"], { encoding: "utf8" })).labs.map((l) => {
  const named = l.comparisons.find((c) => c.preset === "") || l.comparisons[0];
  const a = [named.preset ? `preset=${named.preset}` : `preset=${l.presets[0]}`,
             ...Object.entries(l.quick).map(([k, v]) => `${k}=${v}`)].join("&");
  return { lab: l.id, a, b: named.b, id: named.id };
});

// The CLI's arguments for A's link (preset and values), with B's changes `extra` in place of A's values.
const cliArgs = (lab, a, seed, extra = {}) => {
  const args = ["--lab", lab, "--seed", String(seed)];
  const values = {};
  for (const kv of a.split("&")) {
    const [k, v] = kv.split("=");
    if (k === "preset") args.push("--preset", v);
    else values[k] = v;
  }
  for (const [k, v] of Object.entries({ ...values, ...extra })) args.push("--set", `${k}=${v}`);
  return args;
};

// (every lab's comparison, A and B against A and B alone, its legends and its enlarged views' room: natively,
// tests/app/test_app_compare.cpp; here the first lab's, against the CLI, with its screenshots)
for (const { lab, a, b, id } of CASES.slice(0, 1)) {
  test(`compare mode, ${lab}: A and B played in lockstep equal the CLI's runs of A and of B`, async () => {
    const seed = 4;
    const bkeys = Object.entries(b).map(([k, v]) => `&b.${k}=${v}`).join("");
    const { page, errors } = await openPage(`?lab=${lab}&${a}&seed=${seed}${bkeys}&scale=1.6`);
    let s = await state(page);
    assert.deepEqual(s.messages, []);
    assert.ok(s.compare, "the link opened a comparison");
    assert.deepEqual(s.compare.changes, b);
    // B equals a named comparison, so the link the page writes names it, and reopening it restores B
    assert.ok(s.query.includes(`compare=${id}`), `the link keeps B: ${s.query}`);
    const again = await openPage(`?${s.query}`);
    const r = await state(again.page);
    assert.deepEqual(r.messages, []);
    assert.deepEqual(r.compare.changes, b, `reopened ${s.query}`);
    assert.deepEqual(r.params, s.params, "reopening the written link restores A's parameters");
    await again.page.close();
    await finish(page, 180000);
    s = await state(page);
    assert.equal(s.failure, "");
    assert.equal(s.compare.failure, "");
    assert.ok(s.compare.a_done, "A finished too");
    const cliA = cliMetrics([nativeCli], cliArgs(lab, a, seed));
    const cliB = cliMetrics([nativeCli], cliArgs(lab, a, seed, b));
    for (const k of Object.keys(cliA)) {
      assert.equal(s.metrics[k], cliA[k], `A ${lab}.${k}: page ${s.metrics[k]} vs CLI ${cliA[k]}`);
      assert.equal(s.compare.metrics[k], cliB[k], `B ${lab}.${k}: page ${s.compare.metrics[k]} vs CLI ${cliB[k]}`);
    }
    assert.ok(s.compare.headlines.length >= 2, "the strip shows the headline metrics");
    const lines = s.view_reports.filter((r) => r.legend.some((l) => l.startsWith("B: dashed")));
    assert.ok(lines.length >= 1, "a line view overlays B with the A/B key in its legend");
    for (const r of lines) assert.ok(r.series.length >= 2, `${r.id}: series ${r.series}`);
    await page.screenshot({ path: join(out, `compare-${lab}.png`) });
    // every merged view, enlarged beside the A/B strip, reads on a projector like any other view
    for (let k = 0; k < s.views; ++k) {
      assert.equal(await page.evaluate((k) => moeLab.command(`view=${k}`), k), "");
      const e = await state(page);
      assert.equal(e.view_reports.length, 1);
      checkReport(e.view_reports[0], e.canvas[1], true, `compare enlarged@1.6`);
      await page.screenshot({ path: join(out, `compare-${lab}-view${k}.png`) });
    }
    await page.evaluate(() => moeLab.command("view=-1"));
    assert.equal(await page.evaluate(() => moeLab.command("present=1")), "");
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(out, `compare-${lab}-present.png`) });
    assert.deepEqual(errors, []);
    await page.close();
  });
}

test("compare mode: one click from a parameter, named comparisons, ending it, bad links and commands", async () => {
  const { page, errors } = await openPage("?lab=cluster-experts&preset=fast&seed=2");
  const cmd = (c) => page.evaluate((c) => moeLab.command(c), c);
  assert.equal(await cmd("vs=noise_width"), "");
  let s = await state(page);
  assert.deepEqual(s.compare.changes, { noise_width: "2" }, "a tenth of the range further");
  assert.ok(s.query.endsWith("&b.noise_width=2"), s.query);
  assert.equal(await cmd("vs=noise_width"), "", "a second click drops the change");
  assert.equal((await state(page)).compare, null);
  assert.equal(await cmd("compare=large-init"), "");
  s = await state(page);
  assert.deepEqual(s.compare.changes, { sigma0: "0.4" });
  assert.equal(s.compare.title, "Large initialisation (σ0 = 0.4)");
  assert.ok(s.query.endsWith("&compare=large-init"), s.query);   // a named comparison is linked by its id
  assert.match(await cmd("compare=nosuch"), /no comparison 'nosuch' for cluster-experts \(comparisons: noise-off, large-init, plain-gd/);
  assert.match(await cmd("vs=nosuch"), /no parameter 'nosuch'/);
  assert.equal(await cmd("compare=off"), "");
  assert.equal((await state(page)).compare, null);
  // a named comparison with its own preset moves A there
  assert.equal(await cmd("lab=patch-routing"), "");
  assert.equal(await cmd("compare=l-below-threshold"), "");
  s = await state(page);
  assert.equal(s.preset, "threshold");
  assert.deepEqual(s.compare.changes, { l_sep: "2" });
  // a link opens a named comparison by id (at its preset), and the link the page writes opens it again
  for (const q of ["lab=patch-routing&compare=l-below-threshold", (await state(page)).query]) {
    await page.evaluate((q) => moeLab.command("query=" + q), q);
    s = await state(page);
    assert.ok(!s.messages.some((m) => /compare|unknown/.test(m)), s.messages.join(" | "));
    assert.equal(s.preset, "threshold", q);
    assert.deepEqual(s.compare.changes, { l_sep: "2" }, q);
    assert.ok(s.query.includes("compare=l-below-threshold"), s.query);
  }
  await page.evaluate(() => moeLab.command("query=lab=patch-routing&compare=nosuch"));
  s = await state(page);
  assert.equal(s.compare, null);
  assert.ok(s.messages.some((m) => /compare='nosuch': no comparison 'nosuch' for patch-routing/.test(m)), s.messages.join(" | "));
  // links: an unknown parameter is left out, an invalid B is not opened, A opens either way
  await page.evaluate(() => moeLab.command("query=lab=cluster-experts&preset=fast&b.nosuch=1&b.noise_width=0"));
  s = await state(page);
  assert.ok(s.messages.some((m) => /unknown parameter 'nosuch'.*left out of the comparison/.test(m)), s.messages.join(" | "));
  assert.deepEqual(s.compare.changes, { noise_width: "0" });
  await page.evaluate(() => moeLab.command("query=lab=cluster-experts&preset=fast&b.eta=7"));
  s = await state(page);
  assert.equal(s.compare, null);
  assert.ok(s.messages.some((m) => /comparison was not opened: B \(eta = 7\).*above its maximum 1/.test(m)), s.messages.join(" | "));
  assert.equal(s.lab, "cluster-experts");
  assert.equal(await cmd("play"), "");
  assert.deepEqual(errors, []);
  await page.close();
});

test("moe-lab compare: bad input exits 2 with a message; --json pairs A and B seed by seed", async () => {
  const { spawnSync } = await import("node:child_process");
  const run = (...args) => spawnSync(nativeCli, ["compare", ...args], { encoding: "utf8" });
  const bad = [
    [["--lab", "cluster-experts"], /compare needs B's changes: --b name=value or --comparison ID/],
    [["--lab", "cluster-experts", "--b", "nosuch=1"], /--b: B's change 'nosuch=1': unknown parameter 'nosuch'/],
    [["--lab", "cluster-experts", "--b", "noise_width"], /expected name=value/],
    [["--lab", "cluster-experts", "--b", "eta=7"], /B \(eta = 7\): .*above its maximum 1/],
    [["--lab", "cluster-experts", "--comparison", "nosuch"], /unknown comparison 'nosuch' for cluster-experts \(comparisons: noise-off/],
  ];
  for (const [args, message] of bad) {
    const r = run(...args);
    assert.equal(r.status, 2, `${args.join(" ")}: exit ${r.status}`);
    assert.match(r.stderr, message);
    assert.equal(r.stdout, "");
  }
  const r = run("--lab", "cluster-experts", "--preset", "fast", "--comparison", "noise-off", "--seeds", "2", "--json",
                "--set", "T=60", "--set", "n=300");
  assert.equal(r.status, 0, r.stderr);
  const j = JSON.parse(r.stdout);
  assert.deepEqual(j.b, { noise_width: "0" });
  assert.equal(j.comparison, "noise-off");
  const acc = j.headlines.find((h) => h.key === "acc_moe_cubic");
  assert.equal(acc.a_values.length, 2);
  const d = acc.b_values.map((b, k) => b - acc.a_values[k]);
  assert.ok(Math.abs(acc.diff.mean - (d[0] + d[1]) / 2) < 1e-9, "the paired difference is the mean of B − A per seed");
  const single = j.headlines.find((h) => h.key === "acc_single_cubic");
  assert.equal(single.ties, 2, "the single models do not route: the same in A and B");
  // seeds on threads: --jobs 1 and --jobs 3 report the same numbers (the report apart from its timing)
  const same = ["--lab", "cluster-experts", "--preset", "fast", "--comparison", "noise-off", "--seeds", "3", "--json",
                "--set", "T=60", "--set", "n=300"];
  const [one, three] = ["1", "3"].map((n) => run(...same, "--jobs", n));
  for (const x of [one, three]) assert.equal(x.status, 0, x.stderr);
  const untimed = (x) => ({ ...JSON.parse(x.stdout), seconds: 0 });
  assert.deepEqual(untimed(three), untimed(one));
  assert.match(run(...same, "--jobs", "0").stderr, /--jobs: '0' is not a whole number from 1 to 256/);
});
