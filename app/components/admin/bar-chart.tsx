import { niceAxisMax } from "~/lib/chart-axis";
import { THRESHOLD_TEXTS } from "~/lib/web-vitals";

type Datum = { label: string; value: number };
type Thresholds = { good: number; poor: number };

const plainFormat = (value: number) =>
  Number.isInteger(value) ? String(value) : String(Number(value.toFixed(value < 1 ? 3 : 1)));

/**
 * No charting library to download; the numbers are in a table for anyone who cannot see the bars.
 * Bars are placed by SVG attributes because the CSP forbids inline styles.
 */
export function BarChart({
  title,
  data,
  format = plainFormat,
  horizontal = false,
  thresholds,
}: {
  title: string;
  data: Datum[];
  format?: (value: number) => string;
  horizontal?: boolean;
  thresholds?: Thresholds;
}) {
  const values = data.map((d) => `${d.label} ${format(d.value)}`).join(", ");
  const lines = thresholds ? ` ${THRESHOLD_TEXTS.summary(format(thresholds.good), format(thresholds.poor))}` : "";
  const summary = `${title}: ${values}.${lines}`;
  return (
    <figure className="min-w-0 rounded-xl border border-slate-200 p-4">
      <figcaption className="mb-3 font-semibold text-slate-900">{title}</figcaption>
      {horizontal ? (
        <HorizontalBars data={data} format={format} summary={summary} />
      ) : (
        <VerticalBars data={data} format={format} summary={summary} thresholds={thresholds} />
      )}
      <details className="mt-2 text-sm text-slate-700">
        <summary className="cursor-pointer">Show the numbers</summary>
        <table className="mt-2 w-full text-left">
          <tbody>
            {data.map((d) => (
              <tr key={d.label} className="border-t border-slate-100">
                <th scope="row" className="py-1 font-normal [overflow-wrap:anywhere]">
                  {d.label}
                </th>
                <td className="py-1 text-right">{format(d.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

function VerticalBars({
  data,
  format,
  summary,
  thresholds,
}: {
  data: Datum[];
  format: (value: number) => string;
  summary: string;
  thresholds: Thresholds | undefined;
}) {
  const integer = !thresholds && data.every((d) => Number.isInteger(d.value));
  // The poor line stays inside the chart, with a little room above it.
  const max = niceAxisMax([...data.map((d) => d.value), ...(thresholds ? [thresholds.poor * 1.1] : [])], {
    integer,
  });
  const percent = (value: number) => Math.min(100, Math.max(0, (value / max) * 100));
  const middle = max / 2;
  const labelEvery = data.length <= 7 ? 1 : Math.ceil(data.length / 5);
  return (
    <div role="img" aria-label={summary}>
      <div className="flex gap-2 pt-5">
        <div className="flex h-40 w-14 shrink-0 flex-col justify-between text-right text-xs leading-none text-slate-600">
          <span className="-translate-y-1/2">{format(max)}</span>
          <span>{integer && !Number.isInteger(middle) ? "" : format(middle)}</span>
          <span className="translate-y-1/2">{format(0)}</span>
        </div>
        <div className="relative h-40 min-w-0 flex-1 border-b border-l border-slate-300">
          <div className="absolute inset-0 flex items-end gap-1 px-1 sm:gap-2">
            {data.map((d) => (
              <div key={d.label} data-testid="chart-bar" className="h-full min-w-0.5 max-w-10 flex-1">
                <svg className="block h-full w-full" aria-hidden="true">
                  <rect
                    x="0"
                    width="100%"
                    // However small next to the largest.
                    y={`${100 - Math.max(percent(d.value), d.value > 0 ? 1.5 : 0)}%`}
                    height={`${Math.max(percent(d.value), d.value > 0 ? 1.5 : 0)}%`}
                    rx="2"
                    className="fill-brand-600"
                  />
                </svg>
              </div>
            ))}
          </div>
          {thresholds ? (
            <svg
              className="pointer-events-none absolute inset-0 block h-full w-full overflow-visible"
              aria-hidden="true"
            >
              {(["good", "poor"] as const).map((kind) => {
                const y = `${100 - percent(thresholds[kind])}%`;
                const tone = kind === "good" ? "emerald" : "red";
                return (
                  <g key={kind} data-threshold={kind}>
                    <line
                      x1="0"
                      x2="100%"
                      y1={y}
                      y2={y}
                      strokeWidth="1.5"
                      strokeDasharray="6 4"
                      className={tone === "emerald" ? "stroke-emerald-700" : "stroke-red-700"}
                    />
                    <text
                      x="100%"
                      y={y}
                      dx="-4"
                      dy="-5"
                      textAnchor="end"
                      paintOrder="stroke"
                      strokeWidth="4"
                      className={`stroke-white text-xs font-semibold ${tone === "emerald" ? "fill-emerald-800" : "fill-red-800"}`}
                    >
                      {THRESHOLD_TEXTS[kind](format(thresholds[kind]))}
                    </text>
                  </g>
                );
              })}
            </svg>
          ) : null}
        </div>
      </div>
      <div className="mt-1 ml-16 flex gap-1 px-1 text-xs text-slate-600 sm:gap-2">
        {data.map((d, i) => (
          <div key={d.label} className="flex min-w-0.5 max-w-10 flex-1 justify-center whitespace-nowrap">
            {i % labelEvery === 0 ? d.label.slice(5) : ""}
          </div>
        ))}
      </div>
    </div>
  );
}

function HorizontalBars({
  data,
  format,
  summary,
}: {
  data: Datum[];
  format: (value: number) => string;
  summary: string;
}) {
  const max = Math.max(...data.map((d) => d.value), Number.MIN_VALUE);
  return (
    <div role="img" aria-label={summary} className="space-y-1.5">
      {data.map((d) => {
        // Leaving room for its number.
        const width = `${Math.max((d.value / max) * 70, d.value > 0 ? 0.5 : 0)}%`;
        return (
          <div key={d.label} className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] items-center gap-2 text-xs">
            <span className="truncate text-right text-slate-700">{d.label}</span>
            <svg className="block h-5 w-full overflow-visible" aria-hidden="true">
              <rect x="0" y="2" height="16" width={width} rx="3" className="fill-brand-600" />
              <text x={width} dx="4" y="50%" dominantBaseline="central" className="fill-slate-900 text-xs">
                {format(d.value)}
              </text>
            </svg>
          </div>
        );
      })}
    </div>
  );
}
