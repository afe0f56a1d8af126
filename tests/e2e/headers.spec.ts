import { expect, test } from "@playwright/test";
import { DEMO_PASSWORD, uniqueEmail } from "./support";

const port = Number(process.env.E2E_PORT ?? "3100");
const origin = `http://localhost:${port}`;

test("the login page's 429 says when to come back", { tag: "@once" }, async ({ request }) => {
  const email = uniqueEmail("locked");
  let last = await request.post("/auth", {
    headers: { Origin: origin },
    form: { intent: "login", email, password: "wrong-password", redirect: "/" },
  });
  for (let attempt = 2; attempt <= 6; attempt++) {
    last = await request.post("/auth", {
      headers: { Origin: origin },
      form: { intent: "login", email, password: "wrong-password", redirect: "/" },
    });
  }
  expect(last.status()).toBe(429);
  expect(Number(last.headers()["retry-after"])).toBeGreaterThan(0);
});

test(
  "member pages and script data are never cached or sniffed; nor is the calendar file",
  { tag: "@once" },
  async ({ request }) => {
    const login = await request.post("/auth", {
      headers: { Origin: origin },
      form: { intent: "login", email: "casey@example.com", password: DEMO_PASSWORD, redirect: "/houses" },
      maxRedirects: 0,
    });
    expect(login.status()).toBe(302);
    const page = await request.get("/houses");
    expect(page.headers()["cache-control"]).toBe("private, no-store");
    const data = await request.get("/houses.data");
    expect(data.status()).toBe(200);
    expect(data.headers()["cache-control"]).toContain("no-store");
    expect(data.headers()["x-content-type-options"]).toBe("nosniff");
    const calendar = await request.get("/sgw25.ics");
    expect(calendar.headers()["x-content-type-options"]).toBe("nosniff");
  },
);
