import { useEffect, useRef } from "react";
import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { SuspendControl } from "~/components/admin/suspend-control";
import { dialogButtonClass } from "~/components/ui/dialog";
import { Alert } from "~/components/ui/form-controls";
import { LocalTime } from "~/components/ui/local-time";
import { requireUser } from "~/lib/guards";
import { pageMeta } from "~/lib/meta";
import { ADMIN_TITLES } from "~/shared/admin";
import { userProfilePath } from "~/shared/routes";
import { MODERATION_ACTION_LABELS, MODERATION_TEXTS, reportReasonLabel, suspensionReasonLabel } from "~/shared/safety";
import { parseSuspendForm, type SuspendFormProblem } from "~/shared/schemas/safety";
import { readPostedForm } from "~worker/http/posted-form";
import {
  dismissReport,
  liftSuspension,
  ModerationError,
  moderationView,
  requireModerator,
  suspendFromReport,
} from "~worker/safety/moderation";
import type { Route } from "./+types/reports";

export function meta({ matches, location }: Route.MetaArgs) {
  return [
    ...pageMeta({ matches, pathname: location.pathname, title: ADMIN_TITLES.reports, description: "Moderation." }),
    { name: "robots", content: "noindex" },
  ];
}

/** ./admin-layout.tsx checks the admin role first, on the server; the moderation services check it again. */
export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  try {
    return await moderationView(user);
  } catch (error) {
    if (error instanceof ModerationError) throw data(error.message, { status: error.status });
    throw error;
  }
}

type ActionData = { error: string | null; done: string | null; suspendProblem: SuspendFormProblem | null };
const answer = (fields: Partial<ActionData>): ActionData => ({
  error: null,
  done: null,
  suspendProblem: null,
  ...fields,
});

/** Each one recorded. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context);
  const form = await readPostedForm(request);
  const intent = form.get("intent");
  const id = String(form.get("id") ?? "");
  try {
    requireModerator(user);
    if (intent === "suspend") {
      const parsed = parseSuspendForm(form);
      if (!parsed.ok) {
        const { errors } = parsed.problem;
        if (!errors.reason && !errors.note) {
          return data(answer({ error: MODERATION_TEXTS.unknownReport }), { status: 400 });
        }
        return data(answer({ suspendProblem: parsed.problem }), { status: 400 });
      }
      const { username } = await suspendFromReport(parsed.data.id, user, parsed.data);
      return answer({ done: MODERATION_TEXTS.suspendedDone(username) });
    }
    if (intent === "dismiss") await dismissReport(id, user);
    else if (intent === "unsuspend") await liftSuspension(id, user);
    else return data(answer({ error: "That action is not known here." }), { status: 400 });
  } catch (error) {
    if (error instanceof ModerationError) return data(answer({ error: error.message }), { status: error.status });
    throw error;
  }
  return answer({});
}

export default function Reports({ loaderData }: Route.ComponentProps) {
  const { reports, suspended, log } = loaderData;
  const result = useActionData<typeof action>();
  const error = result?.error;
  const done = useRef<HTMLDivElement>(null);
  // The report acted on leaves the list, and its dialog with it.
  useEffect(() => {
    if (result?.done) done.current?.focus();
  }, [result]);
  return (
    <>
      {error ? (
        <div className="mt-4">
          <Alert>{error}</Alert>
        </div>
      ) : null}
      {result?.done ? (
        <div ref={done} tabIndex={-1} className="mt-4 focus-visible:outline-2 focus-visible:outline-brand-700">
          <Alert tone="success">{result.done}</Alert>
        </div>
      ) : null}

      <h2 className="mt-8 text-xl font-semibold text-slate-900">{MODERATION_TEXTS.openHeading(reports.length)}</h2>
      {reports.length === 0 ? (
        <p className="mt-3 rounded-xl bg-slate-50 p-6 text-center text-slate-700">{MODERATION_TEXTS.noOpenReports}</p>
      ) : (
        <ol className="mt-3 space-y-4">
          {reports.map((report) => (
            <li key={report.id}>
              <article
                aria-labelledby={`report-${report.id}`}
                className="rounded-xl border border-slate-200 p-4 sm:p-5"
              >
                <header className="flex flex-wrap items-baseline justify-between gap-2">
                  <h3 id={`report-${report.id}`} className="font-semibold text-slate-900 [overflow-wrap:anywhere]">
                    {reportReasonLabel(report.reason)}: {report.subject === "message" ? "a message" : "a profile"} from{" "}
                    <Link to={userProfilePath(report.reported.id)} className="underline underline-offset-2">
                      {report.reported.username}
                    </Link>
                    {report.reported.suspended ? (
                      <span className="ml-2 rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">
                        {MODERATION_TEXTS.suspendedBadge}
                      </span>
                    ) : null}
                  </h3>
                  <p className="text-xs text-slate-600">
                    Reported <LocalTime timestamp={report.createdAt} /> by{" "}
                    <span className="[overflow-wrap:anywhere]">{report.reporter.username}</span>
                  </p>
                </header>
                <div className="mt-3 rounded-lg bg-slate-50 p-3">
                  {report.snapshotAt ? (
                    <p className="mb-1 text-xs text-slate-600">
                      Sent <LocalTime timestamp={report.snapshotAt} />
                    </p>
                  ) : null}
                  {report.snapshotImageUrl ? (
                    <img
                      src={report.snapshotImageUrl}
                      alt={`What ${report.reported.username} sent, as reported`}
                      className="mb-2 max-h-64 max-w-full rounded-lg object-contain"
                    />
                  ) : null}
                  {report.snapshotText ? (
                    <p dir="auto" className="whitespace-pre-wrap text-slate-900 [overflow-wrap:anywhere]">
                      {report.snapshotText}
                    </p>
                  ) : (
                    <p className="text-sm text-slate-600">(No text)</p>
                  )}
                </div>
                {report.note ? (
                  <p dir="auto" className="mt-3 text-sm text-slate-700 [overflow-wrap:anywhere]">
                    <span className="font-semibold">Note from {report.reporter.username}:</span> {report.note}
                  </p>
                ) : null}
                {/* Dismiss and Suspend sit at opposite ends, even when they wrap, so one is never tapped for the other. */}
                <div className="mt-4 flex flex-wrap items-center gap-8 border-t border-slate-200 pt-4">
                  <ActionButton intent="dismiss" id={report.id} tone="secondary">
                    {MODERATION_TEXTS.dismiss}
                    <span className="sr-only"> the report about {report.reported.username}</span>
                  </ActionButton>
                  {report.reported.suspended ? null : (
                    <div className="ml-auto flex min-w-0 justify-end">
                      <SuspendControl
                        reportId={report.id}
                        username={report.reported.username}
                        problem={result?.suspendProblem?.id === report.id ? result.suspendProblem : null}
                      />
                    </div>
                  )}
                </div>
              </article>
            </li>
          ))}
        </ol>
      )}

      <h2 className="mt-10 text-xl font-semibold text-slate-900">{MODERATION_TEXTS.suspendedHeading}</h2>
      {suspended.length === 0 ? (
        <p className="mt-3 text-slate-700">{MODERATION_TEXTS.noSuspended}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200">
          {suspended.map((account) => (
            <li key={account.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
              <p className="min-w-0 [overflow-wrap:anywhere]">
                <span className="font-medium text-slate-900">{account.username}</span>{" "}
                <span className="text-sm text-slate-600">
                  since <LocalTime timestamp={account.suspendedAt} />
                </span>
                {account.reason ? (
                  <span className="block text-sm text-slate-700">
                    {MODERATION_TEXTS.logReason(suspensionReasonLabel(account.reason))}
                  </span>
                ) : null}
              </p>
              <ActionButton intent="unsuspend" id={account.id} tone="secondary">
                {MODERATION_TEXTS.unsuspend(account.username)}
              </ActionButton>
            </li>
          ))}
        </ul>
      )}

      <h2 className="mt-10 text-xl font-semibold text-slate-900">{MODERATION_TEXTS.logHeading}</h2>
      {log.length === 0 ? (
        <p className="mt-3 text-slate-700">{MODERATION_TEXTS.noActions}</p>
      ) : (
        <ul className="mt-3 space-y-2 text-sm">
          {log.map((entry) => (
            <li key={entry.id} className="[overflow-wrap:anywhere]">
              <span className="text-slate-600">
                <LocalTime timestamp={entry.createdAt} />
              </span>{" "}
              · {entry.admin}: {MODERATION_ACTION_LABELS[entry.action]} ({entry.target})
              {entry.reason ? (
                <span className="block pl-4 text-slate-700">
                  {MODERATION_TEXTS.logReason(suspensionReasonLabel(entry.reason))}
                  {entry.note ? (
                    <span dir="auto" className="block whitespace-pre-wrap">
                      {MODERATION_TEXTS.logNote(entry.note)}
                    </span>
                  ) : null}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** A real form, so it works before scripts and says when it is busy. */
function ActionButton({
  intent,
  id,
  tone,
  children,
}: {
  intent: "dismiss" | "unsuspend";
  id: string;
  tone: "secondary";
  children: React.ReactNode;
}) {
  const navigation = useNavigation();
  const busy = navigation.formData?.get("intent") === intent && navigation.formData.get("id") === id;
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="id" value={id} />
      <button type="submit" name="intent" value={intent} disabled={busy} className={dialogButtonClass[tone]}>
        {children}
      </button>
    </Form>
  );
}
