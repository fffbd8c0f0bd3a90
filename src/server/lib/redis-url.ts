/**
 * REDIS_URL names one of three deployments (docs/configuration.md):
 *
 *   redis://[[user]:password@]host[:port][/db]          one server (rediss:// for TLS)
 *   redis-sentinel://[[user]:password@]host[:port][,host[:port]…]/master-name[/db]
 *       [?sentinelUsername=…&sentinelPassword=…]        the sentinels to ask for the master
 *   redis-cluster://[[user]:password@]host[:port][,host[:port]…]
 *                                                       seed nodes of a Redis Cluster
 *
 * `rediss-sentinel://` and `rediss-cluster://` speak TLS to every server. Credentials in
 * the user part are the data nodes' (the master's, the cluster's); reserved characters
 * in them are percent-encoded. The standard URL parser does not accept a host list,
 * hence this one.
 */
export type RedisEndpoint = { host: string; port: number };
type Credentials = { username?: string; password?: string };

export type RedisTarget =
  | { mode: "standalone"; url: string }
  | ({ mode: "sentinel"; sentinels: RedisEndpoint[]; masterName: string; db: number; tls: boolean; sentinelUsername?: string; sentinelPassword?: string } & Credentials)
  | ({ mode: "cluster"; nodes: RedisEndpoint[]; tls: boolean } & Credentials);

export type ParsedRedisUrl = { ok: true; target: RedisTarget } | { ok: false; problem: string };

const FORMS = "redis://, rediss://, redis-sentinel://, rediss-sentinel://, redis-cluster:// or rediss-cluster://";
const DEFAULT_PORT = { sentinel: 26379, cluster: 6379 };
const SENTINEL_OPTIONS = new Set(["sentinelUsername", "sentinelPassword"]);
// scheme, user part, host list, path, query
const FLEET_URL = /^(rediss?)-(sentinel|cluster):\/\/(?:([^@/?#]*)@)?([^/?#]*)(\/[^?#]*)?(?:\?([^#]*))?$/;

export function parseRedisUrl(text: string): ParsedRedisUrl {
  const fleet = FLEET_URL.exec(text);
  if (!fleet) return parseStandalone(text);
  const [, scheme, kind, userPart, hostList, pathPart = "", query = ""] = fleet;
  const mode = kind as "sentinel" | "cluster";
  const credentials = parseCredentials(userPart);
  if (typeof credentials === "string") return fail(credentials);
  const endpoints = parseHostList(hostList, DEFAULT_PORT[mode]);
  if (typeof endpoints === "string") return fail(endpoints);
  const options = new URLSearchParams(query);
  const tls = scheme === "rediss";
  if (mode === "cluster") {
    if (pathPart !== "" && pathPart !== "/") return fail("a Redis Cluster has only database 0: leave the path out (redis-cluster://host:port,host:port)");
    if (query !== "") return fail("redis-cluster:// takes no options after '?'");
    return { ok: true, target: { mode: "cluster", nodes: endpoints, tls, ...credentials } };
  }
  const [masterName, db = "0", ...rest] = pathPart.replace(/^\//, "").split("/");
  if (!masterName) return fail("name the master the sentinels monitor: redis-sentinel://host:26379,host:26379/mymaster");
  if (rest.length > 0 || !/^\d{1,2}$/.test(db)) return fail(`"${pathPart}" is not /master-name or /master-name/db`);
  for (const key of options.keys()) if (!SENTINEL_OPTIONS.has(key)) return fail(`unknown option "${key}" (redis-sentinel:// takes sentinelUsername and sentinelPassword)`);
  const sentinelUsername = options.get("sentinelUsername") ?? undefined;
  const sentinelPassword = options.get("sentinelPassword") ?? undefined;
  return {
    ok: true,
    target: { mode: "sentinel", sentinels: endpoints, masterName: decodeURIComponent(masterName), db: Number(db), tls, ...credentials, sentinelUsername, sentinelPassword },
  };
}

function parseStandalone(text: string): ParsedRedisUrl {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return fail(`must be a URL starting with ${FORMS}`);
  }
  if (url.protocol !== "redis:" && url.protocol !== "rediss:") return fail(`must be a URL starting with ${FORMS}`);
  return { ok: true, target: { mode: "standalone", url: text } };
}

function parseCredentials(userPart: string | undefined): Credentials | string {
  if (userPart === undefined) return {};
  const colon = userPart.indexOf(":");
  const [user, password] = colon < 0 ? [userPart, undefined] : [userPart.slice(0, colon), userPart.slice(colon + 1)];
  try {
    return { username: user ? decodeURIComponent(user) : undefined, password: password ? decodeURIComponent(password) : undefined };
  } catch {
    return "the user or password has a malformed %-escape";
  }
}

function parseHostList(list: string, defaultPort: number): RedisEndpoint[] | string {
  const endpoints: RedisEndpoint[] = [];
  for (const entry of list.split(",")) {
    const match = /^(?:\[([0-9a-fA-F:.]+)\]|([^:[\]\s]+))(?::(\d{1,5}))?$/.exec(entry.trim());
    const port = match?.[3] === undefined ? defaultPort : Number(match[3]);
    if (!match || port < 1 || port > 65535) return `"${entry}" is not host or host:port (list servers separated by commas)`;
    endpoints.push({ host: match[1] ?? match[2], port });
  }
  return endpoints;
}

function fail(problem: string): ParsedRedisUrl {
  return { ok: false, problem };
}
