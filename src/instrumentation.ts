// Next.js start-up hook: runs the server process's start-up (src/server/start-up/start-up.ts).
// Node-only modules are imported inside the nodejs branch so the edge bundle never sees them.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Next logs an error thrown here and serves anyway: the outcome is recorded for serve.mjs, which stops on a failure.
  const { recordStartUp } = await import("@/server/lifecycle.mjs");
  try {
    const { startUp } = await import("@/server/start-up/start-up");
    await startUp();
    recordStartUp({ ok: true });
  } catch (error) {
    recordStartUp({ ok: false, error });
    throw error;
  }
}
