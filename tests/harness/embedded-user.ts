// A process that uses the embedded server of the DATA_DIR given as its argument,
// like `npm start` does: attaches (or starts it), says "ready", and leaves the
// server on SIGINT or SIGTERM, like the launcher's own shutdown. The handlers are
// in place before anything else, so a signal that comes early is not lost.
import { ensureEmbeddedPostgres } from "@/dev/embedded-postgres";

const attaching = ensureEmbeddedPostgres(process.argv[2]);
const leave = async () => {
  await (await attaching).stop();
  process.exit(0);
};
process.once("SIGINT", () => void leave());
process.once("SIGTERM", () => void leave());
await attaching;
process.stdout.write("ready\n");
setInterval(() => undefined, 60_000);
