import { useNavigation } from "react-router";
import {
  AnsweringFigures,
  HelpfulFigures,
  ListenerFiguresTable,
  SurveyComments,
  WaitingNowFigures,
  WrapUpFigures,
} from "~/components/admin/desk-figures-sections";
import { FigurePeriodForm } from "~/components/admin/figure-period-form";
import { HourOfDayChart } from "~/components/admin/hour-of-day-chart";
import { Alert } from "~/components/ui/form-controls";
import { niceCountAxisMax, niceDurationAxisMax } from "~/lib/chart-axis";
import { formatCount, formatDuration, formatMomentUtc, NO_FIGURE } from "~/lib/figure-format";
import { figurePeriodFrom } from "~/lib/figure-period";
import { pageMeta } from "~/lib/meta";
import { ADMIN_TITLES } from "~/shared/admin";
import { DESK_FIGURES_PAGE_TEXTS, DESK_FIGURES_TEXTS, type DeskFigures } from "~/shared/desk-operations";
import { PATHS } from "~/shared/routes";
import { supportDesk } from "~worker/objects/desk-service";
import type { Route } from "./+types/desk-figures";

export function meta({ matches, location }: Route.MetaArgs) {
  return [
    ...pageMeta({
      matches,
      pathname: location.pathname,
      title: ADMIN_TITLES.desk,
      description: DESK_FIGURES_PAGE_TEXTS.description,
    }),
    { name: "robots", content: "noindex" },
  ];
}

/**
 * /admin/desk?period=today|7d|30d: the admin only (./admin-layout.tsx checks it first, on the
 * server). Reads the desk's figures and writes nothing. A period that is not a choice shows today's,
 * and says so (~/lib/figure-period.ts).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { period, known } = figurePeriodFrom(new URL(request.url).searchParams);
  const figures: DeskFigures = await supportDesk().figures(period);
  return { figures, unknownPeriod: !known };
}

export default function DeskFiguresPage({ loaderData }: Route.ComponentProps) {
  const { figures, unknownPeriod } = loaderData;
  const navigation = useNavigation();
  // Another period on its way: the figures on screen are the old ones, and look it.
  const loading = navigation.state === "loading" && navigation.location.pathname === PATHS.adminDesk;
  return (
    <>
      <p className="mt-1 text-slate-700">{DESK_FIGURES_TEXTS.countedHow}</p>
      <FigurePeriodForm period={figures.period} />
      {unknownPeriod ? (
        <div className="mt-4">
          <Alert tone="info">{DESK_FIGURES_PAGE_TEXTS.unknownPeriod}</Alert>
        </div>
      ) : null}
      <div aria-busy={loading || undefined} className={`mt-6 space-y-10 ${loading ? "opacity-60" : ""}`}>
        <p className="text-sm text-slate-600">
          {DESK_FIGURES_PAGE_TEXTS.range(formatMomentUtc(figures.from), formatMomentUtc(figures.to))}
        </p>
        <AnsweringFigures figures={figures} />
        <WaitingNowFigures figures={figures} />
        <HourOfDayChart
          title={DESK_FIGURES_TEXTS.byHour}
          hourHeading={DESK_FIGURES_TEXTS.hour}
          hours={figures.byHour.map((row) => row.hour)}
          series={[
            {
              name: DESK_FIGURES_TEXTS.openings,
              values: figures.byHour.map((row) => row.openings),
              format: (value) => (value === null ? NO_FIGURE : formatCount(value)),
              axisMax: niceCountAxisMax(figures.byHour.map((row) => row.openings)),
            },
            {
              name: DESK_FIGURES_TEXTS.medianTimeToAnswer,
              values: figures.byHour.map((row) => row.medianTimeToAnswerMs),
              format: formatDuration,
              axisMax: niceDurationAxisMax(figures.byHour.map((row) => row.medianTimeToAnswerMs ?? 0)),
            },
          ]}
        />
        <ListenerFiguresTable figures={figures} />
        <div className="grid gap-10 lg:grid-cols-2">
          <HelpfulFigures figures={figures} />
          <WrapUpFigures figures={figures} />
        </div>
        <SurveyComments figures={figures} />
      </div>
    </>
  );
}
