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
import { memberProcedure, router } from "../init";

export const webhooksRouter = router({
  /** URL and state, never the secret. */
  settings: memberProcedure("webhooks.read").output(webhookSettingsOutputSchema).query(({ ctx }) => webhookSettingsView(ctx.world.id)),
  /** The secret, only when the merchant asks to see it. */
  revealSecret: memberProcedure("webhooks.manage").output(webhookSecretOutputSchema).query(({ ctx }) => revealWebhookSecret(ctx.world.id)),
  setUrl: memberProcedure("webhooks.manage").input(webhookUrlSchema).output(webhookUrlOutputSchema).mutation(({ ctx, input }) => updateMerchant(ctx.merchant.id, { webhookUrl: input.url }, ctx.world.mode, ctx.changeBy)),
  /** Which event types the endpoint receives; needs a URL first. */
  setEventTypes: memberProcedure("webhooks.manage")
    .input(webhookEventTypesSchema)
    .output(webhookEventTypesOutputSchema)
    .mutation(({ ctx, input }) => chooseWebhookEventTypes(ctx.world.id, input.eventTypes, ctx.changeBy)),
  rotateSecret: memberProcedure("webhooks.manage").output(webhookRotationOutputSchema).mutation(({ ctx }) => rotateWebhookSecret(ctx.world.id, new Date(), ctx.changeBy)),
  sendTest: memberProcedure("webhooks.manage").output(webhookTestSentOutputSchema).mutation(({ ctx }) => sendTestEvent(ctx.world.id)),
  events: memberProcedure("webhooks.read").input(webhookEventsSchema).output(webhookEventLogOutputSchema).query(({ ctx, input }) => listWebhookEvents(ctx.world.id, input)),
  resend: memberProcedure("webhooks.manage").input(webhookResendSchema).output(webhookResentOutputSchema).mutation(({ ctx, input }) => resendEvent(ctx.world.id, input.eventId)),
});
