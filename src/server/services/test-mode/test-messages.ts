import { listSandboxMessages } from "@/server/services/otp/sandbox-messages";
import { testMessagesData, type TestMessageData, type TestMessagesQuery } from "@/schemas/v3/test-mode";

/** GET /v3/test/messages: what the sandbox "sent" in this test world, newest first, codes included. */
export async function listTestMessages(testWorldId: number, query: TestMessagesQuery): Promise<TestMessageData[]> {
  const messages = await listSandboxMessages({ merchantId: testWorldId, ...query });
  return testMessagesData.parse(messages);
}
