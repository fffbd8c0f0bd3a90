// /v3/lists/* through the real route handlers, for the lists' endpoint and fraud guard tests.
import { GET as listRoute, POST as addRoute } from "@/app/v3/lists/[list]/route";
import { DELETE as removeRoute } from "@/app/v3/lists/[list]/[value]/route";
import { readEnvelope, routeParams, v3Request } from "./http";

const headers = { "x-forwarded-for": "203.0.113.10" };

export const getList = async (key: string, list: string) => readEnvelope(await listRoute(v3Request(`/v3/lists/${list}`, { key, headers }), routeParams({ list })));

export const addToList = async (key: string, list: string, body: unknown) => readEnvelope(await addRoute(v3Request(`/v3/lists/${list}`, { key, body, headers }), routeParams({ list })));

export const removeFromList = async (key: string, list: string, value: string) =>
  readEnvelope(await removeRoute(v3Request(`/v3/lists/${list}/${encodeURIComponent(value)}`, { key, method: "DELETE", headers }), routeParams({ list, value })));
