import type { z } from "zod";
import { AppError, type ErrorCode } from "@/server/errors";
import { findLoneSurrogate } from "@/server/lib/control-characters";
import "@/server/zod-messages";

/** Parses service input with zod; failures become VALIDATION_ERROR naming the first bad field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  refuseLoneSurrogates(input);
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue.path.join(".");
  throw new AppError("VALIDATION_ERROR", field ? `${field}: ${issue.message}` : issue.message, { field: issue.path.length ? String(issue.path[0]) : undefined });
}

/**
 * Parses a /v3 body with its schema, whose messages are already the Indonesian
 * sentences merchants see. The first issue (fields in schema order) decides the
 * answer: VALIDATION_ERROR, or the spec's own code for a field that was given
 * but is invalid (`invalidCodes`, e.g. channel → INVALID_CHANNEL; a missing
 * field stays VALIDATION_ERROR), or the code a schema rule names itself.
 */
export function parseV3Body<S extends z.ZodType>(schema: S, raw: unknown, invalidCodes: Partial<Record<string, ErrorCode>> = {}): z.output<S> {
  refuseLoneSurrogates(raw);
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue.path.length === 1 ? String(issue.path[0]) : null;
  const given = field !== null && isPresent((raw as Record<string, unknown>)[field]);
  const code = ownCode(issue) ?? (given && field !== null ? invalidCodes[field] : undefined) ?? "VALIDATION_ERROR";
  throw new AppError(code, issue.message);
}

/** A schema refinement may name the spec's code itself (params.appCode), e.g. INVALID_NUMBER for a destination holding control characters. */
function ownCode(issue: z.core.$ZodIssue): ErrorCode | undefined {
  const params = issue.code === "custom" ? (issue.params as { appCode?: ErrorCode } | undefined) : undefined;
  return params?.appCode;
}

function isPresent(value: unknown): boolean {
  return value !== undefined && value !== null && value !== "";
}

/**
 * Half of a UTF-16 pair (JSON "\\udfff") is no text any field can hold: it cannot be put
 * in a URL, and PostgreSQL would store something else. Refused wherever it sits, known
 * field or not, before any schema or service sees the input.
 */
export function refuseLoneSurrogates(input: unknown): void {
  const path = findLoneSurrogate(input);
  if (path === null) return;
  const field = path || "Isian";
  throw new AppError("VALIDATION_ERROR", `${field} berisi karakter Unicode yang tidak valid (surrogate tanpa pasangan).`, { field: path ? path.split(".")[0] : undefined });
}
