// The only substitution a template knows: four named placeholders, replaced by plain
// text in one pass. Nothing else in a template is interpreted (no expressions, no
// nesting, no access to anything but these values), so a template cannot reach data
// it was not handed. Shared by the server's renderer and the dashboard's live preview.

export const PLACEHOLDERS = ["code", "brand", "minutes", "domain"] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];
export type PlaceholderValues = Record<Placeholder, string>;

const PLACEHOLDER_PATTERN = /\{(code|brand|minutes|domain)\}/g;
/** Anything that looks like a placeholder: {word}. */
const BRACED_WORD = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

export function renderPlaceholders(text: string, values: PlaceholderValues): string {
  return text.replace(PLACEHOLDER_PATTERN, (_, name: Placeholder) => values[name]);
}

/** {words} that are not placeholders, e.g. a misspelt {kode}: refused rather than sent as written. */
export function unknownPlaceholders(text: string): string[] {
  return [...text.matchAll(BRACED_WORD)].map((m) => m[1]).filter((name) => !(PLACEHOLDERS as readonly string[]).includes(name));
}

export function hasCodePlaceholder(text: string): boolean {
  return text.includes("{code}");
}

/**
 * Control characters out, except the line feed a message may be written with (a tab
 * becomes a space, a CR LF a LF): a brand or template must not smuggle terminal
 * escapes, NULs or bidi overrides into a message.
 */
export function cleanMessageText(text: string): string {
  return (
    text
      .replace(/\r\n?/g, "\n")
      .replace(/\t/g, " ")
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "")
  );
}

/** The brand is one line: line breaks become spaces as well. */
export function cleanBrand(brand: string): string {
  return cleanMessageText(brand).replace(/\n+/g, " ").trim();
}
