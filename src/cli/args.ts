// A small argument parser for otpctl: positionals, `--flag value`, `--flag=value`
// (so `--amount -500` and `--amount=-500` both work) and repeatable flags.
import { modeSchema, type Mode } from "@/schemas/mode";
import { LONE_SURROGATE } from "@/server/lib/control-characters";

export type ParsedArgs = { positionals: string[]; flags: Map<string, string[]>; bools: Set<string> };
const BOOLEAN_FLAGS = new Set(["json", "help"]);

export function parseArgs(argv: string[]): ParsedArgs {
  const positionals: string[] = [];
  const flags = new Map<string, string[]>();
  const bools = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i];
    if (token === "--") continue;
    if (!token.startsWith("--")) {
      positionals.push(wellFormed(token, `argument "${token}"`));
      continue;
    }
    const eq = token.indexOf("=");
    const name = token.slice(2, eq === -1 ? undefined : eq);
    if (BOOLEAN_FLAGS.has(name) && eq === -1) {
      bools.add(name);
      continue;
    }
    let value: string;
    if (eq !== -1) value = token.slice(eq + 1);
    else {
      const next = argv[i + 1];
      if (next === undefined || (next.startsWith("--") && !/^-\d/.test(next))) throw new UsageError(`--${name} needs a value`);
      value = next;
      i++;
    }
    flags.set(name, [...(flags.get(name) ?? []), wellFormed(value, `--${name}`)]);
  }
  return { positionals, flags, bools };
}

export class UsageError extends Error {}

/** Half of a UTF-16 pair is not text: no command stores or sends it (a program calling otpctl could pass one). */
function wellFormed(value: string, label: string): string {
  if (LONE_SURROGATE.test(value)) throw new UsageError(`${label} holds an invalid Unicode character (a lone surrogate)`);
  return value;
}

export class Args {
  constructor(private readonly parsed: ParsedArgs, private readonly allowed: string[]) {
    for (const name of parsed.flags.keys()) if (!allowed.includes(name)) throw new UsageError(`unknown option --${name}`);
  }

  string(name: string): string | undefined {
    const values = this.parsed.flags.get(name);
    if (values && values.length > 1) throw new UsageError(`--${name} given more than once`);
    return values?.[0];
  }

  required(name: string): string {
    const value = this.string(name);
    if (value === undefined || value.trim() === "") throw new UsageError(`--${name} is required`);
    return value;
  }

  all(name: string): string[] {
    return this.parsed.flags.get(name) ?? [];
  }

  /** --mode live|test, live when absent. */
  mode(): Mode {
    const value = this.string("mode");
    if (value === undefined) return "live";
    const parsed = modeSchema.safeParse(value.trim());
    if (!parsed.success) throw new UsageError(`--mode must be live or test, got "${value}"`);
    return parsed.data;
  }

  int(name: string): number | undefined {
    const value = this.string(name);
    if (value === undefined) return undefined;
    if (!/^-?\d+$/.test(value.trim())) throw new UsageError(`--${name} must be an integer, got "${value}"`);
    const n = Number(value);
    if (!Number.isSafeInteger(n)) throw new UsageError(`--${name} is out of range`);
    return n;
  }

  positional(index: number, label: string): string {
    const value = this.parsed.positionals[index];
    if (!value) throw new UsageError(`missing ${label}`);
    return value;
  }
}
