// The Indonesian texts users receive; shared by the sandbox, the real adapters and
// the dashboard's previews, so all three always say the same thing.
import { formatWib } from "@/lib/wib-time";
import type { DeliveryRequest } from "./channel";

export function otpMessageText(brand: string, code: string, ttlSeconds: number): string {
  const minutes = Math.max(1, Math.round(ttlSeconds / 60));
  return `${code} adalah kode verifikasi ${brand} Anda. Berlaku ${minutes} menit. Jangan berikan kode ini kepada siapa pun, termasuk pihak yang mengaku dari ${brand}.`;
}

export function voiceScript(brand: string, code: string): string {
  return `Kode verifikasi ${brand} Anda adalah ${code.split("").join(", ")}. Sekali lagi, ${code.split("").join(", ")}.`;
}

function emailSubject(brand: string): string {
  return `Kode verifikasi ${brand}`;
}

/** Google's SMS Retriever ignores messages longer than this. */
export const SMS_RETRIEVER_MAX_BYTES = 140;

export function smsText(request: DeliveryRequest): string {
  const code = request.code ?? "";
  if (!request.smsAppHash) return otpMessageText(request.brand, code, request.ttlSeconds);
  // Android SMS Retriever reads the app hash from the last line and only within
  // 140 bytes, so this variant is short and shortens a long brand to fit.
  const build = (brand: string) => `<#> ${code} adalah kode verifikasi ${brand}. Jangan berikan kepada siapa pun.\n${request.smsAppHash}`;
  let brand = request.brand;
  while (brand.length > 1 && Buffer.byteLength(build(brand)) > SMS_RETRIEVER_MAX_BYTES) brand = [...brand].slice(0, -1).join("").trimEnd();
  return build(brand);
}

function escapeHtml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&#39;" })[c]!);
}

export function emailContent(request: DeliveryRequest) {
  const code = request.code ?? "";
  const expires = `${formatWib(request.expiresAt)} WIB`;
  const text = `${otpMessageText(request.brand, code, request.ttlSeconds)}\n\nKode berlaku sampai ${expires}.`;
  const html = `<!doctype html><html lang="id"><body style="font-family:Arial,sans-serif;color:#0f172a;background:#f8fafc;padding:24px">
<div style="max-width:480px;margin:auto;background:#fff;border:1px solid #e2e8f0;border-radius:8px;padding:24px">
<h1 style="font-size:18px;margin:0 0 12px">${escapeHtml(request.brand)}</h1>
<p style="margin:0 0 12px">Kode verifikasi Anda:</p>
<p style="font-size:32px;letter-spacing:6px;font-weight:bold;margin:0 0 12px">${escapeHtml(code)}</p>
<p style="margin:0 0 12px">Berlaku sampai ${escapeHtml(expires)}. Jangan berikan kode ini kepada siapa pun.</p>
</div></body></html>`;
  return { subject: emailSubject(request.brand), text, html };
}
