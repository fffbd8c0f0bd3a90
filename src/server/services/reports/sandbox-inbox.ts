// The sandbox inbox: what the sandbox provider "delivered" for this merchant.
// Showing the code is the point here (no real message left the building).
import { getDb } from "@/server/db/client";
import { formatWib } from "@/lib/wib-time";
import type { Page } from "@/schemas/dashboard/transactions";

export async function sandboxInboxPage(merchantId: number, page: Page) {
  const db = await getDb();
  const rows = await db.sandboxMessage.findMany({
    where: { merchantId, id: page.cursor ? { lt: BigInt(page.cursor) } : undefined },
    orderBy: { id: "desc" },
    take: page.limit + 1,
  });
  const items = rows.slice(0, page.limit);
  return {
    items: items.map((m) => ({
      id: m.id.toString(),
      otp_id: m.otpId,
      channel: m.channel,
      destination: m.destination,
      text: m.text,
      code: m.code,
      caller: m.caller,
      delivered: m.delivered,
      sent_at: formatWib(m.sentAt),
    })),
    nextCursor: rows.length > page.limit ? items[items.length - 1].id.toString() : null,
  };
}
