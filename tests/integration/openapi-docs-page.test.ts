// The API reference at /docs is rendered on the server from the OpenAPI document:
// no client fetch, so the HTML itself must hold every endpoint, field and code.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import DocsPage from "@/app/docs/page";
import { V3_ERROR_CODES } from "@/server/error-table";
import { OTP_EVENT_TYPES } from "@/schemas/v3/events";
import { buildOpenApiDocument } from "@/server/openapi/document";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const html = () => renderToStaticMarkup(DocsPage());
const text = (markup: string) => markup.replace(/<[^>]+>/g, " ").replace(/&quot;/g, '"').replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&#x27;/g, "'");

describe("/docs API reference page", () => {
  it("renders every operation of the OpenAPI document with its request fields and response examples", () => {
    const page = text(html());
    const doc = buildOpenApiDocument() as Json;
    for (const [path, item] of Object.entries(doc.paths as Json)) {
      for (const [method, op] of Object.entries(item as Json)) {
        expect(page, `${method} ${path}`).toContain(`${method.toUpperCase()} ${path}`);
        expect(page).toContain(op.summary);
        const bodySchema = op.requestBody?.content["application/json"].schema;
        if (bodySchema) {
          const fields = Object.keys(doc.components.schemas[bodySchema.$ref.split("/").pop()].properties);
          for (const field of fields) expect(page, `${path} field ${field}`).toContain(field);
        }
        for (const status of Object.keys(op.responses)) expect(page).toContain(`HTTP ${status}`);
        // A query parameter is not part of the path: the page says where each one goes.
        for (const param of (op.parameters ?? []) as Json[]) expect(page, `${path} ${param.name}`).toMatch(new RegExp(`Parameter ${param.in}\\s+${param.name}\\b`));
      }
    }
  });

  it("lists every /v3 error code with its HTTP status", () => {
    const page = text(html());
    for (const code of V3_ERROR_CODES) expect(page).toContain(code);
    expect(page).toMatch(/429\s+RATE_LIMITED/);
    expect(page).toMatch(/403\s+IP_NOT_ALLOWED/);
  });

  it("explains the envelope, authentication, the IP resolution order and the rate-limit headers", () => {
    const page = text(html());
    for (const phrase of ["Authorization: Bearer <API_KEY>", "CF-Connecting-IP", "X-Real-IP", "X-Forwarded-For", "RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset", "Retry-After", "X-Request-Id"]) {
      expect(page, phrase).toContain(phrase);
    }
  });

  it("explains fallback, the sandbox's fallback numbers and every lifecycle event type", () => {
    const page = text(html());
    for (const phrase of ["fallback_after", "deliveries", "0001", "0002", ...OTP_EVENT_TYPES]) expect(page, phrase).toContain(phrase);
    expect(html()).toContain('href="#fallback"');
  });

  it("links the OpenAPI document", () => {
    expect(html()).toContain('href="/v3/openapi.json"');
  });
});
