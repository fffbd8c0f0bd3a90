// Splits a migration.sql into its statements, for migrations that run outside a
// transaction (one statement at a time, so CREATE INDEX CONCURRENTLY works). A
// semicolon ends a statement only outside quotes ('…', E'…', "…"), dollar quotes
// ($$…$$, $tag$…$tag$) and comments (-- … and nested /* … */).

const DOLLAR_TAG = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/;

/** Index just past the quoted run starting at `start`; `backslashEscapes` for E'…' strings. */
function endOfQuoted(sql: string, start: number, quote: string, backslashEscapes: boolean): number {
  let i = start + 1;
  while (i < sql.length) {
    const c = sql[i];
    if (backslashEscapes && c === "\\") i += 2;
    else if (c === quote && sql[i + 1] === quote) i += 2;
    else if (c === quote) return i + 1;
    else i++;
  }
  throw new Error(`Unterminated ${quote} quote in migration SQL`);
}

function endOfBlockComment(sql: string, start: number): number {
  let depth = 0;
  let i = start;
  while (i < sql.length) {
    if (sql.startsWith("/*", i)) {
      depth++;
      i += 2;
    } else if (sql.startsWith("*/", i)) {
      depth--;
      i += 2;
      if (depth === 0) return i;
    } else i++;
  }
  throw new Error("Unterminated /* comment in migration SQL");
}

/** Whether `text` holds anything but whitespace and comments. */
function hasCode(text: string): boolean {
  return text.replace(/--[^\n]*/g, "").replace(/\/\*[\s\S]*?\*\//g, "").trim() !== "";
}

export function splitSqlStatements(sql: string): string[] {
  const statements: string[] = [];
  let from = 0;
  let i = 0;
  const push = (to: number) => {
    const text = sql.slice(from, to).trim();
    if (hasCode(text)) statements.push(text);
  };
  while (i < sql.length) {
    const c = sql[i];
    const prev = i > 0 ? sql[i - 1] : " ";
    if (c === "-" && sql[i + 1] === "-") {
      const nl = sql.indexOf("\n", i);
      i = nl < 0 ? sql.length : nl + 1;
    } else if (c === "/" && sql[i + 1] === "*") {
      i = endOfBlockComment(sql, i);
    } else if (c === "'") {
      i = endOfQuoted(sql, i, "'", /[eE]/.test(prev) && !/[A-Za-z0-9_]/.test(i > 1 ? sql[i - 2] : " "));
    } else if (c === '"') {
      i = endOfQuoted(sql, i, '"', false);
    } else if (c === "$" && !/[A-Za-z0-9_]/.test(prev)) {
      const tag = DOLLAR_TAG.exec(sql.slice(i))?.[0];
      if (!tag) {
        i++; // a positional parameter such as $1
        continue;
      }
      const close = sql.indexOf(tag, i + tag.length);
      if (close < 0) throw new Error(`Unterminated ${tag} quote in migration SQL`);
      i = close + tag.length;
    } else if (c === ";") {
      push(i);
      from = ++i;
    } else i++;
  }
  push(sql.length);
  return statements;
}
