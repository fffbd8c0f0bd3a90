// Which Redis Cluster slot a merchant's keys live in. A Lua script (or a multi-key
// command) on a Cluster may only touch keys of one hash slot (CROSSSLOT otherwise), and
// a creation's one script counts the API key's rate limit and records the fraud guard's
// observation together, so every key kept for a merchant's world carries the same hash
// tag: its internal id in braces. The layout (docs/configuration.md, "What Redis holds"):
//   sandi:rl:{7}:<api key id>:<second>   the /v3 rate limit of one of world 7's keys
//   sandi:fg:{7}:<kind>:…               world 7's fraud-guard state
// One world's keys live on one node; worlds spread over the nodes.

/** The hash tag of every key kept for the world with this internal id: `{7}`. */
export function merchantSlot(worldId: number | string): string {
  return `{${worldId}}`;
}
