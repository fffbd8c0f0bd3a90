import { CodeBlock } from "./prose";
import type { CallExample } from "./sdk-calls";

const LANGUAGES: [keyof CallExample, string][] = [
  ["curl", "curl"],
  ["typescript", "TypeScript (@sandi/node)"],
  ["php", "PHP (sandi/sandi-php)"],
  ["python", "Python (sandi)"],
];

/** The same call in curl and in each SDK, one under the other. */
export function CallExamples({ example, title = "Contoh panggilan" }: { example: CallExample; title?: string }) {
  return (
    <div className="mt-4">
      <h3 className="mb-2 font-semibold">{title}</h3>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-2">
        {LANGUAGES.map(([key, label]) => (
          <div key={key} className="min-w-0" data-language={key}>
            <p className="mb-1 text-sm text-slate-600">{label}</p>
            <CodeBlock value={example[key]} />
          </div>
        ))}
      </div>
    </div>
  );
}
