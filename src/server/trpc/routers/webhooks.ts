import {
  webhookEventLogOutputSchema,
  webhookEventsSchema,
  webhookEventTypesOutputSchema,
  webhookEventTypesSchema,
  webhookResendSchema,
  webhookResentOutputSchema,
  webhookRotationOutputSchema,
  webhookSecretOutputSchema,
  webhookSettingsOutputSchema,
  webhookTestSentOutputSchema,
  webhookUrlOutputSchema,
  webhookUrlSchema,
} from "@/schemas/dashboard/webhooks";
import { updateMerchant } from "@/server/services/merchants/merchants";
import {
  chooseWebhookEventTypes,
  listWebhookEvents,
  resendEvent,
  revealWebhookSecret,
  rotateWebhookSecret,
  sendTestEvent,
  webhookSettingsView,
} from "@/server/services/webhooks/manage";
import { merchantProcedure, router } from "../init";

export const webhooksRouter = router({
  /** URL and state, never the secret. */
  settings: merchantProcedure.output(webhookSettingsOutputSchema).query(({ ctx }) => webhookSettingsView(ctx.world.id)),
  /** The secret, only when the merchant asks to see it. */
  revealSecret: merchantProcedure.output(webhookSecretOutputSchema).query(({ ctx }) => revealWebhookSecret(ctx.world.id)),
  setUrl: merchantProcedure.input(webhookUrlSchema).output(webhookUrlOutputSchema).mutation(({ ctx, input }) => updateMerchant(ctx.merchant.id, { webhookUrl: input.url }, ctx.world.mode)),
  /** Which event types the endpoint receives; needs a URL first. */
  setEventTypes: merchantProcedure
    .input(webhookEventTypesSchema)
    .output(webhookEventTypesOutputSchema)
    .mutation(({ ctx, input }) => chooseWebhookEventTypes(ctx.world.id, input.eventTypes)),
  rotateSecret: merchantProcedure.output(webhookRotationOutputSchema).mutation(({ ctx }) => rotateWebhookSecret(ctx.world.id)),
  sendTest: merchantProcedure.output(webhookTestSentOutputSchema).mutation(({ ctx }) => sendTestEvent(ctx.world.id)),
  events: merchantProcedure.input(webhookEventsSchema).output(webhookEventLogOutputSchema).query(({ ctx, input }) => listWebhookEvents(ctx.world.id, input)),
  resend: merchantProcedure.input(webhookResendSchema).output(webhookResentOutputSchema).mutation(({ ctx, input }) => resendEvent(ctx.world.id, input.eventId)),
});
