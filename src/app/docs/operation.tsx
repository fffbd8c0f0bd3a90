import { CallExamples } from "./call-examples";
import { CodeBlock, Paragraphs, anchor, type Json } from "./prose";
import { callExample } from "./sdk-calls";
import { SchemaTable } from "./schema-table";

function Examples({ examples }: { examples: Json }) {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-2">
      {Object.entries(examples).map(([name, ex]) => (
        <div key={name}>
          <p className="mb-1 text-sm text-slate-600">{name}</p>
          <CodeBlock value={(ex as Json).value} />
        </div>
      ))}
    </div>
  );
}

export function Operation({ doc, base, method, path, op }: { doc: Json; base: string; method: string; path: string; op: Json }) {
  const body = op.requestBody?.content["application/json"];
  const okData = op.responses["200"].content["application/json"].schema.properties.data;
  return (
    <section id={anchor(method, path)} className="min-w-0 scroll-mt-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 className="flex flex-wrap items-center gap-3 text-xl font-semibold">
        <span className={`rounded px-2 py-0.5 font-mono text-sm uppercase text-white ${method === "get" ? "bg-emerald-700" : "bg-brand-600"}`}>{method}</span>
        <span className="min-w-0 font-mono wrap-anywhere">{path}</span>
      </h2>
      <p className="mt-2 font-medium text-slate-800">{op.summary}</p>
      <Paragraphs text={op.description} className="mt-2 text-slate-700" />
      {(op.parameters ?? []).map((p: Json) => (
        <p key={p.name} className="mt-2 text-sm text-slate-700">
          Parameter {p.in === "query" ? "query" : "path"} <code className="rounded bg-slate-100 px-1">{p.name}</code>: {p.description}.
        </p>
      ))}
      <CallExamples example={callExample(base, method, path, op)} />
      {body && <SchemaTable doc={doc} schema={body.schema} caption="Body permintaan (JSON)" />}
      {body && (
        <div className="mt-4">
          <h3 className="mb-2 font-semibold">Contoh permintaan</h3>
          <Examples examples={body.examples} />
        </div>
      )}
      <SchemaTable doc={doc} schema={okData} caption="data (HTTP 200)" />
      <h3 className="mb-2 mt-4 font-semibold">Respons</h3>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-3">
        {Object.entries(op.responses as Json).map(([status, response]) => (
          <details key={status} className="min-w-0 rounded border border-slate-200 p-3" open={status === "200"}>
            <summary className="cursor-pointer font-mono text-sm">
              HTTP {status} — {status === "200" ? "OK" : Object.keys(response.content["application/json"].examples).join(", ")}
            </summary>
            <div className="mt-2">
              <Examples examples={response.content["application/json"].examples} />
            </div>
          </details>
        ))}
      </div>
    </section>
  );
}
