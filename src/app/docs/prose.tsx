// Small building blocks of the API reference; the document's descriptions use
// `backticks` as their only markup.
export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export function CodeBlock({ value }: { value: unknown }) {
  return (
    <pre className="max-w-full min-w-0 overflow-x-auto rounded-md bg-slate-900 p-3 text-xs leading-relaxed text-slate-100">
      <code>{typeof value === "string" ? value : JSON.stringify(value, null, 2)}</code>
    </pre>
  );
}

export function Code({ children }: { children: React.ReactNode }) {
  return <code className="rounded bg-slate-100 px-1 text-[0.9em] wrap-break-word">{children}</code>;
}

export function Prose({ text }: { text: string }) {
  return <>{text.split("`").map((part, i) => (i % 2 ? <Code key={i}>{part}</Code> : part))}</>;
}

/** One <p> per blank-line-separated paragraph. */
export function Paragraphs({ text, className = "mt-3 text-slate-700" }: { text: string; className?: string }) {
  return (
    <>
      {text.split(/\n\n+/).map((p, i) => (
        <p key={i} className={className}>
          <Prose text={p} />
        </p>
      ))}
    </>
  );
}

export function anchor(method: string, path: string): string {
  return `${method}-${path}`.replace(/[^a-z0-9]+/gi, "-").toLowerCase();
}
