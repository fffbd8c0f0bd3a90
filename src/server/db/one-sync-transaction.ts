// One transaction as one extended-query pipeline ending in a single Sync: every
// statement's Parse (when this connection has not prepared it), Bind, Describe and
// Execute, then one Sync. PostgreSQL runs statements between two Syncs as one implicit
// transaction: it commits at the Sync, or, after a statement fails, skips everything up
// to the Sync and rolls back. So the transaction needs no BEGIN or COMMIT, and the
// server answers, wakes and sends ReadyForQuery once, where node-pg's pipeline mode
// ends every query with a Sync of its own.
//
// A transaction that must look at a row before it knows its next statement (`then`)
// ends its first statements with a Flush instead: the server sends their answers
// without ending the transaction, and the rest follows, with the Sync, once they are read.
// Those first statements only lock and read; when `then` throws there is nothing to
// roll back, and the Sync ends the transaction with synchronous_commit off, so releasing
// a row lock does not wait for a WAL flush (a ROLLBACK outside BEGIN would do the same,
// but with a warning, "there is no transaction in progress", each time).
//
// node-pg runs any object with submit() and its handle* callbacks (pg/lib/query.js is
// its own): it passes the connection's messages to the active one until ReadyForQuery.
import pg from "pg";

/** A statement as written: named ones are prepared once per connection, unnamed ones parsed every time. */
export type Statement = { name?: string; text: string; values: unknown[] };

type Rows = pg.QueryResultRow[];

/** The part of node-pg's Connection used here (its bundled types lag behind it). */
type Wire = {
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
  stream: { cork?: () => void; uncork?: () => void };
  parse(message: { name?: string; text: string }): void;
  bind(message: { statement: string; values: unknown[]; binary: boolean }): void;
  describe(message: { type: "P"; name: string }): void;
  execute(message: { portal: string }): void;
  flush(): void;
  sync(): void;
  sendCopyFail(message: string): void;
  once(event: "readyForQuery" | "end", listener: () => void): void;
  removeListener(event: "readyForQuery" | "end", listener: () => void): void;
};

type RowMessage = { fields: unknown[] };
type RowBuilder = {
  _types: unknown;
  rows: Rows;
  addFields(fields: unknown[]): void;
  parseRow(fields: unknown[]): pg.QueryResultRow;
  addRow(row: pg.QueryResultRow): void;
};
const RowBuilder = pg.Result as unknown as new (rowMode: undefined, types: unknown) => RowBuilder;
const prepareValue = (pg as unknown as { utils: { prepareValue(value: unknown): unknown } }).utils.prepareValue;

/** synchronous_commit off until the transaction ends (set_config: SET LOCAL warns outside an explicit BEGIN). */
export const ASYNC_COMMIT_SQL = "SELECT set_config('synchronous_commit', 'off', true)";

// Unnamed: written only when `then` throws, and valid behind a transaction-mode pooler.
const endWithoutFlush: Statement = { text: ASYNC_COMMIT_SQL, values: [] };

export class OneSyncTransaction implements pg.Submittable {
  // Read by node-pg while this is its active query, as on its own queries: `name` and
  // `text` are the statement whose ParseComplete can come next (node-pg then records it as
  // prepared on this connection), `_result` receives the client's type parsers, `binary`
  // its binary setting, `callback` is set by client.query().
  name: string | undefined;
  text: string | undefined;
  readonly _result: RowBuilder = new RowBuilder(undefined, undefined);
  binary = false;
  callback: ((err: unknown, rows?: Rows) => void) | undefined;

  /** The failure came at the commit, after every statement had run: what the connection did last is unknown. */
  commitFailed = false;

  private readonly written: Statement[] = [];
  private readonly parsedHere: string[] = [];
  private answered = 0;
  private rows: RowBuilder | undefined;
  private headRows: Rows = [];
  private synced = false;
  /** A throw in `then`, or a value or row that failed to convert: reported at ReadyForQuery, after the Sync. */
  private failure: { error: unknown } | undefined;

  /**
   * `head` is written at once; `then`, if given, is called with the last head statement's
   * rows and its statements written after them (the head must then not write: see above).
   * Resolves to the last statement's rows.
   */
  constructor(
    private readonly head: Statement[],
    private readonly then?: (rows: Rows) => Statement[],
  ) {
    if (head.length === 0) throw new Error("a transaction needs a statement to start with");
  }

  run<R extends pg.QueryResultRow>(client: pg.ClientBase): Promise<R[]> {
    return new Promise((resolve, reject) => {
      this.callback = (err, rows) => (err ? reject(err) : resolve((rows ?? []) as R[]));
      client.query(this);
    });
  }

  submit(connection: unknown): Error | null {
    const wire = connection as Wire;
    let prepared: unknown[][];
    try {
      prepared = this.prepare(wire, this.head);
    } catch (err) {
      // Nothing written: node-pg reports it and moves on.
      return err as Error;
    }
    this.write(wire, this.head, prepared, this.then ? "flush" : "sync");
    this.expect(0);
    return null;
  }

  handleRowDescription(msg: RowMessage): void {
    if (!this.wanted(this.answered)) return;
    this.rows = new RowBuilder(undefined, this._result._types);
    this.rows.addFields(msg.fields);
  }

  handleDataRow(msg: RowMessage): void {
    if (!this.rows || this.failure) return;
    try {
      this.rows.addRow(this.rows.parseRow(msg.fields));
    } catch (error) {
      this.failure = { error };
    }
  }

  handleCommandComplete(_msg: unknown, connection: unknown): void {
    this.statementDone(connection as Wire);
  }

  handleEmptyQuery(connection: unknown): void {
    this.statementDone(connection as Wire);
  }

  handleError(err: unknown, connection: unknown): void {
    const wire = connection as Wire;
    // After an error the server skips to the Sync, which may not be written yet.
    if (this.written.length > 0 && !this.synced) this.sync(wire);
    // Everything was answered: the failure is the commit's (or the connection died after the Sync).
    if (this.synced && this.answered === this.written.length) this.commitFailed = true;
    // Statements skipped after the failure were never prepared.
    for (const name of this.parsedHere) if (wire.parsedStatements[name] === undefined) delete wire.submittedNamedStatements[name];
    // The server's error comes before its ReadyForQuery: answer once the Sync has rolled
    // back, so the caller goes on (and the connection back to the pool) with the
    // transaction over. A connection that died has nothing more to say.
    if (err instanceof pg.DatabaseError && this.written.length > 0) this.afterReady(wire, () => this.callback?.(err));
    else this.callback?.(err);
  }

  handleReadyForQuery(): void {
    if (this.failure) this.callback?.(this.failure.error);
    else this.callback?.(null, this.rows?.rows ?? []);
  }

  handlePortalSuspended(): void {
    // Only a row limit on Execute suspends a portal; none is set here.
  }

  handleCopyInResponse(connection: unknown): void {
    (connection as Wire).sendCopyFail("No source stream defined");
  }

  handleCopyData(): void {}

  private statementDone(wire: Wire): void {
    if (this.answered === this.head.length - 1) this.headRows = this.rows?.rows ?? [];
    this.answered += 1;
    if (this.answered < this.written.length) return this.expect(this.answered);
    if (!this.synced) this.continue(wire);
  }

  /** The head is answered: the statements that depend on its rows, and the Sync. */
  private continue(wire: Wire): void {
    let rest: Statement[] = [];
    let prepared: unknown[][] = [];
    if (!this.failure) {
      try {
        rest = this.then!(this.headRows);
        prepared = this.prepare(wire, rest);
      } catch (error) {
        this.failure = { error };
      }
    }
    if (this.failure) [rest, prepared] = [[endWithoutFlush], [[]]];
    this.rows = undefined;
    this.write(wire, rest, prepared, "sync");
    this.expect(this.answered);
  }

  /** Every statement's parameters, converted before anything is written, so a conversion failure leaves nothing half written. */
  private prepare(wire: Wire, statements: Statement[]): unknown[][] {
    const reserved: Record<string, string> = {};
    for (const s of statements) {
      const previous = s.name ? (reserved[s.name] ?? wire.parsedStatements[s.name] ?? wire.submittedNamedStatements[s.name]) : undefined;
      if (previous !== undefined && previous !== s.text) throw new Error(`Prepared statements must be unique - '${s.name}' was used for a different statement`);
      if (s.name) reserved[s.name] = s.text;
    }
    return statements.map((s) => s.values.map((v) => prepareValue(v)));
  }

  private write(wire: Wire, statements: Statement[], values: unknown[][], end: "flush" | "sync"): void {
    wire.stream.cork?.();
    try {
      statements.forEach((s, i) => {
        if (!s.name || (wire.parsedStatements[s.name] === undefined && wire.submittedNamedStatements[s.name] === undefined)) {
          wire.parse({ name: s.name, text: s.text });
          if (s.name) {
            wire.submittedNamedStatements[s.name] = s.text;
            this.parsedHere.push(s.name);
          }
        }
        wire.bind({ statement: s.name ?? "", values: values[i], binary: this.binary });
        wire.describe({ type: "P", name: "" });
        wire.execute({ portal: "" });
        this.written.push(s);
      });
      if (end === "sync") this.sync(wire);
      else wire.flush();
    } finally {
      wire.stream.uncork?.();
    }
  }

  private afterReady(wire: Wire, then: () => void): void {
    const done = () => {
      wire.removeListener("readyForQuery", done);
      wire.removeListener("end", done);
      then();
    };
    wire.once("readyForQuery", done);
    wire.once("end", done);
  }

  private sync(wire: Wire): void {
    wire.sync();
    this.synced = true;
  }

  /** Statement `i` is the next to be answered. */
  private expect(i: number): void {
    const s = this.written[i];
    this.name = s?.name;
    this.text = s?.text;
    this.rows = undefined;
  }

  /** Rows are kept only where someone reads them: the head's last statement when `then` follows it, and the last statement. */
  private wanted(i: number): boolean {
    return i === this.written.length - 1 && (this.synced || this.then !== undefined);
  }
}
