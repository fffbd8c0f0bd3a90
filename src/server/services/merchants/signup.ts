// Self-service sign-up from the dashboard: a merchant with zero credits and its
// first API key, which the caller shows once, and a link to verify its e-mail.
import type { SignUpInput } from "@/schemas/dashboard/sign-up";
import { sendVerificationMail } from "@/server/services/accounts/email-verification";
import { createMerchant } from "./merchants";

export async function signUpMerchant(data: SignUpInput) {
  // A taken e-mail is createMerchant's CONFLICT, whose message already says to sign in.
  const created = await createMerchant({ name: data.name, email: data.email, password: data.password, brandName: data.brandName }, { emailVerified: false });
  await sendVerificationMail(created.id);
  return {
    merchant_id: created.merchant_id,
    key_id: created.key_id,
    api_key: created.api_key,
    prefix: created.prefix,
    test_key_id: created.test_key_id,
    test_api_key: created.test_api_key,
  };
}
