"use client";
// A filtered, paged list: the form edits a draft; applying it (or resetting to empty)
// replaces the filters the query uses and goes back to the first page.
import { useState } from "react";
import { useCursorPages } from "./pager";

export function useListFilters<F extends Record<string, string>>(empty: F) {
  const [draft, setDraft] = useState<F>(empty);
  const [applied, setApplied] = useState<F>(empty);
  const pages = useCursorPages();
  const apply = (next: F) => {
    setApplied(next);
    pages.reset();
  };
  return {
    draft,
    applied,
    pages,
    filtered: Object.values(applied).some(Boolean),
    apply,
    reset: () => {
      setDraft(empty);
      apply(empty);
    },
    /** onChange for the form field of `key`. */
    set: (key: keyof F) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setDraft({ ...draft, [key]: e.target.value }),
  };
}
