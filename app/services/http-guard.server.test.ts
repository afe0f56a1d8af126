import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decode } from "turbo-stream";
import { guardRequest, isValidHost, type GuardConfig } from "./http-guard.server";

let config: GuardConfig = {
  appUrl: new URL("http://localhost:3000"),
  appUrlConfigured: false,
  scheme: "http",
};
const seen: http.IncomingHttpHeaders[] = [];
const server = http.createServer((req, res) =>
  guardRequest(req, res, config, () => {
    seen.push({ ...req.headers });
    req.resume();
    req.on("end", () => res.end("passed"));
  }),
);
let port = 0;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends raw HTTP (fetch would fix the Host and the target) and returns the status and body. */
function raw(request: string): Promise<{ status: number; body: string; type: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.end(request));
    let text = "";
    socket.on("data", (chunk) => (text += chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const [head, ...rest] = text.split("\r\n\r\n");
      resolve({
        status: Number(head.split(" ")[1]),
        body: rest.join("\r\n\r\n"),
        type: head.match(/content-type: ([^\r]*)/i)?.[1] ?? "",
      });
    });
  });
}

const get = (target: string, headers: string) =>
  raw(`GET ${target} HTTP/1.1\r\n${headers}Connection: close\r\n\r\n`);
const post = (target: string, headers: string) =>
  raw(
    `POST ${target} HTTP/1.1\r\n${headers}Content-Type: application/x-www-form-urlencoded\r\n` +
      `Content-Length: 3\r\nConnection: close\r\n\r\na=1`,
  );

describe("malformed requests answer 400", () => {
  it.each(["a b", "[::1", "127.0.0.1:99999", "x/y", "u@evil.example", "a:b:c"])("Host %j", async (host) => {
    expect((await get("/", `Host: ${host}\r\n`)).status).toBe(400);
  });

  it.each(["a:99999", "[::1", "x y", "ok.example, bad host"])("X-Forwarded-Host %j", async (value) => {
    expect((await get("/", `Host: localhost\r\nX-Forwarded-Host: ${value}\r\n`)).status).toBe(400);
  });

  it.each(["*", "http://localhost:3000/", "evil.example:443", "/%E0%A4%A", "/a%00"])(
    "target %j",
    async (target) => {
      expect((await get(target, "Host: localhost\r\n")).status).toBe(400);
    },
  );

  it("passes well-formed requests on, without X-Forwarded-Host, and gives HTTP/1.0 a Host", async () => {
    seen.length = 0;
    expect((await get("/x", "Host: [::1]:3000\r\nX-Forwarded-Host: sgw25.example:8443\r\n")).body).toBe(
      "passed",
    );
    expect(seen[0]["x-forwarded-host"]).toBeUndefined();
    expect((await raw("GET / HTTP/1.0\r\n\r\n")).body).toBe("passed");
    expect(seen[1].host).toBe("localhost:3000");
  });

  it("knows a host when it sees one", () => {
    expect(
      ["localhost", "localhost:3000", "127.0.0.1:3000", "[::1]:80", "sgw25.example."].every(isValidHost),
    ).toBe(true);
    expect(["", " ", "a b", "[::1", "h:65536", "h?x", "h#x", "h\\x"].some(isValidHost)).toBe(false);
  });
});

describe("the origin of a form post", () => {
  it("without APP_URL, accepts the address the browser used, whichever it is", async () => {
    config = { ...config, appUrlConfigured: false };
    for (const host of ["127.0.0.1:3000", "localhost:3000", "192.168.1.20:3000"]) {
      expect((await post("/auth", `Host: ${host}\r\nOrigin: http://${host}\r\n`)).body, host).toBe("passed");
    }
    const foreign = await post("/auth", "Host: 127.0.0.1:3000\r\nOrigin: http://evil.example\r\n");
    expect(foreign.status).toBe(403);
  });

  it("with APP_URL set, refuses another address with the reason, in the page script's own format too", async () => {
    config = { ...config, appUrl: new URL("http://localhost:3000"), appUrlConfigured: true };
    const page = await post("/auth", "Host: 127.0.0.1:3000\r\nOrigin: http://127.0.0.1:3000\r\n");
    expect(page.status).toBe(403);
    expect(page.body).toContain("Open the planner at http://localhost:3000");
    const script = await post("/auth.data", "Host: 127.0.0.1:3000\r\nOrigin: http://127.0.0.1:3000\r\n");
    expect(script.status).toBe(403);
    expect(script.type).toBe("text/x-script");
    const decoded = await decode(new Blob([script.body]).stream(), {
      plugins: [(type, ...values) => (type === "ErrorResponse" ? { value: values } : undefined)],
    });
    expect(decoded.value).toEqual({
      error: [expect.stringContaining("not from http://localhost:3000"), 403, ""],
    });
    expect((await post("/auth", "Host: 127.0.0.1:9\r\nOrigin: http://localhost:3000\r\n")).body).toBe(
      "passed",
    );
  });
});
