// /v3/lists/* through the real route handlers, for the lists' endpoint and fraud guard tests.
import { GET as listRoute, POST as addRoute } from "@/app/v3/lists/[list]/route";
import { DELETE as removeRoute } from "@/app/v3/lists/[list]/[value]/route";
import { readEnvelope, routeParams, v3Request } from "./http";

/** The caller's address and its HTTP client (an SDK names itself in User-Agent; the audit log keeps it). */
export const LISTS_CALLER = { ip: "203.0.113.10", userAgent: "sandi-node/1.4.0 (node 20; ci)" };
const headers = { "x-forwarded-for": LISTS_CALLER.ip, "user-agent": LISTS_CALLER.userAgent };

export const getList = async (key: string, list: string) => readEnvelope(await listRoute(v3Request(`/v3/lists/${list}`, { key, headers }), routeParams({ list })));

export const addToList = async (key: string, list: string, body: unknown) => readEnvelope(await addRoute(v3Request(`/v3/lists/${list}`, { key, body, headers }), routeParams({ list })));

export const removeFromList = async (key: string, list: string, value: string) =>
  readEnvelope(await removeRoute(v3Request(`/v3/lists/${list}/${encodeURIComponent(value)}`, { key, method: "DELETE", headers }), routeParams({ list, value })));
