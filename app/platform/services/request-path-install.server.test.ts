import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clientIp, installRequestPath } from "~/platform/services/request-path.server";

// Installing patches every Node HTTP server in this process, so these tests keep a file of their own
// (request-path.server.test.ts tries each step on servers of its own).

let server: http.Server | undefined;

/** Starts a server on a free port and returns the port. */
async function listen(created: http.Server) {
  await new Promise<void>((resolve) => created.listen(0, "127.0.0.1", resolve));
  return (created.address() as AddressInfo).port;
}

/** Sends raw HTTP and returns the status line's code. */
function rawStatus(port: number, request: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(request));
    let text = "";
    socket.on("data", (chunk) => (text += chunk));
    socket.on("error", reject);
    socket.on("close", () => resolve(Number(text.split(" ")[1])));
  });
}

describe("installRequestPath", () => {
  afterEach(() => server?.close());

  it("runs the path in every server: the socket address is known across awaits, CONNECT gets 405", async () => {
    installRequestPath();
    const seenAddresses: string[] = [];
    server = http.createServer(async (req, res) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      seenAddresses.push(clientIp(new Request("http://localhost/")));
      res.end("ok");
    });
    const serverPort = await listen(server);
    await fetch(`http://127.0.0.1:${serverPort}/`).then((response) => response.text());
    expect(seenAddresses).toEqual(["127.0.0.1"]);
    const connect = await rawStatus(
      serverPort,
      "CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\n\r\n",
    );
    expect(connect).toBe(405);
  });

  it("says at start-up when it trusts a proxy but listens on every interface (HOST unset)", async () => {
    installRequestPath();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const saved = { TRUST_PROXY: process.env.TRUST_PROXY, HOST: process.env.HOST };
    try {
      const said = async (trustProxy: string | undefined, host: string | undefined) => {
        warn.mockClear();
        Object.assign(process.env, { TRUST_PROXY: trustProxy, HOST: host });
        if (trustProxy === undefined) delete process.env.TRUST_PROXY;
        if (host === undefined) delete process.env.HOST;
        const started = http.createServer((_, res) => res.end());
        await listen(started);
        started.close();
        return warn.mock.calls.map((call) => call.join(" ")).join("\n");
      };
      expect(await said("1", undefined)).toMatch(/TRUST_PROXY.*HOST.*around the proxy/);
      expect(await said("1", "127.0.0.1")).toBe("");
      expect(await said(undefined, undefined)).toBe("");
      expect(await said("0", undefined)).toBe("");
    } finally {
      warn.mockRestore();
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });

  it("redacts tokens from URLs before the access log sees them", async () => {
    installRequestPath();
    let logged = "";
    server = http.createServer((req, res) => {
      const withOriginal = req as http.IncomingMessage & { originalUrl?: string };
      withOriginal.originalUrl = req.url;
      // Like morgan: read the URL once the response has finished.
      res.once("finish", () => {
        logged = withOriginal.originalUrl ?? "";
      });
      res.end("ok");
    });
    const serverPort = await listen(server);
    await fetch(`http://127.0.0.1:${serverPort}/reset-password?token=s3cret&x=1`).then((r) => r.text());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(logged).toBe("/reset-password?token=[redacted]&x=1");
  });
});
