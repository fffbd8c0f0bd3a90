import { getDb } from "@/server/db/client";
import { formatWib } from "@/lib/wib-time";
import { TEST_MESSAGES_LIMIT } from "@/schemas/v3/test-mode";

export type SandboxMessageView = {
  otp_id: string;
  channel: string;
  destination: string | null;
  text: string;
  code: string;
  caller: string | null;
  sent_at: string;
};

const DEFAULT_MESSAGES = TEST_MESSAGES_LIMIT.default;
export const MAX_MESSAGES = TEST_MESSAGES_LIMIT.max;

/** What the sandbox provider delivered, newest first (operators and developers read codes here instead of a phone). */
export async function listSandboxMessages(filter: { destination?: string; otpId?: string; merchantId?: number; limit?: number } = {}): Promise<SandboxMessageView[]> {
  const db = await getDb();
  const rows = await db.sandboxMessage.findMany({
    // Destinations are stored normalized (e-mail lower-cased), so a filter typed in another case still matches.
    where: { destination: filter.destination?.trim().toLowerCase(), otpId: filter.otpId, merchantId: filter.merchantId },
    orderBy: [{ sentAt: "desc" }, { id: "desc" }],
    take: Math.min(Math.max(filter.limit ?? DEFAULT_MESSAGES, 1), MAX_MESSAGES),
  });
  return rows.map((m) => ({ otp_id: m.otpId, channel: m.channel, destination: m.destination, text: m.text, code: m.code, caller: m.caller, sent_at: formatWib(m.sentAt) }));
}
