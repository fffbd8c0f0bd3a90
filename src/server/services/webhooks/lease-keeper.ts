// A delivery's lease is short (LEASE_MS), so a worker that dies mid-send holds its
// deliveries only briefly; a live worker renews the lease while it waits for the
// endpoint, so a slow endpoint never makes another worker send the same event.
import type { Db } from "@/server/db/client";

export const LEASE_MS = 15_000;
/** Renewal interval: a third of the lease, so one slow renewal still leaves time. */
const RENEW_EVERY_MS = 5_000;

export class LeaseKeeper {
  private timer: NodeJS.Timeout | undefined;
  private renewing: Promise<void> = Promise.resolve();

  /** `lease` is the delivery's locked_until as claimed; each renewal moves it on by the time that passed. */
  constructor(private readonly db: Db, private readonly deliveryId: number, private lease: Date | null) {}

  start(): void {
    this.timer = setInterval(() => {
      this.renewing = this.renewing.then(() => this.renew());
    }, RENEW_EVERY_MS);
  }

  /** Stops renewing; the lease as it now stands, or null when another worker took the delivery meanwhile. */
  async stop(): Promise<Date | null> {
    clearInterval(this.timer);
    await this.renewing;
    return this.lease;
  }

  private async renew(): Promise<void> {
    if (this.lease === null) return;
    const next = new Date(this.lease.getTime() + RENEW_EVERY_MS);
    try {
      const { count } = await this.db.webhookDelivery.updateMany({ where: { id: this.deliveryId, lockedUntil: this.lease }, data: { lockedUntil: next } });
      this.lease = count === 1 ? next : null;
    } catch {
      // The database is unreachable: keep the old lease; if it runs out, the final write finds that out.
    }
  }
}
