import NextAuth from "next-auth";
import { NextRequest } from "next/server";
import { getAuthOptions } from "@/server/auth/options";

type RouteContext = { params: Promise<{ nextauth: string[] }> };

// next-auth reads the options per request, so they are built on first use rather than at build time.
async function handler(request: Request, context: RouteContext): Promise<Response> {
  // next-auth answers any other method on the credentials callback with a 500 ("not supported").
  const { nextauth } = await context.params;
  if (nextauth[0] === "callback" && nextauth[1] === "credentials" && request.method !== "POST") {
    return Response.json({ error: "Gunakan POST untuk masuk." }, { status: 405, headers: { allow: "POST" } });
  }
  const body = await jsonBodyCheck(request);
  if (body === "refused") return Response.json({ error: "Body berlabel JSON harus berupa objek JSON yang valid." }, { status: 400 });
  return NextAuth((body ?? request) as never, context as never, getAuthOptions());
}

/**
 * next-auth parses a POST labelled application/json with request.json() and answers
 * a 500 when that throws. Such a body is checked here first: refused unless it is a
 * JSON object of strings (what a form would carry), otherwise passed on as a fresh NextRequest (the original is now read;
 * next-auth reads request.nextUrl, which a plain Request lacks).
 */
async function jsonBodyCheck(request: Request): Promise<NextRequest | "refused" | null> {
  if (request.method !== "POST" || !(request.headers.get("content-type") ?? "").includes("application/json")) return null;
  const text = await request.text();
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return "refused";
    // next-auth treats the body like a form: a number or object where it expects text (callbackUrl, csrfToken) crashes it.
    if (Object.values(parsed).some((value) => typeof value !== "string")) return "refused";
  } catch {
    return "refused";
  }
  return new NextRequest(request.url, { method: request.method, headers: request.headers, body: text });
}

export { handler as GET, handler as POST };
