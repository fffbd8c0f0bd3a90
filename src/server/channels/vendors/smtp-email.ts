// E-mail over SMTP with nodemailer: plain text and a simple HTML version with the
// brand, the code and the expiry, sent from the merchant's brand e-mail.
import nodemailer from "nodemailer";
import { getEnv } from "@/env";
import { VendorUnavailableError, type ChannelAdapter, type DeliveryRequest, type DeliveryResult } from "../channel";
import { emailContent } from "../message-text";
import { recordVendorCall } from "@/server/metrics/record";
import { breakerFor, vendorFailed } from "./circuit-breaker";
import { classifySmtpFailure, type SmtpFailure } from "./smtp-replies";
import { log } from "@/server/log";

/** `route`: the vendor route's name, for its circuit breaker (absent: the environment's route). */
export type SmtpConfig = { url: string; timeoutMs: number; route?: string };

export function smtpEmailAdapter(config: SmtpConfig): ChannelAdapter {
  // Each SMTP phase gets the vendor timeout too, so a stalled server frees its socket.
  const transport = nodemailer.createTransport(config.url, {
    connectionTimeout: config.timeoutMs,
    greetingTimeout: config.timeoutMs,
    socketTimeout: config.timeoutMs,
  });
  return {
    provider: "smtp",
    async deliver(request: DeliveryRequest): Promise<DeliveryResult> {
      const circuit = config.route ?? "smtp";
      const breaker = breakerFor(circuit);
      if (!breaker.allow()) throw new VendorUnavailableError("smtp", "SMTP circuit open after repeated failures");
      const content = emailContent(request);
      const from = request.brandEmail ? { name: request.brand, address: request.brandEmail } : smtpFallbackFrom();
      let timer: NodeJS.Timeout | undefined;
      const started = performance.now();
      try {
        const info = await Promise.race([
          transport.sendMail({ from, to: request.destination ?? "", ...content }),
          new Promise<never>((_, reject) => {
            const left = request.deadline === undefined ? config.timeoutMs : Math.max(1, Math.floor(Math.min(config.timeoutMs, request.deadline - Date.now())));
            timer = setTimeout(() => reject(Object.assign(new Error("SMTP timed out"), { code: "ETIMEDOUT" })), left);
          }),
        ]);
        breaker.success();
        recordVendorCall("smtp", true, started);
        return { outcome: "sent", provider: "smtp", providerMessageId: info.messageId };
      } catch (err) {
        const verdict = classifySmtpFailure(err as SmtpFailure);
        // Reachable when the server answered about this message, even with a refusal.
        recordVendorCall("smtp", verdict.kind !== "unavailable", started);
        if (verdict.kind === "unavailable") {
          vendorFailed(circuit, verdict.reason, request.requestId);
          throw new VendorUnavailableError("smtp", verdict.reason);
        }
        // The server answered about this message, so it is reachable.
        breaker.success();
        if (verdict.kind === "refused") return { outcome: "failed", provider: "smtp", reason: verdict.reason };
        // A 4xx invites a later attempt (greylisting): nothing is charged and the external_id is
        // freed for it, instead of a `failed` that would also count towards destination limits.
        log.warn({ request_id: request.requestId, vendor: "smtp", reason: verdict.reason }, "vendor deferred message");
        throw new VendorUnavailableError("smtp", verdict.reason);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

export function smtpFallbackFrom(): string {
  return getEnv().SMTP_FROM ?? "Sandi <no-reply@sandi.local>";
}
