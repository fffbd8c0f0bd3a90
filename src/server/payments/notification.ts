/** What a gateway callback means for a top-up, after the callback was authenticated. */
export type GatewayNotification =
  | { kind: "paid"; topupId: string; /** Amount the gateway says was paid, when it says. */ amount: number | null; gatewayReference: string | null }
  | { kind: "failed"; topupId: string; gatewayReference: string | null }
  | { kind: "ignored"; reason: string };
