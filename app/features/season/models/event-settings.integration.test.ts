import { describe, expect, it } from "vitest";
import { useFreshDatabase } from "../../../../tests/support/database";
import { DEFAULT_EVENT_SETTINGS } from "~/features/season/lib/event-settings";
import { setEditionSetting as setSetting } from "~/features/season/models/edition.server";
import {
  clearEventSettings,
  getEventSettings,
  saveEventFacts,
  setPlannedWeekend,
} from "~/features/season/models/event-settings.server";

useFreshDatabase();

const facts = { name: "autumn retreat", shortName: "AR25", expectedMin: 5, expectedMax: 7, chatUrl: "" };

describe("event settings", () => {
  it("reads the spec's facts when nothing is stored", async () => {
    expect(await getEventSettings()).toEqual(DEFAULT_EVENT_SETTINGS);
  });

  it("keeps the facts and the weekend apart: saving one never resets the other", async () => {
    await setPlannedWeekend("Aug 28 - Sep 1");
    await saveEventFacts(facts);
    expect(await getEventSettings()).toMatchObject({
      ...facts,
      plannedWeekend: "Aug 28 - Sep 1",
      weekendChosen: true,
    });
    await setPlannedWeekend(null);
    expect(await getEventSettings()).toMatchObject({
      ...facts,
      plannedWeekend: "Aug 21 - Aug 25",
      weekendChosen: false,
    });
    await clearEventSettings();
  });

  it("falls back to the defaults for a stored value that is not JSON or not valid", async () => {
    await setSetting("event_settings", "not json");
    expect(await getEventSettings()).toEqual(DEFAULT_EVENT_SETTINGS);
    await setPlannedWeekend("Sep 4 - Sep 8");
    expect((await getEventSettings()).plannedWeekend).toBe("Sep 4 - Sep 8");
    await setSetting("event_settings", JSON.stringify({ plannedWeekend: "Feb 1 - Feb 5", expectedMin: 20 }));
    expect(await getEventSettings()).toEqual(DEFAULT_EVENT_SETTINGS);
    await clearEventSettings();
  });
});
