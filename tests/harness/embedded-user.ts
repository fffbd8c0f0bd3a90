// A process that uses the embedded server of the DATA_DIR given as its argument,
// like `npm start` does: attaches (or starts it), says "ready", and leaves the
// server on SIGINT or SIGTERM, like the launcher's own shutdown.
import { ensureEmbeddedPostgres } from "@/server/db/embedded-postgres";

const server = await ensureEmbeddedPostgres(process.argv[2]);
process.stdout.write("ready\n");
const leave = async () => {
  await server.stop();
  process.exit(0);
};
process.once("SIGINT", () => void leave());
process.once("SIGTERM", () => void leave());
setInterval(() => undefined, 60_000);
