/**
 * A seeded request fuzzer for every page action and /api route: malformed JSON, wrong content
 * types, unicode and NUL bytes, huge numbers, arrays for strings, duplicate fields, unknown methods;
 * on raw sockets (what fetch and Node's client refuse to send) malformed Host and X-Forwarded-Host
 * headers, absolute-form, `*` and raw UTF-8 request targets; and real logins whose redirect is
 * non-Latin-1 text. It only ever talks to the server it is given (loopback), and stops after
 * `count` requests.
 */
import http from "node:http";
import net from "node:net";
import { SURVEY_FIELDS } from "~/features/survey/lib/survey-fields";

export type FuzzReport = {
  sent: number;
  byStatus: Record<number, number>;
  serverErrors: string[];
  /** How many requests of each kind went out: ordinary, raw-socket, login with a Unicode redirect. */
  byKind: Record<"plain" | "wire" | "unicodeLogin", number>;
  /** Logins with a Unicode redirect that logged in and were sent there, encoded. */
  unicodeRedirects: number;
};

/** A small deterministic PRNG (mulberry32), so a failing run can be replayed with its seed. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PAGE_POSTS = [
  "/auth",
  "/auth?redirect=/houses",
  "/reset-password?token=abc",
  "/survey/1",
  "/survey/2",
  "/survey/3",
  "/survey/4",
  "/survey/5",
  "/survey/6",
  "/survey/7",
  "/survey/99",
  "/houses",
  "/houses-suggest",
  "/results-summary",
  "/organiser",
  "/organiser/confirm?token=abc",
  "/organiser/next-edition",
  "/organiser/houses/1/edit",
  "/organiser/houses/1/delete",
  "/organiser/houses/abc/edit",
  "/organiser/members/3/delete",
  "/organiser/members/3/houses",
  "/organiser/members/4/survey",
  "/organiser/members/999999999999999999999/houses",
  // Remix's old data parameter and single-fetch data requests, which skip the page's document.
  "/houses?_data=routes/houses",
  "/auth?_data=routes/auth",
  "/houses.data",
  "/survey/2.data?_routes=routes/survey.($section)",
  "/organiser.data?_routes=routes/organiser",
];
const PAGE_GETS = [
  "/",
  "/about",
  "/sgw25",
  "/past-events",
  "/results",
  "/results-summary?q=%00",
  "/survey",
  "/survey/abc",
  "/houses",
  "/auth?mode=register&redirect=//evil.example",
  "/reset-password?token=%ff",
  "/nope/%E0%A4%A",
  "/past-events/2025",
  "/past-events/abc",
  "/sgw25.ics",
  "/photos/1-400.webp",
  "/photos/..%2f..%2fetc",
  "/organiser/surveys.csv",
  "/organiser/houses.csv",
  "/organiser/headcount.csv",
  "/organiser/confirm",
  "/organiser/members/3/houses",
  "/organiser/members/abc/delete",
  "/houses?_data=routes/houses",
  "/?_data=root",
  "/api/results?_data=x",
  "/_root.data",
  "/houses.data",
  "/results.data?_routes=root,routes/results",
  "/survey/9.data",
];
const API = [
  "/api/login",
  "/api/register",
  "/api/forgot-password",
  "/api/reset-password",
  "/api/survey",
  "/api/houses",
  "/api/houses/1",
  "/api/houses/999999999999999999999",
  "/api/houses/-1",
  "/api/houses/abc",
  "/api/houses/votes/summary",
  "/api/user",
  "/api/user/votes",
  "/api/votes",
  "/api/results",
  "/api/surveys/all",
  "/api/unknown",
];
const FIELDS = [
  "intent",
  "email",
  "password",
  "confirm",
  "token",
  "newPassword",
  "redirect",
  // Every survey answer, from the survey's own list.
  ...SURVEY_FIELDS,
  "houseId",
  "house_id",
  "user_id",
  "vote",
  "url",
  "title",
  "city",
  "state",
  "country",
  "countryChoice",
  "num_bedrooms",
  "num_beds",
  "num_baths",
  "listing_img",
  "in_play",
  "previous_house",
  "previous_house_year",
  "q",
  "houses",
  "price",
  "currency",
  "emails",
  "date",
  "time",
];
const INTENTS = [
  "login",
  "register",
  "forgot",
  "reset",
  "vote",
  "back",
  "next",
  "submit",
  "in-play",
  "previous",
  "confirm",
  "choose",
  "announce",
  "remind",
  "retry-reminder",
  "invite",
  "deadline",
  "x",
];
const METHODS = [
  "GET",
  "POST",
  "POST",
  "POST",
  "PATCH",
  "PUT",
  "DELETE",
  "OPTIONS",
  "TRACE",
  "PROPFIND",
  "HEAD",
];
/** Host headers Remix could not build a URL from (it answered 500 'Invalid URL'). */
const BAD_HOSTS = [
  "a b",
  "[::1",
  "127.0.0.1:99999",
  "localhost:-1",
  "localhost:abc",
  "[::1]:99999",
  ":80",
  "localhost:3000:1",
  "ünïcode.example",
  "a/b",
  "a?b",
  "a#b",
  "a@b",
  "%00",
  "",
];
/** X-Forwarded-Host values with bad ports and worse; Remix's adapter reads it whatever TRUST_PROXY says. */
const BAD_FORWARDED_HOSTS = [
  "localhost:99999",
  "localhost:abc",
  "127.0.0.1:65536",
  "evil.example:-1",
  "[::1",
  "a b",
  ", ",
  "localhost:3000, evil.example:70000",
  "日本.example",
];
const BAD_FORWARDED_PROTOS = ["javascript", "https, http", "", "ht tp"];
/** Request targets that are not a plain path: absolute-form, asterisk-form, raw UTF-8 and odd paths. */
const ODD_TARGETS = [
  "*",
  "http://localhost/",
  "http://evil.example/houses",
  "https://[::1/x",
  "http://127.0.0.1:99999/auth",
  "http:/x",
  "//evil.example/x",
  "/auth?redirect=/日本",
  "/日本",
  "/auth?redirect=%2F%E6%97%A5%E6%9C%AC",
  "/%",
  "?x",
  "../etc/passwd",
  "/a/../../b",
];
/** Non-Latin-1 (and merely odd) redirects for a login: the page must send the member there, encoded. */
const UNICODE_REDIRECTS = ["/日本", "/日本?q=ü x", "/houses#日本", "/Ω/😀", "/\u00e9t\u00e9", "/%E6%97%A5"];

const CONTENT_TYPES = [
  "application/json",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=xyz",
  "multipart/form-data",
  "text/plain",
  "application/xml",
  "application/json; charset=utf-16",
  "",
];

export async function fuzz(options: {
  baseUrl: string;
  origin: string;
  cookie: string;
  bearer: string;
  count: number;
  seed?: number;
  concurrency?: number;
}): Promise<FuzzReport> {
  const next = random(options.seed ?? 25);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)];
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency ?? 6 });
  const base = new URL(options.baseUrl);
  const goodHost = base.host;

  const scalar = (): unknown =>
    pick<() => unknown>([
      () => "",
      () => "yes",
      () => "love",
      () => "alex@example.com",
      () => "x".repeat(Math.floor(next() * 5000)),
      () => "nul\u0000byte",
      () => "\ud800 lone surrogate",
      () => "émoji 🏠 ‮rtl",
      () => "<script>alert(1)</script>",
      // A script URL, as an attacker would type it into a link field.
      () => ["javascript", "alert(1)"].join(":"),
      () => "https://www.airbnb.com/rooms/1?x=1",
      () => "https://example.com/a.jpg",
      () => 1e308,
      () => -0,
      () => 2 ** 64,
      () => 6.5,
      () => -1,
      () => 8,
      () => true,
      () => null,
      () => [],
      () => ["a", "b"],
      () => ({}),
      () => ({ usa: true, nested: { deep: [1, 2, 3] } }),
    ])();

  function jsonBody(): string {
    const kind = next();
    if (kind < 0.15) return pick(["{", '{"a":', "[1,2", "nul\u0000", "\u0000", "", "   ", "{'a':1}", "NaN"]);
    if (kind < 0.25) return JSON.stringify(pick([[], [1], "text", 42, null, true]));
    const body: Record<string, unknown> = {};
    const n = Math.floor(next() * 8);
    for (let i = 0; i < n; i++) body[pick(FIELDS)] = scalar();
    if (next() < 0.3) body.vote = pick(["love", "like", "dislike", "hate", ""]);
    let text = JSON.stringify(body);
    // Duplicate keys: JSON.parse keeps the last one.
    if (next() < 0.2)
      text = text
        .replace(/^\{/, `{"email":"dup@example.com","email":${JSON.stringify(scalar())},`)
        .replace(",}", "}");
    return text;
  }

  /** encodeURIComponent, except that a lone surrogate becomes bytes that are not valid UTF-8. */
  const encode = (value: unknown) => {
    try {
      return encodeURIComponent(String(value));
    } catch {
      return "%ED%A0%80";
    }
  };

  function formBody(): string {
    const parts: string[] = [];
    const n = Math.floor(next() * 10);
    if (next() < 0.8) parts.push(`intent=${encodeURIComponent(pick(INTENTS))}`);
    for (let i = 0; i < n; i++) {
      const name = pick(FIELDS);
      const raw = pick(["%00", "%zz", "%", "%E0%A4%A", "a%26b%3Dc", ""]);
      const value = next() < 0.3 ? raw : encode(String(scalar()).slice(0, 3000));
      parts.push(`${name}=${value}`);
      if (next() < 0.2) parts.push(`${name}=${encode(scalar())}`);
    }
    return parts.join("&");
  }

  function multipartBody(): string {
    return pick([
      '--xyz\r\nContent-Disposition: form-data; name="intent"\r\n\r\nlogin\r\n--xyz--\r\n',
      "--xyz\r\nbroken",
      "no boundary here",
      '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\n' +
        "A".repeat(2000) +
        "\r\n--xyz--",
    ]);
  }

  function build() {
    const api = next() < 0.5;
    const method = next() < 0.85 ? (api ? pick(["GET", "POST", "POST", "PATCH"]) : "POST") : pick(METHODS);
    const path = api ? pick(API) : method === "GET" ? pick(PAGE_GETS) : pick(PAGE_POSTS);
    const headers: Record<string, string> = {};
    const type = pick(CONTENT_TYPES);
    let body: string | undefined;
    if (!["GET", "HEAD"].includes(method)) {
      body = type.startsWith("application/json")
        ? jsonBody()
        : type.startsWith("multipart")
          ? multipartBody()
          : next() < 0.5
            ? formBody()
            : jsonBody();
      if (type) headers["Content-Type"] = type;
      // Node's client frames no body for TRACE/OPTIONS/DELETE by itself: say its length, as a real client would.
      headers["Content-Length"] = String(Buffer.byteLength(body));
      headers.Origin = next() < 0.9 ? options.origin : pick(["https://evil.example", "null", "not a url"]);
    }
    const who = next();
    if (who < 0.45) headers.Cookie = options.cookie;
    else if (who < 0.8) headers.Authorization = `Bearer ${options.bearer}`;
    else if (who < 0.9)
      headers.Authorization = pick(["Bearer ", "Bearer x", "Basic abc", "Bearer \u00e9"]).replace(
        /[^\x20-\x7e]/g,
        "?",
      );
    else headers.Cookie = pick(["sgw_session=garbage", "sgw_session=%00", "sgw_flash=x; sgw_session="]);
    return { method, path, headers, body };
  }

  /** A request written byte for byte on a socket: Host, X-Forwarded-Host and the target as given. */
  function wire() {
    const kind = next();
    const method = pick(["GET", "GET", "POST", "HEAD", "OPTIONS"]);
    const path = method === "POST" ? pick([...PAGE_POSTS, ...API]) : pick([...PAGE_GETS, ...API]);
    const target = kind < 0.6 ? path : pick(ODD_TARGETS);
    const lines = [`${method} ${target} ${next() < 0.9 ? "HTTP/1.1" : "HTTP/1.0"}`];
    const host = kind < 0.35 || kind >= 0.85 ? pick(BAD_HOSTS) : goodHost;
    if (next() < 0.95) lines.push(`Host: ${host}`);
    if (next() < 0.05) lines.push(`Host: ${pick(BAD_HOSTS)}`);
    if ((kind >= 0.35 && kind < 0.6) || next() < 0.2)
      lines.push(`X-Forwarded-Host: ${pick(BAD_FORWARDED_HOSTS)}`);
    if (next() < 0.2) lines.push(`X-Forwarded-Proto: ${pick(BAD_FORWARDED_PROTOS)}`);
    if (next() < 0.5)
      lines.push(next() < 0.5 ? `Cookie: ${options.cookie}` : `Authorization: Bearer ${options.bearer}`);
    let body = "";
    if (method === "POST") {
      body = next() < 0.5 ? formBody() : jsonBody();
      lines.push(
        `Content-Type: ${body.startsWith("{") || body.startsWith("[") ? "application/json" : "application/x-www-form-urlencoded"}`,
        `Origin: ${next() < 0.8 ? options.origin : `http://${host}`}`,
        `Content-Length: ${Buffer.byteLength(body)}`,
      );
    }
    lines.push("Connection: close");
    const raw = Buffer.from(`${lines.join("\r\n")}\r\n\r\n${body}`, "utf8");
    return { method, path: target, host, raw };
  }

  /** Sends a raw request and reads the status line (0: the connection closed without an answer). */
  const sendWire = (raw: Buffer) =>
    new Promise<number>((resolve) => {
      let head = "";
      let done = false;
      const finish = (status: number, why = "") => {
        if (done) return;
        done = true;
        if (status === 0) lastError = why || "closed without an answer";
        socket.destroy();
        resolve(status);
      };
      const socket = net.connect({ host: base.hostname, port: Number(base.port) });
      socket.setTimeout(10_000, () => finish(0, "timeout"));
      socket.on("error", (error) => finish(0, String((error as { code?: string }).code ?? error.message)));
      socket.on("data", (chunk) => {
        head += chunk.toString("latin1");
        const match = /^HTTP\/1\.[01] (\d{3})/.exec(head);
        if (match) finish(Number(match[1]));
        else if (head.length > 12 && !head.startsWith("HTTP/")) finish(0, `not HTTP: ${head.slice(0, 40)}`);
      });
      socket.on("end", () => finish(0));
      socket.write(raw);
    });

  /**
   * A real login (page form or its script's `.data` post) whose redirect is non-Latin-1 text: it
   * must send the member there, percent-encoded, after creating the session. It comes from an
   * address of its own on loopback, so the fuzz's failed logins never rate-limit it.
   */
  function unicodeLogin() {
    const redirect = pick(UNICODE_REDIRECTS);
    const path = `/auth${next() < 0.3 ? ".data" : ""}?redirect=${encodeURIComponent(redirect)}`;
    const body = new URLSearchParams({
      intent: "login",
      redirect,
      email: pick(["casey@example.com", "sam@example.com"]),
      password: "sgw25-demo",
    }).toString();
    return { method: "POST", path, redirect, body };
  }

  const sendUnicodeLogin = (request: ReturnType<typeof unicodeLogin>) =>
    new Promise<{ status: number; location: string }>((resolve) => {
      const req = http.request(
        `http://127.0.0.1:${base.port}${request.path}`,
        {
          method: "POST",
          localAddress: "127.0.0.77",
          family: 4,
          headers: {
            Host: goodHost,
            "Content-Type": "application/x-www-form-urlencoded",
            "Content-Length": String(Buffer.byteLength(request.body)),
            Origin: options.origin,
          },
        },
        (response) => {
          response.resume();
          const location = response.headers.location ?? String(response.headers["x-remix-redirect"] ?? "");
          response.on("end", () => resolve({ status: response.statusCode ?? 0, location }));
        },
      );
      req.setTimeout(10_000, () => req.destroy(new Error("timeout")));
      req.on("error", (error) => {
        lastError = String((error as { code?: string }).code ?? error.message);
        resolve({ status: 0, location: "" });
      });
      req.end(request.body);
    });

  const report: FuzzReport = {
    sent: 0,
    byStatus: {},
    serverErrors: [],
    byKind: { plain: 0, wire: 0, unicodeLogin: 0 },
    unicodeRedirects: 0,
  };
  let lastError = "";
  const send = (request: ReturnType<typeof build>) =>
    new Promise<number>((resolve) => {
      const req = http.request(
        `${options.baseUrl}${request.path}`,
        { method: request.method, headers: request.headers, agent },
        (response) => {
          response.resume();
          response.on("end", () => resolve(response.statusCode ?? 0));
        },
      );
      req.on("socket", (socket) => {
        const previous = (socket as unknown as { lastRequest?: string }).lastRequest;
        if (process.env.FUZZ_TRACE) (req as unknown as { previous?: string }).previous = previous;
        (socket as unknown as { lastRequest?: string }).lastRequest =
          `${request.method} ${request.path} ${request.headers["Content-Type"] ?? "-"} ${String(request.body ?? "").length}`;
      });
      req.setTimeout(10_000, () => req.destroy(new Error("timeout")));
      req.on("error", (error) => {
        lastError = String((error as { code?: string }).code ?? error.message);
        if (process.env.FUZZ_TRACE)
          lastError += ` after ${(req as unknown as { previous?: string }).previous}`;
        resolve(0);
      });
      req.end(request.body);
    });

  let issued = 0;
  const count = (status: number, describe: () => string) => {
    report.sent += 1;
    report.byStatus[status] = (report.byStatus[status] ?? 0) + 1;
    if (status >= 500 || status === 0) {
      report.serverErrors.push(`${status}${status === 0 ? `(${lastError})` : ""} ${describe()}`);
    }
  };

  async function worker() {
    while (issued < options.count) {
      issued += 1;
      const kind = next();
      if (kind < 0.15) {
        const request = wire();
        report.byKind.wire += 1;
        const status = await sendWire(request.raw);
        count(status, () => `wire ${JSON.stringify(request.raw.toString("utf8").slice(0, 300))}`);
      } else if (kind < 0.17) {
        const request = unicodeLogin();
        report.byKind.unicodeLogin += 1;
        const { status, location } = await sendUnicodeLogin(request);
        // Logged in and sent on: an ASCII-only (encoded) Location to the page asked for, not the login.
        if (/^\/[\x21-\x7e]+$/.test(location) && !location.startsWith("/auth")) report.unicodeRedirects += 1;
        count(status, () => `unicode login ${request.path} -> ${location}`);
      } else {
        const request = build();
        report.byKind.plain += 1;
        const status = await send(request);
        count(
          status,
          () =>
            `${request.method} ${request.path} ${request.headers["Content-Type"] ?? "-"} ${JSON.stringify(request.body ?? "").slice(0, 200)}`,
        );
      }
    }
  }
  await Promise.all(Array.from({ length: options.concurrency ?? 6 }, worker));
  agent.destroy();
  return report;
}

/** Every page whose forms pick a handler by their posted `intent`, as a page post and a data post. */
const INTENT_PAGES = [
  ["/money", "/money.data?index"],
  ["/money/setup", "/money/setup.data"],
  ["/money/expenses/1", "/money/expenses/1.data"],
  ["/account", "/account.data"],
  ["/auth", "/auth.data"],
  ["/sign-in/code", "/sign-in/code.data"],
  ["/register/code", "/register/code.data"],
  ["/houses", "/houses.data"],
  ["/survey/1", "/survey/1.data"],
  ["/trip", "/trip.data"],
  ["/trip/rooms", "/trip/rooms.data"],
  ["/organiser", "/organiser.data"],
  ["/organiser/decide", "/organiser/decide.data"],
  ["/organiser/event", "/organiser/event.data"],
  ["/organiser/mail", "/organiser/mail.data"],
  ["/organiser/people", "/organiser/people.data"],
  ["/organiser/houses", "/organiser/houses.data?index"],
  ["/organiser/confirm", "/organiser/confirm.data"],
  ["/organiser/next-edition", "/organiser/next-edition.data"],
] as const;

const EMAIL = /[\w.%+-]+@[\w-]+(?:\.[\w-]+)+/g;
const emailsIn = (text: string) => new Set(text.match(EMAIL) ?? []);

export type IntentSweepReport = { sent: number; serverErrors: string[]; leaks: string[] };

/**
 * Posts every name a plain object inherits (`constructor`, `__proto__`, `toString`…) as the intent
 * of every page that dispatches on one, as the member behind `cookie`. An answer must not be a 5xx,
 * nor hold an e-mail address that the member's own GET of that page does not show.
 */
export async function intentSweep(options: {
  baseUrl: string;
  origin: string;
  cookie: string;
}): Promise<IntentSweepReport> {
  const report: IntentSweepReport = { sent: 0, serverErrors: [], leaks: [] };
  const names = Object.getOwnPropertyNames(Object.prototype);
  for (const [page, data] of INTENT_PAGES) {
    const shown = emailsIn(
      await (await fetch(`${options.baseUrl}${page}`, { headers: { Cookie: options.cookie } })).text(),
    );
    for (const path of [page, data]) {
      for (const intent of names) {
        const response = await fetch(`${options.baseUrl}${path}`, {
          method: "POST",
          redirect: "manual",
          headers: {
            Cookie: options.cookie,
            Origin: options.origin,
            "Content-Type": "application/x-www-form-urlencoded",
          },
          body: new URLSearchParams({ intent }),
        });
        const body = await response.text();
        report.sent += 1;
        if (response.status >= 500)
          report.serverErrors.push(`${response.status} POST ${path} intent=${intent}`);
        const leaked = [...emailsIn(body)].filter((email) => !shown.has(email));
        if (leaked.length) report.leaks.push(`POST ${path} intent=${intent}: ${leaked.join(", ")}`);
      }
    }
  }
  return report;
}
