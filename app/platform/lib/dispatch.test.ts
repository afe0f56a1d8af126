import { describe, expect, it } from "vitest";
import { handlerFor } from "~/platform/lib/dispatch";

const handlers = { save: () => "saved", "send-reminder": () => "sent" };

describe("handlerFor", () => {
  it("finds the page's own handlers", () => {
    expect(handlerFor(handlers, "save")?.()).toBe("saved");
  });

  it("answers nothing for every name a plain object inherits, and for anything not a string", () => {
    for (const name of [...Object.getOwnPropertyNames(Object.prototype), "nope", ""]) {
      expect(handlerFor(handlers, name), name).toBeUndefined();
    }
    for (const name of [null, undefined, 1, ["save"], { toString: () => "save" }]) {
      expect(handlerFor(handlers, name)).toBeUndefined();
    }
  });
});
