import { useEffect, useId, useRef, useState } from "react";
import { data, Form } from "react-router";
import {
  DoneMessage,
  type ListAnswer,
  PositionLabel,
  RowControls,
  useFocusAfterAnswer,
  useListBusy,
} from "~/components/admin/ordered-list";
import { ignoreWhileBusy } from "~/components/safety/block-controls";
import { dialogButtonClass } from "~/components/ui/dialog";
import { Alert, SelectField, TextAreaField, TextField } from "~/components/ui/form-controls";
import { serverActionOrFailure } from "~/lib/form-post-failure";
import { pageMeta } from "~/lib/meta";
import { ADMIN_TITLES } from "~/shared/admin";
import {
  LIST_INTENTS,
  LIST_TEXTS,
  MAX_SAVED_REPLY,
  SAVED_REPLY_PAGE_TEXTS,
  SAVED_REPLY_TEXTS,
  type SavedReply,
  SavedReplySchema,
  savedReplyLanguageName,
} from "~/shared/desk-operations";
import { DEFAULT_LANGUAGE, LANGUAGES } from "~/shared/languages";
import { readListForm } from "~worker/desk/ordered-rows";
import {
  addSavedReply,
  listSavedReplies,
  moveSavedReply,
  removeSavedReply,
  SavedReplyError,
  type SavedReplyProblems,
  updateSavedReply,
} from "~worker/desk/saved-replies";
import { readFormBody } from "~worker/http/posted-form";
import type { Route } from "./+types/saved-replies";

export function meta({ matches, location }: Route.MetaArgs) {
  return [
    ...pageMeta({ matches, pathname: location.pathname, title: ADMIN_TITLES.replies, description: "Saved replies." }),
    { name: "robots", content: "noindex" },
  ];
}

/** ./admin-layout.tsx checks the admin role first, on the server. */
export async function loader() {
  return { replies: await listSavedReplies() };
}

/** `id` null: the add form, or a problem of no form. */
type Problem = {
  id: number | null;
  message: string;
  fields: SavedReplyProblems;
  typed: { title: string; text: string; language: string };
};
const answer = (fields: Partial<ListAnswer<Problem>>): ListAnswer<Problem> => ({
  intent: null,
  id: null,
  done: null,
  problem: null,
  ...fields,
});

export async function action({ request }: Route.ActionArgs) {
  // A body that is no form at all is refused like an incomplete one, not answered with a 500.
  const posted = (await readFormBody(request)) ?? new FormData();
  const form = readListForm(posted);
  const typedText = (name: string) => {
    const value = posted.get(name);
    return typeof value === "string" ? value : "";
  };
  const typed = { title: typedText("title"), text: typedText("text"), language: typedText("language") };
  if ("refusal" in form) {
    return data(answer({ problem: { id: null, message: form.refusal, fields: {}, typed } }), { status: 400 });
  }
  const fields = { title: posted.get("title"), text: posted.get("text"), language: posted.get("language") };
  try {
    if (form.intent === LIST_INTENTS.add) {
      const added = await addSavedReply(fields);
      return answer({ intent: form.intent, id: added.id, done: SAVED_REPLY_PAGE_TEXTS.added(added.title) });
    }
    const { id } = form;
    if (form.intent === LIST_INTENTS.save) {
      const saved = await updateSavedReply(id, fields);
      return answer({ intent: form.intent, id, done: SAVED_REPLY_PAGE_TEXTS.saved(saved.title) });
    }
    if (form.intent === LIST_INTENTS.remove) {
      const removed = await removeSavedReply(id);
      return answer({ intent: form.intent, id, done: SAVED_REPLY_PAGE_TEXTS.removed(removed.title) });
    }
    const { reply, count } = await moveSavedReply(id, form.intent);
    return answer({ intent: form.intent, id, done: SAVED_REPLY_PAGE_TEXTS.moved(reply.title, reply.position, count) });
  } catch (error) {
    if (!(error instanceof SavedReplyError)) throw error;
    const id = form.intent === LIST_INTENTS.add ? null : form.id;
    const problem = { id, message: error.message, fields: error.problems, typed };
    return data(answer({ intent: form.intent, id, problem }), { status: error.status });
  }
}

/** See serverActionOrFailure. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return serverActionOrFailure(serverAction);
}

export default function SavedReplies({ loaderData, actionData }: Route.ComponentProps) {
  const { replies } = loaderData;
  const failed = actionData && "failed" in actionData;
  const result = actionData && !("failed" in actionData) ? actionData : null;
  const problem = result?.problem ?? null;
  // A problem of no field (a reply gone, a broken form) shows up here.
  const fieldProblem = problem && Object.keys(problem.fields).length > 0 ? problem : null;
  const generalError = failed ? LIST_TEXTS.postFailed : problem && !fieldProblem ? problem.message : null;
  const done = useFocusAfterAnswer(result);
  return (
    <>
      <p className="mt-1 text-slate-700">{SAVED_REPLY_PAGE_TEXTS.intro}</p>
      {generalError ? (
        <div className="mt-4">
          <Alert>{generalError}</Alert>
        </div>
      ) : null}
      {result?.done ? <DoneMessage message={result.done} focusRef={done} /> : null}

      <h2 className="mt-8 text-xl font-semibold text-slate-900">
        {SAVED_REPLY_PAGE_TEXTS.listHeading(replies.length)}
      </h2>
      {replies.length === 0 ? (
        <p className="mt-3 rounded-xl bg-slate-50 p-6 text-center text-slate-700">{SAVED_REPLY_PAGE_TEXTS.none}</p>
      ) : (
        <ol className="mt-3 space-y-3">
          {replies.map((reply) => (
            <li key={reply.id} data-list-row={reply.id}>
              <ReplyRow
                reply={reply}
                count={replies.length}
                problem={fieldProblem?.id === reply.id ? fieldProblem : null}
              />
            </li>
          ))}
        </ol>
      )}

      <section aria-labelledby="add-reply-heading" className="mt-10 rounded-xl border border-slate-200 p-4 sm:p-5">
        <h2 id="add-reply-heading" className="text-xl font-semibold text-slate-900">
          {SAVED_REPLY_PAGE_TEXTS.addHeading}
        </h2>
        <ReplyForm
          intent={LIST_INTENTS.add}
          reply={null}
          problem={fieldProblem?.id === null ? fieldProblem : null}
          added={result?.intent === LIST_INTENTS.add && result.done ? result.id : null}
        />
      </section>
    </>
  );
}

function ReplyRow({ reply, count, problem }: { reply: SavedReply; count: number; problem: Problem | null }) {
  const headingId = useId();
  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-slate-200 p-4">
      <PositionLabel>
        {`${SAVED_REPLY_PAGE_TEXTS.position(reply.position, count)} · ${savedReplyLanguageName(reply.language)}`}
      </PositionLabel>
      <h3
        id={headingId}
        lang={reply.language}
        dir="auto"
        className="mt-0.5 font-semibold text-slate-900 [overflow-wrap:anywhere]"
      >
        {reply.title}
      </h3>
      <p
        lang={reply.language}
        dir="auto"
        className="mt-1 whitespace-pre-wrap text-sm text-slate-700 [overflow-wrap:anywhere]"
      >
        {reply.text}
      </p>
      {/* Open while its refusal shows. */}
      <details open={problem ? true : undefined} className="group mt-3 border-t border-slate-200 pt-3">
        <summary className="inline-flex min-h-9 cursor-pointer items-center rounded px-1 text-sm font-semibold text-brand-700 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-brand-700">
          {SAVED_REPLY_PAGE_TEXTS.edit}
          <span className="sr-only"> “{reply.title}”</span>
        </summary>
        {/* Keyed by what is stored: a save shows the stored words; a refused one keeps what was typed. */}
        <ReplyForm
          key={`${reply.title}\n${reply.text}\n${reply.language}`}
          intent={LIST_INTENTS.save}
          reply={reply}
          problem={problem}
          added={null}
        />
      </details>
      <div className="mt-3">
        <RowControls
          id={reply.id}
          label={reply.title}
          position={reply.position}
          count={count}
          texts={SAVED_REPLY_TEXTS}
        />
      </div>
    </article>
  );
}

/** A refused form keeps what was typed, each problem beside its field; an added reply empties the add form. */
function ReplyForm({
  intent,
  reply,
  problem,
  added,
}: {
  intent: typeof LIST_INTENTS.add | typeof LIST_INTENTS.save;
  reply: SavedReply | null;
  problem: Problem | null;
  /** Then it empties. */
  added: number | null;
}) {
  const busy = useListBusy(intent, reply?.id ?? null);
  const [local, setLocal] = useState<SavedReplyProblems | null>(null);
  const errors = local ?? problem?.fields ?? {};
  const formRef = useRef<HTMLFormElement>(null);
  const prefix = `reply-${reply?.id ?? "new"}`;
  const [length, setLength] = useState((problem?.typed.text ?? reply?.text ?? "").length);
  const focusFirstError = (found: SavedReplyProblems) =>
    document.getElementById(`${prefix}-${found.title ? "title" : found.text ? "text" : "language"}`)?.focus();
  // biome-ignore lint/correctness/useExhaustiveDependencies: on a new refusal only
  useEffect(() => {
    if (problem) focusFirstError(problem.fields);
  }, [problem]);
  useEffect(() => {
    if (added === null) return;
    formRef.current?.reset();
    setLength(0);
  }, [added]);
  const values = problem
    ? problem.typed
    : { title: reply?.title ?? "", text: reply?.text ?? "", language: reply?.language ?? DEFAULT_LANGUAGE };
  return (
    <Form
      ref={formRef}
      method="post"
      preventScrollReset
      noValidate
      className="mt-3 space-y-3"
      onSubmit={(event) => {
        ignoreWhileBusy(busy)(event);
        if (event.defaultPrevented) return;
        const form = new FormData(event.currentTarget);
        const parsed = SavedReplySchema.safeParse({
          title: form.get("title"),
          text: form.get("text"),
          language: form.get("language"),
        });
        if (parsed.success) return setLocal(null);
        event.preventDefault();
        const found: SavedReplyProblems = {};
        for (const issue of parsed.error.issues) {
          const field = issue.path[0];
          if ((field === "title" || field === "text" || field === "language") && !found[field]) {
            found[field] = issue.message;
          }
        }
        setLocal(found);
        focusFirstError(found);
      }}
    >
      {reply ? <input type="hidden" name="id" value={reply.id} /> : null}
      <TextField
        id={`${prefix}-title`}
        name="title"
        label={SAVED_REPLY_TEXTS.titleLabel}
        hint={SAVED_REPLY_PAGE_TEXTS.titleHint}
        error={errors.title}
        defaultValue={values.title}
        autoComplete="off"
      />
      <TextAreaField
        id={`${prefix}-text`}
        name="text"
        label={SAVED_REPLY_TEXTS.textLabel}
        error={errors.text}
        defaultValue={values.text}
        rows={5}
        onChange={(event) => setLength(event.currentTarget.value.length)}
        footer={
          <p className={`mt-1 text-sm ${length > MAX_SAVED_REPLY ? "text-red-700" : "text-slate-600"}`}>
            {SAVED_REPLY_PAGE_TEXTS.textHint} <span aria-hidden="true">({SAVED_REPLY_PAGE_TEXTS.count(length)})</span>
          </p>
        }
      />
      <SelectField
        id={`${prefix}-language`}
        name="language"
        label={SAVED_REPLY_TEXTS.languageLabel}
        hint={SAVED_REPLY_PAGE_TEXTS.languageHint}
        placeholder={SAVED_REPLY_PAGE_TEXTS.languagePlaceholder}
        options={LANGUAGES.map((language) => ({ value: language, label: savedReplyLanguageName(language) }))}
        error={errors.language}
        defaultValue={values.language}
      />
      <button
        type="submit"
        name="intent"
        value={intent}
        aria-disabled={busy}
        className={intent === LIST_INTENTS.add ? dialogButtonClass.primary : dialogButtonClass.secondary}
      >
        {intent === LIST_INTENTS.add
          ? busy
            ? SAVED_REPLY_PAGE_TEXTS.adding
            : SAVED_REPLY_TEXTS.add
          : busy
            ? SAVED_REPLY_PAGE_TEXTS.saving
            : SAVED_REPLY_TEXTS.save}
        {reply ? <span className="sr-only"> “{reply.title}”</span> : null}
      </button>
    </Form>
  );
}
