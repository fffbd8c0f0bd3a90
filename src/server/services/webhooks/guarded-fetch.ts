// The default transport for webhook attempts: a small fetch over node:http(s)
// whose DNS lookup refuses private addresses at connect time. Checking the URL
// first and letting fetch resolve it again would leave a gap (DNS rebinding:
// public at check time, 127.0.0.1 at connect time); here the address checked is
// the address connected to.
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { Readable } from "node:stream";
import { getEnv } from "@/env";
import { isPrivateAddress } from "./url-guard";

const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
    if (err) return callback(err, "", 0);
    const refused = !getEnv().WEBHOOK_ALLOW_PRIVATE_URLS && (addresses.length === 0 || addresses.some((a) => isPrivateAddress(a.address)));
    if (refused) {
      const error = Object.assign(new Error(`${hostname} resolves to a private address`), { code: "EPRIVATEADDRESS" });
      return callback(error, "", 0);
    }
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  });
};

/** POST-only, no redirects followed (a 3xx comes back as it is), aborts on `init.signal`. */
export const guardedFetch: typeof fetch = (input, init = {}) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const signal = init.signal ?? undefined;
  const headers = Object.fromEntries(new Headers(init.headers).entries());
  const body = typeof init.body === "string" ? init.body : "";
  return new Promise<Response>((resolve, reject) => {
    const transport = url.protocol === "https:" ? https : http;
    const request = transport.request(url, { method: init.method ?? "GET", headers: { ...headers, "content-length": Buffer.byteLength(body) }, lookup: guardedLookup, signal }, (res) => {
      const responseHeaders = new Headers();
      for (const [name, value] of Object.entries(res.headers)) {
        for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) responseHeaders.append(name, v);
      }
      const status = res.statusCode ?? 0;
      // Response cannot carry a status outside 200–599 or a body on 204/205/304.
      const bodyless = status === 204 || status === 205 || status === 304;
      if (bodyless) res.resume();
      const stream = bodyless ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>);
      resolve(new Response(stream, { status: status >= 200 && status <= 599 ? status : 502, headers: responseHeaders }));
    });
    request.on("error", (err) => reject(signal?.aborted ? signal.reason : new TypeError("fetch failed", { cause: err })));
    request.end(body);
  });
};
