import { describe, expect, it } from "vitest";
import { z } from "zod";
import { UNREADABLE, VALUE_MAX, anyFields, parseForm, readForm } from "~/platform/services/read-form.server";

const post = (body: string, type = "application/x-www-form-urlencoded") =>
  new Request("http://localhost/form", { method: "POST", headers: { "Content-Type": type }, body });

/** A urlencoded post of these fields, in this order; a list is its name once per value. */
const form = (fields: Record<string, string | string[]>) =>
  post(
    new URLSearchParams(
      Object.entries(fields).flatMap(([name, value]) => [value].flat().map((one) => [name, one])),
    ).toString(),
  );

describe("readForm", () => {
  it("trims every value but a password, which is taken as typed", async () => {
    const read = await readForm(
      form({ email: "  ana@example.com \n", password: " secret ", newPassword: " new " }),
      anyFields,
    );
    expect(read.ok && read.data).toEqual({
      email: "ana@example.com",
      password: " secret ",
      newPassword: " new ",
    });
  });

  it("keeps every single field for a refusal by default, never a password", async () => {
    const read = await readForm(
      form({ name: " Ana ", password: "secret1", confirmPassword: "secret1" }),
      anyFields,
    );
    expect(read.values).toEqual({ name: "Ana" });
  });

  it("keeps the named fields only, empty when not posted", async () => {
    const keep = ["name", "email", "password"];
    const read = await readForm(form({ name: "Ana", token: "t" }), anyFields, { keep });
    expect(read.values).toEqual({ name: "Ana", email: "" });
  });

  it("cuts a value to VALUE_MAX, or to the form's own limit for a field", async () => {
    const long = "x".repeat(10_000);
    const max = { addresses: 20_000, note: 200 };
    const read = await readForm(form({ title: long, addresses: long, note: long }), anyFields, { max });
    expect(read.ok && read.data.title).toHaveLength(VALUE_MAX);
    expect(read.ok && read.data.addresses).toHaveLength(10_000);
    expect(read.ok && read.data.note).toHaveLength(200);
  });

  it("still lets a field's own limit answer: the value reaches the schema longer than it", async () => {
    const schema = z.object({ answer: z.string().max(2000, "At most 2,000 characters") });
    const read = await readForm(form({ answer: "y".repeat(2001) }), schema);
    expect(!read.ok && read.failure).toEqual({
      error: "At most 2,000 characters",
      fieldErrors: { answer: "At most 2,000 characters" },
      values: { answer: "y".repeat(2001) },
    });
  });

  it("refuses with the first field's message, one per field, or the form's own message", async () => {
    const schema = z.object({
      name: z.string().min(1, "Name is required"),
      age: z.string().regex(/^\d+$/, "A number"),
    });
    const read = await readForm(form({ name: "  ", age: "x" }), schema);
    expect(!read.ok && read.failure).toEqual({
      error: "Name is required",
      fieldErrors: { name: "Name is required", age: "A number" },
      values: { name: "", age: "x" },
    });
    const named = await readForm(form({ name: "  ", age: "x" }), schema, { error: "Check the form." });
    expect(!named.ok && named.failure.error).toBe("Check the form.");
  });

  it("reads a name the schema describes as an array as the list of its values, none as []", async () => {
    const schema = z
      .object({ keep: z.array(z.string()), share: z.array(z.string()).optional(), intent: z.string() })
      .refine(() => true);
    const read = await readForm(form({ keep: ["off", " on "], intent: "login" }), schema);
    expect(read.ok && read.data).toEqual({ keep: ["off", "on"], share: [], intent: "login" });
    // A list is not typed text: a refusal keeps it only where its own view asks for it.
    expect(read.values).toEqual({ intent: "login" });
  });

  it("reads every name as a list when the schema's record (or catchall) takes arrays", async () => {
    const lists = await readForm(form({ flags: ["a", "b"], name: "Kim" }), z.record(z.array(z.string())));
    expect(lists.ok && lists.data).toEqual({ flags: ["a", "b"], name: ["Kim"] });
    const mixed = z.object({ intent: z.string() }).catchall(z.array(z.string()));
    const both = await readForm(form({ intent: ["a", "b"], x: "1" }), mixed);
    expect(both.ok && both.data).toEqual({ intent: "b", x: ["1"] });
  });

  it("keeps the last value of a single field posted twice (a submit button after a hidden field)", async () => {
    const read = await readForm(form({ intent: ["password", "password-code"] }), anyFields);
    expect(read.ok && read.data.intent).toBe("password-code");
  });

  it("reads prototype names as plain fields", async () => {
    const read = await readForm(form({ ["__proto__"]: "x", constructor: "y" }), z.object({}).passthrough());
    expect(read.ok && Object.getPrototypeOf(read.data)).toBe(Object.prototype);
    expect(read.ok && read.data.constructor).toBe("y");
  });

  it("answers a body that is no form with a message to try again, and gives nothing back", async () => {
    const read = await readForm(post("{}", "application/json"), anyFields, { keep: ["email"] });
    expect(!read.ok && read.failure).toEqual({ error: UNREADABLE });
    expect(read.values).toEqual({ email: "" });
  });
});

describe("parseForm", () => {
  it("reads kept fields as readForm reads a request", () => {
    const schema = z.object({ name: z.string(), flags: z.array(z.string()) });
    const read = parseForm(
      [
        ["name", " Kim "],
        ["flags", "a"],
      ],
      schema,
    );
    expect(read.ok && read.data).toEqual({ name: "Kim", flags: ["a"] });
  });
});
