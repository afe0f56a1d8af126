import { describe, expect, it } from "vitest";
import { useFreshDatabase } from "../../tests/support/database";
import { getSetting, setSetting, setSettingOnce } from "./settings.server";

useFreshDatabase();

describe("settings", () => {
  it("stores, replaces and reads a value", async () => {
    expect(await getSetting("survey_deadline")).toBeUndefined();
    await setSetting("survey_deadline", "2025-07-01T12:00:00Z");
    await setSetting("survey_deadline", "2025-07-02T12:00:00Z");
    expect(await getSetting("survey_deadline")).toBe("2025-07-02T12:00:00Z");
  });

  it("keeps the first value when set once", async () => {
    expect(await setSettingOnce("secret", "first")).toBe("first");
    expect(await setSettingOnce("secret", "second")).toBe("first");
  });
});
