// Request bodies shared by the load generator (bench/load.ts) and the sequential
// probes (bench/lib/probe.ts).

export function randomPhone(): string {
  // Jakarta-style mobile numbers; never ending in 0000 (the sandbox's failing numbers).
  for (;;) {
    const n = `628${String(Math.floor(Math.random() * 1e10)).padStart(10, "0")}`;
    if (!n.endsWith("0000")) return n;
  }
}

/** A POST /v3/request body: sms, a random destination, a unique external_id. */
export function creationBody(tag: string): string {
  return JSON.stringify({ channel: "sms", destination: randomPhone(), ttl: 900, external_id: `bench-${process.pid}-${tag}-${Math.random().toString(36).slice(2, 10)}` });
}

/** The delivered code with its last digit changed: always a mismatch. */
export function wrongCode(code: string): string {
  return code.replace(/\d$/, (d) => String((Number(d) + 1) % 10));
}
