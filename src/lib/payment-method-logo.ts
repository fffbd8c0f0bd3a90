// The one rule for a payment method's logo: public/payment-methods/<code, lowercased>.svg
// for a method whose file ships with the app, a neutral card badge for any other
// (operators can add methods without a file), so no screen ever shows a broken image.
// Adding a logo: put <code>.svg in public/payment-methods/ and its code below
// (tests/unit/payment-method-logo.test.ts checks the two agree).

/** Codes (payment_methods.code) that have their own file in public/payment-methods/. */
export const PAYMENT_METHOD_LOGO_CODES: readonly string[] = ["QRIS", "BCA_VA", "BNI_VA", "MANDIRI_VA", "BRI_VA"];

export const DEFAULT_PAYMENT_METHOD_LOGO = "/payment-methods/default.svg";

/** The logo's URL for a method code, any case; the generic badge for a code without a file. */
export function paymentMethodLogo(code: string | null | undefined): string {
  const upper = (code ?? "").trim().toUpperCase();
  return PAYMENT_METHOD_LOGO_CODES.includes(upper) ? `/payment-methods/${upper.toLowerCase()}.svg` : DEFAULT_PAYMENT_METHOD_LOGO;
}
