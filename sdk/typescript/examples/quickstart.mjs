// The README's quick start: SANDI_API_KEY=sk_test_… SANDI_BASE_URL=http://localhost:3000 node quickstart.mjs
import { Sandi, SandiError } from "@sandi/node";

const sandi = new Sandi({ apiKey: process.env.SANDI_API_KEY, baseUrl: process.env.SANDI_BASE_URL });

try {
  const account = await sandi.account.get();
  console.log(`saldo: ${account.saldo} (livemode: ${account.livemode})`);

  const otp = await sandi.otp.request({ channel: "whatsapp", destination: "6281234567890" });
  console.log(`sent ${otp.otpId}, status ${otp.status}`);

  // With a test key the sandbox keeps the message: read the code the user would type.
  const [message] = await sandi.test.messages({ otpId: otp.otpId });
  const result = await sandi.otp.verify({ otpId: otp.otpId, otp: message.code });
  console.log(`verified: ${result.verified}`);
} catch (err) {
  if (err instanceof SandiError) console.error(`${err.code} (HTTP ${err.status}, request ${err.requestId}): ${err.message}`);
  throw err;
}
