// /v3/lists/{safe|block}[/{value}]: the path and body as the API gives them, checked here
// so the route files stay one line each. A list name that is neither is a path that
// does not exist (404), like any other unknown /v3 path.
import { AppError } from "@/server/errors";
import { FRAUD_LISTS, fraudListEntryBody, fraudListValue, type FraudListName } from "@/schemas/fraud-lists";
import { parseV3Body } from "@/server/validation";
import { addListEntry, listEntries, removeListEntry } from "./lists";

function listOf(param: string | undefined): FraudListName {
  if (FRAUD_LISTS.includes(param as FraudListName)) return param as FraudListName;
  throw new AppError("NOT_FOUND", "Daftar tidak ditemukan: gunakan /v3/lists/safe atau /v3/lists/block.");
}

export async function readListRequest(merchantId: number, list: string | undefined) {
  const name = listOf(list);
  return { list: name, entries: await listEntries(merchantId, name) };
}

export function addListRequest(merchantId: number, list: string | undefined, raw: unknown) {
  const name = listOf(list);
  return addListEntry(merchantId, name, parseV3Body(fraudListEntryBody, raw).value, "api");
}

export function removeListRequest(merchantId: number, list: string | undefined, value: string | undefined) {
  const name = listOf(list);
  return removeListEntry(merchantId, name, parseV3Body(fraudListEntryBody, { value }).value);
}

/** For otpctl, which names the value the same way. */
export const parseListValue = (raw: string) => parseV3Body(fraudListValue, raw);
