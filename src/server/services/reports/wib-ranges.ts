import { wibDay } from "@/lib/wib-time";

const WIB_OFFSET_MS = 7 * 60 * 60 * 1000;

/** The instant a WIB calendar day starts. */
export function startOfWibDay(now: Date): Date {
  return new Date(wibDay(now).getTime() - WIB_OFFSET_MS);
}

export function startOfWibMonth(now: Date): Date {
  const day = wibDay(now);
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), 1) - WIB_OFFSET_MS);
}

/** "YYYY-MM-DD" (a WIB day) to the instant it starts. */
export function wibDateStart(date: string): Date {
  return new Date(`${date}T00:00:00+07:00`);
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * 24 * 60 * 60 * 1000);
}
