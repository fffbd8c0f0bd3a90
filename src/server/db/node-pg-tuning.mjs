// node-pg does work on every query that a server issuing the same few statements over and
// over does not need, counted under callgrind on the /v3 read (one row of 17 columns):
// - it parses the RowDescription PostgreSQL sends with each execution (a name decoded and an
//   object made per column): about 52,000 instructions, 8 % of a read;
// - it builds the empty row each row is copied from, Object.create(null) spread into a plain
//   object, which takes V8's runtime path property by property: about 46,000, 6 %;
// - it copies the query's config with Object.defineProperties(Object.create(…),
//   Object.getOwnPropertyDescriptors(…)): about 20,000, 3 %.
// tuneNodePg() keeps the first per distinct message (its bytes are the key: same statement
// shape, same bytes) and the second per column list, with the column parsers still looked up
// per query so a query's own `types` apply; and copies a plain config object with a spread
// (what the descriptors copy makes of one). The caches stop growing at MAX_LISTS (ad hoc
// queries without end are then served as node-pg serves them).
// Called once per process before queries (src/server/db/client.ts); a second call, from
// another bundle of the same code, changes nothing. Plain JavaScript with a .d.mts beside
// it: bench/lib/io-floor-server.mjs calls it too, so the I/O floor's node-pg does no more
// than the app's. pg and pg-protocol are pinned in package.json and kept outside Next's
// bundle (next.config.mjs), so the methods replaced are those node-pg runs;
// tests/integration/node-pg-tuning.test.ts holds the results to node-pg's own.
import pg from "pg";
import utils from "pg/lib/utils.js";
import { Parser } from "pg-protocol/dist/parser.js";

const ROW_DESCRIPTION = 0x54; // "T"
const MAX_LISTS = 2000;
const TUNED = Symbol.for("sandi.nodePgTuned");

/** RowDescription messages by their bytes (latin1: one character per byte). */
const descriptions = new Map();
/** Empty rows by the column list (a kept message's fields array) they were built for. */
const emptyRows = new WeakMap();

/** Replaces node-pg's Parser#handlePacket (RowDescription only), Result#addFields and utils.normalizeQueryConfig (plain objects only) with the ones above. */
export function tuneNodePg() {
  if (pg.Result.prototype[TUNED]) return;
  pg.Result.prototype[TUNED] = true;

  const handlePacket = Parser.prototype.handlePacket;
  Parser.prototype.handlePacket = function keptRowDescription(offset, code, length, bytes) {
    if (code !== ROW_DESCRIPTION) return handlePacket.call(this, offset, code, length, bytes);
    // `length` counts its own four bytes; the message's body starts at `offset`.
    const key = bytes.toString("latin1", offset, offset + length - 4);
    const known = descriptions.get(key);
    if (known !== undefined) return known;
    const message = handlePacket.call(this, offset, code, length, bytes);
    if (descriptions.size < MAX_LISTS) descriptions.set(key, message);
    return message;
  };

  const addFields = pg.Result.prototype.addFields;
  pg.Result.prototype.addFields = function addFieldsOnce(fieldDescriptions) {
    const emptyRow = emptyRows.get(fieldDescriptions);
    if (emptyRow === undefined) {
      addFields.call(this, fieldDescriptions);
      emptyRows.set(fieldDescriptions, this._prebuiltEmptyResultObject);
      return;
    }
    // node-pg's addFields, but the empty row.
    this.fields = fieldDescriptions;
    if (fieldDescriptions.length) this._parsers = new Array(fieldDescriptions.length);
    const types = this._types || pg.types;
    for (let i = 0; i < fieldDescriptions.length; i++) {
      const desc = fieldDescriptions[i];
      this._parsers[i] = types.getTypeParser(desc.dataTypeID, desc.format || "text");
    }
    this._prebuiltEmptyResultObject = emptyRow;
  };

  const normalizeQueryConfig = utils.normalizeQueryConfig;
  utils.normalizeQueryConfig = function normalizePlainConfig(config, values, callback) {
    // A string or a class instance: node-pg's own copy. A plain object's spread holds what
    // node-pg reads of its copy at once (a getter's value where node-pg keeps the getter).
    if (config === null || typeof config !== "object" || Object.getPrototypeOf(config) !== Object.prototype) return normalizeQueryConfig(config, values, callback);
    const copy = { ...config };
    if (values) {
      if (typeof values === "function") copy.callback = values;
      else copy.values = values;
    }
    if (callback) copy.callback = callback;
    return copy;
  };
}
