// Every dashboard procedure declares what it answers (a zod schema from src/schemas),
// so nothing the services return reaches the browser unchecked.
import { describe, expect, it } from "vitest";
import { appRouter } from "@/server/trpc/routers/app-router";

const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { output?: unknown } }>;

describe("tRPC procedures", () => {
  it.each(Object.keys(procedures))("%s declares .output()", (path) => {
    expect(procedures[path]._def.output).toBeDefined();
  });
});
