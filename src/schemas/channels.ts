import type { Channel } from "@/generated/prisma/enums";
import { CHANNEL_VALUES } from "./v3/otp";

/** The channels, in the order screens list them; the API schema holds the one list, checked here against the database's enum. */
export const CHANNELS = CHANNEL_VALUES satisfies readonly Channel[];
