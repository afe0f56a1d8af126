import { NAME_MAX } from "~/platform/lib/limits";

/** A member's name, as registering and the survey's first section both ask for it. */
export function NameInput({ defaultValue, invalid }: { defaultValue?: string; invalid?: boolean }) {
  return (
    <input
      id="name"
      name="name"
      type="text"
      autoComplete="name"
      maxLength={NAME_MAX}
      defaultValue={defaultValue}
      aria-invalid={invalid ? true : undefined}
    />
  );
}
