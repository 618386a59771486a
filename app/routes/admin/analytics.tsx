import { Suspense } from "react";
import { Await } from "react-router";
import { BarChart } from "~/components/admin/bar-chart";
import { LoadingState } from "~/components/ui/loading-state";
import { pageMeta } from "~/lib/meta";
import { formatVital, WEB_VITAL_THRESHOLDS } from "~/lib/web-vitals";
import { ADMIN_TITLES } from "~/shared/admin";
import type { AnalyticsSummary } from "~/shared/schemas/analytics";
import { summarize } from "~worker/analytics/summary";
import { isNavigationDataRequest } from "~worker/http/document-request";
import type { Route } from "./+types/analytics";

const DASHBOARD_TEXTS = {
  loading: "Loading analytics…",
  empty: "No visits recorded yet. Page views and web vitals appear here once people use the site.",
} as const;

export function meta({ matches, location }: Route.MetaArgs) {
  return [
    ...pageMeta({
      matches,
      pathname: location.pathname,
      title: ADMIN_TITLES.analytics,
      description: "Site analytics.",
    }),
    { name: "robots", content: "noindex" },
  ];
}

/** ./admin-layout.tsx checks the admin role first, on the server. */
export async function loader({ request }: Route.LoaderArgs) {
  // Streamed on client navigations only (see isNavigationDataRequest).
  const summary = summarize();
  return { summary: isNavigationDataRequest(request) ? summary : await summary };
}

export default function AnalyticsDashboard({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <p className="mt-1 text-slate-700">The last 30 days. Anonymous: no addresses, accounts or cookies.</p>
      <Suspense fallback={<LoadingState>{DASHBOARD_TEXTS.loading}</LoadingState>}>
        <Await resolve={loaderData.summary}>{(summary) => <Dashboard summary={summary} />}</Await>
      </Suspense>
    </>
  );
}

function Dashboard({ summary }: { summary: AnalyticsSummary }) {
  const hasVitals = summary.vitals.some((vital) => vital.points.length > 0);
  if (summary.pageViewsPerDay.length === 0 && !hasVitals) {
    return <p className="mt-8 rounded-xl bg-slate-50 p-8 text-center text-slate-700">{DASHBOARD_TEXTS.empty}</p>;
  }
  return (
    <div className="mt-6 space-y-6">
      <div className="grid gap-6 lg:grid-cols-2">
        <BarChart
          title="Page views per day"
          data={summary.pageViewsPerDay.map((d) => ({ label: d.day, value: d.views }))}
        />
        <BarChart
          title="Page views per path"
          horizontal
          data={summary.pageViewsPerPath.map((d) => ({ label: d.path, value: d.views }))}
        />
      </div>
      <h2 className="text-xl font-semibold text-slate-900">Web vitals, 75th percentile per day</h2>
      <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {summary.vitals.map((vital) =>
          vital.points.length > 0 ? (
            <BarChart
              key={vital.name}
              title={vital.name}
              format={(value) => formatVital(vital.name, value)}
              thresholds={WEB_VITAL_THRESHOLDS[vital.name]}
              data={vital.points.map((p) => ({ label: p.day, value: p.p75 }))}
            />
          ) : (
            <figure key={vital.name} className="rounded-xl border border-slate-200 p-4">
              <figcaption className="font-semibold text-slate-900">{vital.name}</figcaption>
              <p className="mt-2 text-sm text-slate-600">No measurements yet.</p>
            </figure>
          ),
        )}
      </div>
    </div>
  );
}
