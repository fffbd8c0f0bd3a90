import { StackedCell, StackedRow, StackedTable } from "@/components/ui/stacked-table";
import { Code, Prose, type Json } from "./prose";

const COLUMNS = [{ label: "Field" }, { label: "Tipe" }, { label: "Wajib" }, { label: "Keterangan" }];

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
    <div className="mt-3">
      <h3 className="mb-1 font-semibold">{caption}</h3>
      <StackedTable columns={COLUMNS} caption={caption}>
        {rows.map(([name, prop]) => {
          const p = resolve(doc, prop);
          const notes = [p.description, ...limits(p)].filter(Boolean).join("; ");
          return (
            <StackedRow key={name} className="align-top">
              <StackedCell label="Field">
                <Code>{name}</Code>
              </StackedCell>
              <StackedCell label="Tipe" prose>
                <span className="font-mono text-xs">{typeLabel(doc, prop)}</span>
              </StackedCell>
              <StackedCell label="Wajib">{required.has(name) ? "ya" : "tidak"}</StackedCell>
              <StackedCell label="Keterangan" prose className="text-slate-700">
                {notes ? <Prose text={notes} /> : "—"}
              </StackedCell>
            </StackedRow>
          );
        })}
      </StackedTable>
    </div>
  );
}
