import { describe, expect, it } from "vitest";
import { z } from "zod";
import { firstErrorPerField } from "~/platform/lib/field-errors";

describe("firstErrorPerField", () => {
  it("keeps the first message per dotted path and files whole-input issues under the fallback", () => {
    const schema = z
      .object({ size: z.object({ boo: z.enum(["s", "m"]) }), name: z.string().min(2).max(1) })
      .refine(() => false, "Nope");
    const result = schema.safeParse({ size: { boo: "xxl" }, name: "a" });
    expect(result.success).toBe(false);
    const errors = firstErrorPerField(result.error!, "survey");
    expect(Object.keys(errors).sort()).toEqual(["name", "size.boo"]);
    const whole = z.string().safeParse(1);
    expect(firstErrorPerField(whole.error!)).toEqual({ body: whole.error!.issues[0].message });
  });
});
