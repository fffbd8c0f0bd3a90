import { randomBase62 } from "@/server/lib/random";

/** A person's public id, like mch_ for accounts. */
export const newUserId = () => `usr_${randomBase62(14)}`;
