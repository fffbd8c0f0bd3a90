"use client";
import { useState } from "react";

export function CopyButton({ value, label = "Salin" }: { value: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      // Clipboard access can be refused (non-secure origin); selecting the text is the fallback.
      const area = document.createElement("textarea");
      area.value = value;
      document.body.appendChild(area);
      area.select();
      document.execCommand("copy");
      area.remove();
    }
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  }
  return (
    <button type="button" onClick={copy} className="rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-xs font-medium text-slate-700 hover:bg-slate-50">
      {copied ? "Tersalin ✓" : label}
    </button>
  );
}

/** A secret shown once (an API key), wrapped so it never widens its card, with its copy button. */
export function SecretWithCopy({ value, testId, className = "rounded-md border border-amber-300 bg-amber-50 p-3" }: { value: string; testId: string; className?: string }) {
  return (
    <div className={`flex items-center gap-2 ${className}`}>
      <code data-testid={testId} className="min-w-0 flex-1 break-all font-mono text-sm">
        {value}
      </code>
      <CopyButton value={value} />
    </div>
  );
}
