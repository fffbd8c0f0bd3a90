// node-pg does work on every query that a server issuing the same few statements over and
// over does not need, counted under callgrind on the /v3 read (one row of 17 columns):
// - it parses the RowDescription PostgreSQL sends with each execution (a name decoded and an
//   object made per column): about 52,000 instructions, 8 % of a read;
// - it builds the empty row each row is copied from, Object.create(null) spread into a plain
//   object, which takes V8's runtime path property by property: about 46,000, 6 %;
// - it copies the query's config with Object.defineProperties(Object.create(…),
//   Object.getOwnPropertyDescriptors(…)): about 20,000, 3 %.
// And on every parameter it binds, counted on a creation (about 8 parameters a statement,
// 4.5 statements):
// - each string goes to Buffer#write, a call into C++ of about 2,000 instructions however
//   short the string: about 80,000 a creation;
// - each Date is formatted with ten padStart calls: about 13,000 a Date, 40,000 a creation;
// - each array's strings are escaped with two regular-expression replaces each: about
//   12,000 an array, 38,000 a creation.
// tuneNodePg() keeps the first per distinct message (its bytes are the key: same statement
// shape, same bytes) and the second per column list, with the column parsers still looked up
// per query so a query's own `types` apply; and copies a plain config object with a spread
// (what the descriptors copy makes of one); writes a short ASCII string's bytes itself,
// formats a Date with iso-time's integer arithmetic and escapes only the array elements
// that hold a quote or a backslash: the same bytes node-pg writes, and whatever else
// (longer or non-ASCII strings, other values) goes to node-pg's own code. The caches stop
// growing at MAX_LISTS (ad hoc queries without end are then served as node-pg serves them).
// Called once per process before queries (src/server/db/client.ts); a second call, from
// another bundle of the same code, changes nothing. Plain JavaScript with a .d.mts beside
// it: bench/lib/io-floor-server.mjs calls it too, so the I/O floor's node-pg does no more
// than the app's. pg and pg-protocol are pinned in package.json and kept outside Next's
// bundle (next.config.mjs), so the methods replaced are those node-pg runs;
// tests/integration/node-pg-tuning.test.ts holds the results to node-pg's own.
import pg from "pg";
import utils from "pg/lib/utils.js";
import { Parser } from "pg-protocol/dist/parser.js";
import { Writer } from "pg-protocol/dist/buffer-writer.js";
import { utcTimestampText } from "../../lib/iso-time.mjs";

const ROW_DESCRIPTION = 0x54; // "T"
const MAX_LISTS = 2000;
/** Longer strings go to Buffer#write, whose fixed cost is then small beside the copy. */
const SHORT_STRING = 256;
const TUNED = Symbol.for("sandi.nodePgTuned");

/** RowDescription messages by their bytes (latin1: one character per byte). */
const descriptions = new Map();
/** Empty rows by the column list (a kept message's fields array) they were built for. */
const emptyRows = new WeakMap();

/**
 * Replaces node-pg's Parser#handlePacket (RowDescription only), Result#addFields,
 * utils.normalizeQueryConfig (plain objects only), utils.prepareValue (strings, Dates and
 * arrays) and pg-protocol's Writer#addInt32PrefixedString and #addCString (short ASCII
 * strings) with the ones above.
 */
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

  tuneParameters();
}

/** The parameters' side: see the top of the file. */
function tuneParameters() {
  const addInt32PrefixedString = Writer.prototype.addInt32PrefixedString;
  Writer.prototype.addInt32PrefixedString = function shortAsciiPrefixed(string) {
    const length = string.length;
    if (length > SHORT_STRING) return addInt32PrefixedString.call(this, string);
    this.ensure(4 + length);
    const buffer = this.buffer;
    const start = this.offset + 4;
    for (let i = 0; i < length; i++) {
      const unit = string.charCodeAt(i);
      // Not ASCII: node-pg's own, which starts again from this.offset (not yet moved).
      if (unit > 0x7f) return addInt32PrefixedString.call(this, string);
      buffer[start + i] = unit;
    }
    buffer[start - 4] = 0;
    buffer[start - 3] = 0;
    buffer[start - 2] = (length >>> 8) & 0xff;
    buffer[start - 1] = length & 0xff;
    this.offset = start + length;
    return this;
  };

  const addCString = Writer.prototype.addCString;
  Writer.prototype.addCString = function shortAsciiCString(string) {
    if (!string || string.length > SHORT_STRING) return addCString.call(this, string);
    const length = string.length;
    this.ensure(length + 1);
    const buffer = this.buffer;
    const start = this.offset;
    for (let i = 0; i < length; i++) {
      const unit = string.charCodeAt(i);
      if (unit > 0x7f) return addCString.call(this, string);
      buffer[start + i] = unit;
    }
    buffer[start + length] = 0;
    this.offset = start + length + 1;
    return this;
  };

  // pg/lib/query.js reads utils.prepareValue at each Bind, so replacing the export is enough.
  const prepareValue = utils.prepareValue;
  utils.prepareValue = function preparedValue(value) {
    if (typeof value === "string") return value;
    if (value instanceof Date && pg.defaults.parseInputDatesAsUTC) {
      const text = utcTimestampText(value.getTime());
      if (text !== null) return text;
    } else if (Array.isArray(value)) {
      const text = arrayLiteral(value);
      if (text !== null) return text;
    }
    return prepareValue(value);
  };
}

const QUOTE_OR_BACKSLASH = /["\\]/;

/**
 * node-pg's array literal for an array of strings, numbers, nulls and arrays of them: each
 * string double-quoted, with `\` and `"` escaped (only in the strings that hold one), each
 * number quoted, NULL for null and undefined. Null for any other element (node-pg's own then
 * writes the whole array).
 * @param {unknown[]} array
 * @returns {string | null}
 */
function arrayLiteral(array) {
  let text = "{";
  for (let i = 0; i < array.length; i++) {
    if (i > 0) text += ",";
    const item = array[i];
    if (typeof item === "string") {
      text += QUOTE_OR_BACKSLASH.test(item) ? `"${item.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"` : `"${item}"`;
    } else if (typeof item === "number") {
      text += `"${item}"`;
    } else if (item == null) {
      text += "NULL";
    } else if (Array.isArray(item)) {
      const inner = arrayLiteral(item);
      if (inner === null) return null;
      text += inner;
    } else {
      return null;
    }
  }
  return `${text}}`;
}
