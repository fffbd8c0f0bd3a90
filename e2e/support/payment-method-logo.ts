import { expect, type Locator } from "@playwright/test";

/** The method's logo inside `scope`: shown, named by the method, the expected file, and actually loaded (no broken image). */
export async function expectLogoLoaded(scope: Locator, name: string, file: string) {
  const logo = scope.getByTestId("payment-method-logo");
  await expect(logo).toBeVisible();
  await expect(logo).toHaveAttribute("alt", name);
  await expect(logo).toHaveAttribute("src", `/payment-methods/${file}`);
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  const box = await logo.boundingBox();
  expect(box?.width).toBeGreaterThan(0);
}
