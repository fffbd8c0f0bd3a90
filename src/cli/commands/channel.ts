import { UsageError } from "../args";
import type { Command } from "../command";
import { setChannelEnabled } from "@/server/services/channels/channel-settings";
import { CHANNELS } from "@/schemas/channels";
import type { Channel } from "@/generated/prisma/enums";

function channelArg(value: string): Channel {
  if (!(CHANNELS as readonly string[]).includes(value)) throw new UsageError(`unknown channel "${value}"; expected one of ${CHANNELS.join(", ")}`);
  return value as Channel;
}

export const channelCommands: Command[] = [
  { name: "channel disable", usage: "channel disable <channel>", flags: [], run: (a) => setChannelEnabled(channelArg(a.positional(0, "channel")), false) },
  { name: "channel enable", usage: "channel enable <channel>", flags: [], run: (a) => setChannelEnabled(channelArg(a.positional(0, "channel")), true) },
];
