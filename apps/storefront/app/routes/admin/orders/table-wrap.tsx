import type { ReactNode } from "react";

/**
 * A wide table that scrolls sideways inside its box at 360 px instead of widening the page; the box
 * is a named region that takes focus, so keyboard users can scroll it too (WCAG 2.1.1).
 */
export function TableWrap({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to be scrolled.
    <section className="admin-table-wrap" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
