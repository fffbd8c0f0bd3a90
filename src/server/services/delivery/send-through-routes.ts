// One send of an OTP through its channel's vendor routes, in order (docs/routing.md): a
// route that cannot be reached (timeout, 5xx, a refusal of our account, an open circuit,
// an adapter that broke) fails over to the next one while ROUTE_SEND_BUDGET_MS lasts. Each
// route may use its share of what is left, so a slow route leaves time for the next. A
// vendor that answers about the recipient (failed) is not failed over: another route
// would get the same answer. Used by a creation's first send and by a fallback's send.
import { getEnv } from "@/env";
import type { DeliveryRequest, DeliveryResult } from "@/server/channels/channel";
import type { FailureCode } from "@/server/channels/failure-codes";
import { AppError } from "@/server/errors";
import { log } from "@/server/log";
import type { DeliveryFacts } from "@/server/services/otp/deliveries";
import type { PlannedRoute } from "@/server/services/routing/select-routes";
import { recordFailover, sendAttempt, type Unreachable } from "./delivery-recorder";

/** Less than this left of the budget: the next route is not tried (it could not answer in time). */
const MIN_ATTEMPT_MS = 50;

/** The attempt in flight (its row, seq and route) and the ones that failed over before it, as the answer shows them. */
export type RouteProgress = { id: bigint | null; seq: number; route: PlannedRoute; failedOver: DeliveryFacts[] };

export type RoutedSend = {
  routes: PlannedRoute[];
  request: DeliveryRequest;
  otpRowId: bigint | string;
  price: number;
  /** Called once before the first route that leaves the process (a creation's durable dispatch). */
  beforeVendor?: () => Promise<void>;
};

export async function sendThroughRoutes(send: RoutedSend, progress: RouteProgress): Promise<DeliveryResult | Unreachable> {
  const { routes, request } = send;
  const deadline = Date.now() + getEnv().ROUTE_SEND_BUDGET_MS;
  let beforeVendor = send.beforeVendor;
  for (let index = 0; ; index++) {
    const route = routes[index];
    progress.route = route;
    if (!route.adapter.inProcess && beforeVendor) {
      await beforeVendor();
      beforeVendor = undefined;
    }
    const share = (deadline - Date.now()) / (routes.length - index);
    const result = await sendAttempt({ adapter: route.adapter, request: { ...request, deadline: Date.now() + share } });
    const next = routes[index + 1];
    if (result.outcome !== "unreachable" || !next || deadline - Date.now() < MIN_ATTEMPT_MS) return result;
    const reason: FailureCode = /timed? ?out/i.test(result.error) ? "vendor_timeout" : "vendor_unavailable";
    log.warn({ request_id: request.requestId, otp_id: request.otpId, route: route.name, next_route: next.name, vendor_reason: result.error.slice(0, 500) }, "vendor route failed over");
    const failover = { otpRowId: send.otpRowId, seq: progress.seq, provider: result.provider, reason, next: { provider: next.adapter.provider, route: next.name } };
    const moved = await recordFailover(failover, request);
    // The attempt was no longer pending (the abandoned-send sweep refunded it): nothing more may be sent.
    if (moved === null) throw new AppError("CHANNEL_UNAVAILABLE");
    progress.failedOver.push({ channel: request.channel, status: "failed", price: send.price, charged: false, sentAt: null, failureReason: reason, route: route.name, routeReason: route.reason });
    progress.id = moved.id;
    progress.seq = moved.seq;
  }
}
