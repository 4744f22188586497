import type { ReactNode } from "react";

/** A table that may be wider than a narrow screen: it scrolls sideways inside a named region. */
export function TableRegion({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must take focus, or the keyboard cannot scroll it (WCAG 2.1.1).
    <section className="admin-table-wrap" aria-labelledby={labelledBy} tabIndex={0}>
      {children}
    </section>
  );
}
