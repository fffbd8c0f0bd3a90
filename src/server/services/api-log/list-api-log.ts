import { getEnv } from "@/env";
import type { Prisma } from "@/generated/prisma/client";
import { getDb } from "@/server/db/client";
import { formatWibLong } from "@/lib/wib-time";
import type { ApiLogQuery } from "@/schemas/dashboard/api-log";
import { flushEveryApiLogBuffer } from "./api-log-writer";

const STATUS_RANGE = { "2xx": [200, 300], "4xx": [400, 500], "5xx": [500, 600] } as const;

/** "Log API": the world's /v3 requests, newest first (a request shows up within about a second). */
export async function listApiLog(merchantId: number, filter: ApiLogQuery) {
  // This process's buffers first, so a merchant who just called the API here sees the call at once.
  await flushEveryApiLogBuffer();
  const range = filter.status ? STATUS_RANGE[filter.status] : null;
  const where: Prisma.ApiRequestLogWhereInput = {
    merchantId,
    status: range ? { gte: range[0], lt: range[1] } : undefined,
    path: filter.path ? { startsWith: filter.path } : undefined,
    errorCode: filter.errorCode ? filter.errorCode.toUpperCase() : undefined,
    requestId: filter.requestId || undefined,
    id: filter.cursor ? { lt: BigInt(filter.cursor) } : undefined,
  };
  const db = await getDb();
  const rows = await db.apiRequestLog.findMany({ where, orderBy: { id: "desc" }, take: filter.limit + 1 });
  const page = rows.slice(0, filter.limit);
  return {
    items: page.map((r) => ({
      id: r.id.toString(),
      time: formatWibLong(r.createdAt),
      method: r.method,
      path: r.path,
      status: r.status,
      error_code: r.errorCode,
      latency_ms: r.latencyMs,
      request_id: r.requestId,
      key_prefix: r.keyPrefix,
      client_ip: r.clientIp,
      request_body: r.requestBody,
      route: r.route,
      route_reason: r.routeReason,
    })),
    nextCursor: rows.length > filter.limit ? page[page.length - 1].id.toString() : null,
    retentionDays: getEnv().API_LOG_RETENTION_DAYS,
  };
}
