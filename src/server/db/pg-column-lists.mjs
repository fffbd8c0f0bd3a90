// node-pg does two things for every query that a statement's columns never need again,
// both counted under callgrind on the /v3 read (17 columns, one row):
// - it parses the RowDescription message PostgreSQL sends with each execution (a name
//   decoded and an object made per column): about 52,000 instructions, 8 % of a read;
// - it builds the empty row it copies each row from, with Object.create(null) spread into a
//   plain object, which takes V8's runtime path property by property: about 46,000, 6 %.
// Here the first is done once per distinct message (its bytes are the key: same statement
// shape, same bytes) and the second once per parsed column list; the column parsers are
// still looked up per query, so a query's own `types` apply. Both caches stop growing at
// MAX_LISTS (ad hoc queries without end are then served as node-pg serves them).
// Installed once per process before queries (src/server/db/client.ts). Plain JavaScript with
// a .d.mts beside it: bench/lib/io-floor-server.mjs installs it too, so the I/O floor's
// node-pg does no more than the app's. pg and pg-protocol are pinned (package.json): the
// two methods replaced here are node-pg's own, and tests/integration/pg-column-lists.test.ts
// holds the rows to what node-pg makes.
import pg from "pg";
import { Parser } from "pg-protocol/dist/parser.js";

const ROW_DESCRIPTION = 0x54; // "T"
const MAX_LISTS = 2000;

/** RowDescription messages by their bytes (latin1: one character per byte). */
const descriptions = new Map();
/** Empty rows by the column list (a cached message's fields array) they were built for. */
const emptyRows = new WeakMap();
let installed = false;

/** Replaces node-pg's Parser#handlePacket (RowDescription only) and Result#addFields with the caching ones above. */
export function installColumnListCaches() {
  if (installed) return;
  installed = true;

  const handlePacket = Parser.prototype.handlePacket;
  Parser.prototype.handlePacket = function cachedRowDescription(offset, code, length, bytes) {
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
}
