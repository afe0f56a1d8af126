import { describe, expect, it } from "vitest";
import { issueSetupLink, isOrganiser } from "~/features/accounts/index.server";
import { organisers, users } from "~/platform/db/schema";
import { ALREADY_SET_UP } from "~/platform/lib/error-copy";
import { createUser, getUserByEmail } from "~/platform/models/user.server";
import { getUser } from "~/platform/services/session.server";
import { resetEnvCache } from "~/platform/env.server";
import * as setup from "~/routes/setup";
import { callRoute, cookieFrom, expectRedirect, makeRequest } from "../../tests/support/requests";
import { useFreshDatabase } from "../../tests/support/database";
import { createConfirmedOrganiser } from "../../tests/support/organiser";

const database = useFreshDatabase();

const page = (token: string) => callRoute(setup.loader as never, makeRequest(`/setup?token=${token}`));
const post = (form: Record<string, string>) =>
  callRoute(setup.action as never, makeRequest("/setup", { form }));
const FIRST = { name: "Dana", email: "dana@example.org", password: "dana-secret-1" };

describe("/setup, the first start's one-time link", () => {
  it("expires after 24 hours", async () => {
    const dayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000 - 1000);
    const token = (await issueSetupLink(dayAgo))!;
    expect(await (await page(token)).json()).toEqual({ token: null });
    expect((await post({ ...FIRST, token })).status).toBe(400);
  });

  it("makes its holder the first organiser once; then the page and new links are gone", async () => {
    const replaced = (await issueSetupLink())!;
    const token = (await issueSetupLink())!;
    // A start's new link voids the one printed before.
    expect(await (await page(replaced)).json()).toEqual({ token: null });
    // Looking spends nothing (a scanner may open it first).
    expect(await (await page(token)).json()).toEqual({ token });
    expect(await (await page(token)).json()).toEqual({ token });

    // Refused forms keep what was typed and leave the link live.
    const short = await post({ token, name: "Dana", email: FIRST.email, password: "x" });
    expect(short.status).toBe(400);
    const refused = await short.json();
    expect(refused.fieldErrors.password).toMatch(/at least/);
    expect(refused.values).toEqual({ name: "Dana", email: FIRST.email });
    expect((await post({ ...FIRST, token: "not-the-link" })).status).toBe(400);
    expect((await post({ ...FIRST, token: replaced })).status).toBe(400);
    expect(await getUserByEmail(FIRST.email)).toBeUndefined();
    // A registered address is refused, and the link stays usable for another one.
    await createUser({ email: "taken@example.org", password: "taken-secret" });
    const taken = await post({ ...FIRST, email: "Taken@example.org", token });
    expect(taken.status).toBe(400);
    expect((await taken.json()).fieldErrors.email).toMatch(/already has an account/);

    const made = await post({ ...FIRST, token });
    expectRedirect(made, "/organiser");
    const member = await getUser(makeRequest("/", { cookie: cookieFrom(made) }));
    expect(member).toMatchObject({ email: FIRST.email, name: "Dana" });
    expect(member!.emailConfirmedAt).not.toBeNull();
    expect(await isOrganiser(member!)).toBe(true);

    // An organiser exists: no new link, and /setup answers 404, the spent link too.
    expect(await issueSetupLink()).toBeUndefined();
    const spent = await page(token);
    expect(spent.status).toBe(404);
    // In words: the planner is set up, sign in (the error page shows it).
    expect(await spent.text()).toBe(ALREADY_SET_UP);
    expect((await post({ ...FIRST, email: "eve@example.org", token })).status).toBe(404);
  });

  it("is not offered once an ADMIN_EMAILS organiser has confirmed their address", async () => {
    // Back to no organiser at all (the address stays added, but nobody holds it; who added it is a
    // shared record, so it lets go of the account first).
    await database.db.update(organisers).set({ addedBy: null });
    await database.db.delete(users);
    process.env.ADMIN_EMAILS = "ada@example.org";
    resetEnvCache();
    try {
      const token = (await issueSetupLink())!;
      expect(token).toBeTruthy();
      await createConfirmedOrganiser({ email: "ada@example.org" });
      expect(await issueSetupLink()).toBeUndefined();
      expect((await page(token)).status).toBe(404);
    } finally {
      delete process.env.ADMIN_EMAILS;
      resetEnvCache();
    }
  });
});
