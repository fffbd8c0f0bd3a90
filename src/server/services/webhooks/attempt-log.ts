import { getEnv } from "@/env";
import { log } from "@/server/log";

export type AttemptLogLine = {
  event_id: string;
  delivery_id: number;
  attempt: number;
  host: string;
  status_code: number | null;
  latency_ms: number;
  outcome: "succeeded" | "pending" | "failed";
  next_attempt_at: string | null;
  error: string | null;
};

/** One JSON line per webhook attempt (with LOG_REQUESTS). Only the host of the URL: paths and queries may carry merchants' tokens. */
export function logAttempt(line: AttemptLogLine): void {
  if (!getEnv().LOG_REQUESTS) return;
  log.info(line, "webhook attempt");
}

export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "";
  }
}
