// /v3/lists: a merchant sees and changes its own world's lists only.
import { describe, expect, it } from "vitest";
import { addToList, getList, removeFromList } from "../../../harness/fraud-lists-api";
import { newMerchant } from "../../../harness/v3-fixtures";

describe("/v3/lists security", () => {
  it("never shows or removes another merchant's entries", async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    await addToList(a.key, "safe", { value: "6281233334444" });
    expect((await getList(b.key, "safe")).body.data).toMatchObject({ entries: [] });
    expect((await removeFromList(b.key, "safe", "6281233334444")).body.error?.code).toBe("NOT_FOUND");
    expect((await getList(a.key, "safe")).body.data).toMatchObject({ entries: [expect.objectContaining({ value: "6281233334444" })] });
  });

  it("refuses a missing or wrong key with 401", async () => {
    expect((await getList("", "safe")).status).toBe(401);
    expect((await addToList("sk_live_nope", "block", { value: "62812*" })).status).toBe(401);
  });
});
