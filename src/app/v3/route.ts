import { notFoundRoute } from "@/server/http/v3-route";

export const dynamic = "force-dynamic";

// `/v3` itself is not an endpoint; answer in the envelope rather than Next's HTML 404.
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = notFoundRoute();
