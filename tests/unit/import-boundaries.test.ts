// The layering rules in eslint.config.mjs (docs/architecture.md) catch what they name.
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint();

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === "@typescript-eslint/no-restricted-imports").map((m) => m.message);
}

describe("import boundaries", { timeout: 60_000 }, () => {
  it.each([
    ["src/server/services/otp/x.ts", 'import { NextResponse } from "next/server";\nexport const x = NextResponse;\n'],
    ["src/server/services/otp/x.ts", 'import { v3Route } from "@/server/http/v3-route";\nexport const x = v3Route;\n'],
    ["src/schemas/x.ts", 'import { getOtp } from "@/server/services/otp/get-otp";\nexport const x = getOtp;\n'],
    ["src/cli/commands/x.ts", 'import { getDb } from "@/server/db/client";\nexport const x = getDb;\n'],
    ["src/server/trpc/routers/x.ts", 'import { PrismaClient } from "@/generated/prisma/client";\nexport const x = PrismaClient;\n'],
    ["src/server/lib/x.ts", 'import { createOtp } from "@/server/services/otp/create-otp";\nexport const x = createOtp;\n'],
    ["src/components/x.tsx", 'import { getDb } from "@/server/db/client";\nexport const x = getDb;\n'],
    ["src/proxy.ts", 'import { Button } from "@/components/ui/primitives";\nexport const x = Button;\n'],
    ["src/server/services/accounts/x.ts", 'import { MAX_SIGN_UPS } from "@/server/auth/login-throttle";\nexport const x = MAX_SIGN_UPS;\n'],
    ["src/server/services/otp/x.ts", 'import { answerScrape } from "@/server/metrics-scrape/exposition";\nexport const x = answerScrape;\n'],
    ["src/server/metrics/x.ts", 'import { webhookQueueStats } from "@/server/services/webhooks/queue-stats";\nexport const x = webhookQueueStats;\n'],
    ["src/server/metrics/x.ts", 'import { getPool } from "@/server/db/client";\nexport const x = getPool;\n'],
    ["src/server/redis/x.ts", 'import { getRateLimiter } from "@/server/http/rate-limit/rate-limiter";\nexport const x = getRateLimiter;\n'],
    ["src/server/throttle/x.ts", 'import { MAX_SIGN_UPS } from "@/server/auth/login-throttle";\nexport const x = MAX_SIGN_UPS;\n'],
    ["src/server/lib/x.ts", 'import { log } from "@/server/log";\nexport const x = log;\n'],
    ["src/server/channels/x.ts", 'import { v3Route } from "@/server/http/v3-route";\nexport const x = v3Route;\n'],
    ["src/dev/x.ts", 'import { createOtp } from "@/server/services/otp/create-otp";\nexport const x = createOtp;\n'],
    ["src/app/(dashboard)/x/page.tsx", 'import { getDb } from "@/server/db/client";\nexport const x = getDb;\n'],
    ["src/app/(dashboard)/x/page.tsx", 'import { CHANNELS } from "@/server/services/merchants/prices";\nexport const x = CHANNELS;\n'],
  ])("refuses %s importing across its boundary", async (file, code) => {
    expect(await boundaryErrors(file, code)).not.toEqual([]);
  });

  it("keeps server code on the one logger: console is refused in src/server, allowed in otpctl and the logger itself", async () => {
    const rule = async (filePath: string) =>
      (await eslint.lintText('export function x(): void {\n  console.error("x");\n}\n', { filePath }))[0].messages.filter((m) => m.ruleId === "no-restricted-globals");
    expect(await rule("src/server/services/otp/x.ts")).not.toEqual([]);
    expect(await rule("src/server/worker/x.ts")).not.toEqual([]);
    expect(await rule("src/cli/commands/x.ts")).toEqual([]);
    expect(await rule("src/server/log.ts")).toEqual([]);
  });

  it("allows what the layers are for: a router calling a service, UI importing a router's type, otpctl migrating, services recording metrics", async () => {
    expect(await boundaryErrors("src/server/trpc/routers/x.ts", 'import { getOtp } from "@/server/services/otp/get-otp";\nexport const x = getOtp;\n')).toEqual([]);
    expect(await boundaryErrors("src/components/x.tsx", 'import type { AppRouter } from "@/server/trpc/routers/app-router";\nexport type X = AppRouter;\n')).toEqual([]);
    expect(await boundaryErrors("src/cli/commands/x.ts", 'import { migrate } from "@/server/db/migrate";\nexport const x = migrate;\n')).toEqual([]);
    expect(await boundaryErrors("src/server/services/otp/x.ts", 'import { recordVendorCall } from "@/server/metrics/record";\nexport const x = recordVendorCall;\n')).toEqual([]);
    expect(await boundaryErrors("src/server/metrics-scrape/x.ts", 'import { webhookQueueStats } from "@/server/services/webhooks/queue-stats";\nexport const x = webhookQueueStats;\n')).toEqual([]);
    expect(await boundaryErrors("src/server/lib/x.ts", 'import { normalizeIp } from "@/server/lib/ip-allowlist";\nexport const x = normalizeIp;\n')).toEqual([]);
    expect(await boundaryErrors("src/app/(dashboard)/x/layout.tsx", 'import { CHANNELS } from "@/schemas/channels";\nexport const x = CHANNELS;\n')).toEqual([]);
  });
});
