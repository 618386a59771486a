/** Named and focusable, so a keyboard can scroll it and a screen reader says what it holds. */
export function TableRegion({ labelledBy, children }: { labelledBy: string; children: React.ReactNode }) {
  return (
    // A named section is a region landmark.
    <section
      aria-labelledby={labelledBy}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must be reachable by keyboard to scroll it (WCAG 2.1.1)
      tabIndex={0}
      className="max-w-full overflow-x-auto rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
    >
      {children}
    </section>
  );
}

export const TABLE_LOOK = {
  table: "w-full border-collapse text-left text-sm text-slate-800",
  caption: "pb-2 text-left font-semibold text-slate-900",
  head: "border-b border-slate-300 px-1.5 py-2 align-bottom font-semibold text-slate-900 sm:px-2",
  rowHead: "border-t border-slate-100 px-1.5 py-1.5 font-normal [overflow-wrap:anywhere] sm:px-2",
  cell: "border-t border-slate-100 px-1.5 py-1.5 text-right tabular-nums whitespace-nowrap sm:px-2",
  /** Wrapping where it must. */
  textCell: "border-t border-slate-100 px-1.5 py-1.5 text-start [overflow-wrap:anywhere] sm:px-2",
} as const;
