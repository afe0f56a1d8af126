import { describe, expect, it } from "vitest";
import { setSurveyDeadline } from "~/features/season/models/event-settings.server";
import { invitations } from "~/platform/db/schema";
import { createUser } from "~/platform/models/user.server";
import { getReminderPreview } from "~/features/organiser/services/reminders.server";
import { useFreshDatabase } from "../../../../tests/support/database";
import { useFakeMail } from "../../../../tests/support/mail";

const database = useFreshDatabase();
useFakeMail({ APP_URL: "https://sgw.example" });

describe("the reminder's preview", () => {
  it("reads as its first recipient gets it: their name, their kind of link, and no secret made", async () => {
    await setSurveyDeadline(new Date("2099-07-01T22:00:00Z"));
    // Only an invited address waits: the preview greets the invite list's name and opens the register form.
    await database.db.insert(invitations).values({ email: "jo@example.com", name: "Jo Invited" });
    let preview = (await getReminderPreview())!;
    expect(preview.text).toMatch(/^Hi Jo Invited,/);
    expect(preview.text).toContain("https://sgw.example/auth?mode=register&email=jo%40example.com");
    expect(preview.text).not.toContain("Alex");

    // A member without answers comes first: the preview greets them and says their link signs them in.
    await createUser({ email: "sam@example.com", password: "secret1", name: "Sam Member" });
    preview = (await getReminderPreview())!;
    expect(preview.text).toMatch(/^Hi Sam Member,/);
    expect(preview.text).toContain("their own link: it signs them in and opens the survey");
    expect(preview.text).not.toMatch(/\/continue\/[A-Za-z0-9_-]{16}/);
  });
});
