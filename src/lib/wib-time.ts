// WIB (Asia/Jakarta) is UTC+7 all year (no daylight saving), so a fixed offset is exact.
import { isoString } from "./iso-time.mjs";

const WIB_OFFSET_MS = 7 * 60 * 60 * 1000;

function shifted(date: Date): string {
  return isoString(date.getTime() + WIB_OFFSET_MS);
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

/** `YYYY-MM-DD` of the WIB calendar day. */
export function wibDate(date: Date): string {
  return shifted(date).slice(0, 10);
}

/** The WIB calendar day as a UTC-midnight Date, for DATE columns. */
export function wibDay(date: Date): Date {
  return new Date(`${wibDate(date)}T00:00:00.000Z`);
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
  return wibTextLong(formatWib(date));
}

/**
 * The spec's WIB text (`YYYY-MM-DD HH:MM:SS`) as `formatWibLong` writes it, for
 * screens that receive API timestamps; anything else comes back unchanged.
 */
export function wibTextLong(wib: string, options: { seconds?: boolean } = {}): string {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})(?::(\d{2}))?$/.exec(wib);
  if (!m) return wib;
  // Seconds where moments seconds apart must read apart (an OTP's sends and events).
  const seconds = options.seconds && m[6] ? `.${m[6]}` : "";
  return `${Number(m[3])} ${MONTHS_ID[Number(m[2]) - 1]} ${m[1]} ${m[4]}.${m[5]}${seconds} WIB`;
}
