// Mobile operators from the destination's prefix. Indonesian numbers keep their
// operator's prefix (08xx, +62 8xx) even after porting is allowed, because porting
// between operators is not offered in Indonesia; the table is the operators' own
// published number ranges. Anything else (an e-mail address, a foreign number, an
// unknown range, a destination masked by retention) is "other".
export const OPERATORS = ["telkomsel", "indosat", "xl_axis", "tri", "smartfren", "other"] as const;
export type Operator = (typeof OPERATORS)[number];

/** The three digits after 08 / 628, per operator. */
export const OPERATOR_PREFIXES: Record<Exclude<Operator, "other">, readonly string[]> = {
  telkomsel: ["811", "812", "813", "821", "822", "823", "851", "852", "853"],
  indosat: ["814", "815", "816", "855", "856", "857", "858"],
  xl_axis: ["817", "818", "819", "859", "877", "878", "879", "831", "832", "833", "838"],
  tri: ["895", "896", "897", "898", "899"],
  smartfren: ["881", "882", "883", "884", "885", "886", "887", "888", "889"],
};

/** How the dashboard and CSV name them. */
export const OPERATOR_LABELS: Record<Operator, string> = {
  telkomsel: "Telkomsel",
  indosat: "Indosat",
  xl_axis: "XL/Axis",
  tri: "Tri",
  smartfren: "Smartfren",
  other: "Lainnya",
};

const BY_PREFIX = new Map(Object.entries(OPERATOR_PREFIXES).flatMap(([op, prefixes]) => prefixes.map((p) => [p, op as Operator])));

/** The operator of a destination as stored (`destination_key`: a phone's leading 0 already became 62). */
export function operatorOf(destinationKey: string | null): Operator {
  const m = destinationKey ? /^62(8\d\d)\d{5,}$/.exec(destinationKey) : null;
  return (m && BY_PREFIX.get(m[1])) || "other";
}

/**
 * The same rule in SQL over a column holding the destination key, for the rollup and
 * the live computation (tests check both agree). Built from the table above only.
 */
export function operatorSql(column: string): string {
  const cases = Object.entries(OPERATOR_PREFIXES)
    .map(([op, prefixes]) => `WHEN substr(${column}, 3, 3) IN (${prefixes.map((p) => `'${p}'`).join(", ")}) THEN '${op}'`)
    .join(" ");
  return `CASE WHEN ${column} ~ '^628[0-9]{7,}$' THEN CASE ${cases} ELSE 'other' END ELSE 'other' END`;
}
