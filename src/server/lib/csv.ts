// CSV for spreadsheets (RFC 4180, CRLF). Text that a spreadsheet would run as a
// formula (starting with = + - @ or a tab/CR) gets a leading apostrophe: a
// destination or note typed by someone else must not become a formula on the
// merchant's computer. Numbers are written as they are.

export type CsvCell = string | number | null;

function cell(value: CsvCell): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function toCsv(header: string[], rows: CsvCell[][]): string {
  return [header, ...rows].map((row) => row.map(cell).join(",")).join("\r\n") + "\r\n";
}
