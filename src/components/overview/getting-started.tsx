"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "@/components/trpc-provider";
import { Card } from "@/components/ui/primitives";
import { useCan } from "@/components/dashboard/use-permissions";
import type { Permission } from "@/schemas/dashboard/members";

const STEPS = [
  { key: "keyCreated", title: "Buat API key", href: "/api-keys", action: "Buka API key", permission: "keys.manage" },
  { key: "firstTopup", title: "Isi saldo pertama", href: "/balance", action: "Isi saldo", permission: "topups.create" },
  { key: "firstOtp", title: "Kirim OTP pertama", href: "#kirim-otp-uji", action: "Kirim OTP uji", permission: "sandbox.use" },
  { key: "firstVerification", title: "Verifikasi OTP pertama", href: "#kirim-otp-uji", action: "Verifikasi kode", permission: "sandbox.use" },
  { key: "webhookSet", title: "Pasang webhook", href: "/webhooks", action: "Atur webhook", permission: "webhooks.manage" },
] as const satisfies readonly { key: string; title: string; href: string; action: string; permission: Permission }[];

/** The first steps from a new account to a working integration; gone once all are done. */
export function GettingStarted() {
  const trpc = useTRPC();
  const progress = useQuery(trpc.reports.gettingStarted.queryOptions());
  const can = useCan();
  if (!progress.data) return null;
  const done = STEPS.filter((s) => progress.data[s.key]).length;
  if (done === STEPS.length) return null;
  return (
    <Card title="Mulai memakai Sandi" actions={<span className="text-sm text-slate-600">{`${done} dari ${STEPS.length} selesai`}</span>}>
      <ol className="flex flex-col divide-y divide-slate-100" data-testid="getting-started">
        {STEPS.map((step, i) => {
          const complete = progress.data[step.key];
          return (
            <li key={step.key} className="flex items-center justify-between gap-3 py-2.5 text-sm" data-done={complete}>
              <span className="flex min-w-0 items-center gap-3">
                <span
                  aria-hidden
                  className={`flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold ${complete ? "bg-emerald-600 text-white" : "border border-slate-300 text-slate-600"}`}
                >
                  {complete ? "✓" : i + 1}
                </span>
                <span className={complete ? "text-slate-500 line-through" : "font-medium text-slate-900"}>{step.title}</span>
                <span className="sr-only">{complete ? "(selesai)" : "(belum)"}</span>
              </span>
              {complete || !can(step.permission) ? null : (
                <Link href={step.href} className="shrink-0 font-medium text-brand-600 hover:underline">
                  {step.action}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </Card>
  );
}
