// A local stand-in for Xendit's API: node:http on 127.0.0.1, random port. It
// checks basic auth and the request bodies the adapter must send, answers with
// Xendit's response shapes, and can be told to fail.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type RecordedRequest = { method: string; path: string; headers: IncomingMessage["headers"]; body: Record<string, unknown> };

export type XenditSimulator = {
  baseUrl: string;
  requests: RecordedRequest[];
  /** The next N create calls answer this status with a Xendit error body. */
  failNext: (status: number, count?: number) => void;
  close: () => Promise<void>;
};

const BANKS = ["BCA", "BNI", "MANDIRI", "BRI", "PERMATA", "BSI", "CIMB"];

function problems(path: string, body: Record<string, unknown>, headers: IncomingMessage["headers"]): string[] {
  const out: string[] = [];
  const isInt = (v: unknown) => typeof v === "number" && Number.isInteger(v) && v > 0;
  const isIso = (v: unknown) => typeof v === "string" && !Number.isNaN(Date.parse(v)) && v.endsWith("Z");
  if (path === "/qr_codes") {
    if (headers["api-version"] !== "2022-07-31") out.push("api-version header must be 2022-07-31");
    if (typeof body.reference_id !== "string" || !body.reference_id) out.push("reference_id required");
    if (body.type !== "DYNAMIC") out.push("type must be DYNAMIC");
    if (body.currency !== "IDR") out.push("currency must be IDR");
    if (!isInt(body.amount)) out.push("amount must be a positive integer");
    if (!isIso(body.expires_at)) out.push("expires_at must be ISO 8601 UTC");
  } else if (path === "/callback_virtual_accounts") {
    if (typeof body.external_id !== "string" || !body.external_id) out.push("external_id required");
    if (!BANKS.includes(String(body.bank_code))) out.push("bank_code unsupported");
    if (typeof body.name !== "string" || !/^[A-Za-z ]{3,}$/.test(body.name)) out.push("name must be letters and spaces");
    if (body.is_closed !== true) out.push("is_closed must be true");
    if (!isInt(body.expected_amount)) out.push("expected_amount must be a positive integer");
    if (!isIso(body.expiration_date)) out.push("expiration_date must be ISO 8601 UTC");
  }
  return out;
}

export async function startXenditSimulator(secretKey: string): Promise<XenditSimulator> {
  const requests: RecordedRequest[] = [];
  let failures: { status: number; remaining: number } | null = null;
  let seq = 0;

  const server: Server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      let body: Record<string, unknown> = {};
      try {
        body = raw ? JSON.parse(raw) : {};
      } catch {
        return send(400, { error_code: "API_VALIDATION_ERROR", message: "body is not JSON" });
      }
      const path = (req.url ?? "").split("?")[0];
      requests.push({ method: req.method ?? "", path, headers: req.headers, body });

      if (req.headers.authorization !== `Basic ${Buffer.from(`${secretKey}:`).toString("base64")}`) {
        return send(401, { error_code: "INVALID_API_KEY", message: "API key is invalid" });
      }
      if (req.method !== "POST" || (path !== "/qr_codes" && path !== "/callback_virtual_accounts")) return send(404, { error_code: "NOT_FOUND", message: "not found" });
      if (failures && failures.remaining > 0) {
        failures.remaining -= 1;
        return send(failures.status, { error_code: "SERVER_ERROR", message: "simulated failure" });
      }
      const issues = problems(path, body, req.headers);
      if (issues.length) return send(400, { error_code: "API_VALIDATION_ERROR", message: issues.join("; ") });

      seq += 1;
      const now = new Date().toISOString();
      if (path === "/qr_codes") {
        return send(201, {
          id: `qr_sim_${seq}`,
          reference_id: body.reference_id,
          business_id: "sim_business",
          type: "DYNAMIC",
          currency: "IDR",
          amount: body.amount,
          channel_code: "ID_DANA",
          status: "ACTIVE",
          qr_string: `00020101021226660014ID.LINKAJA.WWW011893600911002411480002152003260311480003UMI51440014ID.CO.QRIS.WWW0215ID10243228429300303UMI5204737253033605406${String(body.amount).padStart(6, "0").slice(-6)}5802ID5909SIMULATOR6007JAKARTA6304ABCD`,
          expires_at: body.expires_at,
          created: now,
          updated: now,
          metadata: body.metadata ?? null,
        });
      }
      return send(200, {
        id: `va_sim_${seq}`,
        owner_id: "sim_owner",
        external_id: body.external_id,
        bank_code: body.bank_code,
        merchant_code: "88608",
        name: body.name,
        account_number: `88608${String(9_000_000_000 + seq)}`,
        is_closed: true,
        expected_amount: body.expected_amount,
        expiration_date: body.expiration_date,
        is_single_use: true,
        status: "PENDING",
        currency: "IDR",
        country: "ID",
      });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    failNext: (status, count = 1) => (failures = { status, remaining: count }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
