// next-auth's endpoints answer a body labelled JSON that is not a JSON object with a
// 400, not the 500 next-auth gives when its own request.json() throws, and a GET on
// the credentials callback with 405, not next-auth's 500.
import { describe, expect, it } from "vitest";
import { GET, POST } from "@/app/api/auth/[...nextauth]/route";

function post(action: string[], body: string) {
  const request = new Request(`http://localhost:3000/api/auth/${action.join("/")}`, { method: "POST", headers: { "content-type": "application/json" }, body });
  return POST(request, { params: Promise.resolve({ nextauth: action }) });
}

describe("next-auth endpoints with bodies that are not JSON objects of strings", () => {
  it.each([[["callback", "credentials"]], [["session"]], [["providers"]], [["csrf"]]])("/api/auth/%s answers 400 JSON", async (action) => {
    for (const body of ["{bad json", "", "null", "[1]", '"text"', '{"callbackUrl":5}', '{"csrfToken":{"a":1}}', '{"redirect":false}']) {
      const res = await post(action, body);
      expect(res.status, body).toBe(400);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(await res.json()).toEqual({ error: expect.any(String) });
    }
  });
});

describe("the credentials callback", () => {
  it("answers methods other than POST with 405 JSON, not next-auth's 500", async () => {
    const res = await GET(new Request("http://localhost:3000/api/auth/callback/credentials"), { params: Promise.resolve({ nextauth: ["callback", "credentials"] }) });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
    expect(await res.json()).toEqual({ error: expect.any(String) });
  });
});
