import type { InputHTMLAttributes, ReactNode } from "react";

type Props = { label: ReactNode; id: string; children?: ReactNode } & InputHTMLAttributes<HTMLInputElement>;

/** An input in the forms' layout: its label above it, then anything read with it (a hint, an error). */
export function LabelledInput({ label, id, children, ...input }: Props) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} {...input} />
      {children}
    </div>
  );
}
