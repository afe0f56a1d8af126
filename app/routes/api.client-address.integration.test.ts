import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/platform/env.server";
import { runAsClient } from "~/platform/services/request-path.server";
import * as forgotRoute from "~/routes/api.forgot-password";
import { useFreshDatabase } from "../../tests/support/database";
import { useFakeMail } from "../../tests/support/mail";
import { callRoute, makeRequest } from "../../tests/support/requests";

// The per-address limits as the address is worked out in production: TRUST_PROXY=1, as docs/deploying.md
// configures one proxy, and the socket peer given to each request.
useFreshDatabase();
useFakeMail();

const before = process.env.TRUST_PROXY;
beforeAll(() => {
  process.env.TRUST_PROXY = "1";
  resetEnvCache();
});
afterAll(() => {
  if (before === undefined) delete process.env.TRUST_PROXY;
  else process.env.TRUST_PROXY = before;
  resetEnvCache();
});

let calls = 0;

/** Twelve forgot-password posts for twelve new unknown e-mails: the limit is 10 per address an hour. */
async function forgotStatuses(peer: (i: number) => string, forwardedFor?: (i: number) => string) {
  const statuses: number[] = [];
  calls += 1;
  for (let i = 0; i < 12; i++) {
    const headers = forwardedFor ? { "X-Forwarded-For": forwardedFor(i) } : undefined;
    const request = makeRequest("/api/forgot-password", {
      json: { email: `nobody-${calls}-${i}@example.com` },
      headers,
    });
    const response = await runAsClient(peer(i), () => callRoute(forgotRoute.action as never, request));
    statuses.push(response.status);
  }
  return statuses;
}

const TEN_THEN_LIMITED = [...Array<number>(10).fill(200), 429, 429];

describe("per-address limits", () => {
  it("hold for a client on the internet that reaches the app's port directly with a forged X-Forwarded-For", async () => {
    const statuses = await forgotStatuses(
      () => "198.51.100.8",
      (i) => `203.0.113.${i}`,
    );
    expect(statuses).toEqual(TEN_THEN_LIMITED);
  });

  it("still read the address the proxy in front (a loopback peer) appended", async () => {
    const statuses = await forgotStatuses(
      () => "127.0.0.1",
      (i) => `6.6.6.${i}, 198.51.100.20`,
    );
    expect(statuses).toEqual(TEN_THEN_LIMITED);
    expect(
      await forgotStatuses(
        () => "127.0.0.1",
        (i) => `198.51.100.${30 + i}`,
      ),
    ).not.toContain(429);
  });

  it("count every address of one IPv6 /64 together, and an IPv4-mapped address as its IPv4", async () => {
    expect(await forgotStatuses((i) => `2001:db8:7:7::${(i + 1).toString(16)}`)).toEqual(TEN_THEN_LIMITED);
    expect(await forgotStatuses((i) => (i % 2 ? "::ffff:198.51.100.9" : "198.51.100.9"))).toEqual(
      TEN_THEN_LIMITED,
    );
  });
});
