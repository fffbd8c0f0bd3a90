// A TCP proxy between one app server and PostgreSQL that reads the wire protocol
// in both directions and counts, exactly, the database work behind the requests:
// statements (a simple Query, or an extended-protocol Execute), round trips (each
// ReadyForQuery the server sends), waits (each time the app sends after every answer
// it asked for had come back, a Sync's or a Flush's: the round trips it waited out one
// after another, which pipelining brings below the round trips) and
// transactions (a ReadyForQuery back to idle after a statement: an explicit
// BEGIN … COMMIT, the implicit transaction of the statements before one Sync, or an
// autocommit statement, read-only ones included, like pg_stat_database.xact_commit;
// one that answered an error was rolled back). It also estimates the commits that wait for a
// WAL flush: transactions that wrote (an INSERT / UPDATE / DELETE / MERGE command
// tag, or a row lock taken with FOR UPDATE / FOR SHARE) on a session that commits
// synchronously (not opened with synchronous_commit=off, not SET to off, no
// set_config('synchronous_commit', 'off', true) in the transaction). Only the
// sequential probes go through it (a second app server is started for them), so it
// costs the load phases nothing.
import net from "node:net";

export type WireCounts = {
  statements: number;
  /** Of the statements, BEGIN / START TRANSACTION / COMMIT / END / ROLLBACK. */
  transactionControl: number;
  roundTrips: number;
  /** Of the round trips, those that left a transaction open (an explicit BEGIN's statements answered one Sync at a time). */
  roundTripsInTransaction: number;
  /** Exchanges the app waited out in turn: a message sent while no answer was outstanding. */
  waits: number;
  transactions: number;
  rollbacks: number;
  flushedCommits: number;
  /** The most statements (transaction control left out) one transaction had since resetMax(). */
  maxStatementsPerTransaction: number;
};

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;

export class PgCounterProxy {
  readonly counts: WireCounts = { statements: 0, transactionControl: 0, roundTrips: 0, roundTripsInTransaction: 0, waits: 0, transactions: 0, rollbacks: 0, flushedCommits: 0, maxStatementsPerTransaction: 0 };
  private server: net.Server | undefined;
  private sockets = new Set<net.Socket>();

  constructor(private readonly upstream: { host: string; port: number }) {}

  snapshot(): WireCounts {
    return { ...this.counts };
  }

  resetMax(): void {
    this.counts.maxStatementsPerTransaction = 0;
  }

  async listen(port = 0): Promise<number> {
    this.server = net.createServer((client) => this.connect(client));
    await new Promise<void>((resolve) => this.server!.listen(port, "127.0.0.1", resolve));
    return (this.server.address() as net.AddressInfo).port;
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private connect(client: net.Socket): void {
    const upstream = net.connect(this.upstream.port, this.upstream.host);
    // As node-pg and PostgreSQL do on their own sockets: without it, two messages written
    // back to back (a pipelined statement and its COMMIT) wait out a delayed ACK here.
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    this.sockets.add(client).add(upstream);
    const state = {
      startup: true,
      rawServerBytes: 0,
      executedSinceReady: 0,
      txStatus: "I",
      sessionAsync: false,
      txAsync: false,
      txWrote: false,
      txStatements: 0,
      // Sync points sent (a simple Query or a Sync) not yet answered by ReadyForQuery.
      outstanding: 0,
      // A Flush sent and nothing answered since.
      flushing: false,
      // An ErrorResponse since the last ReadyForQuery.
      failed: false,
      // Extended-protocol messages (Parse, Bind, Execute…) sent since the last sync point.
      batchOpen: false,
      statements: new Map<string, string>(),
      portals: new Map<string, string>(),
    };
    // A simple-query message may carry several statements ("BEGIN; SET LOCAL …; SELECT …"):
    // each counts, in one round trip. Ours never put a ';' inside a literal.
    const onMessage = (sql: string) => {
      for (const part of sql.split(";")) if (part.trim() !== "") onStatement(part);
    };
    const onStatement = (sql: string) => {
      this.counts.statements += 1;
      state.executedSinceReady += 1;
      if (/^\s*(BEGIN|START\s+TRANSACTION|COMMIT|END|ROLLBACK)\b/i.test(sql)) this.counts.transactionControl += 1;
      else state.txStatements += 1;
      const setting = /^\s*(SET\s+(LOCAL\s+|SESSION\s+)?|RESET\s+)synchronous_commit\b(.*)$/is.exec(sql);
      if (setting) {
        const off = /^\s*(=|TO)\s*'?(off|false|no|0)'?\s*;?\s*$/i.test(setting[3]) && !/^\s*RESET/i.test(sql);
        if (setting[2]?.trim().toUpperCase() === "LOCAL") state.txAsync = off;
        else state.sessionAsync = off;
      }
      const setConfig = /\bset_config\(\s*'synchronous_commit'\s*,\s*'(\w+)'\s*,\s*(true|false)\s*\)/i.exec(sql);
      if (setConfig) {
        const off = /^(off|false|no|0)$/i.test(setConfig[1]);
        if (setConfig[2].toLowerCase() === "true") state.txAsync = off;
        else state.sessionAsync = off;
      }
      if (/\bFOR\s+(UPDATE|NO\s+KEY\s+UPDATE|SHARE|KEY\s+SHARE)\b/i.test(sql)) state.txWrote = true;
      // A WITH … SELECT whose CTEs insert, update or delete answers with a SELECT tag: look at the text.
      if (/\b(INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM)\b/i.test(sql)) state.txWrote = true;
    };
    const fromClient = messageReader(
      (type, body) => {
        // Password messages (start-up) and Terminate are no request's work.
        if (type !== "p" && type !== "X") {
          if (state.outstanding === 0 && !state.flushing && !state.batchOpen) this.counts.waits += 1;
          state.batchOpen = type !== "Q" && type !== "S" && type !== "H";
          if (type === "H") state.flushing = true;
          else if (!state.batchOpen) state.outstanding += 1;
        }
        if (type === "Q") onMessage(cString(body, 0)[0]);
        else if (type === "P") {
          const [name, next] = cString(body, 0);
          state.statements.set(name, cString(body, next)[0]);
        } else if (type === "B") {
          const [portal, next] = cString(body, 0);
          state.portals.set(portal, state.statements.get(cString(body, next)[0]) ?? "");
        } else if (type === "E") onStatement(state.portals.get(cString(body, 0)[0]) ?? "");
      },
      () => state.startup,
      (code, body) => {
        // SSL / GSSAPI requests are answered by one raw byte; the real startup message follows.
        if (code === SSL_REQUEST || code === GSSENC_REQUEST) state.rawServerBytes += 1;
        else {
          state.startup = false;
          const params = body.toString("utf8").split("\0");
          const options = params[params.indexOf("options") + 1] ?? "";
          state.sessionAsync = params.includes("options") && /synchronous_commit\s*=\s*(off|false|no|0)\b/i.test(options);
        }
      },
    );
    const fromServer = messageReader(
      (type, body) => {
        state.flushing = false;
        if (type === "C" && /^(INSERT|UPDATE|DELETE|MERGE)\b/.test(cString(body, 0)[0])) state.txWrote = true;
        if (type === "E") state.failed = true;
        if (type !== "Z") return;
        this.counts.roundTrips += 1;
        state.outstanding = Math.max(0, state.outstanding - 1);
        const status = String.fromCharCode(body[0]);
        if (status !== "I") this.counts.roundTripsInTransaction += 1;
        if (status === "I" && (state.txStatus !== "I" || state.executedSinceReady > 0)) {
          if (state.txStatus === "E" || state.failed) this.counts.rollbacks += 1;
          else {
            this.counts.transactions += 1;
            if (state.txWrote && !state.sessionAsync && !state.txAsync) this.counts.flushedCommits += 1;
          }
          this.counts.maxStatementsPerTransaction = Math.max(this.counts.maxStatementsPerTransaction, state.txStatements);
        }
        if (status === "I") {
          state.txStatements = 0;
          state.txWrote = false;
          state.txAsync = false;
        }
        state.txStatus = status;
        state.executedSinceReady = 0;
        state.failed = false;
      },
      () => false,
      () => undefined,
      () => {
        if (state.rawServerBytes === 0) return false;
        state.rawServerBytes -= 1;
        return true;
      },
    );
    client.on("data", (chunk) => {
      fromClient(chunk);
      upstream.write(chunk);
    });
    upstream.on("data", (chunk) => {
      fromServer(chunk);
      client.write(chunk);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
      this.sockets.delete(client);
      this.sockets.delete(upstream);
    };
    client.on("close", end).on("error", end);
    upstream.on("close", end).on("error", end);
  }
}

/**
 * Splits a byte stream into protocol messages: type byte + int32 length (which counts
 * itself) + body. While inStartup() is true, messages have no type byte (int32 length
 * + int32 code + rest). skipRawByte() lets the caller consume a lone answer byte.
 */
function messageReader(
  onMessage: (type: string, body: Buffer) => void,
  inStartup: () => boolean,
  onStartup: (code: number, body: Buffer) => void,
  skipRawByte: () => boolean = () => false,
): (chunk: Buffer) => void {
  let buffer: Buffer = Buffer.alloc(0);
  return (chunk) => {
    buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
    for (;;) {
      if (buffer.length >= 1 && skipRawByte()) {
        buffer = buffer.subarray(1);
        continue;
      }
      if (inStartup()) {
        if (buffer.length < 8) return;
        const length = buffer.readInt32BE(0);
        if (buffer.length < length) return;
        onStartup(buffer.readInt32BE(4), buffer.subarray(8, length));
        buffer = buffer.subarray(length);
        continue;
      }
      if (buffer.length < 5) return;
      const length = buffer.readInt32BE(1);
      if (buffer.length < 1 + length) return;
      onMessage(String.fromCharCode(buffer[0]), buffer.subarray(5, 1 + length));
      buffer = buffer.subarray(1 + length);
    }
  };
}

/** The zero-terminated string at offset, and the offset after it. */
function cString(body: Buffer, offset: number): [string, number] {
  const end = body.indexOf(0, offset);
  const stop = end < 0 ? body.length : end;
  return [body.toString("utf8", offset, stop), stop + 1];
}
