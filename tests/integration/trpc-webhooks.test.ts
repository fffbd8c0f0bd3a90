// The webhooks screen's procedures: scoped to the signed-in merchant, secret only where revealed.
import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { createMerchant } from "@/server/services/merchants/merchants";
import { createCallerFactory } from "@/server/trpc/init";
import { appRouter } from "@/server/trpc/routers/app-router";

const callerFor = createCallerFactory(appRouter);

async function merchant(email: string) {
  const created = await createMerchant({ name: email, email, password: "password-123" });
  const db = await getDb();
  const row = await db.merchant.findUniqueOrThrow({ where: { merchantId: created.merchant_id } });
  return { id: row.id, caller: callerFor({ merchantPublicId: created.merchant_id }) };
}

describe("tRPC webhooks", () => {
  it("keeps the secret out of settings and shows it only when revealed or rotated", async () => {
    const a = await merchant("a@x.id");
    await a.caller.webhooks.setUrl({ url: "http://127.0.0.1:9/hook" });
    const settings = await a.caller.webhooks.settings();
    expect(settings).toEqual({ url: "http://127.0.0.1:9/hook", enabled: true, disabled_reason: null });
    const { secret } = await a.caller.webhooks.revealSecret();
    expect(secret).toMatch(/^whsec_/);
    const rotated = await a.caller.webhooks.rotateSecret();
    expect(rotated.secret).not.toBe(secret);
  });

  it("lists and resends only the signed-in merchant's events; another merchant's event is NOT_FOUND", async () => {
    const a = await merchant("a@x.id");
    const b = await merchant("b@x.id");
    await a.caller.webhooks.setUrl({ url: "http://127.0.0.1:9/hook" });
    await b.caller.webhooks.setUrl({ url: "http://127.0.0.1:9/other" });
    const { event_id } = await a.caller.webhooks.sendTest();
    expect((await a.caller.webhooks.events({ limit: 20 })).items.map((e) => e.event_id)).toEqual([event_id]);
    expect((await b.caller.webhooks.events({ limit: 20 })).items).toEqual([]);
    await expect(b.caller.webhooks.resend({ eventId: event_id })).rejects.toSatisfy((e: unknown) => e instanceof TRPCError && e.code === "NOT_FOUND");
    expect((await b.caller.webhooks.revealSecret()).secret).not.toBe((await a.caller.webhooks.revealSecret()).secret);
  });

  it("answers a test event without a URL with a message the merchant understands", async () => {
    const a = await merchant("a@x.id");
    await expect(a.caller.webhooks.sendTest()).rejects.toSatisfy((e: unknown) => e instanceof TRPCError && e.code === "BAD_REQUEST" && /URL webhook/.test(e.message));
  });
});
