import { getDb } from "@/server/db/client";
import type { Channel } from "@/generated/prisma/enums";

// The switches are read on every creation; a cache of at most one second keeps
// that off the hot path while operator changes still take effect within a second.
const CACHE_MS = 1000;
let cached: { at: number; enabled: Map<Channel, boolean> } | undefined;

/** The operator's per-channel kill switch; a disabled channel answers 503 CHANNEL_UNAVAILABLE. */
export async function setChannelEnabled(channel: Channel, enabled: boolean): Promise<{ channel: Channel; enabled: boolean }> {
  const db = await getDb();
  const row = await db.channelSetting.upsert({ where: { channel }, create: { channel, enabled }, update: { enabled } });
  cached = undefined;
  return { channel: row.channel, enabled: row.enabled };
}

export async function isChannelEnabled(channel: Channel, now = Date.now()): Promise<boolean> {
  if (!cached || now - cached.at > CACHE_MS) {
    const db = await getDb();
    const rows = await db.channelSetting.findMany();
    cached = { at: now, enabled: new Map(rows.map((r) => [r.channel, r.enabled])) };
  }
  return cached.enabled.get(channel) ?? true;
}

/** Tests that change switches directly in the database forget the cached copy. */
export function forgetChannelSettings(): void {
  cached = undefined;
}
