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
import { Alert, TextField } from "~/components/ui/form-controls";
import { serverActionOrFailure } from "~/lib/form-post-failure";
import { pageMeta } from "~/lib/meta";
import { ADMIN_TITLES } from "~/shared/admin";
import {
  LIST_INTENTS,
  LIST_TEXTS,
  TopicNameSchema,
  WRAP_UP_TOPIC_TEXTS,
  type WrapUpTopic,
} from "~/shared/desk-operations";
import { readListForm } from "~worker/desk/ordered-rows";
import {
  addWrapUpTopic,
  listWrapUpTopics,
  moveWrapUpTopic,
  removeWrapUpTopic,
  renameWrapUpTopic,
  TopicError,
} from "~worker/desk/wrap-up-topics";
import { readFormBody } from "~worker/http/posted-form";
import type { Route } from "./+types/wrap-up-topics";

export function meta({ matches, location }: Route.MetaArgs) {
  return [
    ...pageMeta({ matches, pathname: location.pathname, title: ADMIN_TITLES.topics, description: "Wrap-up topics." }),
    { name: "robots", content: "noindex" },
  ];
}

/** ./admin-layout.tsx checks the admin role first, on the server. */
export async function loader() {
  return { topics: await listWrapUpTopics() };
}

/** `field` null: a topic gone, a broken form. */
type Problem = { id: number | null; message: string; field: "name" | null; typed: string };
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
  const name = posted.get("name");
  const typed = typeof name === "string" ? name : "";
  if ("refusal" in form) {
    return data(answer({ problem: { id: null, message: form.refusal, field: null, typed } }), { status: 400 });
  }
  try {
    if (form.intent === LIST_INTENTS.add) {
      const added = await addWrapUpTopic(name);
      return answer({ intent: form.intent, id: added.id, done: WRAP_UP_TOPIC_TEXTS.added(added.name) });
    }
    const { id } = form;
    if (form.intent === LIST_INTENTS.save) {
      const { from, to } = await renameWrapUpTopic(id, name);
      return answer({ intent: form.intent, id, done: WRAP_UP_TOPIC_TEXTS.renamed(from, to) });
    }
    if (form.intent === LIST_INTENTS.remove) {
      const removed = await removeWrapUpTopic(id);
      return answer({ intent: form.intent, id, done: WRAP_UP_TOPIC_TEXTS.removed(removed.name) });
    }
    const { topic, count } = await moveWrapUpTopic(id, form.intent);
    return answer({ intent: form.intent, id, done: WRAP_UP_TOPIC_TEXTS.moved(topic.name, topic.position, count) });
  } catch (error) {
    if (!(error instanceof TopicError)) throw error;
    const id = form.intent === LIST_INTENTS.add ? null : form.id;
    const problem = { id, message: error.message, field: error.field, typed };
    return data(answer({ intent: form.intent, id, problem }), { status: error.status });
  }
}

/** See serverActionOrFailure. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return serverActionOrFailure(serverAction);
}

export default function WrapUpTopics({ loaderData, actionData }: Route.ComponentProps) {
  const { topics } = loaderData;
  const failed = actionData && "failed" in actionData;
  const result = actionData && !("failed" in actionData) ? actionData : null;
  const problem = result?.problem ?? null;
  const nameProblem = problem?.field === "name" ? problem : null;
  const generalError = failed ? LIST_TEXTS.postFailed : problem && !nameProblem ? problem.message : null;
  const done = useFocusAfterAnswer(result);
  return (
    <>
      <p className="mt-1 text-slate-700">{WRAP_UP_TOPIC_TEXTS.intro}</p>
      {generalError ? (
        <div className="mt-4">
          <Alert>{generalError}</Alert>
        </div>
      ) : null}
      {result?.done ? <DoneMessage message={result.done} focusRef={done} /> : null}

      <h2 className="mt-8 text-xl font-semibold text-slate-900">{WRAP_UP_TOPIC_TEXTS.listHeading(topics.length)}</h2>
      {topics.length === 0 ? (
        <p className="mt-3 rounded-xl bg-slate-50 p-6 text-center text-slate-700">{WRAP_UP_TOPIC_TEXTS.none}</p>
      ) : (
        <ol className="mt-3 space-y-3">
          {topics.map((topic) => (
            <li key={topic.id} data-list-row={topic.id}>
              <TopicRow
                topic={topic}
                count={topics.length}
                problem={nameProblem?.id === topic.id ? nameProblem : null}
              />
            </li>
          ))}
        </ol>
      )}

      <section aria-labelledby="add-topic-heading" className="mt-10 rounded-xl border border-slate-200 p-4 sm:p-5">
        <h2 id="add-topic-heading" className="text-xl font-semibold text-slate-900">
          {WRAP_UP_TOPIC_TEXTS.addHeading}
        </h2>
        <NameForm
          topic={null}
          problem={nameProblem?.id === null ? nameProblem : null}
          added={result?.intent === LIST_INTENTS.add && result.done ? result.id : null}
        />
      </section>
    </>
  );
}

function TopicRow({ topic, count, problem }: { topic: WrapUpTopic; count: number; problem: Problem | null }) {
  const headingId = useId();
  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-slate-200 p-4">
      <PositionLabel>{WRAP_UP_TOPIC_TEXTS.position(topic.position, count)}</PositionLabel>
      <h3 id={headingId} dir="auto" className="mt-0.5 font-semibold text-slate-900 [overflow-wrap:anywhere]">
        {topic.name}
      </h3>
      {/* Keyed by the stored name: a rename shows it; a refused one keeps what was typed. */}
      <NameForm key={topic.name} topic={topic} problem={problem} added={null} />
      <div className="mt-3">
        <RowControls
          id={topic.id}
          label={topic.name}
          position={topic.position}
          count={count}
          texts={WRAP_UP_TOPIC_TEXTS}
        />
      </div>
    </article>
  );
}

/** The database decides whether the name is already on the list; a refused name stays in the field. */
function NameForm({
  topic,
  problem,
  added,
}: {
  topic: WrapUpTopic | null;
  problem: Problem | null;
  added: number | null;
}) {
  const intent = topic ? LIST_INTENTS.save : LIST_INTENTS.add;
  const busy = useListBusy(intent, topic?.id ?? null);
  const [local, setLocal] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const error = local ?? problem?.message;
  useEffect(() => {
    if (problem) input.current?.focus();
  }, [problem]);
  useEffect(() => {
    if (added !== null) formRef.current?.reset();
  }, [added]);
  return (
    <Form
      ref={formRef}
      method="post"
      preventScrollReset
      noValidate
      // A long name breaks rather than widening a phone's page.
      className={`[overflow-wrap:anywhere] ${topic ? "mt-3 space-y-2 border-t border-slate-200 pt-3" : "mt-3 space-y-3"}`}
      onSubmit={(event) => {
        ignoreWhileBusy(busy)(event);
        if (event.defaultPrevented) return;
        const parsed = TopicNameSchema.safeParse(new FormData(event.currentTarget).get("name"));
        if (parsed.success) return setLocal(null);
        event.preventDefault();
        setLocal(parsed.error.issues[0]?.message ?? WRAP_UP_TOPIC_TEXTS.emptyName);
        input.current?.focus();
      }}
    >
      {topic ? <input type="hidden" name="id" value={topic.id} /> : null}
      <TextField
        ref={input}
        name="name"
        label={topic ? WRAP_UP_TOPIC_TEXTS.renameLabel(topic.name) : WRAP_UP_TOPIC_TEXTS.nameLabel}
        hint={WRAP_UP_TOPIC_TEXTS.nameHint}
        error={error}
        announceError
        defaultValue={problem ? problem.typed : (topic?.name ?? "")}
        autoComplete="off"
      />
      <button
        type="submit"
        name="intent"
        value={intent}
        aria-disabled={busy}
        className={topic ? dialogButtonClass.secondary : dialogButtonClass.primary}
      >
        {topic
          ? busy
            ? WRAP_UP_TOPIC_TEXTS.saving
            : WRAP_UP_TOPIC_TEXTS.save
          : busy
            ? WRAP_UP_TOPIC_TEXTS.adding
            : WRAP_UP_TOPIC_TEXTS.add}
        {topic ? <span className="sr-only"> “{topic.name}”</span> : null}
      </button>
    </Form>
  );
}
