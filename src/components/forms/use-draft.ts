"use client";
import { useState } from "react";

/**
 * A form field that starts from the server's value and, once the merchant types,
 * keeps what was typed until `discard()` (after a save) — a refetch of the
 * server value (window focus, a live saldo change) never overwrites typing.
 * Copying the server value into state in an effect did exactly that.
 */
export function useDraft(serverValue: string) {
  const [draft, setDraft] = useState<string | null>(null);
  return {
    value: draft ?? serverValue,
    edited: draft !== null && draft !== serverValue,
    set: (value: string) => setDraft(value),
    discard: () => setDraft(null),
  };
}
