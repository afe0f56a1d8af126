import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetEnvCache } from "~/env.server";
import { runAsClient } from "~/services/client-ip.server";
import { callRoute, cookieFrom, makeRequest } from "../../tests/support/requests";
import { useFreshDatabase } from "../../tests/support/database";
import * as confirmPage from "./organiser_.confirm";
import * as houseRoute from "./api.houses.$id";
import * as loginRoute from "./api.login";
import * as organiserPage from "./organiser";
import * as registerRoute from "./api.register";
import * as surveysCsv from "./organiser_.surveys[.]csv";
import * as authPage from "./auth";

type Fake = { server: { close(): void }; mails: Array<{ to: string; text: string }>; url: string };

useFreshDatabase();
const saved = { ...process.env };
let fake: Fake;

beforeAll(async () => {
  const { startFakeResend } = await import("../../tests/support/fake-resend.mjs");
  fake = (await startFakeResend(0)) as Fake;
  Object.assign(process.env, {
    ADMIN_EMAILS: "chief@example.com",
    RESEND_API_KEY: "re_test_key",
    RESEND_BASE_URL: fake.url,
  });
  resetEnvCache();
});

afterAll(() => {
  fake.server.close();
  for (const name of ["ADMIN_EMAILS", "RESEND_API_KEY", "RESEND_BASE_URL"]) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  resetEnvCache();
});

const api = (route: { action: unknown }, path: string, json: unknown, bearer?: string) =>
  runAsClient("10.40.0.1", () =>
    callRoute(route.action as never, makeRequest(path, { json, bearer, method: bearer ? "PATCH" : "POST" })),
  );

async function pageLogin(email: string, password: string) {
  const response = await runAsClient("10.40.0.2", () =>
    callRoute(
      authPage.action as never,
      makeRequest("/auth", { form: { intent: "login", email, password, redirect: "/" } }),
    ),
  );
  return cookieFrom(response);
}

describe("organiser rights need a confirmed address", () => {
  it("an account registered with the organiser's address is a plain member until confirmed", async () => {
    const registered = await api(registerRoute, "/api/register", {
      email: "chief@example.com",
      password: "taken-over",
    });
    expect(registered.status).toBe(201);
    const cookie = await pageLogin("chief@example.com", "taken-over");
    // The organiser page sends it to confirm the address; the CSVs too; house controls are refused.
    const page = await callRoute(organiserPage.loader as never, makeRequest("/organiser", { cookie }));
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/organiser/confirm");
    const csv = await callRoute(
      surveysCsv.loader as never,
      makeRequest("/organiser/surveys.csv", { cookie }),
    );
    expect(csv.status).toBe(302);
    expect(csv.headers.get("Location")).toBe("/organiser/confirm");
    const login = await api(loginRoute, "/api/login", { email: "chief@example.com", password: "taken-over" });
    const { token } = (await login.json()) as { token: string };
    const patch = await runAsClient("10.40.0.1", () =>
      callRoute(
        houseRoute.action as never,
        makeRequest("/api/houses/1", { method: "PATCH", json: { in_play: false }, bearer: token }),
        { id: "1" },
      ),
    );
    expect(patch.status).toBe(403);
  });

  it("the link mailed to the address confirms it once, for the member logged in as that address only", async () => {
    const cookie = await pageLogin("chief@example.com", "taken-over");
    const sent = await callRoute(
      confirmPage.action as never,
      makeRequest("/organiser/confirm", { cookie, form: { intent: "send" } }),
    );
    expect(sent.status).toBe(302);
    const mail = await vi.waitFor(() => {
      const found = fake.mails.find(
        (item) => item.to === "chief@example.com" || [item.to].flat()[0] === "chief@example.com",
      );
      if (!found) throw new Error("no mail yet");
      return found;
    });
    const token = mail.text.match(/\/organiser\/confirm\?token=([\w-]+)/)![1];
    // A wrong token changes nothing.
    const wrong = await callRoute(
      confirmPage.action as never,
      makeRequest("/organiser/confirm", { cookie, form: { intent: "confirm", token: `${token}x` } }),
    );
    expect(wrong.status).toBe(400);
    const confirmed = await callRoute(
      confirmPage.action as never,
      makeRequest("/organiser/confirm", { cookie, form: { intent: "confirm", token } }),
    );
    expect(confirmed.headers.get("Location")).toBe("/organiser");
    const page = await callRoute(organiserPage.loader as never, makeRequest("/organiser", { cookie }));
    expect(page.status).toBe(200);
    // Spent: the same link does nothing a second time.
    const again = await callRoute(
      confirmPage.action as never,
      makeRequest("/organiser/confirm", { cookie, form: { intent: "confirm", token } }),
    );
    expect(again.headers.get("Location")).toBe("/organiser");
  });
});
