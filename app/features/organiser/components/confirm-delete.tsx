import type { ComponentProps } from "react";
import { ConfirmDeletion } from "~/platform/components/confirm-deletion";
import { CONFIRM_INTENT } from "~/features/organiser/lib/tidy-words";

/** The confirmation step of a destructive organiser action, back to the organiser page it came from. */
export function ConfirmDelete(
  props: Omit<ComponentProps<typeof ConfirmDeletion>, "headingId" | "className" | "formClassName" | "intent">,
) {
  return (
    <ConfirmDeletion
      headingId="confirm-heading"
      className="card confirm-delete"
      formClassName="organiser-form"
      intent={CONFIRM_INTENT}
      {...props}
    />
  );
}
