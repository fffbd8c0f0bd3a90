// Creations sent as fast as they are answered, to fill a bench database with OTPs to read.
import { creationBody } from "./requests";

export type Created = { otpId: string; key: string };

/** `count` creations, `connections` at a time, spread over the keys in turn; the OTPs they made. */
export async function warmUp(baseUrl: string, keys: string[], count: number, connections: number): Promise<Created[]> {
  const created: Created[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const key = keys[next++ % keys.length];
      const res = await fetch(`${baseUrl}/v3/request`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: creationBody("warm") });
      const body = (await res.json()) as { data?: { otp_id?: string } };
      if (body.data?.otp_id) created.push({ otpId: body.data.otp_id, key });
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  return created;
}
