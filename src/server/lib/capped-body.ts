// Request bodies read with a byte cap: the declared Content-Length first, then a
// count of the bytes actually streamed (the header may be absent or lie), so an
// oversized upload is refused before it is held in memory. Used by the /v3 JSON
// reader and the vendor callbacks (whose signatures need the raw text).
export type CappedBody = { ok: true; text: string } | { ok: false; error: "too_large" | "unreadable" };

export async function readCappedBody(request: Request, maxBytes: number): Promise<CappedBody> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) return { ok: false, error: "too_large" };
  if (!request.body) return { ok: true, text: "" };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        return { ok: false, error: "too_large" };
      }
      chunks.push(value);
    }
  } catch {
    return { ok: false, error: "unreadable" };
  }
  return { ok: true, text: Buffer.concat(chunks).toString("utf8") };
}
