-- When a creation handed the OTP to a real vendor. Written with a durable commit
-- before the vendor call, so the reservation (committed without waiting for the WAL
-- flush) is durable before anything leaves the service. Null for the sandbox and
-- whatsapp_inbound, and for creations that never reached a vendor.
ALTER TABLE "otp_transactions" ADD COLUMN "dispatched_at" TIMESTAMPTZ(3);
