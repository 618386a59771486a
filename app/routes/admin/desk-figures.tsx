import { useNavigation } from "react-router";
import {
  AnsweringFigures,
  HelpfulFigures,
  LanguageFiguresTable,
  ListenerFiguresTable,
  RiskNotDiscussedFigures,
  SurveyComments,
  WaitingNowFigures,
  WrapUpFigures,
} from "~/components/admin/desk-figures-sections";
import { FigurePeriodForm } from "~/components/admin/figure-period-form";
import { HourOfDayChart } from "~/components/admin/hour-of-day-chart";
import { Alert } from "~/components/ui/form-controls";
import { niceCountAxisMax, niceDurationAxisMax } from "~/lib/chart-axis";
import { formatAnswerTime, formatCount, formatMoment, NO_FIGURE } from "~/lib/figure-format";
import { FIGURE_TIME_ZONE_COOKIE, figurePeriodFrom, figureTimeZoneFrom } from "~/lib/figure-period";
import { pageMeta } from "~/lib/meta";
import { ADMIN_TITLES } from "~/shared/admin";
import { DESK_FIGURES_PAGE_TEXTS, DESK_FIGURES_TEXTS, type DeskFigures } from "~/shared/desk-operations";
import { PATHS } from "~/shared/routes";
import { timeZoneNames } from "~/shared/time-zones";
import { rememberChoice, rememberedChoice } from "~worker/http/remembered-choice";
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

/** ./admin-layout.tsx checks the admin role first; the one thing kept is the chosen zone, in a cookie. */
export async function loader({ request }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const { period, known } = figurePeriodFrom(search);
  const zone = figureTimeZoneFrom(search, rememberedChoice(request, FIGURE_TIME_ZONE_COOKIE));
  if (zone.remember) rememberChoice(request, FIGURE_TIME_ZONE_COOKIE, zone.remember, PATHS.adminDesk);
  const figures: DeskFigures = await supportDesk().figures(period, zone.timeZone);
  return { figures, unknownPeriod: !known, unknownTimeZone: !zone.known, timeZones: timeZoneNames() };
}

export default function DeskFiguresPage({ loaderData }: Route.ComponentProps) {
  const { figures, unknownPeriod, unknownTimeZone, timeZones } = loaderData;
  const navigation = useNavigation();
  // The figures on screen are the old ones, and look it.
  const loading = navigation.state === "loading" && navigation.location.pathname === PATHS.adminDesk;
  const { timeZone } = figures;
  return (
    <>
      <FigurePeriodForm period={figures.period} timeZone={timeZone} timeZones={timeZones} />
      {unknownPeriod ? (
        <div className="mt-4">
          <Alert tone="info">{DESK_FIGURES_PAGE_TEXTS.unknownPeriod}</Alert>
        </div>
      ) : null}
      {unknownTimeZone ? (
        <div className="mt-4">
          <Alert tone="info">{DESK_FIGURES_PAGE_TEXTS.unknownTimeZone}</Alert>
        </div>
      ) : null}
      {figures.hourMinute !== 0 ? (
        <div className="mt-4">
          <Alert tone="info">{DESK_FIGURES_PAGE_TEXTS.partHourZone(timeZone, figures.hourMinute)}</Alert>
        </div>
      ) : null}
      <div aria-busy={loading || undefined} className={`mt-6 space-y-10 ${loading ? "opacity-60" : ""}`}>
        <p className="text-sm text-slate-600">
          {DESK_FIGURES_PAGE_TEXTS.range(formatMoment(figures.from, timeZone), formatMoment(figures.to, timeZone))}
        </p>
        <AnsweringFigures figures={figures} />
        <RiskNotDiscussedFigures figures={figures} />
        <WaitingNowFigures figures={figures} />
        <HourOfDayChart
          title={DESK_FIGURES_TEXTS.byHour(timeZone)}
          hourHeading={DESK_FIGURES_TEXTS.hour(timeZone)}
          tableCaption={DESK_FIGURES_PAGE_TEXTS.byHourTable(timeZone)}
          hours={figures.byHour.map((row) => row.hour)}
          minute={figures.hourMinute}
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
              format: formatAnswerTime,
              axisMax: niceDurationAxisMax(figures.byHour.map((row) => row.medianTimeToAnswerMs ?? 0)),
            },
          ]}
        />
        <ListenerFiguresTable figures={figures} />
        <LanguageFiguresTable figures={figures} />
        <div className="grid gap-10 lg:grid-cols-2">
          <HelpfulFigures figures={figures} />
          <WrapUpFigures figures={figures} />
        </div>
        <SurveyComments figures={figures} />
      </div>
    </>
  );
}
