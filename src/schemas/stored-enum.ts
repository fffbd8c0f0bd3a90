// Values the database stores from a fixed list that a later release may extend (an audit
// actor type, a ledger reason, a top-up status…). During a rolling deploy the previous
// release's instances read rows the next release wrote, so a dashboard answer that
// validated such a value with z.enum failed as a whole for one row with a new value
// (docs/migrations.md, "New values of a stored enumeration"). Inputs stay z.enum: a
// value a person or client sends must still be one this release knows.
import { z } from "zod";

/** One of the values this release knows, with its literal type, or a newer release's value as it is stored. */
export type StoredValue<Known extends string> = Known | (string & {});

/**
 * An output field read back from the database: every known value keeps its literal
 * type, and an unknown string passes through unchanged instead of failing the answer.
 * Anything that is not a string still fails.
 */
export function storedEnum<const Known extends readonly [string, ...string[]]>(values: Known): z.ZodType<StoredValue<Known[number]>, string> {
  return z.string().describe(`${values.join(", ")} (or a value added by a later release)`);
}

/** Whether a stored value is one this release knows; narrows to the known literals. */
export function isKnown<const Known extends string>(values: readonly Known[], value: string): value is Known {
  return (values as readonly string[]).includes(value);
}

/**
 * A screen's entry (label, tone…) for a stored value, or null for a value this release
 * has no entry for, which the screen then shows as it is stored. The map must name
 * every known value (a Record over the known type), so a value added to the list
 * without its label is a type error; an own-property check keeps "constructor" and
 * the like from reading Object's prototype.
 */
export function entryFor<Known extends string, Entry>(entries: Record<Known, Entry>, value: StoredValue<Known>): Entry | null {
  return Object.hasOwn(entries, value) ? entries[value as Known] : null;
}
