// Calls for the /v3/templates endpoints and the sandbox's messages, through the real route handlers.
import { GET as listRoute, POST as createRoute } from "@/app/v3/templates/route";
import { DELETE as deleteRoute, GET as getRoute, PUT as putRoute } from "@/app/v3/templates/[name]/route";
import { GET as testMessagesRoute } from "@/app/v3/test/messages/route";
import { readEnvelope, routeParams, v3Request } from "./http";

const headers = { "x-forwarded-for": "203.0.113.10" };

export async function createTemplate(key: string, body: unknown) {
  return readEnvelope(await createRoute(v3Request("/v3/templates", { key, body, headers })));
}

export async function listTemplates(key: string) {
  return readEnvelope<{ templates: { name: string }[] }>(await listRoute(v3Request("/v3/templates", { key, headers })));
}

export async function getTemplate(key: string, name: string) {
  return readEnvelope(await getRoute(v3Request(`/v3/templates/${name}`, { key, headers }), routeParams({ name })));
}

export async function putTemplate(key: string, name: string, body: unknown) {
  return readEnvelope(await putRoute(v3Request(`/v3/templates/${name}`, { key, body, method: "PUT", headers }), routeParams({ name })));
}

export async function deleteTemplate(key: string, name: string) {
  return readEnvelope(await deleteRoute(v3Request(`/v3/templates/${name}`, { key, method: "DELETE", headers }), routeParams({ name })));
}

/** The text the sandbox "sent" for one test-mode OTP, read through GET /v3/test/messages. */
export async function sandboxText(testKey: string, otpId: string): Promise<{ text: string; code: string }> {
  const { body } = await readEnvelope<{ text: string; code: string }[]>(await testMessagesRoute(v3Request(`/v3/test/messages?otp_id=${otpId}`, { key: testKey, headers })));
  const [message] = body.data ?? [];
  if (!message) throw new Error(`no sandbox message for ${otpId}`);
  return message;
}
