// WIB (Asia/Jakarta) is UTC+7 all year (no daylight saving), so a fixed offset is exact.
const WIB_OFFSET_MS = 7 * 60 * 60 * 1000;

function shifted(date: Date): string {
  return new Date(date.getTime() + WIB_OFFSET_MS).toISOString();
}

/** `YYYY-MM-DD HH:MM:SS` in WIB, the spec's timestamp format. */
export function formatWib(date: Date): string {
  const iso = shifted(date);
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

/** `YYYYMMDD` of the WIB calendar day. */
export function wibDateCompact(date: Date): string {
  return shifted(date).slice(0, 10).replaceAll("-", "");
}

/** The WIB calendar day as a UTC-midnight Date, for DATE columns. */
export function wibDay(date: Date): Date {
  return new Date(`${shifted(date).slice(0, 10)}T00:00:00.000Z`);
}

/** Parses the spec's WIB format back to a Date; undefined when malformed. */
export function parseWib(text: string): Date | undefined {
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(text);
  if (!m) return undefined;
  const date = new Date(`${m[1]}T${m[2]}+07:00`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

const MONTHS_ID = ["Jan", "Feb", "Mar", "Apr", "Mei", "Jun", "Jul", "Agu", "Sep", "Okt", "Nov", "Des"];

/** `23 Nov 2026 23.31 WIB`: how Indonesian readers write a moment (receipts, screens). */
export function formatWibLong(date: Date): string {
  const iso = shifted(date);
  const month = MONTHS_ID[Number(iso.slice(5, 7)) - 1];
  return `${Number(iso.slice(8, 10))} ${month} ${iso.slice(0, 4)} ${iso.slice(11, 13)}.${iso.slice(14, 16)} WIB`;
}
