import { describe, expect, it } from "vitest";
import { parseEnv } from "~/platform/env.server";

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

  it("keeps the demo on its embedded directory, whatever DATABASE_URL says", () => {
    expect(parseEnv({ NODE_ENV: "test" }).demo).toBe(false);
    const config = parseEnv({
      NODE_ENV: "production",
      SGW_DEMO: "1",
      PGLITE_DIR: "./data/demo",
      DATABASE_URL: "postgres://real.example/sgw",
    });
    expect(config.demo).toBe(true);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.pgliteDir).toBe("./data/demo");
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

  it("keeps the newest 14 backups in ./data/backups unless BACKUP_DIR and BACKUP_KEEP say otherwise", () => {
    expect(parseEnv({ NODE_ENV: "test", BACKUP_DIR: "", BACKUP_KEEP: "" })).toMatchObject({
      backupDir: "./data/backups",
      backupKeep: 14,
    });
    expect(parseEnv({ NODE_ENV: "test", BACKUP_DIR: "/srv/backups", BACKUP_KEEP: "30" })).toMatchObject({
      backupDir: "/srv/backups",
      backupKeep: 30,
    });
    expect(() => parseEnv({ NODE_ENV: "test", BACKUP_KEEP: "0" })).toThrow(/BACKUP_KEEP/);
  });

  it("treats an empty APP_URL as unset and knows whether it was given", () => {
    expect(parseEnv({ NODE_ENV: "test", APP_URL: "" }).appUrlConfigured).toBe(false);
    expect(parseEnv({ NODE_ENV: "test", APP_URL: "" }).appUrl).toBe("http://localhost:3000");
    expect(parseEnv({ NODE_ENV: "test", APP_URL: "https://sgw.example" }).appUrlConfigured).toBe(true);
  });

  it("reads TRUST_PROXY as a hop count or a list, and names a bad value", () => {
    expect(parseEnv({ NODE_ENV: "test" }).trustProxy).toEqual({ hops: 0 });
    expect(parseEnv({ NODE_ENV: "test", TRUST_PROXY: "2" }).trustProxy).toEqual({ hops: 2 });
    expect(parseEnv({ NODE_ENV: "test", TRUST_PROXY: "loopback, 10.0.0.0/8" }).trustProxy).toHaveProperty(
      "proxies",
    );
    expect(() => parseEnv({ NODE_ENV: "test", TRUST_PROXY: "yes" })).toThrow(/TRUST_PROXY/);
  });
});
