// The OpenAPI document says which query parameters are required; the endpoint's own schema
// decides. An SDK generator or a merchant reading /docs trusts the first, the route answers
// by the second, so for every query parameter of every endpoint the two must agree.
import { describe, expect, it } from "vitest";
import { parseInputOf } from "@/server/http/v3-endpoint";
import { buildOpenApiDocument } from "@/server/openapi/document";
import { endpoints } from "@/server/openapi/endpoints";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const withQuery = endpoints.flatMap((e) => (e.input?.from === "query" ? [{ endpoint: e, parameters: e.input.parameters }] : []));
const refuses = (run: () => unknown) => {
  try {
    run();
    return false;
  } catch {
    return true;
  }
};

describe("query parameters: the document's `required` is what the schema enforces", () => {
  it("covers the endpoints that take a query", () => {
    expect(withQuery.map((q) => q.endpoint.operationId).sort()).toEqual(["getInsightsSummary", "listTestMessages"]);
  });

  for (const { endpoint, parameters } of withQuery) {
    // On the wire every value is a string: the examples as a merchant would send them.
    const all = Object.fromEntries(parameters.map((p) => [p.name, String(p.example)]));
    const documented = (buildOpenApiDocument().paths as Json)[endpoint.path][endpoint.method].parameters as Json[];

    it(`${endpoint.operationId}: every example together is accepted`, () => {
      expect(refuses(() => parseInputOf(endpoint, all))).toBe(false);
    });

    for (const p of parameters) {
      it(`${endpoint.operationId}: without ${p.name} the query is ${p.required ? "refused" : "accepted"}, as the document says`, () => {
        const { [p.name]: _left, ...rest } = all;
        const inDocument = documented.find((d) => d.in === "query" && d.name === p.name);
        expect(inDocument?.required).toBe(refuses(() => parseInputOf(endpoint, rest)));
      });
    }
  }
});
