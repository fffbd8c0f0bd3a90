/**
 * What a gateway callback means for a top-up, after the callback was authenticated.
 * `instrumentId` names the QR code or virtual account the gateway issued for the
 * invoice (stored as the top-up's gateway_reference); `gatewayReference` names the
 * payment itself, for the logs.
 */
export type GatewayNotification =
  | {
      kind: "paid";
      gateway: string;
      topupId: string;
      /** Amount and currency the gateway says were paid, when it says. */
      amount: number | null;
      currency: string | null;
      instrumentId: string | null;
      gatewayReference: string | null;
    }
  | { kind: "failed"; gateway: string; topupId: string; instrumentId: string | null; gatewayReference: string | null }
  | { kind: "ignored"; reason: string };
