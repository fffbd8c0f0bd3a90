// Messages zod writes itself (no message in the schema) are Indonesian too: they reach
// merchants through parseInput, parseV3Body and the dashboard's tRPC errors.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseInput } from "@/server/validation";

describe("zod's own messages", () => {
  it("are Indonesian, naming the field", () => {
    const schema = z.object({ name: z.string().max(3) });
    expect(() => parseInput(schema, { name: 42 })).toThrow("name: Input tidak valid: diharapkan string, diterima number");
    expect(() => parseInput(schema, { name: "panjang" })).toThrow(/^name: Terlalu besar/);
  });
});
