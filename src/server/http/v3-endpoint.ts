// An endpoint as data: one declaration per /v3 endpoint (src/server/http/v3-endpoints/)
// holds its method, path, input schema, response schema, the errors it can answer,
// its OpenAPI text and the one service call it makes. The route file exports
// `routeOf(declaration)`; the OpenAPI document (src/server/openapi) and the /docs
// page are built from the same declarations.
import type { z } from "zod";
import type { ErrorCode, V3ErrorCode } from "@/server/error-table";
import { parseV3Body } from "@/server/validation";
import { methodNotAllowed, v3Route, v3TestRoute, type V3Context, type V3Handler } from "./v3-route";

type Examples = Record<string, unknown>;
/** `required`: the schema refuses a query without it (tests/integration/openapi-query-parameters.test.ts holds the two together). */
type QueryParameter = { name: string; description: string; required?: true } & ({ type: "string"; example: string } | { type: "integer"; example: number });

/** A JSON body, parsed with `schema`; `invalidCodes` names the spec's code for a field given but invalid (channel → INVALID_CHANNEL). */
type BodyInput<S> = { from: "body"; name: string; schema: S; examples: Examples; invalidCodes?: Partial<Record<string, ErrorCode>> };
/** Query parameters, parsed with `schema` (all optional strings on the wire). */
type QueryInput<S> = { from: "query"; schema: S; parameters: QueryParameter[] };

export type V3Endpoint<S extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType, P = unknown> = {
  operationId: string;
  method: "get" | "post" | "put" | "delete";
  /** The OpenAPI path ("/v3/otp/{otp_id}"); its route file sits at the same place (src/app/v3/otp/[otpId]/route.ts). */
  path: string;
  summary: string;
  description: string;
  pathParameters?: { name: string; description: string; example: string }[];
  input?: BodyInput<S> | QueryInput<S>;
  response: { name: string; schema: R; examples: Examples };
  /** The errors of this endpoint's own rules; answers() adds the wrapper's and the input's. */
  errors: V3ErrorCode[];
  /** A test-mode tool (/v3/test/*): a live key gets NOT_FOUND, as if the path did not exist. */
  testOnly?: boolean;
  /**
   * The handler counts the key's rate limit itself (ctx.admission), in the same Redis call
   * as its own: a creation's fraud observation (rate-limit/admission.ts).
   */
  countsRateLimit?: true;
  /** Parses the path's segments before the input is read (an unknown /v3/lists/{list} is a 404 whatever the body holds); handle gets the result. */
  parsePath?: (ctx: V3Context) => P;
  /** The one service call, with the parsed input (and path). */
  handle(ctx: V3Context, input: z.output<S>, path: P): Promise<z.input<R>>;
};

export function defineEndpoint<S extends z.ZodType, R extends z.ZodType, P = undefined>(endpoint: V3Endpoint<S, R, P>): V3Endpoint<S, R, P> {
  return endpoint;
}

// Every endpoint: the wrapper's checks (key, IP, rate) and its answers to a wrong method or a crash.
const COMMON: V3ErrorCode[] = ["UNAUTHORIZED", "IP_NOT_ALLOWED", "METHOD_NOT_ALLOWED", "RATE_LIMITED", "INTERNAL_ERROR"];
const BODY: V3ErrorCode[] = ["VALIDATION_ERROR", "PAYLOAD_TOO_LARGE"];

/** Every error code the endpoint can answer: its input's, its own, NOT_FOUND for a test tool, and the wrapper's. */
export function answers(endpoint: V3Endpoint): V3ErrorCode[] {
  const input: V3ErrorCode[] = endpoint.input?.from === "body" ? BODY : endpoint.input?.from === "query" ? ["VALIDATION_ERROR"] : [];
  return [...input, ...endpoint.errors, ...(endpoint.testOnly ? (["NOT_FOUND"] as const) : []), ...COMMON];
}

/** The endpoint's input from a JSON body or the query's parameters, parsed as its route parses it (errors are the envelope's AppErrors). */
export function parseInputOf<S extends z.ZodType>(endpoint: V3Endpoint<S>, raw: unknown): z.output<S> {
  const input = endpoint.input;
  if (!input) return undefined as z.output<S>;
  return parseV3Body(input.schema, raw, input.from === "body" ? input.invalidCodes : {});
}

async function inputOf<S extends z.ZodType>(endpoint: V3Endpoint<S>, ctx: V3Context): Promise<z.output<S>> {
  if (!endpoint.input) return undefined as z.output<S>;
  return parseInputOf(endpoint, endpoint.input.from === "body" ? await ctx.json() : Object.fromEntries(ctx.query()));
}

type Method = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";

function handlerOf<S extends z.ZodType, R extends z.ZodType, P>(endpoint: V3Endpoint<S, R, P>): V3Handler {
  const wrap = endpoint.testOnly ? v3TestRoute : v3Route;
  // The declaration rides along so a test can tell which one a route file serves.
  return Object.assign(
    wrap(
      async (ctx) => {
        const path = endpoint.parsePath?.(ctx) as P;
        return endpoint.handle(ctx, await inputOf(endpoint, ctx), path);
      },
      { countsRateLimit: endpoint.countsRateLimit },
    ),
    { endpoint },
  );
}

/**
 * What a route file exports: each endpoint under its method (endpoints sharing a path,
 * GET and POST /v3/lists/{list}, share its file), the envelope 405 under every other one.
 */
export function routeOf(...served: V3Endpoint[]): Record<Exclude<Method, "HEAD">, V3Handler> {
  const methods = served.map((e) => e.method.toUpperCase() as Uppercase<V3Endpoint["method"]>);
  const { HEAD: _head, ...others } = methodNotAllowed(methods);
  return { ...others, ...Object.fromEntries(served.map((e, i) => [methods[i], handlerOf(e)])) };
}
