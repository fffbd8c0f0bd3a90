import { z } from "zod";

/** whatsapp_inbound OTPs waiting for the user's message; `available` is false outside sandbox mode. */
export const pendingInboundOutput = z.object({
  available: z.boolean(),
  items: z.array(
    z.object({
      otp_id: z.string(),
      destination: z.string().nullable(),
      message: z.string(),
      created_at: z.string(),
      expires_at: z.string(),
    }),
  ),
});

export const inboundResultOutput = z.object({ matched: z.boolean(), otp_id: z.string().nullable() });
