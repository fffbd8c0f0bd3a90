import { describe, expect, it } from "vitest";
import { signatureFor, signatureHeader } from "@/server/services/webhooks/signing";

// The Standard Webhooks specification's published test vector: matching it means any of
// that specification's libraries verifies our deliveries.
const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const ID = "msg_p5jXN8AQM9LWM0D4loKWxJek";
const TIMESTAMP = 1614265330;
const BODY = '{"test": 2432232314}';

describe("Standard Webhooks signing", () => {
  it("reproduces the specification's reference signature", () => {
    expect(signatureFor(SECRET, ID, TIMESTAMP, BODY)).toBe("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
  });

  it("changes when the id, timestamp or body changes", () => {
    const reference = signatureFor(SECRET, ID, TIMESTAMP, BODY);
    expect(signatureFor(SECRET, `${ID}x`, TIMESTAMP, BODY)).not.toBe(reference);
    expect(signatureFor(SECRET, ID, TIMESTAMP + 1, BODY)).not.toBe(reference);
    expect(signatureFor(SECRET, ID, TIMESTAMP, `${BODY} `)).not.toBe(reference);
  });

  it("signs with every valid secret, space-separated, the current secret first", () => {
    const other = "whsec_c2VjcmV0LW9mLWEtcm90YXRlZC1lbmRwb2ludA==";
    const header = signatureHeader([other, SECRET], ID, TIMESTAMP, BODY);
    expect(header.split(" ")).toEqual([signatureFor(other, ID, TIMESTAMP, BODY), "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="]);
  });
});
