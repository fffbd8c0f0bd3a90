// Layout checks shared by the browser tests.
import { expect, type Page } from "@playwright/test";
import path from "node:path";

/**
 * Nothing sticks out sideways: no horizontal scrolling, and nothing in a card
 * (`main section`: amounts, ids, buttons, tables) pokes past that card's edge.
 * Content inside its own scroll box (a code block, a wide log table) may extend
 * past the card; that box itself may not.
 */
export async function expectNothingSticksOut(page: Page) {
  // Polled, not read once: a screen that is still loading may change its layout in the next
  // moments; an overflow that stays fails all the same.
  await expect.poll(() => stickingOut(page), { timeout: 3_000 }).toEqual([]);
}

function stickingOut(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) found.push(`page is ${root.scrollWidth}px wide in a ${root.clientWidth}px viewport`);
    const scrollsInside = (el: Element, card: Element) => {
      for (let p = el.parentElement; p && p !== card; p = p.parentElement) if (getComputedStyle(p).overflowX !== "visible") return true;
      return false;
    };
    for (const card of document.querySelectorAll("main section")) {
      const edge = card.getBoundingClientRect();
      for (const el of card.querySelectorAll("*")) {
        // A spinning element's box is its rotated square's: a 20 px spinner at 45° spans 28 px,
        // 4 px past each side of where it sits (CI once reported the two lists' loading spinners
        // on Keamanan as sticking out). Rotation is not layout, so animated elements are skipped.
        if (getComputedStyle(el).animationName !== "none") continue;
        const box = el.getBoundingClientRect();
        if (box.width > 0 && (box.left < edge.left - 0.5 || box.right > edge.right + 0.5) && !scrollsInside(el, card)) {
          found.push(`<${el.tagName.toLowerCase()}> "${(el.textContent ?? "").trim().slice(0, 30)}" leaves its card (${Math.round(box.left)}–${Math.round(box.right)} vs ${Math.round(edge.left)}–${Math.round(edge.right)})`);
        }
      }
    }
    return found;
  });
}

/** The screen at the three widths a merchant uses (375, 1024, 1280 px), checked and saved as e2e/artifacts/<name>-<width>.png. */
export async function shotsAtThreeWidths(page: Page, name: string) {
  for (const width of [375, 1024, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNothingSticksOut(page);
    await page.screenshot({ path: path.resolve("e2e/artifacts", `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
