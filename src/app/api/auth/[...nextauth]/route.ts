import NextAuth from "next-auth";
import { getAuthOptions } from "@/server/auth/options";

type RouteContext = { params: Promise<{ nextauth: string[] }> };

// next-auth reads the options per request, so they are built on first use rather than at build time.
async function handler(request: Request, context: RouteContext): Promise<Response> {
  return NextAuth(request as never, context as never, getAuthOptions());
}

export { handler as GET, handler as POST };
