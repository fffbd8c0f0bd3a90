// Builds Requests for calling Next.js route handlers directly in integration
// tests (the same functions Next runs), with real databases underneath.
import { PEER_ADDRESS_HEADER } from "@/server/http/client-ip";

/** The connection a request arrives on by default: a local reverse proxy, trusted out of the box. */
export const LOCAL_PROXY = "127.0.0.1";

type RequestOptions = {
  method?: string;
  key?: string | null;
  body?: unknown;
  /** Raw body text, sent as is (for malformed JSON tests). */
  rawBody?: string;
  headers?: Record<string, string>;
};

export function v3Request(path: string, options: RequestOptions = {}): Request {
  const headers: Record<string, string> = { [PEER_ADDRESS_HEADER]: LOCAL_PROXY, ...(options.headers ?? {}) };
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers["content-type"] ??= "application/json";
  return new Request(`http://localhost:3000${path}`, { method: options.method ?? (body === undefined ? "GET" : "POST"), headers, body });
}

/** Route context for dynamic segments, as Next passes it. */
export function routeParams(params: Record<string, string | string[]>) {
  return { params: Promise.resolve(params) };
}

export type Envelope<T = Record<string, unknown>> = {
  success: boolean;
  data: T | null;
  error: { code: string; message: string; details?: Record<string, unknown> } | null;
};

export async function readEnvelope<T = Record<string, unknown>>(response: Response): Promise<{ status: number; body: Envelope<T>; headers: Headers }> {
  const text = await response.text();
  let body: Envelope<T>;
  try {
    body = JSON.parse(text) as Envelope<T>;
  } catch {
    throw new Error(`Response is not JSON (status ${response.status}): ${text.slice(0, 200)}`);
  }
  return { status: response.status, body, headers: response.headers };
}
