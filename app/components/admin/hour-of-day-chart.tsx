import { useId } from "react";
import { formatHour, formatHourSpan } from "~/lib/figure-format";
import { DESK_FIGURES_PAGE_TEXTS } from "~/shared/desk-operations";
import { TABLE_LOOK, TableRegion } from "./table-region";

export type HourSeries = {
  name: string;
  /** Null: no bar, '—'. */
  values: (number | null)[];
  format: (value: number | null) => string;
  /** ~/lib/chart-axis. */
  axisMax: number;
};

/** Two units never share one axis; shapes are sized by attributes because the CSP forbids inline styles. */
export function HourOfDayChart({
  title,
  hourHeading,
  tableCaption,
  hours,
  minute = 0,
  series,
}: {
  title: string;
  hourHeading: string;
  /** Also names its scrolling region. */
  tableCaption: string;
  hours: number[];
  /** 30 in a zone half an hour off UTC's hours. */
  minute?: number;
  series: HourSeries[];
}) {
  const captionId = useId();
  return (
    // The hour-by-hour table then fits a 320 px screen without scrolling.
    <figure className="min-w-0 rounded-xl border border-slate-200 p-3 sm:p-4">
      <figcaption className="font-semibold text-slate-900">{title}</figcaption>
      <div className="mt-3 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="min-w-0 space-y-6">
          {series.map((one) => (
            <HourBars key={one.name} hours={hours} minute={minute} series={one} />
          ))}
        </div>
        <TableRegion labelledBy={captionId}>
          <table className={TABLE_LOOK.table}>
            <caption id={captionId} className={TABLE_LOOK.caption}>
              {tableCaption}
            </caption>
            <thead>
              <tr>
                <th scope="col" className={TABLE_LOOK.head}>
                  {hourHeading}
                </th>
                {series.map((one) => (
                  <th key={one.name} scope="col" className={`${TABLE_LOOK.head} text-right`}>
                    {one.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {hours.map((hour, row) => (
                <tr key={hour}>
                  <th scope="row" className={`${TABLE_LOOK.rowHead} whitespace-nowrap tabular-nums`}>
                    {formatHourSpan(hour, minute)}
                  </th>
                  {series.map((one) => (
                    <td key={one.name} className={TABLE_LOOK.cell}>
                      {one.format(one.values[row] ?? null)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      </div>
    </figure>
  );
}

const LABEL_EVERY = 6;

function HourBars({ hours, minute, series }: { hours: number[]; minute: number; series: HourSeries }) {
  const { name, values, format, axisMax } = series;
  const percent = (value: number) => Math.min(100, Math.max(0, (value / axisMax) * 100));
  const middle = axisMax / 2;
  // No label rather than '1.5 conversations'.
  const middleLabel = Number.isInteger(middle) || values.some((v) => v !== null && !Number.isInteger(v));
  return (
    <div>
      <p aria-hidden="true" className="text-sm font-medium text-slate-800">
        {name}
      </p>
      <div role="img" aria-label={summaryOf(series, hours, minute)}>
        <div className="flex gap-2 pt-3">
          <div className="flex h-28 w-14 shrink-0 flex-col justify-between text-right text-xs leading-none text-slate-600">
            <span className="-translate-y-1/2">{format(axisMax)}</span>
            <span>{middleLabel ? format(middle) : ""}</span>
            {/* A duration's own words for zero ('under 1 s') would misread the axis. */}
            <span className="translate-y-1/2">0</span>
          </div>
          <div className="relative h-28 min-w-0 flex-1 border-b border-l border-slate-300">
            <div className="absolute inset-0 flex items-end gap-px px-0.5 sm:gap-1 sm:px-1">
              {hours.map((hour, i) => {
                const value = values[i] ?? null;
                // However small next to the largest.
                const height = value === null ? 0 : Math.max(percent(value), value > 0 ? 2 : 0);
                return (
                  <div key={hour} data-testid="chart-bar" className="h-full min-w-0.5 max-w-10 flex-1">
                    <svg className="block h-full w-full" aria-hidden="true">
                      <rect
                        x="0"
                        width="100%"
                        y={`${100 - height}%`}
                        height={`${height}%`}
                        rx="1"
                        className="fill-brand-600"
                      />
                    </svg>
                  </div>
                );
              })}
            </div>
          </div>
        </div>
        <div aria-hidden="true" className="mt-1 ml-16 flex gap-px px-0.5 text-xs text-slate-600 sm:gap-1 sm:px-1">
          {hours.map((hour, i) => (
            <div key={hour} className="flex min-w-0.5 max-w-10 flex-1 justify-center whitespace-nowrap">
              {i % LABEL_EVERY === 0 ? formatHour(hour, minute) : ""}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

/** Twenty-four numbers read out one by one would hide the two that matter; the table has all of them. */
function summaryOf({ name, values, format }: HourSeries, hours: number[], minute: number): string {
  const some = hours.flatMap((hour, i) => {
    const value = values[i] ?? null;
    return value === null || value === 0
      ? []
      : [DESK_FIGURES_PAGE_TEXTS.atHour(format(value), formatHour(hour, minute))];
  });
  const hoursText =
    some.length === 0
      ? DESK_FIGURES_PAGE_TEXTS.noneInAnyHour
      : some.length < hours.length
        ? `${some.join(", ")}; ${DESK_FIGURES_PAGE_TEXTS.noneOtherwise}`
        : some.join(", ");
  return DESK_FIGURES_PAGE_TEXTS.chartSummary(name, hoursText);
}
