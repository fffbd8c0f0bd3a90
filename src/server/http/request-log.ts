import { getEnv } from "@/env";

export type RequestLogLine = {
  method: string;
  path: string;
  status: number;
  latency_ms: number;
  merchant_id: string | null;
  request_id: string;
  error_code?: string;
};

/** One JSON line per /v3 request. Only these fields: never bodies, codes, keys or secrets. */
export function logRequest(line: RequestLogLine): void {
  if (!getEnv().LOG_REQUESTS) return;
  process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), msg: "v3 request", ...line })}\n`);
}
