// The shape of every log line, shared by src/server/log.ts and the production front
// (src/server/front/serve.mjs, plain JavaScript: the server process runs no TypeScript loader).
import pino from "pino";

/** One JSON object per line: ISO `time`, the level's name as `level`, `msg`; no pid or hostname. */
export const LOG_FORMAT = {
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
};
