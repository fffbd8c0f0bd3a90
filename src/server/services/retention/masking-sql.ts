// SQL expressions that mask personal data in place. A masked value keeps enough
// for a merchant to recognise a transaction in the dashboard (the operator
// prefix and last three digits of a number, the first letter and domain of an
// address) and no more; masking a masked value changes nothing, so a batch
// that runs twice is harmless. Built from constant column expressions only.

/** A phone number keeps its first 4 and last 3 digits; an e-mail its first letter and domain. */
export function maskedColumn(expr: string): string {
  return `CASE WHEN ${expr} IS NULL THEN NULL
    WHEN strpos(${expr}, '@') > 0 THEN left(${expr}, 1) || '***@' || split_part(${expr}, '@', 2)
    WHEN length(${expr}) > 7 THEN left(${expr}, 4) || repeat('*', length(${expr}) - 7) || right(${expr}, 3)
    ELSE repeat('*', length(${expr})) END`;
}

/** Free text (a vendor's failure message may quote the number or address): long digit runs and mailbox names go. */
export function scrubbedText(expr: string): string {
  return `regexp_replace(regexp_replace(${expr}, '[^[:space:]<>"'',;:]+@', '***@', 'g'), '[0-9]{7,}', '***', 'g')`;
}
