// GET /v3/account: 401 without a key, 405 for a method other than GET.
import { describe, expect, it } from "vitest";
import { GET as accountGet, POST as accountPost } from "@/app/v3/account/route";
import { readEnvelope, v3Request } from "../../../harness/http";
import { newMerchant } from "../../../harness/v3-fixtures";

describe("GET /v3/account: 401 UNAUTHORIZED without a key, 405 METHOD_NOT_ALLOWED for POST", () => {
  it("without a key is 401 UNAUTHORIZED", async () => {
    const res = await readEnvelope(await accountGet(v3Request("/v3/account")));
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, data: null, error: { code: "UNAUTHORIZED" } });
  });

  it("POST is 405 METHOD_NOT_ALLOWED", async () => {
    const m = await newMerchant();
    const res = await readEnvelope(await accountPost(v3Request("/v3/account", { key: m.key, body: { saldo: 1e9 } })));
    expect(res.status).toBe(405);
    expect(res.body.error?.code).toBe("METHOD_NOT_ALLOWED");
  });
});
