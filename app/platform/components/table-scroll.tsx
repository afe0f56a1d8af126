import type { ReactNode } from "react";

/**
 * A wide table that scrolls sideways on a phone. The scrolling box takes keyboard focus so it can be
 * scrolled without a mouse (axe: scrollable-region-focusable), and is named for screen readers.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be focusable
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
