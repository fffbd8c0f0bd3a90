"use client";
// Live / test switch in the dashboard frame: every page shows one world at a time.
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { MODE_COOKIE, type Mode } from "@/schemas/mode";

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export function ModeSwitch({ mode }: { mode: Mode }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [switching, startSwitch] = useTransition();
  const test = mode === "test";

  function toggle() {
    const next: Mode = test ? "live" : "test";
    document.cookie = `${MODE_COOKIE}=${next}; path=/; max-age=${ONE_YEAR_SECONDS}; samesite=lax`;
    // Drop what the other world showed, then let the frame (banner, switch) render the new mode.
    startSwitch(() => {
      queryClient.resetQueries();
      router.refresh();
    });
  }

  return (
    <button
      type="button"
      role="switch"
      aria-checked={test}
      onClick={toggle}
      disabled={switching}
      data-testid="mode-switch"
      className={`flex w-full items-center justify-between gap-3 rounded-md border px-3 py-2 text-sm font-medium disabled:opacity-60 ${
        test ? "border-amber-400 bg-amber-50 text-amber-900" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50"
      }`}
    >
      <span className="whitespace-nowrap">{test ? "Mode uji" : "Live"}</span>
      <span aria-hidden="true" className={`relative inline-flex h-5 w-9 shrink-0 rounded-full transition-colors ${test ? "bg-amber-500" : "bg-slate-300"}`}>
        <span className={`absolute top-0.5 h-4 w-4 rounded-full bg-white shadow transition-all ${test ? "left-4" : "left-0.5"}`} />
      </span>
      <span className="sr-only">{test ? "Aktif: mode uji. Tekan untuk kembali ke live." : "Aktif: live. Tekan untuk beralih ke mode uji."}</span>
    </button>
  );
}
