import { describe, expect, it, vi } from "vitest";
import { getDb } from "~/platform/db/client.server";
import { useFreshDatabase } from "../../../tests/support/database";
import { getSetting, setSetting, setSettingOnce } from "~/platform/models/settings.server";

useFreshDatabase();

describe("settings", () => {
  it("stores, replaces and reads a value", async () => {
    expect(await getSetting("survey_deadline")).toBeUndefined();
    await setSetting("survey_deadline", "2025-07-01T12:00:00Z");
    await setSetting("survey_deadline", "2025-07-02T12:00:00Z");
    expect(await getSetting("survey_deadline")).toBe("2025-07-02T12:00:00Z");
  });

  it("reads a value once until the settings change", async () => {
    await setSetting("event_settings", "{}");
    const reads = vi.spyOn(await getDb(), "select");
    try {
      expect(await getSetting("event_settings")).toBe("{}");
      expect(await getSetting("event_settings")).toBe("{}");
      expect(reads).toHaveBeenCalledTimes(1);
      await setSetting("event_settings", '{"expectedMin":5}');
      expect(await getSetting("event_settings")).toBe('{"expectedMin":5}');
      expect(reads).toHaveBeenCalledTimes(2);
    } finally {
      reads.mockRestore();
    }
  });

  it("keeps the first value when set once", async () => {
    expect(await setSettingOnce("secret", "first")).toBe("first");
    expect(await setSettingOnce("secret", "second")).toBe("first");
  });
});
