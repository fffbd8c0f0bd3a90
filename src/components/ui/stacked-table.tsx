// A list table that stays usable on a phone: from `sm` up it is an ordinary
// table; below, each row is a block of "label … value" lines, the label taken
// from the column (CSS generated content, so it is read out with the value).
import type { ReactNode } from "react";

export type Column = { label: string; align?: "right"; /** Visually hidden header, e.g. for an actions column. */ hidden?: boolean };

export function StackedTable({ columns, children, caption, small = false }: { columns: Column[]; children: ReactNode; caption?: string; small?: boolean }) {
  return (
    <div className="sm:overflow-x-auto">
      <table className={`block w-full sm:table ${small ? "text-xs" : "text-sm"}`}>
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

type CellProps = {
  /** Repeats the column header in the phone layout; leave it out for an action. */
  label?: string;
  align?: "right";
  /** Prose: on a phone the value goes under its label, left-aligned, instead of beside it. */
  prose?: boolean;
  className?: string;
  children: ReactNode;
  "data-testid"?: string;
};

const PHONE_LAYOUT = { pair: "items-baseline justify-between gap-4 text-right", prose: "flex-col gap-0.5 text-left" };

export function StackedCell({ label, align, prose = false, className = "", children, ...rest }: CellProps) {
  return (
    <td
      {...rest}
      data-label={label}
      className={`flex py-1 before:shrink-0 before:text-left before:font-sans before:font-normal before:text-slate-600 before:content-[attr(data-label)] sm:table-cell sm:py-2.5 sm:pr-4 sm:before:content-none sm:last:pr-0 ${PHONE_LAYOUT[prose ? "prose" : "pair"]} ${align === "right" ? "sm:text-right" : "sm:text-left"} ${className}`}
    >
      {/* One box for the value, so text and inline elements flow together beside or under the label. */}
      <div className="min-w-0">{children}</div>
    </td>
  );
}
