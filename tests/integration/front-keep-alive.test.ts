// Idle keep-alive connections stay open for HTTP_KEEP_ALIVE_SECONDS (65 s by default), longer
// than a load balancer keeps its idle connections to an instance, so the balancer is the one
// that closes them: with Node's default of 5 s, a request it sent on a connection the app was
// just closing got a 502. The front is the production one (installFront), served in process.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLiveV3Server } from "../harness/live-v3-server";

let server: Awaited<ReturnType<typeof startLiveV3Server>>;
beforeAll(async () => {
  server = await startLiveV3Server();
});
afterAll(() => server.close());

/** Sends one keep-alive request on the socket and resolves with the status line of its answer. */
function ask(socket: net.Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    const onData = (chunk: Buffer) => {
      text += chunk.toString("latin1");
      const head = text.indexOf("\r\n\r\n");
      const length = /content-length: (\d+)/i.exec(text)?.[1];
      if (head >= 0 && length !== undefined && text.length >= head + 4 + Number(length)) {
        socket.off("data", onData);
        resolve(text.slice(0, text.indexOf("\r\n")));
      }
    };
    socket.on("data", onData);
    socket.once("error", reject);
    socket.write(`GET /v3/account HTTP/1.1\r\nHost: sandi.test\r\nConnection: keep-alive\r\n\r\n`);
  });
}

describe("an idle keep-alive connection", () => {
  it("is still open, and answers, after longer than Node's default 5 s", async () => {
    const { port } = new URL(server.baseUrl);
    const socket = net.connect(Number(port), "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    let closedAt: number | null = null;
    socket.once("close", () => (closedAt = Date.now()));
    try {
      expect(await ask(socket)).toBe("HTTP/1.1 401 Unauthorized");
      await new Promise((resolve) => setTimeout(resolve, 6_500));
      expect(closedAt).toBeNull();
      expect(await ask(socket)).toBe("HTTP/1.1 401 Unauthorized");
    } finally {
      socket.destroy();
    }
  });
});
