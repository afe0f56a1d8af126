import { createHash } from "node:crypto";
import { EventEmitter } from "node:events";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decode } from "turbo-stream";
import { parseTrustProxy, type TrustProxy } from "~/platform/lib/trust-proxy";
import {
  answerRefusal,
  clientIp,
  hideTokensFromAccessLog,
  holdBodyUntilComplete,
  isOwnOrigin,
  isValidHost,
  refuseConnect,
  refuseContentType,
  refuseDataParameter,
  refuseForeignOrigin,
  refuseHost,
  refuseMethod,
  refuseTarget,
  rememberClientAddress,
  runAsClient,
  runRequestPath,
  schemeTheMemberUsed,
  type RequestPathConfig,
} from "~/platform/services/request-path.server";

/** A request as the steps see it, without a server. */
function fakeRequest(method: string, url: string, headers: http.IncomingHttpHeaders = {}, peer = "10.0.0.9") {
  return { method, url, headers, socket: { remoteAddress: peer } } as unknown as http.IncomingMessage;
}

/** Starts a server on a free port and returns it with its port. */
async function listen(server: http.Server) {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

/** Sends raw HTTP (fetch would fix the Host and the target) and returns the status, head and body. */
function raw(
  port: number,
  request: string,
): Promise<{ status: number; head: string; body: string; type: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.end(request));
    let text = "";
    socket.on("data", (chunk) => (text += chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const [head, ...rest] = text.split("\r\n\r\n");
      resolve({
        status: Number(head.split(" ")[1]),
        head,
        body: rest.join("\r\n\r\n"),
        type: head.match(/content-type: ([^\r]*)/i)?.[1] ?? "",
      });
    });
  });
}

const noProxy = parseTrustProxy("") as TrustProxy;
let config: RequestPathConfig = {
  appUrl: new URL("http://localhost:3000"),
  appUrlConfigured: false,
  trustProxy: noProxy,
};

/** The whole path in front of an "app" that records the headers it got and echoes the body. */
const seen: { headers: http.IncomingHttpHeaders; body: string }[] = [];
const pathServer = http.createServer((req, res) =>
  runRequestPath(req, res, config, () => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      seen.push({ headers: { ...req.headers }, body });
      res.end(`passed ${body}`);
    });
  }),
);
let port = 0;
beforeAll(async () => {
  port = await listen(pathServer);
});
afterAll(() => new Promise<void>((resolve) => pathServer.close(() => resolve())));

const get = (target: string, headers: string) =>
  raw(port, `GET ${target} HTTP/1.1\r\n${headers}Connection: close\r\n\r\n`);
const post = (target: string, headers: string, body = "a=1") =>
  raw(
    port,
    `POST ${target} HTTP/1.1\r\n${headers}Content-Type: application/x-www-form-urlencoded\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );

describe("hideTokensFromAccessLog", () => {
  it("redacts the URL when the response finishes, not before", () => {
    const req = fakeRequest("GET", "/auth?mode=reset&token=abc") as http.IncomingMessage & {
      originalUrl?: string;
    };
    req.originalUrl = req.url;
    const res = new EventEmitter() as http.ServerResponse;
    hideTokensFromAccessLog(req, res);
    expect(req.url).toBe("/auth?mode=reset&token=abc");
    res.emit("finish");
    expect(req.url).toBe("/auth?mode=reset&token=[redacted]");
    expect(req.originalUrl).toBe("/auth?mode=reset&token=[redacted]");
  });
});

describe("schemeTheMemberUsed", () => {
  it("believes X-Forwarded-Proto only from a trusted proxy", () => {
    const loopback = parseTrustProxy("loopback") as TrustProxy;
    const proxied = fakeRequest("GET", "/", { "x-forwarded-proto": "HTTPS, http" }, "127.0.0.1");
    expect(schemeTheMemberUsed(proxied, loopback)).toBe("https");
    expect((proxied as http.IncomingMessage & { protocol?: string }).protocol).toBe("https");
    expect(schemeTheMemberUsed(fakeRequest("GET", "/", { "x-forwarded-proto": "https" }), loopback)).toBe(
      "http",
    );
    expect(
      schemeTheMemberUsed(fakeRequest("GET", "/", { "x-forwarded-proto": "gopher" }, "127.0.0.1"), loopback),
    ).toBe("http");
    expect(
      schemeTheMemberUsed(fakeRequest("GET", "/", { "x-forwarded-proto": "https" }, "127.0.0.1"), noProxy),
    ).toBe("http");
  });
});

describe("refuseMethod", () => {
  it("answers 405 with the Allow header of pages or of /api", () => {
    expect(refuseMethod(fakeRequest("GET", "/houses"))).toBeUndefined();
    expect(refuseMethod(fakeRequest("DELETE", "/api/houses/1"))).toBeUndefined();
    expect(refuseMethod(fakeRequest("TRACE", "/"))).toEqual({
      status: 405,
      message: "The TRACE method is not allowed here.",
      headers: { Allow: "GET, HEAD, POST" },
    });
    expect(refuseMethod(fakeRequest("PROPFIND", "/api/houses"))?.headers).toEqual({
      Allow: "GET, HEAD, POST, PATCH",
    });
    expect(refuseMethod(fakeRequest("PATCH", "/houses"))?.status).toBe(405);
  });
});

describe("refuseTarget", () => {
  it("refuses what is not a decodable path without NUL", () => {
    expect(refuseTarget(fakeRequest("GET", "/houses?x=%20"))).toBeUndefined();
    for (const target of ["*", "http://localhost:3000/", "/%E0%A4%A", "/a%00"]) {
      expect(refuseTarget(fakeRequest("GET", target))?.status, target).toBe(400);
    }
  });

  it.each(["*", "http://localhost:3000/", "evil.example:443", "/%E0%A4%A", "/a%00"])(
    "answers 400 to target %j",
    async (target) => {
      expect((await get(target, "Host: localhost\r\n")).status).toBe(400);
    },
  );
});

describe("refuseDataParameter", () => {
  it("refuses Remix's old ?_data requests before Remix sees them, pages and /api alike", async () => {
    for (const target of ["/houses?_data=routes%2Fhouses", "/?_data", "/api/results?x=1&%5Fdata=root"]) {
      expect(refuseDataParameter(fakeRequest("GET", target))?.status, target).toBe(400);
    }
    const page = await get("/houses?_data=routes%2Fhouses", "Host: localhost\r\n");
    expect(page.status).toBe(400);
    expect(page.body).toContain("The _data parameter is not supported.");
    const api = await get("/api/results?_data=root", "Host: localhost\r\n");
    expect(api.status).toBe(400);
    expect(JSON.parse(api.body)).toEqual({
      error: "The _data parameter is not supported. Open the page itself.",
    });
    expect(await post("/auth?_data=routes%2Fauth", "Host: localhost\r\n")).toMatchObject({ status: 400 });
  });

  it("lets every other query through", () => {
    for (const target of [
      "/houses",
      "/houses?data=1",
      "/auth?redirect=%2Fhouses%3F_data%3Droot",
      "/houses.data",
    ]) {
      expect(refuseDataParameter(fakeRequest("GET", target)), target).toBeUndefined();
    }
  });
});

describe("refuseHost", () => {
  it.each(["a b", "[::1", "127.0.0.1:99999", "x/y", "u@evil.example", "a:b:c"])(
    "answers 400 to Host %j",
    async (host) => {
      expect((await get("/", `Host: ${host}\r\n`)).status).toBe(400);
    },
  );

  it.each(["a:99999", "[::1", "x y", "ok.example, bad host"])(
    "answers 400 to X-Forwarded-Host %j",
    async (value) => {
      expect((await get("/", `Host: localhost\r\nX-Forwarded-Host: ${value}\r\n`)).status).toBe(400);
    },
  );

  it("passes well-formed requests on, without X-Forwarded-Host, and gives HTTP/1.0 a Host", async () => {
    seen.length = 0;
    expect((await get("/x", "Host: [::1]:3000\r\nX-Forwarded-Host: sgw25.example:8443\r\n")).body).toBe(
      "passed ",
    );
    expect(seen[0].headers["x-forwarded-host"]).toBeUndefined();
    expect((await raw(port, "GET / HTTP/1.0\r\n\r\n")).body).toBe("passed ");
    expect(seen[1].headers.host).toBe("localhost:3000");
    const bare = fakeRequest("GET", "/");
    expect(refuseHost(bare, config)).toBeUndefined();
    expect(bare.headers.host).toBe("localhost:3000");
  });

  it("knows a host when it sees one", () => {
    expect(
      ["localhost", "localhost:3000", "127.0.0.1:3000", "[::1]:80", "sgw25.example."].every(isValidHost),
    ).toBe(true);
    expect(["", " ", "a b", "[::1", "h:65536", "h?x", "h#x", "h\\x"].some(isValidHost)).toBe(false);
  });
});

describe("refuseForeignOrigin", () => {
  const origins = { appUrl: new URL("https://sgw25.example"), appUrlConfigured: true, scheme: "http" };

  it("leaves reads, posts without Origin and /api's opaque origin alone", () => {
    expect(
      refuseForeignOrigin(fakeRequest("GET", "/", { origin: "http://evil.example" }), origins),
    ).toBeUndefined();
    expect(refuseForeignOrigin(fakeRequest("POST", "/auth", {}), origins)).toBeUndefined();
    expect(
      refuseForeignOrigin(fakeRequest("POST", "/api/login", { origin: "null" }), origins),
    ).toBeUndefined();
    expect(refuseForeignOrigin(fakeRequest("POST", "/auth", { origin: "null" }), origins)?.status).toBe(403);
  });

  it("gives a post from APP_URL's origin APP_URL's Host", () => {
    const req = fakeRequest("POST", "/auth", { origin: "https://sgw25.example", host: "127.0.0.1:3000" });
    expect(refuseForeignOrigin(req, origins)).toBeUndefined();
    expect(req.headers.host).toBe("sgw25.example");
    expect(isOwnOrigin("http://127.0.0.1:3000", "127.0.0.1:3000", origins)).toBe(false);
    expect(
      isOwnOrigin("http://127.0.0.1:3000", "127.0.0.1:3000", { ...origins, appUrlConfigured: false }),
    ).toBe(true);
  });

  it("without APP_URL, accepts the address the browser used, whichever it is", async () => {
    config = { ...config, appUrlConfigured: false };
    for (const host of ["127.0.0.1:3000", "localhost:3000", "192.168.1.20:3000"]) {
      expect((await post("/auth", `Host: ${host}\r\nOrigin: http://${host}\r\n`)).body, host).toBe(
        "passed a=1",
      );
    }
    const foreign = await post("/auth", "Host: 127.0.0.1:3000\r\nOrigin: http://evil.example\r\n");
    expect(foreign.status).toBe(403);
  });

  it("with APP_URL set, refuses another address with the reason, in the page script's own format too", async () => {
    config = { ...config, appUrl: new URL("http://localhost:3000"), appUrlConfigured: true };
    const page = await post("/auth", "Host: 127.0.0.1:3000\r\nOrigin: http://127.0.0.1:3000\r\n");
    expect(page.status).toBe(403);
    // The right address is a link; the page is styled by the one style its own CSP allows (by hash).
    expect(page.body).toContain(
      'Open the planner at <a href="http://localhost:3000">http://localhost:3000</a> and try again.',
    );
    const csp = /^content-security-policy: (.*)$/im.exec(page.head)![1];
    const style = /<style>(.*?)<\/style>/s.exec(page.body)![1];
    const hash = createHash("sha256").update(style).digest("base64");
    expect(csp).toContain(`style-src 'sha256-${hash}'`);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain("unsafe-inline");
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
      "passed a=1",
    );
    config = { ...config, appUrlConfigured: false };
  });
});

describe("refuseContentType", () => {
  it("lets pages take urlencoded forms only, and leaves /api and reads alone", () => {
    const form = { "content-type": "application/x-www-form-urlencoded; charset=UTF-8" };
    expect(refuseContentType(fakeRequest("POST", "/auth", form))).toBeUndefined();
    expect(
      refuseContentType(fakeRequest("POST", "/api/login", { "content-type": "application/json" })),
    ).toBeUndefined();
    expect(refuseContentType(fakeRequest("GET", "/", { "content-type": "text/plain" }))).toBeUndefined();
    expect(
      refuseContentType(fakeRequest("POST", "/auth", { "content-type": "application/json" }))?.status,
    ).toBe(415);
    expect(refuseContentType(fakeRequest("POST", "/auth", {}))?.status).toBe(415);
  });

  it("takes a file on the restore's upload only (issue 54)", () => {
    const upload = { "content-type": "multipart/form-data; boundary=x" };
    expect(refuseContentType(fakeRequest("POST", "/setup/restore?token=t", upload))).toBeUndefined();
    expect(refuseContentType(fakeRequest("POST", "/setup/restore.data?token=t", upload))).toBeUndefined();
    expect(refuseContentType(fakeRequest("POST", "/setup", upload))?.status).toBe(415);
    expect(refuseContentType(fakeRequest("POST", "/setup/restore/x", upload))?.status).toBe(415);
  });

  it("takes a receipt on /money's expense forms and /money/setup only (issue 57)", () => {
    const upload = { "content-type": "multipart/form-data; boundary=x" };
    for (const path of [
      "/money",
      "/money.data",
      "/money/expenses/12",
      "/money/expenses/12.data",
      "/money/setup",
    ])
      expect(refuseContentType(fakeRequest("POST", path, upload)), path).toBeUndefined();
    for (const path of ["/money/history", "/money/expenses/x", "/money/2024", "/account"])
      expect(refuseContentType(fakeRequest("POST", path, upload))?.status, path).toBe(415);
  });
});

describe("answerRefusal", () => {
  const refusalServer = http.createServer((req, res) =>
    answerRefusal(req, res, { status: 405, message: "No <way>.", headers: { Allow: "GET" } }, true),
  );
  let refusalPort = 0;
  beforeAll(async () => {
    refusalPort = await listen(refusalServer);
  });
  afterAll(() => new Promise<void>((resolve) => refusalServer.close(() => resolve())));

  it("answers a browser with a page, /api with JSON, and closes after a body it did not expect", async () => {
    const page = await raw(refusalPort, "TRACE / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 2\r\n\r\nab");
    expect(page.status).toBe(405);
    expect(page.type).toBe("text/html; charset=utf-8");
    expect(page.body).toContain('<p role="alert">No &#60;way&#62;.</p>');
    expect(page.head).toMatch(/^allow: GET$/im);
    expect(page.head).toMatch(/^connection: close$/im);
    expect(page.head).toMatch(/^cache-control: no-store$/im);
    const api = await raw(
      refusalPort,
      "TRACE /api/houses HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
    );
    expect(api.type).toBe("application/json; charset=utf-8");
    expect(JSON.parse(api.body)).toEqual({ error: "No <way>." });
  });
});

describe("refuseConnect", () => {
  it("answers CONNECT with 405 instead of dropping the socket", async () => {
    const server = http.createServer();
    server.on("connect", refuseConnect);
    const serverPort = await listen(server);
    const answer = await raw(
      serverPort,
      "CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\n\r\n",
    );
    server.close();
    expect(answer.status).toBe(405);
    expect(answer.head).toMatch(/^allow: GET, HEAD, POST$/im);
    expect(answer.body).toContain("The CONNECT method is not allowed here.");
  });
});

describe("holdBodyUntilComplete", () => {
  const LIMIT = 32;
  const bodyServer = http.createServer((req, res) =>
    holdBodyUntilComplete(
      req,
      res,
      () => {
        let body = "";
        req.setEncoding("utf8");
        req.on("data", (chunk) => (body += chunk));
        req.on("end", () => res.end(`got ${body}`));
      },
      LIMIT,
    ),
  );
  let bodyPort = 0;
  beforeAll(async () => {
    bodyPort = await listen(bodyServer);
  });
  afterAll(() => new Promise<void>((resolve) => bodyServer.close(() => resolve())));

  const send = (headers: string, body: string) =>
    raw(bodyPort, `POST / HTTP/1.1\r\nHost: localhost\r\n${headers}Connection: close\r\n\r\n${body}`);
  const chunked = (parts: string[]) =>
    parts.map((part) => `${Buffer.byteLength(part).toString(16)}\r\n${part}\r\n`).join("") + "0\r\n\r\n";

  it("hands the body on whole, chunked or not, and a request without one at once", async () => {
    expect((await send("Content-Length: 5\r\n", "a=1&b")).body).toBe("got a=1&b");
    expect((await send("Transfer-Encoding: chunked\r\n", chunked(["a=1", "&b=2"]))).body).toBe("got a=1&b=2");
    expect((await raw(bodyPort, "GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")).body).toBe(
      "got ",
    );
  });

  it("answers 413 to a body over the cap, declared or streamed", async () => {
    const declared = await send(`Content-Length: ${LIMIT + 1}\r\n`, "x".repeat(LIMIT + 1));
    expect(declared.status).toBe(413);
    expect(declared.body).toContain("Nothing was saved.");
    const streamed = await send("Transfer-Encoding: chunked\r\n", chunked(["x".repeat(20), "y".repeat(20)]));
    expect(streamed.status).toBe(413);
  });

  it("lets a file's NUL bytes through when asked (a receipt's multipart post)", async () => {
    const binaryServer = http.createServer((req, res) =>
      holdBodyUntilComplete(req, res, () => req.resume().on("end", () => res.end("got it")), LIMIT, {
        binary: true,
      }),
    );
    const port = await listen(binaryServer);
    try {
      const body = "a=\x00\x00b";
      const answer = await raw(
        port,
        `POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
      );
      expect(answer.body).toBe("got it");
    } finally {
      await new Promise<void>((resolve) => binaryServer.close(() => resolve()));
    }
  });

  it("answers 400 to a NUL byte, raw, urlencoded or JSON-escaped", async () => {
    for (const body of ["a=\x00", "a=%00", 'a="\\u0000"']) {
      const answer = await send(`Content-Length: ${Buffer.byteLength(body)}\r\n`, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toContain("NUL character");
    }
  });
});

describe("rememberClientAddress", () => {
  it("gives clientIp the socket peer, or a test's address", async () => {
    const request = new Request("http://localhost/");
    const addresses: string[] = [];
    rememberClientAddress(fakeRequest("GET", "/", {}, "10.9.8.7"), () => {
      void Promise.resolve().then(() => addresses.push(clientIp(request)));
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(addresses).toEqual(["10.9.8.7"]);
    expect(runAsClient("10.1.2.3", () => clientIp(request))).toBe("10.1.2.3");
    expect(clientIp(request)).toBe("unknown");
  });
});
