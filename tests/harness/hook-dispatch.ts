// Delivers a vendor's callback to Sandi's hook handlers in-process, as the HTTP server
// would route it (for simulators that post receipts: tests/simulators/route-vendor-simulator.ts).
import { POST as httpSmsPost } from "@/app/api/hooks/http-sms/[route]/route";
import { POST as twilioPost } from "@/app/api/hooks/twilio/status/route";
import { POST as whatsappPost } from "@/app/api/hooks/whatsapp/route";

export const WHATSAPP_HOOK_URL = "http://localhost:3000/api/hooks/whatsapp";

export async function postToHooks(url: string, init: { method: "POST"; headers: Record<string, string>; body: string }): Promise<Response> {
  const request = new Request(url, init);
  const path = new URL(url).pathname;
  const httpSms = /^\/api\/hooks\/http-sms\/([^/]+)$/.exec(path);
  let response: Response;
  if (httpSms) response = await httpSmsPost(request, { params: Promise.resolve({ route: decodeURIComponent(httpSms[1]) }) });
  else if (path === "/api/hooks/twilio/status") response = await twilioPost(request);
  else if (path === "/api/hooks/whatsapp") response = await whatsappPost(request);
  else throw new Error(`no hook at ${path}`);
  if (response.status >= 300) throw new Error(`hook ${path} answered ${response.status}: ${await response.text()}`);
  return response;
}
