// What otpctl (otpctl.ts) does with its arguments: `npm run --silent otpctl -- <command> --json`
// prints exactly one JSON document on stdout; errors go to stderr, exit code 1
// (2 for usage errors). Apart from its entry so that the tests can run the same
// function in their own process, with its output captured, instead of a process per call.
import { Args, parseArgs, UsageError } from "./args";
import type { Command } from "./command";
import { channelCommands } from "./commands/channel";
import { databaseCommands } from "./commands/database";
import { fraudCommands } from "./commands/fraud";
import { insightsCommands } from "./commands/insights";
import { keyCommands } from "./commands/key";
import { mailCommands } from "./commands/mail";
import { merchantCommands } from "./commands/merchant";
import { retentionCommands } from "./commands/retention";
import { routeCommands } from "./commands/route";
import { routeStatsCommands } from "./commands/route-stats";
import { sandboxCommands } from "./commands/sandbox";
import { topupCommands } from "./commands/topup";
import { teamCommands } from "./commands/team";
import { webhookCommands } from "./commands/webhook";
import { EnvError } from "@/env";
import { disconnectDb } from "@/server/db/client";
import { resolveDatabase } from "@/server/db/database-url";
import { prepareSchema } from "@/server/db/schema-check";
import { isAppError } from "@/server/errors";
import { setLogStream } from "@/server/log";

export const commands: Command[] = [...databaseCommands, ...merchantCommands, ...keyCommands, ...mailCommands, ...channelCommands, ...sandboxCommands, ...topupCommands, ...webhookCommands, ...retentionCommands, ...fraudCommands, ...insightsCommands, ...teamCommands, ...routeCommands, ...routeStatsCommands];

function usage(): string {
  return ["Usage: npm run --silent otpctl -- <command> [options] --json", "", "Commands:", ...commands.map((c) => `  ${c.usage}`)].join("\n");
}

function findCommand(positionals: string[]): { command: Command; rest: string[] } | undefined {
  for (const words of [2, 1]) {
    const name = positionals.slice(0, words).join(" ");
    const command = commands.find((c) => c.name === name);
    if (command) return { command, rest: positionals.slice(words) };
  }
  return undefined;
}

/** Stderr as console.error writes it; console itself may be redirected in a test's process. */
function printError(text: string): void {
  process.stderr.write(`${text}\n`);
}

/** Runs one otpctl command line; resolves to the exit code. */
export async function runOtpctl(argv: string[]): Promise<number> {
  // Stdout carries the one JSON document a script reads; the services' log lines go beside it.
  setLogStream("stderr");
  let stopDatabase: (() => Promise<void>) | undefined;
  try {
    const parsed = parseArgs(argv);
    if (parsed.bools.has("help") || parsed.positionals.length === 0) {
      printError(usage());
      return parsed.bools.has("help") ? 0 : 2;
    }
    const found = findCommand(parsed.positionals);
    if (!found) throw new UsageError(`unknown command "${parsed.positionals.join(" ")}"`);
    const args = new Args({ ...parsed, positionals: found.rest }, found.command.flags);
    const database = await resolveDatabase();
    // Leaving stops the embedded server only when no other process (a running `npm start`) uses it.
    stopDatabase = database.stop;
    // The embedded default is migrated on the spot, as `npm start` would; a configured
    // DATABASE_URL is only checked: an operator's command never changes the schema
    // under running servers as a side effect (`otpctl migrate` does that).
    if (found.command.name !== "migrate") await prepareSchema(database.url, { mayMigrate: false });
    const result = await found.command.run(args);
    process.stdout.write(parsed.bools.has("json") ? `${JSON.stringify(result)}\n` : `${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } catch (err) {
    if (err instanceof UsageError) {
      printError(`otpctl: ${err.message}\n\n${usage()}`);
      return 2;
    }
    if (isAppError(err) || err instanceof EnvError) {
      printError(`otpctl: ${err.message}`);
      return 1;
    }
    printError(`otpctl: ${(err as Error).message ?? err}`);
    return 1;
  } finally {
    await disconnectDb().catch(() => undefined);
    if (stopDatabase) await stopDatabase().catch(() => undefined);
  }
}
