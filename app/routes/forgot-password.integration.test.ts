import http from "node:http";
import type { AddressInfo } from "node:net";
import { createGzip, gunzipSync } from "node:zlib";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "~/platform/db/client.server";
import { oneTimeSecrets } from "~/platform/db/schema";
import { createUser } from "~/platform/models/user.server";
import { rememberClientAddress } from "~/platform/services/request-path.server";
import { callRoute, makeRequest } from "../../tests/support/requests";
import { useFreshDatabase } from "../../tests/support/database";
import * as forgotRoute from "~/routes/api.forgot-password";
import * as authPage from "~/routes/auth";

// What happened, in order: the response's last byte leaving ("sent …") and the mail work's first
// step, looking the address up ("lookup …").
const events = vi.hoisted(() => [] as string[]);
vi.mock("~/platform/models/user.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/platform/models/user.server")>();
  return {
    ...actual,
    getUserByEmail: (email: string) => {
      events.push(`lookup ${email}`);
      return actual.getUserByEmail(email);
    },
  };
});

useFreshDatabase();

type Route = { action?: unknown };
let server: http.Server;
let base: string;

// The app as remix-serve runs it: the request path keeps the Node response at hand, and the body is
// gzip-compressed on its way out, its last bytes leaving a little later (zlib's thread pool, a slow
// client), which is when a timer-scheduled mail job used to run and hold the answer back.
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const route = (req.url === "/auth" ? authPage : forgotRoute) as Route;
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () =>
      rememberClientAddress(
        req,
        async () => {
          const body = Buffer.concat(chunks).toString();
          const request = makeRequest(req.url!, {
            method: "POST",
            headers: { "Content-Type": req.headers["content-type"]! },
          });
          const answer = await callRoute(
            route.action as never,
            new Request(request, { body, method: "POST" }),
          );
          const headers: Record<string, string> = { "Content-Encoding": "gzip" };
          for (const name of ["Content-Type", "Location"]) {
            const value = answer.headers.get(name);
            if (value) headers[name] = value;
          }
          res.writeHead(answer.status, headers);
          res.once("finish", () => events.push(`sent ${req.headers["x-email"]}`));
          const gzip = createGzip();
          gzip.pipe(res);
          gzip.write(Buffer.from(await answer.arrayBuffer()));
          setTimeout(() => gzip.end(), 50);
        },
        res,
      ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Posts as a client would and returns the raw (compressed) bytes, as they came over the wire. */
function post(path: string, email: string, body: string, contentType: string) {
  return new Promise<{ status: number; location?: string; bytes: Buffer }>((resolve, reject) => {
    const request = http.request(`${base}${path}`, {
      method: "POST",
      headers: { "Content-Type": contentType, "Accept-Encoding": "gzip", "X-Email": email },
    });
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode!,
          location: response.headers.location,
          bytes: Buffer.concat(chunks),
        }),
      );
    });
    request.on("error", reject);
    request.end(body);
  });
}

const apiPost = (email: string) =>
  post("/api/forgot-password", email, JSON.stringify({ email }), "application/json");
const formPost = (email: string) =>
  post(
    "/auth",
    email,
    new URLSearchParams({ intent: "forgot", email }).toString(),
    "application/x-www-form-urlencoded",
  );

async function resetLinksOf(email: string) {
  const user = await (await import("~/platform/models/user.server")).getUserByEmail(email);
  const db = await getDb();
  return db
    .select()
    .from(oneTimeSecrets)
    .where(and(eq(oneTimeSecrets.kind, "reset-password"), eq(oneTimeSecrets.userId, user!.id)));
}

describe("forgot password answers before any of the mail work starts", () => {
  it("POST /api/forgot-password: the same bytes for a member and a stranger, sent before the address is looked up", async () => {
    await createUser({ email: "known@example.com", password: "secret1" });
    events.length = 0;
    const known = await apiPost("known@example.com");
    expect(events[0]).toBe("sent known@example.com");
    const unknown = await apiPost("nobody@example.com");
    expect(events.slice(0, 3)).toEqual([
      "sent known@example.com",
      "lookup known@example.com",
      "sent nobody@example.com",
    ]);
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.bytes.equals(known.bytes)).toBe(true);
    expect(JSON.parse(gunzipSync(known.bytes).toString())).toEqual({
      message: "If that account exists, a reset link is on its way.",
    });
    // The work still happens, after the answer: the member gets their link.
    await vi.waitFor(async () => expect(await resetLinksOf("known@example.com")).toHaveLength(1));
  });

  it("the /auth forgot form: the same answer for a member and a stranger, sent before the address is looked up", async () => {
    await createUser({ email: "form-known@example.com", password: "secret1" });
    events.length = 0;
    const known = await formPost("form-known@example.com");
    expect(events[0]).toBe("sent form-known@example.com");
    const unknown = await formPost("form-nobody@example.com");
    expect(events.slice(0, 3)).toEqual([
      "sent form-known@example.com",
      "lookup form-known@example.com",
      "sent form-nobody@example.com",
    ]);
    expect([known.status, unknown.status]).toEqual([302, 302]);
    expect(unknown.location).toBe(known.location);
    expect(unknown.bytes.equals(known.bytes)).toBe(true);
    await vi.waitFor(async () => expect(await resetLinksOf("form-known@example.com")).toHaveLength(1));
  });
});
