import { describe, expect, it } from "vitest";
import { formatWib, formatWibLong, wibTextLong, parseWib, wibDate, wibDateCompact, wibDay } from "@/lib/wib-time";

describe("WIB time", () => {
  it("formats as YYYY-MM-DD HH:MM:SS at UTC+7", () => {
    expect(formatWib(new Date("2026-11-22T17:30:05.900Z"))).toBe("2026-11-23 00:30:05");
  });

  it("takes the calendar day in WIB, not UTC", () => {
    const lateUtc = new Date("2026-11-22T18:00:00Z");
    expect(wibDateCompact(lateUtc)).toBe("20261123");
    expect(wibDay(lateUtc).toISOString()).toBe("2026-11-23T00:00:00.000Z");
    expect(wibDate(lateUtc)).toBe("2026-11-23");
  });

  it("parses its own format back", () => {
    expect(parseWib("2026-11-23 00:30:05")?.toISOString()).toBe("2026-11-22T17:30:05.000Z");
    expect(parseWib("2026-11-23T00:30:05")).toBeUndefined();
  });

  it("writes a moment the Indonesian way for people: 23 Nov 2026 23.31 WIB", () => {
    expect(formatWibLong(new Date("2026-11-23T16:31:59Z"))).toBe("23 Nov 2026 23.31 WIB");
    expect(formatWibLong(new Date("2026-08-01T00:05:00Z"))).toBe("1 Agu 2026 07.05 WIB");
  });

  it("rewrites the API's WIB text the same way for screens, and leaves other text alone", () => {
    expect(wibTextLong("2026-11-23 23:31:59")).toBe("23 Nov 2026 23.31 WIB");
    expect(wibTextLong("2026-05-09 07:05:00")).toBe("9 Mei 2026 07.05 WIB");
    expect(wibTextLong("—")).toBe("—");
  });

  it("keeps the seconds when asked, for moments seconds apart (an OTP's sends)", () => {
    expect(wibTextLong("2026-11-23 23:31:05", { seconds: true })).toBe("23 Nov 2026 23.31.05 WIB");
    expect(wibTextLong("2026-11-23 23:31", { seconds: true })).toBe("23 Nov 2026 23.31 WIB");
  });
});
