import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { clientIp, installClientIpTracking, redactUrl } from "./client-ip.server";

let server: http.Server | undefined;
afterEach(() => server?.close());

describe("request tracking", () => {
  it("knows the socket address of the request being served, across awaits", async () => {
    installClientIpTracking();
    const seen: string[] = [];
    server = http.createServer(async (req, res) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      seen.push(clientIp(new Request("http://localhost/")));
      res.end("ok");
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    await fetch(`http://127.0.0.1:${port}/`).then((response) => response.text());
    expect(seen).toEqual(["127.0.0.1"]);
  });

  it("redacts tokens from URLs before the access log sees them", async () => {
    installClientIpTracking();
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
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    await fetch(`http://127.0.0.1:${port}/reset-password?token=s3cret&x=1`).then((r) => r.text());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(logged).toBe("/reset-password?token=[redacted]&x=1");
  });

  it("leaves URLs without a token alone", () => {
    expect(redactUrl("/auth?redirect=%2Fhouses")).toBe("/auth?redirect=%2Fhouses");
    expect(redactUrl("/auth?mode=reset&token=abc#x")).toBe("/auth?mode=reset&token=[redacted]#x");
  });
});
