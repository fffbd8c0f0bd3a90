"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "@/components/trpc-provider";
import { Notice } from "@/components/ui/primitives";

/** On the overview: a merchant learns of a running prefix block without going to look for it. */
export function FraudBlockNotice() {
  const trpc = useTRPC();
  const active = useQuery(trpc.fraud.activeBlocks.queryOptions());
  const prefixes = active.data ?? [];
  if (prefixes.length === 0) return null;
  return (
    <div data-testid="fraud-block-notice">
      <Notice tone="warning">
        <p className="font-medium">
          Perlindungan penipuan sedang memblokir OTP ke prefix {prefixes.map((p, i) => (
            <span key={p}>
              {i > 0 ? ", " : ""}
              <span className="font-mono">{p}</span>
            </span>
          ))}
          .
        </p>
        <p className="mt-1">
          Ada lonjakan permintaan ke nomor baru yang tidak diverifikasi: kemungkinan SMS pumping. Permintaan yang diblokir tidak dipotong saldo.{" "}
          <Link href="/security" className="font-medium underline">
            Lihat log blokir
          </Link>{" "}
          untuk rinciannya atau untuk membuka blokir.
        </p>
      </Notice>
    </div>
  );
}
