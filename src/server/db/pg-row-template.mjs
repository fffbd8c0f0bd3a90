// node-pg builds, for every query it answers, an empty row to copy each row from: an object
// made with Object.create(null), one property per column, then spread into a plain object.
// Spreading that dictionary-mode object takes V8's runtime path, property by property: about
// 46,000 instructions for a 17-column row (counted under callgrind), 6 % of a /v3 read, paid
// again for every single-row query. The columns of a statement do not change, so the empty
// row is made once per list of column names and reused; the column parsers are still looked
// up per query (a type parser set later applies). Installed once per process, before queries.
// Plain JavaScript with a .d.mts beside it: bench/lib/io-floor-server.mjs installs it too, so
// the I/O floor's node-pg does no more than the app's.
import pg from "pg";

/** Distinct column lists kept; past this (ad hoc queries without end) new lists are built as node-pg does. */
const MAX_TEMPLATES = 2000;

const templates = new Map();
let installed = false;

/** Replaces node-pg's Result#addFields with one that reuses the empty row of a column list it has built before. */
export function installRowTemplates() {
  if (installed) return;
  installed = true;
  const Result = pg.Result;
  const build = Result.prototype.addFields;
  Result.prototype.addFields = function addFields(fieldDescriptions) {
    let key = "";
    for (let i = 0; i < fieldDescriptions.length; i++) key += `${fieldDescriptions[i].name}\u0000`;
    const template = templates.get(key);
    if (template === undefined) {
      build.call(this, fieldDescriptions);
      if (templates.size < MAX_TEMPLATES) templates.set(key, this._prebuiltEmptyResultObject);
      return;
    }
    // What node-pg's addFields does, but the empty row.
    this.fields = fieldDescriptions;
    if (fieldDescriptions.length) this._parsers = new Array(fieldDescriptions.length);
    const types = this._types || pg.types;
    for (let i = 0; i < fieldDescriptions.length; i++) {
      const desc = fieldDescriptions[i];
      this._parsers[i] = types.getTypeParser(desc.dataTypeID, desc.format || "text");
    }
    this._prebuiltEmptyResultObject = template;
  };
}
