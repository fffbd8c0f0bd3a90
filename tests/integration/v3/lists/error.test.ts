// /v3/lists: every documented error, and that an error changes nothing.
import { describe, expect, it } from "vitest";
import { addToList, getList, removeFromList } from "../../../harness/fraud-lists-api";
import { newMerchant } from "../../../harness/v3-fixtures";

describe("/v3/lists errors", () => {
  it("answers a value that is neither a number nor a prefix with 400 VALIDATION_ERROR, adding nothing", async () => {
    const m = await newMerchant();
    for (const value of ["62-812", "*", "6*", "abc", "628123456789012345", "6281", 62812, null]) {
      const res = await addToList(m.key, "block", { value });
      expect(res.status, String(value)).toBe(400);
      expect(res.body.error?.code).toBe("VALIDATION_ERROR");
    }
    expect((await addToList(m.key, "block", {})).body.error?.code).toBe("VALIDATION_ERROR");
    expect((await addToList(m.key, "block", ["62812*"])).body.error?.code).toBe("VALIDATION_ERROR");
    expect((await getList(m.key, "block")).body.data).toMatchObject({ entries: [] });
  });

  it("answers a list that is neither safe nor block with 404 NOT_FOUND", async () => {
    const m = await newMerchant();
    expect((await getList(m.key, "allow")).body.error?.code).toBe("NOT_FOUND");
    expect((await addToList(m.key, "allow", { value: "62812*" })).status).toBe(404);
    expect((await removeFromList(m.key, "allow", "62812*")).status).toBe(404);
  });

  it("answers removing a value that is not there with 404 NOT_FOUND, and a malformed one with 400", async () => {
    const m = await newMerchant();
    expect((await removeFromList(m.key, "safe", "62812345*")).body.error?.code).toBe("NOT_FOUND");
    expect((await removeFromList(m.key, "safe", "x")).status).toBe(400);
  });
});
