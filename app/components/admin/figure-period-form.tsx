import { useEffect, useId, useState } from "react";
import { Form } from "react-router";
import { dialogButtonClass } from "~/components/ui/dialog";
import { FIGURE_PERIOD_PARAM, FIGURE_TIME_ZONE_PARAM } from "~/lib/figure-period";
import { DESK_FIGURES_TEXTS, FIGURE_PERIOD_LABELS, FIGURE_PERIODS, type FigurePeriod } from "~/shared/desk-operations";

/**
 * A GET form, so the choice is in the address and works without scripts; 'Show' keeps arrow keys
 * from loading every step.
 */
export function FigurePeriodForm({
  period,
  timeZone,
  timeZones,
}: {
  period: FigurePeriod;
  timeZone: string;
  /** The server's list, so the page hydrates with the same options. */
  timeZones: string[];
}) {
  // Controlled, so the choices follow the figures after each load (back and forward too).
  const [chosen, setChosen] = useState(period);
  useEffect(() => setChosen(period), [period]);
  const [zone, setZone] = useState(timeZone);
  useEffect(() => setZone(timeZone), [timeZone]);
  const id = useId();
  return (
    <Form method="get" preventScrollReset className="mt-4 flex flex-wrap items-end gap-3">
      <fieldset className="min-w-0">
        <legend className="mb-1 text-sm font-medium text-slate-800">{DESK_FIGURES_TEXTS.period}</legend>
        <div className="flex flex-wrap gap-2">
          {FIGURE_PERIODS.map((value) => (
            <label
              key={value}
              className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full px-4 text-sm font-medium text-slate-800 ring-1 ring-slate-300 has-checked:bg-brand-50 has-checked:ring-2 has-checked:ring-brand-700 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-700"
            >
              <input
                type="radio"
                name={FIGURE_PERIOD_PARAM}
                value={value}
                checked={chosen === value}
                onChange={() => setChosen(value)}
                className="h-4 w-4 accent-brand-700 focus:outline-none"
              />
              {FIGURE_PERIOD_LABELS[value]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="min-w-0 max-w-full">
        <label htmlFor={`${id}-zone`} className="mb-1 block text-sm font-medium text-slate-800">
          {DESK_FIGURES_TEXTS.timeZone}
        </label>
        <select
          id={`${id}-zone`}
          name={FIGURE_TIME_ZONE_PARAM}
          value={zone}
          onChange={(event) => setZone(event.currentTarget.value)}
          aria-describedby={`${id}-zone-hint`}
          className="block min-h-11 w-full max-w-72 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus:outline-2 focus:outline-offset-1 focus:outline-brand-600"
        >
          {timeZones.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={dialogButtonClass.primary}>
        {DESK_FIGURES_TEXTS.show}
      </button>
      <p id={`${id}-zone-hint`} className="w-full text-sm text-slate-600">
        {DESK_FIGURES_TEXTS.timeZoneHint}
      </p>
    </Form>
  );
}
