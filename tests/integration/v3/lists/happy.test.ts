// GET|POST /v3/lists/{safe|block}, DELETE /v3/lists/{safe|block}/{value}: the documented behaviour.
import { describe, expect, it } from "vitest";
import { addToList, getList, removeFromList } from "../../../harness/fraud-lists-api";
import { newMerchant } from "../../../harness/v3-fixtures";

describe("/v3/lists", () => {
  it("adds, lists and removes numbers and prefixes, normalized to international digits", async () => {
    const m = await newMerchant();
    expect((await addToList(m.key, "safe", { value: "081234567890" })).body.data).toMatchObject({ value: "6281234567890", created_by: "api", created_at: expect.any(String) });
    expect((await addToList(m.key, "safe", { value: "+62812345*" })).body.data).toMatchObject({ value: "62812345*" });
    // Adding it again answers the entry that is there.
    expect((await addToList(m.key, "safe", { value: "62812345*" })).status).toBe(200);
    const listed = await getList(m.key, "safe");
    expect(listed.body.data).toMatchObject({ list: "safe" });
    expect((listed.body.data as { entries: { value: string }[] }).entries.map((e) => e.value).sort()).toEqual(["62812345*", "6281234567890"]);
    expect((await removeFromList(m.key, "safe", "62812345*")).body.data).toEqual({ value: "62812345*", removed: true });
    expect((await getList(m.key, "safe")).body.data).toMatchObject({ entries: [expect.objectContaining({ value: "6281234567890" })] });
  });

  it("moves a value from one list to the other rather than keeping it on both", async () => {
    const m = await newMerchant();
    await addToList(m.key, "safe", { value: "6281299990000" });
    await addToList(m.key, "block", { value: "6281299990000" });
    expect((await getList(m.key, "safe")).body.data).toMatchObject({ entries: [] });
    expect((await getList(m.key, "block")).body.data).toMatchObject({ entries: [expect.objectContaining({ value: "6281299990000" })] });
  });

  it("keeps the live and the test world's lists apart", async () => {
    const m = await newMerchant();
    await addToList(m.testKey, "block", { value: "62812*" });
    expect((await getList(m.key, "block")).body.data).toMatchObject({ entries: [] });
    expect((await getList(m.testKey, "block")).body.data).toMatchObject({ entries: [expect.objectContaining({ value: "62812*" })] });
  });
});
