import { useEffect, useId, useRef, useState } from "react";
import { data, Form, useNavigation } from "react-router";
import { dialogButtonClass } from "~/components/ui/dialog";
import { Alert, TextField } from "~/components/ui/form-controls";
import { serverActionOrFailure } from "~/lib/form-post-failure";
import { pageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import { ADMIN_TITLES } from "~/shared/admin";
import { LANGUAGES } from "~/shared/languages";
import { LISTENER_INTENTS, LISTENER_TEXTS } from "~/shared/listeners";
import {
  type ListenerForm,
  type ListenerFormProblem,
  ListenerUsernameSchema,
  parseListenerForm,
} from "~/shared/schemas/listeners";
import {
  addListener,
  ListenerError,
  listListeners,
  removeListener,
  setListenerAlias,
  setListenerLanguages,
} from "~worker/desk/listeners";
import { readFormBody } from "~worker/http/posted-form";
import type { Route } from "./+types/listeners";

export function meta({ matches, location }: Route.MetaArgs) {
  return [
    ...pageMeta({ matches, pathname: location.pathname, title: ADMIN_TITLES.listeners, description: "Listeners." }),
    { name: "robots", content: "noindex" },
  ];
}

/** ./admin-layout.tsx checks the admin role first, on the server. */
export async function loader() {
  return { listeners: await listListeners() };
}

type ActionData = { intent: ListenerForm["intent"] | null; done: string | null; problem: ListenerFormProblem | null };
const answer = (fields: Partial<ActionData>): ActionData => ({ intent: null, done: null, problem: null, ...fields });

export async function action({ request }: Route.ActionArgs) {
  // A body that is no form at all is refused like an incomplete one, not answered with a 500.
  const posted = (await readFormBody(request)) ?? new FormData();
  const parsed = parseListenerForm(posted);
  if (!parsed.ok) return data(answer({ problem: parsed.problem }), { status: 400 });
  /** A refused field shows it again unchanged. */
  const typed = (name: "username" | "alias") => String(posted.get(name) ?? "");
  const form = parsed.data;
  try {
    if (form.intent === LISTENER_INTENTS.add) {
      const { username } = await addListener(form.username);
      return answer({ intent: form.intent, done: LISTENER_TEXTS.added(username) });
    }
    if (form.intent === LISTENER_INTENTS.remove) {
      const { username } = await removeListener(form.userId);
      return answer({ intent: form.intent, done: LISTENER_TEXTS.removed(username) });
    }
    if (form.intent === LISTENER_INTENTS.languages) {
      const { username, languages } = await setListenerLanguages(form.userId, form.languages);
      return answer({ intent: form.intent, done: LISTENER_TEXTS.languagesSaved(username, languages) });
    }
    const { username, alias } = await setListenerAlias(form.userId, form.alias);
    const done = alias ? LISTENER_TEXTS.aliasSaved(username, alias) : LISTENER_TEXTS.aliasCleared(username);
    return answer({ intent: form.intent, done });
  } catch (error) {
    if (!(error instanceof ListenerError)) throw error;
    const problem: ListenerFormProblem =
      error.field === "username" && form.intent === LISTENER_INTENTS.add
        ? { field: "username", message: error.message, username: typed("username") }
        : error.field === "alias" && form.intent === LISTENER_INTENTS.alias
          ? { field: "alias", message: error.message, userId: form.userId, alias: typed("alias") }
          : error.field === "languages" && form.intent === LISTENER_INTENTS.languages
            ? { field: "languages", message: error.message, userId: form.userId, languages: form.languages }
            : { field: null, message: error.message };
    return data(answer({ intent: form.intent, problem }), { status: error.status });
  }
}

/** See serverActionOrFailure. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return serverActionOrFailure(serverAction);
}

export default function Listeners({ loaderData, actionData }: Route.ComponentProps) {
  const { listeners } = loaderData;
  const failed = actionData && "failed" in actionData;
  const result = actionData && !("failed" in actionData) ? actionData : null;
  const problem = result?.problem ?? null;
  const generalError = failed ? LISTENER_TEXTS.postFailed : problem?.field === null ? problem.message : null;
  const done = useRef<HTMLDivElement>(null);
  // The removed row takes the pressed button with it: focus goes to what happened.
  useEffect(() => {
    if (result?.done) done.current?.focus();
  }, [result]);
  return (
    <>
      <p className="mt-1 text-slate-700">{LISTENER_TEXTS.intro}</p>
      {generalError ? (
        <div className="mt-4">
          <Alert>{generalError}</Alert>
        </div>
      ) : null}
      {result?.done ? (
        <div ref={done} tabIndex={-1} className="mt-4 focus-visible:outline-2 focus-visible:outline-brand-700">
          <Alert tone="success">
            <span className="[overflow-wrap:anywhere]">{result.done}</span>
          </Alert>
        </div>
      ) : null}

      <h2 className="mt-8 text-xl font-semibold text-slate-900">{LISTENER_TEXTS.listHeading(listeners.length)}</h2>
      {listeners.length === 0 ? (
        <p className="mt-3 rounded-xl bg-slate-50 p-6 text-center text-slate-700">{LISTENER_TEXTS.noListeners}</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {listeners.map((listener) => (
            <li key={listener.id}>
              <ListenerRow
                listener={listener}
                problem={problem?.field === "alias" && problem.userId === listener.id ? problem : null}
                languagesProblem={problem?.field === "languages" && problem.userId === listener.id ? problem : null}
              />
            </li>
          ))}
        </ul>
      )}

      <AddListenerForm
        problem={problem?.field === "username" ? problem : null}
        added={result?.intent === LISTENER_INTENTS.add ? result.done : null}
      />
    </>
  );
}

type ListenerView = Route.ComponentProps["loaderData"]["listeners"][number];

function ListenerRow({
  listener,
  problem,
  languagesProblem,
}: {
  listener: ListenerView;
  problem: Extract<ListenerFormProblem, { field: "alias" }> | null;
  languagesProblem: Extract<ListenerFormProblem, { field: "languages" }> | null;
}) {
  const navigation = useNavigation();
  const pending = navigation.formData?.get("userId") === listener.id ? navigation.formData.get("intent") : null;
  const headingId = useId();
  const aliasId = useId();
  const alias = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (problem) alias.current?.focus();
  }, [problem]);
  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-slate-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="font-semibold text-slate-900 [overflow-wrap:anywhere]">
            {listener.username}
          </h3>
          <p className="text-sm text-slate-700 [overflow-wrap:anywhere]">
            {listener.alias ? LISTENER_TEXTS.aliasShown(listener.alias) : LISTENER_TEXTS.noAlias}
          </p>
          <p className="text-sm text-slate-600">
            <time dateTime={new Date(listener.addedAt).toISOString()} suppressHydrationWarning>
              {LISTENER_TEXTS.addedOn(formatAddedDate(listener.addedAt))}
            </time>
          </p>
        </div>
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value={LISTENER_INTENTS.remove} />
          <input type="hidden" name="userId" value={listener.id} />
          <button type="submit" disabled={pending === LISTENER_INTENTS.remove} className={dialogButtonClass.secondary}>
            {pending === LISTENER_INTENTS.remove ? LISTENER_TEXTS.removing : LISTENER_TEXTS.remove}
            <span className="sr-only"> {listener.username}</span>
          </button>
        </Form>
      </div>
      <Form
        method="post"
        preventScrollReset
        className="mt-3 flex flex-wrap items-end gap-2 border-t border-slate-200 pt-3"
      >
        <input type="hidden" name="intent" value={LISTENER_INTENTS.alias} />
        <input type="hidden" name="userId" value={listener.id} />
        <div className="min-w-0 flex-1 basis-48">
          <label htmlFor={aliasId} className="mb-1 block text-sm font-medium text-slate-800">
            Display alias<span className="sr-only"> for {listener.username}</span>
          </label>
          {/* Keyed by the saved alias: a save shows the stored value; a refused one keeps what was typed. */}
          <input
            key={listener.alias ?? ""}
            ref={alias}
            id={aliasId}
            name="alias"
            dir="auto"
            autoComplete="off"
            defaultValue={problem ? problem.alias : (listener.alias ?? "")}
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${aliasId}-${problem ? "error" : "hint"}`}
            className={`block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm focus:outline-2 focus:outline-offset-1 focus:outline-brand-600 ${problem ? "border-red-600" : "border-slate-300"}`}
          />
        </div>
        <button type="submit" disabled={pending === LISTENER_INTENTS.alias} className={dialogButtonClass.secondary}>
          {pending === LISTENER_INTENTS.alias ? LISTENER_TEXTS.savingAlias : LISTENER_TEXTS.saveAlias}
          <span className="sr-only"> for {listener.username}</span>
        </button>
        {problem ? (
          <p id={`${aliasId}-error`} role="alert" className="w-full text-sm text-red-700">
            {problem.message}
          </p>
        ) : (
          <p id={`${aliasId}-hint`} className="w-full text-sm text-slate-600">
            {LISTENER_TEXTS.aliasHint}
          </p>
        )}
      </Form>
      <ListenerLanguagesForm listener={listener} problem={languagesProblem} />
    </article>
  );
}

/** Each language named in itself. */
function ListenerLanguagesForm({
  listener,
  problem,
}: {
  listener: ListenerView;
  problem: Extract<ListenerFormProblem, { field: "languages" }> | null;
}) {
  const navigation = useNavigation();
  const pending =
    navigation.formData?.get("userId") === listener.id &&
    navigation.formData.get("intent") === LISTENER_INTENTS.languages;
  const id = useId();
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (problem) first.current?.focus();
  }, [problem]);
  const ticked: readonly string[] = problem ? problem.languages : listener.languages;
  return (
    <Form
      method="post"
      preventScrollReset
      className="mt-3 flex flex-wrap items-end gap-2 border-t border-slate-200 pt-3"
    >
      <input type="hidden" name="intent" value={LISTENER_INTENTS.languages} />
      <input type="hidden" name="userId" value={listener.id} />
      <fieldset aria-describedby={`${id}-${problem ? "error" : "hint"}`} className="min-w-0 flex-1 basis-48">
        <legend className="mb-1 text-sm font-medium text-slate-800">
          {LISTENER_TEXTS.languagesLegend}
          <span className="sr-only"> ({listener.username})</span>
        </legend>
        {/* Keyed by what is shown: a save shows the stored languages, a refusal what was posted. */}
        <div key={ticked.join()} className="flex flex-wrap gap-x-5">
          {LANGUAGES.map((language, index) => (
            <label key={language} className="inline-flex min-h-11 items-center gap-2 text-base text-slate-900">
              <input
                ref={index === 0 ? first : undefined}
                type="checkbox"
                name="languages"
                value={language}
                defaultChecked={ticked.includes(language)}
                className="h-5 w-5 accent-brand-700"
              />
              <span lang={language}>{m.language_name({}, { locale: language })}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <button type="submit" disabled={pending} className={dialogButtonClass.secondary}>
        {pending ? LISTENER_TEXTS.savingLanguages : LISTENER_TEXTS.saveLanguages}
        <span className="sr-only"> for {listener.username}</span>
      </button>
      {problem ? (
        <p id={`${id}-error`} role="alert" className="w-full text-sm text-red-700">
          {problem.message}
        </p>
      ) : (
        <p id={`${id}-hint`} className="w-full text-sm text-slate-600">
          {LISTENER_TEXTS.languagesHint}
        </p>
      )}
    </Form>
  );
}

/** The database decides the rest (unknown, suspended, already); a refused username stays in the field. */
function AddListenerForm({
  problem,
  added,
}: {
  problem: Extract<ListenerFormProblem, { field: "username" }> | null;
  added: string | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.formData?.get("intent") === LISTENER_INTENTS.add;
  const [localError, setLocalError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const error = localError ?? problem?.message;
  useEffect(() => {
    if (problem) input.current?.focus();
  }, [problem]);
  useEffect(() => {
    if (added) formRef.current?.reset();
  }, [added]);
  return (
    <section aria-labelledby="add-listener-heading" className="mt-10 rounded-xl border border-slate-200 p-4 sm:p-5">
      <h2 id="add-listener-heading" className="text-xl font-semibold text-slate-900">
        {LISTENER_TEXTS.addHeading}
      </h2>
      <Form
        ref={formRef}
        method="post"
        preventScrollReset
        noValidate
        className="mt-3 space-y-3"
        onSubmit={(event) => {
          if (busy) {
            event.preventDefault();
            return;
          }
          const typed = new FormData(event.currentTarget).get("username");
          const parsed = ListenerUsernameSchema.safeParse(typeof typed === "string" ? typed : "");
          if (parsed.success) {
            setLocalError(null);
            return;
          }
          event.preventDefault();
          setLocalError(parsed.error.issues[0]?.message ?? LISTENER_TEXTS.usernameRequired);
          input.current?.focus();
        }}
      >
        <input type="hidden" name="intent" value={LISTENER_INTENTS.add} />
        <TextField
          ref={input}
          name="username"
          label={LISTENER_TEXTS.usernameLabel}
          hint={LISTENER_TEXTS.usernameHint}
          error={error}
          announceError
          defaultValue={problem?.username}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
        />
        <button type="submit" disabled={busy} className={dialogButtonClass.primary}>
          {busy ? LISTENER_TEXTS.adding : LISTENER_TEXTS.add}
        </button>
      </Form>
    </section>
  );
}

function formatAddedDate(timestamp: number): string {
  return new Date(timestamp).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" });
}
