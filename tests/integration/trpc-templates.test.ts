// The template editor's procedures: the same rules as /v3/templates, on the world the
// dashboard shows, and a live preview that renders drafts with the real renderer.
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { callerFor } from "../harness/trpc";
import { newMerchant } from "../harness/v3-fixtures";
import { listTemplates } from "../harness/template-fixtures";

const LOGIN = { name: "login", fragments: [{ channel: "sms" as const, locale: "en" as const, text: "{brand} code {code}" }] };

describe("templates in the dashboard", () => {
  it("saves to the world the mode switch shows, as the API sees it", async () => {
    const m = await newMerchant();
    const test = callerFor({ merchantPublicId: m.merchantId, mode: "test" });
    await test.templates.create(LOGIN);
    expect((await test.templates.list()).map((t) => t.name)).toEqual(["login"]);
    expect((await listTemplates(m.testKey)).body.data!.templates.map((t) => t.name)).toEqual(["login"]);
    expect(await callerFor({ merchantPublicId: m.merchantId, mode: "live" }).templates.list()).toEqual([]);
    await expect(test.templates.create(LOGIN)).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(test.templates.update({ name: "login", fragments: [{ channel: "sms", locale: "en", text: "no code" }] })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect(await test.templates.remove({ name: "login" })).toEqual({ name: "login", deleted: true });
    // Each change is in the live account's audit log, with the texts it set and the world it changed.
    const db = await getDb();
    const rows = await db.auditLog.findMany({ where: { merchantId: m.id, action: { startsWith: "template." } }, orderBy: { id: "asc" } });
    expect(rows.map((r) => [r.action, r.target])).toEqual([["template.create", "login"], ["template.delete", "login"]]);
    expect(rows[0].after).toEqual({ fragments: LOGIN.fragments, mode: "test" });
    expect(rows[1]).toMatchObject({ before: { mode: "test" }, after: null });
    await expect(test.templates.remove({ name: "login" })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("previews a draft in its language, blank texts falling back to the standard one, with the SMS price", async () => {
    const m = await newMerchant();
    const live = callerFor({ merchantPublicId: m.merchantId });
    const previews = await live.account.messagePreviews({
      brandName: "Kopi",
      brandEmail: "",
      locale: "en",
      fragments: [
        { channel: "sms", text: "{brand}: {code} ({minutes} min)" },
        { channel: "voice", text: "  " },
      ],
      smsDomain: "Kopi.ID",
    });
    expect(previews.sms).toBe("Kopi: 482913 (5 min)\n@kopi.id #482913");
    expect(previews.voice).toBe("Your Kopi verification code is 4, 8, 2, 9. Once again, 4, 8, 2, 9.");
    expect(previews.smsPrice).toBe(450);
  });
});
