// Playwright stops the web server with signals that may not reach `npm start`'s
// cleanup, so the embedded PostgreSQL of the e2e data directory is stopped here.
import path from "node:path";
import { stopEmbeddedPostgres } from "../src/dev/embedded-postgres";

export default async function globalTeardown() {
  await stopEmbeddedPostgres(path.resolve(process.env.E2E_DATA_DIR ?? ".data-e2e"));
}
