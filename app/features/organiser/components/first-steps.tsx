import { Link } from "@remix-run/react";
import type { FirstStep } from "~/features/organiser/lib/first-steps";

/** A new season's first steps on the overview, each marked done or to do in words (no script). */
export function FirstSteps({ steps }: { steps: readonly FirstStep[] }) {
  const left = steps.filter((step) => !step.done).length;
  return (
    <section className="card first-steps" aria-labelledby="first-steps-heading">
      <h2 id="first-steps-heading">First steps</h2>
      <p>
        A new season starts with these, in this order; each is ticked off here once it is done.{" "}
        {left === 1 ? "1 step is left." : `${left} steps are left.`}
      </p>
      <ol>
        {steps.map((step) => (
          <li key={step.label} className={step.done ? "step-done" : "step-open"}>
            <span className="step-mark" aria-hidden="true">
              {step.done ? "✓" : "○"}
            </span>{" "}
            <strong>{step.done ? "Done:" : "To do:"}</strong> <Link to={step.to}>{step.label}</Link>:{" "}
            {step.detail}
          </li>
        ))}
      </ol>
    </section>
  );
}
