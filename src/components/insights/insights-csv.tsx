"use client";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "@/components/trpc-provider";
import { ExportOutcome, saveCsv } from "@/components/dashboard/csv-export";
import { Button } from "@/components/ui/primitives";
import type { InsightsCsvKind } from "@/schemas/dashboard/insights";

const FILES: { kind: InsightsCsvKind; label: string }[] = [
  { kind: "channel", label: "Per channel" },
  { kind: "operator", label: "Per operator" },
  { kind: "day", label: "Per hari" },
  { kind: "hour", label: "Per jam" },
  { kind: "fallback_step", label: "Per langkah fallback" },
  { kind: "unverified", label: "Biaya tanpa verifikasi" },
];

/** One button per breakdown, for the range on screen. */
export function InsightsCsv({ from, to }: { from: string; to: string }) {
  const trpc = useTRPC();
  const exporter = useMutation(trpc.insights.exportCsv.mutationOptions({ onSuccess: (file) => saveCsv(file.filename, file.csv) }));
  return (
    <div>
      <div className="flex flex-wrap gap-2">
        {FILES.map((f) => (
          <Button key={f.kind} variant="secondary" busy={exporter.isPending && exporter.variables?.breakdown === f.kind} onClick={() => exporter.mutate({ from, to, breakdown: f.kind })}>
            {f.label}
          </Button>
        ))}
      </div>
      <ExportOutcome file={exporter.data} error={exporter.error} />
    </div>
  );
}
