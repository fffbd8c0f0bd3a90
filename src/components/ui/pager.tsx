"use client";
// Cursor paging for newest-first lists: a stack of cursors, so "newer" goes back
// exactly one page and "older" follows the page's nextCursor.
import { useState } from "react";
import { Button } from "./primitives";

export function useCursorPages<Cursor = string>() {
  const [cursors, setCursors] = useState<(Cursor | undefined)[]>([undefined]);
  return {
    cursor: cursors[cursors.length - 1],
    isFirst: cursors.length === 1,
    older: (next: Cursor) => setCursors((stack) => [...stack, next]),
    newer: () => setCursors((stack) => (stack.length > 1 ? stack.slice(0, -1) : stack)),
    reset: () => setCursors([undefined]),
  };
}

type Pages<Cursor> = ReturnType<typeof useCursorPages<Cursor>>;

export function Pager<Cursor>({ pages, nextCursor }: { pages: Pages<Cursor>; nextCursor: Cursor | null | undefined }) {
  if (pages.isFirst && nextCursor == null) return null;
  return (
    <nav aria-label="Halaman" className="mt-4 flex justify-between">
      <Button variant="secondary" disabled={pages.isFirst} onClick={pages.newer}>
        ← Lebih baru
      </Button>
      <Button variant="secondary" disabled={nextCursor == null} onClick={() => nextCursor != null && pages.older(nextCursor)}>
        Lebih lama →
      </Button>
    </nav>
  );
}
