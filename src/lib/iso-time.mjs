// ISO 8601 text of a time value, as Date.prototype.toISOString writes it, built with
// integer arithmetic. V8 formats toISOString through printf: about 7,500 instructions a
// call, and a /v3 read formats three or four times, a creation nine (expires_at, sent_at,
// the events' created_at, the log line's time): 3 % of each request (docs/performance.md).
// Plain JavaScript with a .d.mts beside it: the production front's logger uses it too.

const DAY_MS = 86_400_000;
/** 9999-12-31T23:59:59.999Z: beyond it toISOString writes a six-digit, signed year. */
const LAST_FOUR_DIGIT_YEAR_MS = 253_402_300_799_999;

const two = (n) => (n < 10 ? `0${n}` : `${n}`);
const three = (n) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

/**
 * `new Date(ms).toISOString()` for a time value from 1970 to 9999; any other value (earlier,
 * later, NaN) goes to toISOString itself, RangeError included.
 * @param {number} ms
 * @returns {string}
 */
export function isoString(ms) {
  if (!inFourDigitYears(ms)) return new Date(ms).toISOString();
  return formatUtc(ms, "Z");
}

/**
 * The text node-pg binds a Date as (with `parseInputDatesAsUTC`): toISOString's, with
 * `+00:00` for its `Z`; null outside 1970–9999 (node-pg's own then writes it).
 * @param {number} ms
 * @returns {string | null}
 */
export function utcTimestampText(ms) {
  return inFourDigitYears(ms) ? formatUtc(ms, "+00:00") : null;
}

/** @param {number} ms */
function inFourDigitYears(ms) {
  return ms >= 0 && ms <= LAST_FOUR_DIGIT_YEAR_MS && Number.isInteger(ms);
}

/**
 * @param {number} ms
 * @param {string} zone
 */
function formatUtc(ms, zone) {
  const days = Math.floor(ms / DAY_MS);
  let rest = ms - days * DAY_MS;
  // The proleptic Gregorian date of a day count (Howard Hinnant's civil_from_days), in 400-year eras from 0000-03-01.
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  const millis = rest - seconds * 1000;
  const yyyy = year < 1000 ? `0${three(year)}` : `${year}`;
  return `${yyyy}-${two(month)}-${two(day)}T${two(hours)}:${two(minutes)}:${two(seconds)}.${three(millis)}${zone}`;
}
