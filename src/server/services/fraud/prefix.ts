// Where a phone destination goes, as detection and geo permissions see it: its
// country code (E.164 codes are prefix-free, so the first match is the only one) and
// its "prefix", the country code plus the next three digits. For Indonesia that is
// 62 + the operator prefix (62812 Telkomsel, 62857 Indosat, …), the unit pumping
// attacks buy numbers in.
import { destinationKey } from "@/server/services/otp/destination";

const ONE_DIGIT = new Set(["1", "7"]);
const TWO_DIGIT = new Set([
  "20", "27", "30", "31", "32", "33", "34", "36", "39", "40", "41", "43", "44", "45", "46", "47", "48", "49",
  "51", "52", "53", "54", "55", "56", "57", "58", "60", "61", "62", "63", "64", "65", "66",
  "81", "82", "84", "86", "90", "91", "92", "93", "94", "95", "98",
]);

const OPERATOR_DIGITS = 3;

/** Digits of an international number (a local 0… number is Indonesian: 62…). */
export function internationalDigits(phone: string): string {
  return destinationKey(phone);
}

/** The country calling code of an international number (every other code has three digits). */
export function countryCodeOf(phone: string): string {
  const digits = internationalDigits(phone);
  if (ONE_DIGIT.has(digits.slice(0, 1))) return digits.slice(0, 1);
  if (TWO_DIGIT.has(digits.slice(0, 2))) return digits.slice(0, 2);
  return digits.slice(0, 3);
}

/** Country code plus operator prefix, e.g. 62812 for 081234567890. */
export function prefixOf(phone: string): string {
  const digits = internationalDigits(phone);
  return digits.slice(0, countryCodeOf(digits).length + OPERATOR_DIGITS);
}

/**
 * prefixOf in SQL, for a column holding a destination key (international digits):
 * the same country codes, so a figure grouped in the database lands on the prefix
 * the service computes for a creation. Anything but digits (an e-mail) gives ''.
 */
export function prefixSql(column: string): string {
  const quoted = (codes: Set<string>) => [...codes].map((c) => `'${c}'`).join(", ");
  return `CASE WHEN ${column} !~ '^[0-9]+$' THEN ''
    WHEN left(${column}, 1) IN (${quoted(ONE_DIGIT)}) THEN left(${column}, ${1 + OPERATOR_DIGITS})
    WHEN left(${column}, 2) IN (${quoted(TWO_DIGIT)}) THEN left(${column}, ${2 + OPERATOR_DIGITS})
    ELSE left(${column}, ${3 + OPERATOR_DIGITS}) END`;
}

/** A prefix as operators type it: digits only, a country code and at least one more digit. */
export const PREFIX_PATTERN = /^\d{2,8}$/;
