// Stored enumerations (docs/migrations.md, "New values of a stored enumeration"): the
// dashboard's answers pass a value a later release wrote through as it is stored, while
// the inputs keep refusing values this release does not know.
import { describe, expect, expectTypeOf, it } from "vitest";
import { entryFor, isKnown, storedEnum, type StoredValue } from "@/schemas/stored-enum";

const COLOURS = ["red", "green"] as const;

describe("storedEnum", () => {
  const colour = storedEnum(COLOURS);

  it("accepts every known value and passes an unknown string through unchanged", () => {
    expect(colour.parse("red")).toBe("red");
    expect(colour.parse("green")).toBe("green");
    expect(colour.parse("ultraviolet")).toBe("ultraviolet");
    expect(colour.parse("")).toBe("");
  });

  it("still refuses what is not a string", () => {
    for (const value of [1, null, undefined, {}, ["red"], true]) expect(colour.safeParse(value).success).toBe(false);
  });

  it("keeps the known literals in its type", () => {
    expectTypeOf(colour.parse("red")).toEqualTypeOf<StoredValue<"red" | "green">>();
    // Known | (string & {}): the literals stay offered (and compared) as literals.
    expectTypeOf<"red">().toExtend<StoredValue<"red" | "green">>();
    expectTypeOf<string>().toExtend<StoredValue<"red" | "green">>();
  });
});

describe("isKnown and entryFor", () => {
  const LABELS: Record<(typeof COLOURS)[number], string> = { red: "Merah", green: "Hijau" };

  it("tells a known value from a later release's", () => {
    expect(isKnown(COLOURS, "red")).toBe(true);
    expect(isKnown(COLOURS, "blue")).toBe(false);
    const value: string = "green";
    if (isKnown(COLOURS, value)) expectTypeOf(value).toEqualTypeOf<"red" | "green">();
  });

  it("finds a known value's entry and nothing for an unknown one, not even Object's own properties", () => {
    expect(entryFor(LABELS, "red")).toBe("Merah");
    expect(entryFor(LABELS, "blue")).toBeNull();
    for (const inherited of ["constructor", "toString", "__proto__", "hasOwnProperty"]) expect(entryFor(LABELS, inherited)).toBeNull();
  });
});
