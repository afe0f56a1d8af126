import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server";

describe("parseEnv", () => {
  it("has working defaults for a laptop", () => {
    const config = parseEnv({ NODE_ENV: "test" });
    expect(config.port).toBe(3000);
    expect(config.appUrl).toBe("http://localhost:3000");
    expect(config.pgliteDir).toBe("./data/pglite");
    expect(config.databaseUrl).toBeUndefined();
    expect(config.secureCookies).toBe(false);
    expect(config.sessionSecret).toBeUndefined();
  });

  it("needs no SESSION_SECRET even on a public address (one is generated and stored)", () => {
    expect(
      parseEnv({ NODE_ENV: "production", APP_URL: "https://sgw.example" }).sessionSecret,
    ).toBeUndefined();
  });

  it("explains a bad value", () => {
    expect(() => parseEnv({ PORT: "eighty", NODE_ENV: "test" })).toThrow(/PORT/);
  });

  it("reads organisers case-insensitively and turns on secure cookies for https", () => {
    const config = parseEnv({
      NODE_ENV: "test",
      APP_URL: "https://sgw.example/",
      SESSION_SECRET: "x".repeat(32),
      ADMIN_EMAILS: " Org@Example.com, b@example.com ",
    });
    expect(config.adminEmails).toEqual(["org@example.com", "b@example.com"]);
    expect(config.secureCookies).toBe(true);
    expect(config.appUrl).toBe("https://sgw.example");
  });

  it("shows deadlines in America/New_York unless EVENT_TIME_ZONE names another zone", () => {
    expect(parseEnv({ NODE_ENV: "test" }).eventTimeZone).toBe("America/New_York");
    expect(parseEnv({ NODE_ENV: "test", EVENT_TIME_ZONE: "" }).eventTimeZone).toBe("America/New_York");
    expect(parseEnv({ NODE_ENV: "test", EVENT_TIME_ZONE: "Europe/Paris" }).eventTimeZone).toBe(
      "Europe/Paris",
    );
    expect(() => parseEnv({ NODE_ENV: "test", EVENT_TIME_ZONE: "Mars/Base" })).toThrow(/EVENT_TIME_ZONE/);
  });
});
