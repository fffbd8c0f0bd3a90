import { resetEnvForTests } from "@/env";

/** Sets environment variables for one test; the returned function restores them. */
export function overrideEnv(vars: Record<string, string | undefined>): () => void {
  const previous = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  const apply = (values: Record<string, string | undefined>) => {
    for (const [k, v] of Object.entries(values)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    resetEnvForTests();
  };
  apply(vars);
  return () => apply(previous);
}
