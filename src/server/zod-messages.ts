// zod's own messages (a wrong type, a string too long) reach merchants through
// parseInput, parseV3Body and the dashboard's tRPC errors, so they are Indonesian like
// every other message. Imported for its effect by the modules that surface them.
import { z } from "zod";

z.config(z.locales.id());
