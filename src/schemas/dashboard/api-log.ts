import { z } from "zod";

export const API_LOG_STATUS_CLASSES = ["2xx", "4xx", "5xx"] as const;

const cursor = z.string().regex(/^\d{1,18}$/, "Kursor halaman tidak valid.");

/** Filters of "Log API": by outcome, endpoint, error code or one request id. */
export const apiLogFilterSchema = z.object({
  status: z.enum(API_LOG_STATUS_CLASSES).optional(),
  path: z.string().trim().max(200).optional(),
  errorCode: z
    .string()
    .trim()
    .max(40)
    .regex(/^[A-Za-z_]*$/, "Kode error hanya berisi huruf dan garis bawah, mis. INSUFFICIENT_BALANCE.")
    .optional(),
  requestId: z.string().trim().max(64).optional(),
  cursor: cursor.optional(),
  limit: z.number().int().min(1).max(100).default(25),
});
export type ApiLogFilter = z.input<typeof apiLogFilterSchema>;
export type ApiLogQuery = z.output<typeof apiLogFilterSchema>;

export const apiLogEntrySchema = z.object({
  id: z.string(),
  time: z.string(),
  method: z.string(),
  path: z.string(),
  status: z.number().int(),
  error_code: z.string().nullable(),
  latency_ms: z.number().int(),
  request_id: z.string(),
  key_prefix: z.string(),
  client_ip: z.string().nullable(),
  request_body: z.string().nullable(),
  /** A creation's vendor route and why it was chosen (docs/routing.md); null otherwise. */
  route: z.string().nullable(),
  route_reason: z.string().nullable(),
});
export const apiLogPageSchema = z.object({ items: z.array(apiLogEntrySchema), nextCursor: z.string().nullable(), retentionDays: z.number().int() });
export type ApiLogEntryView = z.infer<typeof apiLogEntrySchema>;
