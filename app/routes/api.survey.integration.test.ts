import { describe, expect, it } from "vitest";
import { emptySurvey } from "~/features/survey/lib/survey-fields";
import { surveyFixture } from "~/features/survey/lib/survey.fixture";
import { createSession } from "~/platform/models/session.server";
import { createUser, getUserById } from "~/platform/models/user.server";
import { callRoute, makeRequest } from "../../tests/support/requests";
import { useFreshDatabase } from "../../tests/support/database";
import { action, loader } from "~/routes/api.survey";

useFreshDatabase();

async function member(email: string) {
  const user = await createUser({ email, password: "secret1" });
  const { token } = await createSession(user!.id);
  return { id: user!.id, token };
}

const post = (token: string, json: unknown) =>
  callRoute(action, makeRequest("/api/survey", { bearer: token, json }));
const get = (token: string) => callRoute(loader, makeRequest("/api/survey", { bearer: token }));

const survey = surveyFixture({
  availability: { "Aug 21 - Aug 25": true },
  sgw_extension: "end",
  countries: { usa: true, canada: true, mexico: false },
  sober: "no",
  shirt_size: { self: "m", boo: "l", child: "" },
  fate_change: "nay",
  sgw24_attendee: "no",
  sgw24_concerns: "",
  sgw25_suggestions: "A lake",
  sgw25_dont_wanna_see: "",
});

describe("GET/POST /api/survey", () => {
  it("needs a valid bearer token", async () => {
    const anonymous = await callRoute(loader, makeRequest("/api/survey"));
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: "Authentication required" });
    const bad = await post("not-a-token", survey);
    expect(bad.status).toBe(401);
    expect(await bad.json()).toEqual({ error: "Invalid or expired token" });
  });

  it("answers {} before a survey, then stores and returns it as objects", async () => {
    const { id, token } = await member("kim@example.com");
    const before = await get(token);
    expect(before.status).toBe(200);
    expect(before.headers.get("Content-Type")).toContain("application/json");
    expect(await before.json()).toEqual({});

    const saved = await post(token, { ...survey, id: 99, user_id: 1 });
    expect(saved.status).toBe(200);
    const body = await saved.json();
    expect(body.message).toBe("Survey saved");
    expect(Object.keys(body.survey).sort()).toEqual(Object.keys(emptySurvey()).sort());
    expect(body.survey.availability["Aug 21 - Aug 25"]).toBe(true);
    expect(Object.keys(body.survey.availability)).toHaveLength(39);

    const after = await (await get(token)).json();
    expect(after).toEqual(body.survey);
    expect(after.countries).toEqual({ usa: true, canada: true, mexico: false });
    expect(after.shirt_size).toEqual({ self: "m", boo: "l", child: "" });
    expect((await getUserById(id))?.name).toBe("Kim");
  });

  it("replaces the first survey with the second and keeps members apart", async () => {
    const kim = await member("kim2@example.com");
    const lee = await member("lee@example.com");
    await post(kim.token, survey);
    await post(lee.token, { ...survey, name: "Lee", attending: "maybe" });
    await post(kim.token, { name: "Kimberly", attending: "no" });
    const kims = await (await get(kim.token)).json();
    expect(kims).toEqual({ ...emptySurvey(), name: "Kimberly", attending: "no" });
    expect((await (await get(lee.token)).json()).attending).toBe("maybe");
  });

  it.each([
    [{ attending: "perhaps" }, "attending"],
    [{ availability: { "Feb 30 - Mar 4": true } }, "availability.Feb 30 - Mar 4"],
    [{ shirt_size: { self: "xxl", boo: "", child: "" } }, "shirt_size.self"],
    [{ sgw24_concerns: "x".repeat(2001) }, "sgw24_concerns"],
  ])("refuses %j with a 400 naming the field, keeping the saved survey", async (change, field) => {
    const { token } = await member(`bad-${field.length}-${Object.keys(change)[0]}@example.com`);
    await post(token, survey);
    const response = await post(token, { ...survey, ...change });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(typeof body.error).toBe("string");
    expect(Object.keys(body.fieldErrors)).toEqual([field]);
    expect((await (await get(token)).json()).name).toBe("Kim");
  });

  it("refuses a malformed body and wrong methods", async () => {
    const { token } = await member("raw@example.com");
    const request = makeRequest("/api/survey", {
      method: "POST",
      bearer: token,
      headers: { "Content-Type": "application/json" },
    });
    const malformed = await callRoute(action, new Request(request, { body: "{not json" }));
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: "Request body must be a JSON object" });
    const put = await callRoute(
      action,
      makeRequest("/api/survey", { method: "PUT", bearer: token, json: survey }),
    );
    expect(put.status).toBe(405);
  });

  it("accepts a urlencoded body with nested maps as JSON strings", async () => {
    const { token } = await member("form@example.com");
    const response = await callRoute(
      action,
      makeRequest("/api/survey", {
        bearer: token,
        form: { name: "Form", attending: "maybe", countries: JSON.stringify({ mexico: true }) },
      }),
    );
    expect(response.status).toBe(200);
    expect((await response.json()).survey).toMatchObject({
      name: "Form",
      countries: { usa: false, canada: false, mexico: true },
    });
  });

  it("answers 400 and keeps the survey for an empty or non-object body", async () => {
    const { token } = await member("keep@example.com");
    expect((await post(token, survey)).status).toBe(200);
    const raw = (body: string | undefined, type = "application/json") =>
      callRoute(
        action,
        new Request(
          makeRequest("/api/survey", { method: "POST", bearer: token, headers: { "Content-Type": type } }),
          {
            body,
          },
        ),
      );
    const attempts = [
      await raw(undefined),
      await raw(""),
      await raw("   "),
      await raw("null"),
      await raw("[]"),
      await raw('"survey"'),
      await raw("42"),
      await raw("{}"),
      await raw('{"unknown": true}'),
      await raw("", "application/x-www-form-urlencoded"),
    ];
    for (const response of attempts) {
      expect(response.status).toBe(400);
      expect(await response.json()).toHaveProperty("error");
    }
    expect(await (await get(token)).json()).toMatchObject({
      name: "Kim",
      attending: "yes",
      sgw_extension: "end",
    });
  });
});
