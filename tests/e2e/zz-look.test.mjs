import { test } from "node:test";
import { openPage, frames, state } from "./harness.mjs";
for (const lang of ["de", "pt-BR"]) for (const lab of ["latent-clusters", "gated-regression"]) {
test(`${lang} ${lab}`, async () => {
  const { page } = await openPage(`?lab=${lab}&lang=${lang}&scale=1.6`);
  await page.waitForFunction((l) => moeLab.state().lang === l, lang);
  const quick = { "latent-clusters": "", "gated-regression": "" }[lab];
  await page.evaluate(() => moeLab.command("speed=4"));
  await page.evaluate(() => moeLab.command("play"));
  await page.waitForFunction(() => moeLab.state().done, null, { timeout: 300000 });
  await frames(page, 5);
  await page.screenshot({ path: `/tmp/x/shot-${lang}-${lab}.png` });
  await page.close();
});
}
