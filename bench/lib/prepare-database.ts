// Migrates a fresh benchmark database and seeds its merchants with the code of the
// build under test, which may differ from the working tree's (`--compare`): the
// runner runs this file with that build's tsx, from that build's directory (a copy
// of it), so `@/` resolves to that build's src. Merchants get a large saldo and a
// rate limit far above the load, so the figures measure the work of a request, not
// the limiter's refusals. Prints one line "BENCH_PREPARED <json>".
// Usage (env DATABASE_URL and the app's secrets): tsx prepare-database.ts <merchants>
import { disconnectDb } from "@/server/db/client";
import { migrate } from "@/server/db/migrate";
import { createMerchant } from "@/server/services/merchants/merchants";

async function main(): Promise<void> {
  const count = Number(process.argv[2]);
  await migrate(process.env.DATABASE_URL!);
  const keys: string[] = [];
  const merchantIds: string[] = [];
  for (let i = 1; i <= count; i++) {
    const created = await createMerchant({ name: `Bench ${i}`, email: `bench${i}@bench.test`, brandName: "TokoKu", saldo: 1_000_000_000, rateLimit: 100_000 });
    keys.push(created.api_key);
    merchantIds.push(created.merchant_id);
  }
  await disconnectDb();
  process.stdout.write(`BENCH_PREPARED ${JSON.stringify({ keys, merchantIds })}\n`);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
