// The shared layout check itself: it must tell a real overflow from a loading spinner's turn.
import { expect, test } from "@playwright/test";
import { expectNothingSticksOut } from "./support/layout";

const card = (inside: string) => `
  <style>@keyframes spin { to { transform: rotate(360deg) } } body { margin: 0 }</style>
  <main><section style="margin-left: 37px; width: 301px">${inside}</section></main>`;

test("a spinner turning at a card's edge is not reported, though its box grows past the card", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.setContent(card(`<span id="spinner" style="display: inline-block; width: 20px; height: 20px; animation: spin 1s linear infinite"></span>`));
  // Rotated 45°, a 20 px square's box is 28 px wide: 4 px past the card on the left.
  await expect.poll(() => page.evaluate(() => document.getElementById("spinner")!.getBoundingClientRect().left)).toBeLessThan(35);
  await expectNothingSticksOut(page);
});

test("content wider than its card is reported", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.setContent(card(`<div style="width: 320px">Rp 1.000.000.000</div>`));
  await expect(expectNothingSticksOut(page)).rejects.toThrow(/leaves its card \(37–357 vs 37–338\)/);
});
