import { execFileSync } from "node:child_process";
import path from "node:path";

/** Runs otpctl against the e2e server's embedded database, as an operator would while it serves. */
export function otpctl<T = Record<string, unknown>>(...args: string[]): T {
  const out = execFileSync("npm", ["run", "--silent", "otpctl", "--", ...args, "--json"], {
    // Merchants start with detection off, as the e2e server's sign-ups do (scripts/e2e-server.sh); the fraud spec sets its own level.
    env: { FRAUD_GUARD_DEFAULT: "off", ...process.env, DATA_DIR: path.resolve(process.env.E2E_DATA_DIR ?? ".data-e2e"), DATABASE_URL: "" },
    encoding: "utf8",
  });
  return JSON.parse(out) as T;
}
