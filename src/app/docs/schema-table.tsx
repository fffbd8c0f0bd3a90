import { Code, Prose, type Json } from "./prose";

function resolve(doc: Json, schema: Json): Json {
  return schema.$ref ? resolve(doc, schema.$ref.replace(/^#\//, "").split("/").reduce((n: Json, k: string) => n[k], doc)) : schema;
}

/** A readable type for one property: "string", "integer", "\"sms\" | \"email\"", "string | null", "object". */
function typeLabel(doc: Json, raw: Json): string {
  const s = resolve(doc, raw);
  if (s.enum) return s.enum.map((v: unknown) => JSON.stringify(v)).join(" | ");
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (s.anyOf) return s.anyOf.map((x: Json) => typeLabel(doc, x)).join(" | ");
  if (Array.isArray(s.type)) return s.type.join(" | ");
  return s.type ?? "any";
}

function limits(s: Json): string[] {
  const out: string[] = [];
  if (s.maxLength !== undefined) out.push(`maks. ${s.maxLength} karakter`);
  if (s.pattern) out.push(`pola ${s.pattern}`);
  return out;
}

/** The fields of an object schema as a table: name, type, required, description. */
export function SchemaTable({ doc, schema, caption }: { doc: Json; schema: Json; caption: string }) {
  const s = resolve(doc, schema);
  const required = new Set<string>(s.required ?? []);
  const rows = Object.entries((s.properties ?? {}) as Json);
  if (rows.length === 0) return null;
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="mb-1 text-left font-semibold">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-slate-600">
            <th className="py-1 pr-3 font-medium">Field</th>
            <th className="py-1 pr-3 font-medium">Tipe</th>
            <th className="py-1 pr-3 font-medium">Wajib</th>
            <th className="py-1 font-medium">Keterangan</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([name, prop]) => {
            const p = resolve(doc, prop);
            const notes = [p.description, ...limits(p)].filter(Boolean).join("; ");
            return (
              <tr key={name} className="border-b border-slate-100 align-top">
                <td className="py-1 pr-3">
                  <Code>{name}</Code>
                </td>
                <td className="py-1 pr-3 font-mono text-xs">{typeLabel(doc, prop)}</td>
                <td className="py-1 pr-3">{required.has(name) ? "ya" : "tidak"}</td>
                <td className="py-1 text-slate-700">
                  <Prose text={notes} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
