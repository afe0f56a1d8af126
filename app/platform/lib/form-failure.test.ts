import { describe, expect, it } from "vitest";
import { failureFor, houseForm } from "~/platform/lib/form-failure";

describe("failureFor", () => {
  it("finds a failure for the page's only form, or for the form it names", () => {
    const login = { error: "Error: wrong password", form: "login", values: { email: "a@b.c" } };
    expect(failureFor(login)).toBe(login);
    expect(failureFor(login, "login")).toBe(login);
    expect(failureFor(login, "register")).toBeUndefined();
    const fields = { fieldErrors: { name: "too long" } };
    expect(failureFor(fields)).toBe(fields);
  });

  it("ignores no answer and a success", () => {
    expect(failureFor(undefined)).toBeUndefined();
    expect(failureFor({ ok: true })).toBeUndefined();
  });

  it("names a house card's forms by the house", () => {
    expect(failureFor({ error: "House not found", form: houseForm(7) }, "house-7")?.error).toBe(
      "House not found",
    );
  });
});
