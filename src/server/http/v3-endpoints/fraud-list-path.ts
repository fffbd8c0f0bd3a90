// What /v3/lists/{list} and /v3/lists/{list}/{value} share: the path segments parsed
// into the lists service's input, and their OpenAPI text. A list name that is neither
// safe nor block is a path that does not exist (404), like any other unknown /v3 path.
import { FRAUD_LISTS, fraudListEntryBody, type FraudListChange, type FraudListName } from "@/schemas/fraud-lists";
import { AppError } from "@/server/errors";
import { parseV3Body } from "@/server/validation";
import type { V3Context } from "../v3-route";

function listOf(ctx: V3Context): FraudListName {
  const list = ctx.params.list;
  if (FRAUD_LISTS.includes(list as FraudListName)) return list as FraudListName;
  throw new AppError("NOT_FOUND", "Daftar tidak ditemukan: gunakan /v3/lists/safe atau /v3/lists/block.");
}

/** /v3/lists/{list}. */
export const listPath = (ctx: V3Context) => ({ list: listOf(ctx) });

/** /v3/lists/{list}/{value}: the value checked and normalized like a body's (VALIDATION_ERROR when it is neither a number nor a prefix). */
export const entryPath = (ctx: V3Context): FraudListChange => ({ list: listOf(ctx), value: parseV3Body(fraudListEntryBody, { value: ctx.params.value }).value });

export const listParameter = (example: FraudListName) => ({ name: "list", description: "safe atau block", example });
