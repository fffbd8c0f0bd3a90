// A list table that stays usable on a phone: from `sm` up it is an ordinary
// table; below, each row is a block of "label … value" lines, the label taken
// from the column (CSS generated content, so it is read out with the value).
import type { ReactNode } from "react";

export type Column = { label: string; align?: "right"; /** Visually hidden header, e.g. for an actions column. */ hidden?: boolean };

export function StackedTable({ columns, children, caption }: { columns: Column[]; children: ReactNode; caption?: string }) {
  return (
    <div className="sm:overflow-x-auto">
      <table className="block w-full text-sm sm:table">
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead className="hidden sm:table-header-group">
          <tr className="border-b border-slate-200 text-left text-slate-600">
            {columns.map((c) => (
              <th key={c.label} scope="col" className={`py-2 pr-4 font-medium whitespace-nowrap last:pr-0 ${c.align === "right" ? "text-right" : ""}`}>
                {c.hidden ? <span className="sr-only">{c.label}</span> : c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="block sm:table-row-group">{children}</tbody>
      </table>
    </div>
  );
}

export function StackedRow({ children, className = "", ...rest }: { children: ReactNode; className?: string; "data-testid"?: string }) {
  return (
    <tr {...rest} className={`block border-b border-slate-100 py-2 last:border-0 sm:table-row sm:py-0 ${className}`}>
      {children}
    </tr>
  );
}

/** One value; `label` repeats the column header in the phone layout (leave it out for an action). */
export function StackedCell({ label, align, className = "", children }: { label?: string; align?: "right"; className?: string; children: ReactNode }) {
  return (
    <td
      data-label={label}
      className={`flex items-baseline justify-between gap-4 py-1 text-right before:shrink-0 before:text-left before:text-slate-600 before:content-[attr(data-label)] sm:table-cell sm:py-2.5 sm:pr-4 sm:align-top sm:before:content-none sm:last:pr-0 ${align === "right" ? "" : "sm:text-left"} ${className}`}
    >
      {children}
    </td>
  );
}
