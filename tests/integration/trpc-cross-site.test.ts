// The dashboard's tRPC endpoint refuses what a page on another site could make a
// signed-in browser send: non-JSON bodies (sent without a CORS preflight) and
// requests the browser marks as cross-site. Refused before any procedure runs.
import { describe, expect, it } from "vitest";
import { POST as trpcPost } from "@/app/api/trpc/[trpc]/route";

const endpoint = "http://localhost:3000/api/trpc/apiKeys.create";

async function send(init: RequestInit) {
  const res = await trpcPost(new Request(endpoint, { method: "POST", ...init }));
  return { status: res.status, body: (await res.json()) as { error?: { message: string; data: { code: string } } } };
}

describe("tRPC mutations from other sites", () => {
  it("refuses a multipart form post with 415 in tRPC's error shape", async () => {
    const form = new FormData();
    form.set("name", "csrf");
    const res = await send({ body: form });
    expect(res.status).toBe(415);
    expect(res.body.error).toMatchObject({ message: expect.stringContaining("JSON"), data: { code: "UNSUPPORTED_MEDIA_TYPE" } });
  });

  it("refuses urlencoded and text/plain bodies with 415", async () => {
    expect((await send({ body: "name=csrf", headers: { "content-type": "application/x-www-form-urlencoded" } })).status).toBe(415);
    expect((await send({ body: '{"name":"csrf"}', headers: { "content-type": "text/plain" } })).status).toBe(415);
  });

  it("refuses JSON a browser marks as coming from another site with 403", async () => {
    const body = JSON.stringify({ name: "csrf" });
    const cross = await send({ body, headers: { "content-type": "application/json", "sec-fetch-site": "cross-site" } });
    expect(cross).toMatchObject({ status: 403, body: { error: { data: { code: "FORBIDDEN" } } } });
    expect((await send({ body, headers: { "content-type": "application/json", origin: "http://evil.example" } })).status).toBe(403);
  });
});
