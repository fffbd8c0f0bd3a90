import { describe, expect, it } from "vitest";
import { OTP_LENGTH } from "@/schemas/v3/otp-limits";
import { parseInputOf } from "@/server/http/v3-endpoint";
import { requestOtpEndpoint } from "@/server/http/v3-endpoints/request-otp";
import { sendOtpEndpoint } from "@/server/http/v3-endpoints/send-otp";

/** A creation body parsed as POST /v3/request or /v3/send parses it, into the OTP service's input. */
const parseCreation = (raw: unknown, mode: "request" | "send") => (mode === "send" ? parseInputOf(sendOtpEndpoint, raw) : parseInputOf(requestOtpEndpoint, raw));

const PHONE = "6281234567890";

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
    return undefined;
  } catch (err) {
    return (err as { code?: string }).code;
  }
}

describe("parsing a creation body", () => {
  it("prefers destination, then number, then email (email channel only)", () => {
    expect(parseCreation({ channel: "sms", destination: PHONE, number: "6289999999999" }, "request").destination).toBe(PHONE);
    expect(parseCreation({ channel: "sms", destination: "  ", number: PHONE }, "request").destination).toBe(PHONE);
    expect(parseCreation({ channel: "email", email: "a@b.co" }, "request").destination).toBe("a@b.co");
    expect(parseCreation({ channel: "email", destination: "x@y.co", email: "a@b.co" }, "request").destination).toBe("x@y.co");
    expect(codeOf(() => parseCreation({ channel: "sms", email: "a@b.co" }, "request"))).toBe("INVALID_NUMBER");
  });

  it("answers a phone or e-mail with spaces around it as INVALID_NUMBER instead of trimming it", () => {
    for (const destination of [` ${PHONE}`, `${PHONE} `, "62 812 3456 7890", "+6281234567890", "62-812-3456-7890"]) {
      expect(codeOf(() => parseCreation({ channel: "sms", destination }, "request")), destination).toBe("INVALID_NUMBER");
    }
    expect(codeOf(() => parseCreation({ channel: "email", destination: " a@b.co" }, "request"))).toBe("INVALID_NUMBER");
  });

  it("answers a destination, number or email that is not a string with VALIDATION_ERROR", () => {
    for (const field of ["destination", "number", "email"]) {
      expect(codeOf(() => parseCreation({ channel: "sms", destination: PHONE, [field]: 6281234567890 }, "request")), field).toBe("VALIDATION_ERROR");
    }
  });

  it("allows no destination only for whatsapp_inbound (unbound)", () => {
    expect(parseCreation({ channel: "whatsapp_inbound" }, "request").destination).toBeNull();
    for (const channel of ["whatsapp", "sms", "email", "misscall", "voice"]) expect(codeOf(() => parseCreation({ channel }, "request"))).toBe("INVALID_NUMBER");
  });

  it("clamps otp_length to 4..8 and ttl to 60..900, truncating decimals and accepting numeric strings", () => {
    const parse = (extra: Record<string, unknown>) => parseCreation({ channel: "sms", destination: PHONE, ...extra }, "request");
    expect(parse({})).toMatchObject({ otpLength: 6, ttlSeconds: 300 });
    expect(parse({ otp_length: -3, ttl: 0 })).toMatchObject({ otpLength: 4, ttlSeconds: 60 });
    expect(parse({ otp_length: 99, ttl: 86400 })).toMatchObject({ otpLength: 8, ttlSeconds: 900 });
    expect(parse({ otp_length: 5.9, ttl: "120" })).toMatchObject({ otpLength: 5, ttlSeconds: 120 });
    expect(parse({ otp_length: null, ttl: "" })).toMatchObject({ otpLength: 6, ttlSeconds: 300 });
    for (const bad of ["six", true, {}, [], "1e3", Infinity]) expect(codeOf(() => parse({ otp_length: bad }))).toBe("VALIDATION_ERROR");
  });

  it("fixes the code length at 4 for voice and misscall, and at the supplied code's length for send", () => {
    expect(parseCreation({ channel: "voice", destination: PHONE, otp_length: 8 }, "request").otpLength).toBe(4);
    expect(parseCreation({ channel: "misscall", destination: PHONE, otp_length: 8 }, "request").otpLength).toBe(4);
    expect(parseCreation({ channel: "sms", destination: PHONE, otp: "0012345", otp_length: 4 }, "send")).toMatchObject({ otpLength: 7, suppliedCode: "0012345" });
  });

  it("answers unknown channels and request-only channels on send with INVALID_CHANNEL, a missing channel with VALIDATION_ERROR", () => {
    expect(codeOf(() => parseCreation({ channel: "telegram", destination: PHONE }, "request"))).toBe("INVALID_CHANNEL");
    expect(codeOf(() => parseCreation({ channel: "SMS", destination: PHONE }, "request"))).toBe("INVALID_CHANNEL");
    for (const channel of ["misscall", "voice", "whatsapp_inbound"]) {
      expect(codeOf(() => parseCreation({ channel, destination: PHONE, otp: "1234" }, "send"))).toBe("INVALID_CHANNEL");
    }
    expect(codeOf(() => parseCreation({ destination: PHONE }, "request"))).toBe("VALIDATION_ERROR");
  });

  it("requires send's otp as 4 to 8 digits in a string", () => {
    const send = (otp: unknown) => () => parseCreation({ channel: "sms", destination: PHONE, otp }, "send");
    for (const bad of [undefined, "", "123", "123456789", "12a4", " 1234", 1234, "١٢٣٤"]) expect(codeOf(send(bad))).toBe("VALIDATION_ERROR");
    for (const good of ["0000", "12345678"]) expect(codeOf(send(good))).toBeUndefined();
  });

  it("takes send's otp length bounds from OTP_LENGTH, the generated codes' range", () => {
    const send = (otp: string) => () => parseCreation({ channel: "sms", destination: PHONE, otp }, "send");
    expect(codeOf(send("1".repeat(OTP_LENGTH.min - 1)))).toBe("VALIDATION_ERROR");
    expect(codeOf(send("1".repeat(OTP_LENGTH.max + 1)))).toBe("VALIDATION_ERROR");
    expect(codeOf(send("1".repeat(OTP_LENGTH.min)))).toBeUndefined();
    expect(codeOf(send("1".repeat(OTP_LENGTH.max)))).toBeUndefined();
  });

  it("limits brand to 50 and external_id to 100 characters", () => {
    const parse = (extra: Record<string, unknown>) => () => parseCreation({ channel: "sms", destination: PHONE, ...extra }, "request");
    expect(codeOf(parse({ brand: "b".repeat(51) }))).toBe("VALIDATION_ERROR");
    expect(codeOf(parse({ external_id: "e".repeat(101) }))).toBe("VALIDATION_ERROR");
    expect(codeOf(parse({ brand: "b".repeat(50), external_id: "e".repeat(100) }))).toBeUndefined();
    expect(codeOf(parse({ brand: 7 }))).toBe("VALIDATION_ERROR");
  });

  it("rejects a body that is not a JSON object with VALIDATION_ERROR", () => {
    for (const body of [null, [], "sms", 42]) expect(codeOf(() => parseCreation(body, "request"))).toBe("VALIDATION_ERROR");
  });
});

describe("free text in a creation", () => {
  it("refuses control characters in brand and external_id, and answers them in a destination as INVALID_NUMBER", () => {
    const parse = (extra: Record<string, unknown>) => () => parseCreation({ channel: "sms", destination: "6281234567890", ...extra }, "request");
    expect(codeOf(parse({ brand: "Toko\u0000Maju" }))).toBe("VALIDATION_ERROR");
    expect(codeOf(parse({ external_id: "order\n1" }))).toBe("VALIDATION_ERROR");
    expect(codeOf(parse({ destination: "628123456789\u0000" }))).toBe("INVALID_NUMBER");
    expect(codeOf(parse({ brand: "Toko Maju – Cabang Bandung", external_id: "pesanan/2026-11-23#7" }))).toBeUndefined();
  });
});
