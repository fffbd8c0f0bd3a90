// The optional `signals` field of POST /v3/request and /v3/send: the end user's context
// as the merchant saw it, for the fraud guard. Never echoed back.
import { z } from "zod";
import { NO_CONTROL_CHARACTERS } from "./text";


function text(field: string, max: number) {
  return z
    .string({ error: `signals.${field} harus berupa string.` })
    .max(max, `signals.${field} maksimal ${max} karakter.`)
    .regex(NO_CONTROL_CHARACTERS, `signals.${field} tidak boleh berisi karakter kontrol.`)
    .nullish()
    .transform((v) => (v ? v : null));
}

export const creationSignals = z
  .object(
    {
      ip: z
        .union([z.ipv4(), z.ipv6()], { error: "signals.ip harus alamat IPv4 atau IPv6 yang valid." })
        .nullish()
        .transform((v) => v ?? null)
        .describe("Alamat IP pengguna akhir seperti yang dilihat merchant (IPv4 atau IPv6)"),
      device_id: text("device_id", 200).describe("Pengenal tetap perangkat atau browser pengguna akhir, bila merchant punya"),
      user_agent: text("user_agent", 500).describe("User-Agent pengguna akhir"),
    },
    { error: "signals harus berupa objek." },
  )
  .nullish()
  .transform((v) => v ?? null)
  .describe("Konteks pengguna akhir (opsional) untuk fraud guard; tidak pernah dikembalikan, hanya disimpan sebagai hash selama jendela deteksi");

export type CreationSignals = NonNullable<z.output<typeof creationSignals>>;
