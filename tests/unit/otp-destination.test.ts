import { describe, expect, it } from "vitest";
import { parseV3Body } from "@/server/validation";
import { requestOtpBody } from "@/schemas/v3/otp";

/** The destination a creation body ends up with, or the code its refusal is answered with. */
function destinationOf(channel: "sms" | "email", destination: string): string | null | undefined {
  return parseV3Body(requestOtpBody, { channel, destination }).destination;
}
const assertPhone = (value: string) => destinationOf("sms", value);
const assertEmail = (value: string) => destinationOf("email", value);

const rejects = (fn: () => unknown) => {
  try {
    fn();
    return null;
  } catch (err) {
    return (err as { code?: string }).code;
  }
};

describe("destinations", () => {
  it("accepts phones of 10 to 15 digits only (E.164 without the +)", () => {
    for (const ok of ["6281234567", "628123456789012"]) expect(assertPhone(ok)).toBe(ok);
    for (const bad of ["628123456", "6281234567890123", "+6281234567890", "0812 3456 7890", "0812-3456-7890", "62812345678x", "６２８１２３４５６７８"]) {
      expect(rejects(() => assertPhone(bad))).toBe("INVALID_NUMBER");
    }
  });

  it("accepts syntactically valid e-mail addresses, lower-cased, and rejects the rest with INVALID_NUMBER", () => {
    expect(assertEmail("Budi.Santoso+otp@Example.co.id")).toBe("budi.santoso+otp@example.co.id");
    for (const bad of ["budi", "budi@", "@example.com", "budi@example", "bu di@example.com", "budi@@example.com", `${"a".repeat(250)}@x.co`]) {
      expect(rejects(() => assertEmail(bad))).toBe("INVALID_NUMBER");
    }
  });
});
