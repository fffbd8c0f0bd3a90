// Malformed input to the dashboard's tRPC endpoint — a query `input` that is not JSON,
// an empty or truncated mutation body, a batch whose input is not an object — is
// answered 400 with the dashboard's own Indonesian message, never the JSON parser's
// or tRPC's English text, and never a 500. The requests go through tRPC's fetch adapter
// with the app's router, as the route does; the context is a signed-in merchant's
// (the route's own reads the next-auth session, which needs a running Next server).
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { beforeAll, describe, expect, it } from "vitest";
import { appRouter } from "@/server/trpc/routers/app-router";
import { newMerchant } from "../harness/v3-fixtures";

let merchantPublicId: string;
beforeAll(async () => {
  merchantPublicId = (await newMerchant()).merchantId;
});

const handle = (req: Request) => fetchRequestHandler({ endpoint: "/api/trpc", req, router: appRouter, createContext: () => ({ merchantPublicId, clientIp: "192.0.2.7" }) });

const BASE = "http://localhost:3000/api/trpc";
type TrpcError = { error?: { message: string; data: { code: string; httpStatus: number } } } | { error?: { message: string; data: { code: string } } }[];

async function answer(res: Response) {
  const body = (await res.json()) as TrpcError;
  const errors = (Array.isArray(body) ? body : [body]).map((b) => b.error!);
  return { status: res.status, errors };
}

const get = async (target: string) => answer(await handle(new Request(`${BASE}/${target}`)));
const post = async (target: string, body: string) => answer(await handle(new Request(`${BASE}/${target}`, { method: "POST", body, headers: { "content-type": "application/json" } })));

describe("malformed tRPC input", () => {
  it.each([
    ["a query input holding NUL", () => get("account.messagePreviews?input=%00")],
    ["a query input that is not JSON", () => get("account.messagePreviews?input=%7Bbad")],
    ["an empty mutation body", () => post("account.signUp", "")],
    ["a truncated mutation body", () => post("account.signUp", '{"name":')],
    ["a batch whose input is not an object", () => get("account.messagePreviews,account.support?batch=1&input=%22x%22")],
  ])("answers %s with 400 and the dashboard's Indonesian message", async (_name, call) => {
    const { status, errors } = await call();
    expect(status).toBe(400);
    expect(errors.length).toBeGreaterThan(0);
    for (const error of errors) {
      expect(error.message).toBe("Isian tidak valid.");
      expect(error.message).not.toMatch(/Unexpected|JSON|input/);
    }
  });
});
