import { router } from "../init";
import { accountRouter } from "./account";
import { apiKeysRouter } from "./api-keys";
import { fraudRouter } from "./fraud";
import { insightsRouter } from "./insights";
import { membersRouter } from "./members";
import { reportsRouter } from "./reports";
import { testOtpRouter } from "./test-otp";
import { topupsRouter } from "./topups";
import { webhooksRouter } from "./webhooks";

export const appRouter = router({
  account: accountRouter,
  apiKeys: apiKeysRouter,
  fraud: fraudRouter,
  insights: insightsRouter,
  members: membersRouter,
  reports: reportsRouter,
  testOtp: testOtpRouter,
  topups: topupsRouter,
  webhooks: webhooksRouter,
});

export type AppRouter = typeof appRouter;
