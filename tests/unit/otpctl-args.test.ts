import { describe, expect, it } from "vitest";
import { Args, parseArgs, UsageError } from "@/cli/args";

describe("otpctl argument parsing", () => {
  it("reads a negative number after a flag as its value", () => {
    const parsed = parseArgs(["merchant", "credit", "m1", "--amount", "-500", "--reason", "x", "--json"]);
    expect(new Args(parsed, ["amount", "reason"]).int("amount")).toBe(-500);
    expect(parsed.bools.has("json")).toBe(true);
  });

  it("reads --flag=value including negative values", () => {
    expect(new Args(parseArgs(["--amount=-500"]), ["amount"]).int("amount")).toBe(-500);
  });

  it("collects repeatable flags", () => {
    expect(new Args(parseArgs(["--price", "sms=1", "--price", "voice=2"]), ["price"]).all("price")).toEqual(["sms=1", "voice=2"]);
  });

  it("refuses unknown options, missing values and non-integers", () => {
    expect(() => new Args(parseArgs(["--nope", "1"]), ["amount"])).toThrow(UsageError);
    expect(() => parseArgs(["--amount"])).toThrow(/needs a value/);
    expect(() => new Args(parseArgs(["--amount", "1.5"]), ["amount"]).int("amount")).toThrow(/integer/);
  });

  it("refuses a lone UTF-16 surrogate in any flag value or argument, naming it", () => {
    expect(() => parseArgs(["merchant", "update", "m1", "--brand", "\udfff"])).toThrow(/--brand holds an invalid Unicode character/);
    expect(() => parseArgs(["merchant", "update", "m1", "--name=a\ud83d"])).toThrow(/--name holds an invalid Unicode character/);
    expect(() => parseArgs(["merchant", "show", "\ud83d"])).toThrow(UsageError);
    expect(parseArgs(["--brand", "Toko 🙂"]).flags.get("brand")).toEqual(["Toko 🙂"]);
  });
});
