// Compares prisma/schema.prisma with a migrated database, offline: the schema is
// read with getDMMF (Prisma's own parser) and the database from pg_catalog.
// Both sides are reduced to comparable facts (tables, columns with type and
// nullability, enums, indexes, foreign keys); any fact on one side only is drift.
import { getDMMF } from "@prisma/get-dmmf";
import pg from "pg";

type DmmfField = {
  name: string;
  dbName?: string | null;
  kind: "scalar" | "enum" | "object" | "unsupported";
  type: string;
  isRequired: boolean;
  isList: boolean;
  nativeType?: [string, string[]] | null;
  relationFromFields?: string[];
  relationToFields?: string[];
};
type DmmfModel = { name: string; dbName?: string | null; fields: DmmfField[] };
type DmmfEnum = { name: string; dbName?: string | null; values: { name: string; dbName?: string | null }[] };
type DmmfIndex = { model: string; type: "id" | "unique" | "normal" | "fulltext"; fields: { name: string }[] };

const SCALAR_TYPES: Record<string, string> = {
  String: "text",
  Int: "integer",
  BigInt: "bigint",
  Boolean: "boolean",
  DateTime: "timestamp(3)",
  Json: "jsonb",
  Float: "double precision",
  Decimal: "numeric(65,30)",
  Bytes: "bytea",
};

function nativeTypeName([name, args]: [string, string[]]): string {
  const lower = name.toLowerCase();
  const arg = args.length ? `(${args.join(",")})` : "";
  if (lower === "timestamptz") return `timestamptz${arg || "(6)"}`;
  if (lower === "timestamp") return `timestamp${arg || "(6)"}`;
  if (lower === "varchar") return `varchar${arg}`;
  return `${lower}${arg}`;
}

export async function expectedFacts(schemaText: string): Promise<Set<string>> {
  const dmmf = (await getDMMF({ datamodel: schemaText })) as unknown as {
    datamodel: { models: DmmfModel[]; enums: DmmfEnum[]; indexes: DmmfIndex[] };
  };
  const facts = new Set<string>();
  const models = new Map(dmmf.datamodel.models.map((m) => [m.name, m]));
  const tableOf = (m: DmmfModel) => m.dbName ?? m.name;
  const columnOf = (m: DmmfModel, field: string) => {
    const f = m.fields.find((x) => x.name === field);
    return f?.dbName ?? field;
  };
  for (const e of dmmf.datamodel.enums) facts.add(`enum ${e.dbName ?? e.name} [${e.values.map((v) => v.dbName ?? v.name).join(",")}]`);
  for (const m of dmmf.datamodel.models) {
    const table = tableOf(m);
    facts.add(`table ${table}`);
    for (const f of m.fields) {
      if (f.kind === "object") {
        if (f.relationFromFields?.length) {
          const target = models.get(f.type)!;
          facts.add(
            `fk ${table}(${f.relationFromFields.map((c) => columnOf(m, c)).join(",")}) -> ${tableOf(target)}(${(f.relationToFields ?? []).map((c) => columnOf(target, c)).join(",")})`,
          );
        }
        continue;
      }
      const type = f.kind === "enum" ? f.type : f.nativeType ? nativeTypeName(f.nativeType) : SCALAR_TYPES[f.type] ?? f.type;
      facts.add(`column ${table}.${f.dbName ?? f.name} ${type}${f.isList ? "[]" : ""} ${f.isRequired ? "not null" : "null"}`);
    }
  }
  for (const idx of dmmf.datamodel.indexes) {
    const m = models.get(idx.model)!;
    const kind = idx.type === "id" ? "primary" : idx.type === "unique" ? "unique" : "index";
    facts.add(`${kind} ${tableOf(m)}(${idx.fields.map((f) => columnOf(m, f.name)).join(",")})`);
  }
  return facts;
}

export async function actualFacts(databaseUrl: string): Promise<Set<string>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const facts = new Set<string>();
  try {
    const ignored = "_prisma_migrations";
    // A partitioned table is one table to Prisma; its partitions (docs/data-retention.md) are the database's business.
    const notPartition = (column: string) => `${column} NOT IN (SELECT relname FROM pg_class WHERE relispartition)`;
    const enums = await client.query<{ name: string; values: string[] }>(`
      SELECT t.typname::text AS name, array_agg(e.enumlabel::text ORDER BY e.enumsortorder) AS values
      FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid JOIN pg_namespace n ON n.oid = t.typnamespace
      WHERE n.nspname = 'public' GROUP BY t.typname`);
    for (const e of enums.rows) facts.add(`enum ${e.name} [${e.values.join(",")}]`);

    const tables = await client.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> $1 AND ${notPartition("table_name")}`,
      [ignored],
    );
    for (const t of tables.rows) facts.add(`table ${t.table_name}`);

    const columns = await client.query<{
      table_name: string; column_name: string; data_type: string; udt_name: string; is_nullable: string;
      datetime_precision: number | null; character_maximum_length: number | null; numeric_precision: number | null; numeric_scale: number | null;
    }>(`SELECT table_name, column_name, data_type, udt_name, is_nullable, datetime_precision, character_maximum_length, numeric_precision, numeric_scale
        FROM information_schema.columns WHERE table_schema = 'public' AND table_name <> $1 AND ${notPartition("table_name")}`, [ignored]);
    for (const c of columns.rows) {
      let type = c.data_type;
      if (type === "USER-DEFINED") type = c.udt_name;
      else if (type === "timestamp with time zone") type = `timestamptz(${c.datetime_precision})`;
      else if (type === "timestamp without time zone") type = `timestamp(${c.datetime_precision})`;
      else if (type === "character varying") type = `varchar(${c.character_maximum_length})`;
      else if (type === "numeric") type = `numeric(${c.numeric_precision},${c.numeric_scale})`;
      else if (type === "ARRAY") type = `${c.udt_name.replace(/^_/, "")}[]`;
      facts.add(`column ${c.table_name}.${c.column_name} ${type} ${c.is_nullable === "YES" ? "null" : "not null"}`);
    }

    const indexes = await client.query<{ table_name: string; columns: string[]; unique: boolean; primary: boolean }>(`
      SELECT t.relname::text AS table_name, ix.indisunique AS unique, ix.indisprimary AS primary,
             array_agg(a.attname::text ORDER BY k.ord) AS columns
      FROM pg_index ix
      JOIN pg_class t ON t.oid = ix.indrelid
      JOIN pg_namespace n ON n.oid = t.relnamespace
      CROSS JOIN LATERAL unnest(ix.indkey) WITH ORDINALITY AS k(attnum, ord)
      JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
      WHERE n.nspname = 'public' AND t.relname <> $1 AND NOT t.relispartition
      GROUP BY t.relname, ix.indexrelid, ix.indisunique, ix.indisprimary`, [ignored]);
    for (const i of indexes.rows) facts.add(`${i.primary ? "primary" : i.unique ? "unique" : "index"} ${i.table_name}(${i.columns.join(",")})`);

    const fks = await client.query<{ table_name: string; columns: string[]; target: string; target_columns: string[] }>(`
      SELECT c.conrelid::regclass::text AS table_name, c.confrelid::regclass::text AS target,
             (SELECT array_agg(a.attname::text ORDER BY k.ord) FROM unnest(c.conkey) WITH ORDINALITY k(attnum, ord)
                JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum) AS columns,
             (SELECT array_agg(a.attname::text ORDER BY k.ord) FROM unnest(c.confkey) WITH ORDINALITY k(attnum, ord)
                JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.attnum) AS target_columns
      FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
      WHERE c.contype = 'f' AND n.nspname = 'public' AND c.conparentid = 0`);
    for (const f of fks.rows) facts.add(`fk ${unquote(f.table_name)}(${f.columns.join(",")}) -> ${unquote(f.target)}(${f.target_columns.join(",")})`);
  } finally {
    await client.end();
  }
  return facts;
}

function unquote(name: string): string {
  return name.replace(/^"|"$/g, "");
}

export function diffFacts(expected: Set<string>, actual: Set<string>): { missingInDatabase: string[]; notInSchema: string[] } {
  return {
    missingInDatabase: [...expected].filter((f) => !actual.has(f)).sort(),
    notInSchema: [...actual].filter((f) => !expected.has(f)).sort(),
  };
}
