// Dates bound through the app's pool (src/server/db/client.ts) go to PostgreSQL as UTC
// text, so what is stored does not depend on the process's time zone: a UTC midnight is
// that day as a DATE (local time would make it the day before west of Greenwich), and a
// time is the same instant.
import { afterEach, describe, expect, it } from "vitest";
import { namedQuery, runAutocommit } from "@/server/db/sql";

const zoneBefore = process.env.TZ;
afterEach(() => {
  if (zoneBefore === undefined) delete process.env.TZ;
  else process.env.TZ = zoneBefore;
});

const cast = namedQuery("test-utc-dates", "SELECT $1::date::text AS day, $2::timestamptz = '2026-11-29T23:30:00.123Z'::timestamptz AS same_instant");

describe("Dates bound by the app's pool", () => {
  it.each(["America/New_York", "Asia/Jakarta", "UTC"])("are the same day and instant with the process in %s", async (zone) => {
    process.env.TZ = zone;
    // The zone really is in force for this process's Dates.
    if (zone !== "UTC") expect(new Date("2026-11-29T00:00:00Z").getTimezoneOffset()).not.toBe(0);
    const [row] = await runAutocommit<{ day: string; same_instant: boolean }>(cast, [new Date("2026-11-29T00:00:00Z"), new Date("2026-11-29T23:30:00.123Z")]);
    expect(row).toEqual({ day: "2026-11-29", same_instant: true });
  });
});
