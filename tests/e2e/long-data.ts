import { expect, type APIRequestContext } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { NAME_MAX } from "../../app/platform/lib/limits";
import { NEW_PASSWORD } from "./support";

export const unbroken = (seed: string, length: number) =>
  seed.repeat(Math.ceil(length / seed.length)).slice(0, length);

export type LongData = {
  email: string;
  name: string;
  rtlName: string;
  title: string;
  city: string;
  concerns: string;
};

let made: Promise<LongData> | undefined;

/** One member per project with the longest answers the forms take, and one long house. */
export function longData(request: APIRequestContext): Promise<LongData> {
  made ??= (async () => {
    const tag = randomBytes(4).toString("hex");
    // A 240-character unbroken address: the footer, the organiser and the summary show it.
    const email = `${unbroken(`long${tag}`, 60)}@${unbroken("x", 60)}.${unbroken("y", 60)}.${unbroken("z", 48)}.example.com`;
    const name = unbroken(`Bartholomew😀${tag}`, NAME_MAX);
    const rtlName = unbroken(`عبدالرحمنשלום${tag}`, NAME_MAX);
    const data: LongData = {
      email,
      name,
      rtlName,
      title: unbroken(`Lakeview🏡Chalet${tag}`, 200),
      city: unbroken("Llanfairpwllgwyngyll", 120),
      concerns: unbroken(`Concerns${tag}😀مرحبا`, 1500),
    };
    expect(
      (await request.post("/api/register", { data: { email, password: NEW_PASSWORD, name } })).status(),
    ).toBe(201);
    const token = (
      await (await request.post("/api/login", { data: { email, password: NEW_PASSWORD } })).json()
    ).token as string;
    const headers = { Authorization: `Bearer ${token}` };
    const survey = await request.post("/api/survey", {
      headers,
      data: {
        name,
        attending: "yes",
        availability: { "Aug 21 - Aug 25": true },
        sgw_extension: "no",
        countries: { usa: true },
        extra_guests: { boo: true, child: false },
        shirt_size: { self: "m", boo: "l" },
        sgw24_attendee: "yes",
        sgw24_concerns: data.concerns,
        sgw25_suggestions: unbroken("Suggestion😀", 240),
        sgw25_dont_wanna_see: unbroken("ללא", 240),
      },
    });
    expect(survey.status(), await survey.text()).toBe(200);
    const house = await request.post("/api/houses", {
      headers,
      data: {
        url: `https://www.airbnb.com/rooms/${parseInt(tag, 16)}`,
        title: data.title,
        city: data.city,
        state: "CO",
        country: "USA",
        num_bedrooms: 8,
        num_beds: 10,
        num_baths: 4,
        listing_img: "https://127.0.0.1:9/long.jpg",
      },
    });
    expect(house.status(), await house.text()).toBe(201);
    // A second member, on the fence, with a right-to-left name.
    const rtlEmail = `rtl-${tag}@example.com`;
    await request.post("/api/register", { data: { email: rtlEmail, password: NEW_PASSWORD } });
    const rtlToken = (
      await (await request.post("/api/login", { data: { email: rtlEmail, password: NEW_PASSWORD } })).json()
    ).token as string;
    const rtl = await request.post("/api/survey", {
      headers: { Authorization: `Bearer ${rtlToken}` },
      data: { name: rtlName, attending: "maybe", availability: { "Aug 21 - Aug 25": true } },
    });
    expect(rtl.status(), await rtl.text()).toBe(200);
    return data;
  })();
  return made;
}
