"use client";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/components/trpc-provider";
import { Card } from "@/components/ui/primitives";
import { CopyButton } from "@/components/ui/copy-button";

/** A first /v3 call to paste into a terminal: the key just created, else the variable to put it in. */
export function CurlExample({ apiKey }: { apiKey: string | null }) {
  const trpc = useTRPC();
  const base = useQuery(trpc.apiKeys.baseUrl.queryOptions());
  if (!base.data) return null;
  const command = [
    `curl -X POST ${base.data.base_url}/v3/request \\`,
    `  -H "Authorization: Bearer ${apiKey ?? "$SANDI_API_KEY"}" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d '{"channel": "whatsapp", "destination": "6281234567890"}'`,
  ].join("\n");
  return (
    <Card title="Coba dengan curl" actions={<CopyButton value={command} label="Salin perintah" />}>
      <p className="mb-3 text-sm text-slate-600">
        {apiKey
          ? "Perintah ini memakai kunci yang baru dibuat. Ganti nomor tujuan dengan nomor Anda; setiap OTP memotong saldo, juga di mode sandbox."
          : "Simpan kunci Anda di variabel SANDI_API_KEY, ganti nomor tujuan dengan nomor Anda, lalu jalankan. Setiap OTP memotong saldo, juga di mode sandbox."}
      </p>
      <pre data-testid="curl-example" className="overflow-x-auto rounded-lg bg-slate-900 p-4 text-xs leading-relaxed text-slate-100">
        {command}
      </pre>
    </Card>
  );
}
