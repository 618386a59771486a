import { useEffect, useState } from "react";
import { Form } from "react-router";
import { dialogButtonClass } from "~/components/ui/dialog";
import { FIGURE_PERIOD_PARAM } from "~/lib/figure-period";
import { DESK_FIGURES_TEXTS, FIGURE_PERIOD_LABELS, FIGURE_PERIODS, type FigurePeriod } from "~/shared/desk-operations";

/**
 * The period of the desk's figures: a GET form (the choice is in the address, so it can be
 * bookmarked, and it works without scripts), choices as radio buttons and an explicit 'Show', so
 * moving through the choices with the arrow keys does not load the page at every step.
 */
export function FigurePeriodForm({ period }: { period: FigurePeriod }) {
  // Controlled, so that the choice follows the figures shown after each load (back and forward too).
  const [chosen, setChosen] = useState(period);
  useEffect(() => setChosen(period), [period]);
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
      <button type="submit" className={dialogButtonClass.primary}>
        {DESK_FIGURES_TEXTS.show}
      </button>
    </Form>
  );
}
