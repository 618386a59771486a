import { useEffect, useId, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { ignoreWhileBusy } from "~/components/safety/block-controls";
import { dialogButtonClass } from "~/components/ui/dialog";
import { Alert } from "~/components/ui/form-controls";
import { LocalTime } from "~/components/ui/local-time";
import {
  DESK_PAGE_TEXTS,
  DESK_TEXTS,
  type DeskAccess,
  type DeskListener,
  type DeskNote,
  speakersFirst,
} from "~/shared/desk";
import { RISK_ANSWERS, WRAP_UP_FIELDS, WRAP_UP_FORM_TEXTS, WRAP_UP_TEXTS } from "~/shared/desk-operations";
import { parseWrapUp, postedWrapUp, type WrapUpProblems } from "~/shared/wrap-up-form";

export type DeskIntent = "take" | "transfer" | "return" | "note" | "resolve";
/** With what was typed, so the form shows both. */
export type DeskToolAnswer = {
  intent: DeskIntent;
  refusal: string | null;
  typed: { to?: string; note?: string; text?: string; topics?: string[]; risk?: string | null };
  problems?: WrapUpProblems;
};

const TOOL_CARD = "space-y-3 rounded-xl border border-slate-200 p-3 sm:p-4";

/** Plain forms, so they work without scripts; in their own module, so the page hydrates them after the conversation. */
export function DeskTools({
  access,
  listeners,
  language,
  notes,
  topics,
  replied,
  answered,
}: {
  access: DeskAccess;
  /** The other available listeners. */
  listeners: DeskListener[];
  /** Those who speak it are offered first. */
  language: string | null;
  notes: DeskNote[];
  topics: string[];
  replied: boolean;
  answered: DeskToolAnswer | null;
}) {
  const refusalFor = (intent: DeskIntent) => (answered?.intent === intent ? answered.refusal : null);
  return (
    <>
      {access === "queued" ? (
        <TakeForm refusal={refusalFor("take")} />
      ) : (
        <>
          {!replied || refusalFor("return") ? <ReturnToLineForm refusal={refusalFor("return")} /> : null}
          <TransferForm
            listeners={speakersFirst(listeners, language)}
            refusal={refusalFor("transfer")}
            typed={answered?.intent === "transfer" ? answered.typed : {}}
          />
          <ResolveForm topics={topics} replied={replied} answered={answered?.intent === "resolve" ? answered : null} />
        </>
      )}
      <PrivateNotes
        notes={notes}
        canWrite={access !== "queued"}
        refusal={refusalFor("note")}
        typed={answered?.intent === "note" ? (answered.typed.text ?? "") : ""}
        added={answered?.intent === "note" && answered.refusal === null}
      />
    </>
  );
}

/** A second press is not sent again. */
function useBusy(intent: DeskIntent) {
  const navigation = useNavigation();
  return navigation.formData?.get("intent") === intent;
}

function TakeForm({ refusal }: { refusal: string | null }) {
  const busy = useBusy("take");
  return (
    <Form method="post" onSubmit={ignoreWhileBusy(busy)} className="space-y-3">
      <button type="submit" name="intent" value="take" aria-disabled={busy} className={dialogButtonClass.primary}>
        {DESK_TEXTS.take}
      </button>
      {refusal ? <Alert>{refusal}</Alert> : null}
    </Form>
  );
}

/** Instead of closing it, so the visitor keeps their place for someone who can. */
function ReturnToLineForm({ refusal }: { refusal: string | null }) {
  const busy = useBusy("return");
  return (
    <Form method="post" onSubmit={ignoreWhileBusy(busy)} aria-labelledby="desk-return" className={TOOL_CARD}>
      <h2 id="desk-return" className="text-lg font-semibold text-slate-900">
        {DESK_TEXTS.returnToLine}
      </h2>
      <p className="text-sm text-slate-600">{DESK_PAGE_TEXTS.returnToLineHint}</p>
      {refusal ? <Alert>{refusal}</Alert> : null}
      <button type="submit" name="intent" value="return" aria-disabled={busy} className={dialogButtonClass.primary}>
        {DESK_TEXTS.returnToLine}
      </button>
    </Form>
  );
}

function TransferForm({
  listeners,
  refusal,
  typed,
}: {
  listeners: DeskListener[];
  refusal: string | null;
  typed: { to?: string; note?: string };
}) {
  const busy = useBusy("transfer");
  return (
    <Form method="post" onSubmit={ignoreWhileBusy(busy)} aria-labelledby="desk-transfer" className={TOOL_CARD}>
      <h2 id="desk-transfer" className="text-lg font-semibold text-slate-900">
        {DESK_TEXTS.transfer}
      </h2>
      {listeners.length === 0 ? <p className="text-sm text-slate-600">{DESK_PAGE_TEXTS.nobodyToTransferTo}</p> : null}
      <div>
        <label htmlFor="desk-transfer-to" className="mb-1 block text-sm font-medium text-slate-800">
          {DESK_PAGE_TEXTS.transferTo}
        </label>
        <select
          id="desk-transfer-to"
          name="to"
          defaultValue={typed.to ?? ""}
          className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 focus:outline-2 focus:outline-offset-1 focus:outline-brand-600"
        >
          <option value="">{DESK_PAGE_TEXTS.chooseListener}</option>
          {listeners.map((listener) => (
            <option key={listener.id} value={listener.id}>
              {DESK_PAGE_TEXTS.listenerOption(
                listener.name,
                listener.active,
                listener.languages.map((spoken) => spoken.name),
              )}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="desk-transfer-note" className="mb-1 block text-sm font-medium text-slate-800">
          {DESK_PAGE_TEXTS.transferNote}
        </label>
        <textarea
          id="desk-transfer-note"
          name="note"
          dir="auto"
          rows={3}
          defaultValue={typed.note ?? ""}
          className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-base text-slate-900 focus:outline-2 focus:outline-offset-1 focus:outline-brand-600"
        />
      </div>
      {refusal ? <Alert>{refusal}</Alert> : null}
      <button type="submit" name="intent" value="transfer" aria-disabled={busy} className={dialogButtonClass.secondary}>
        {DESK_TEXTS.transfer}
      </button>
    </Form>
  );
}

/** Never shown to the visitor; the action checks again, and the topics against the current list. */
function ResolveForm({
  topics,
  replied,
  answered,
}: {
  topics: string[];
  replied: boolean;
  answered: DeskToolAnswer | null;
}) {
  const busy = useBusy("resolve");
  const id = useId();
  const [local, setLocal] = useState<WrapUpProblems | null>(null);
  const problems = local ?? answered?.problems ?? {};
  // The desk's refusal (not yours any more), not the form's fields'.
  const refusal = answered?.refusal && !answered.problems ? answered.refusal : null;
  const chosen = answered?.typed.topics ?? [];
  const risk = answered?.typed.risk ?? null;
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstProblem = (found: WrapUpProblems) => {
    const field = found.topics ? WRAP_UP_FIELDS.topics : found.riskDiscussed ? WRAP_UP_FIELDS.riskDiscussed : null;
    if (field) formRef.current?.querySelector<HTMLInputElement>(`input[name="${field}"]`)?.focus();
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: on a new answer only
  useEffect(() => {
    if (answered?.problems) focusFirstProblem(answered.problems);
  }, [answered]);
  const described = (part: keyof WrapUpProblems, hint?: string) =>
    problems[part] ? `${id}-${part}-problem` : hint ? `${id}-${part}-hint` : undefined;
  return (
    <Form
      ref={formRef}
      method="post"
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        ignoreWhileBusy(busy)(event);
        if (event.defaultPrevented) return;
        const { problems: found } = parseWrapUp(postedWrapUp(new FormData(event.currentTarget)));
        if (Object.keys(found).length === 0) return setLocal(null);
        event.preventDefault();
        setLocal(found);
        focusFirstProblem(found);
      }}
      className={TOOL_CARD}
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {DESK_TEXTS.markResolved}
      </h2>
      {replied ? null : (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-200">
          {DESK_PAGE_TEXTS.replyBeforeResolving}
        </p>
      )}
      <p className="text-sm text-slate-600">{WRAP_UP_TEXTS.onlyForDesk}</p>
      <fieldset aria-describedby={described("topics", "hint")} className="space-y-1">
        <legend className="text-sm font-medium text-slate-800">{WRAP_UP_TEXTS.topics}</legend>
        <p id={`${id}-topics-hint`} className="text-sm text-slate-600">
          {topics.length === 0 ? WRAP_UP_FORM_TEXTS.noTopics : WRAP_UP_TEXTS.topicsHint}
        </p>
        <div className="grid grid-cols-1 gap-x-3 min-[360px]:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
          {topics.map((topic) => (
            <label key={topic} className="flex min-h-9 items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                name={WRAP_UP_FIELDS.topics}
                value={topic}
                defaultChecked={chosen.includes(topic)}
                className="h-4 w-4 shrink-0 rounded border-slate-400 accent-brand-700"
              />
              <span className="min-w-0 [overflow-wrap:anywhere]">{topic}</span>
            </label>
          ))}
        </div>
        {problems.topics ? <WrapUpProblem id={`${id}-topics-problem`}>{problems.topics}</WrapUpProblem> : null}
      </fieldset>
      <fieldset aria-describedby={described("riskDiscussed")} className="space-y-1">
        <legend className="text-sm font-medium text-slate-800">{WRAP_UP_TEXTS.riskDiscussed}</legend>
        <div className="flex flex-wrap gap-x-5">
          {(
            [
              [RISK_ANSWERS.yes, WRAP_UP_TEXTS.yes],
              [RISK_ANSWERS.no, WRAP_UP_TEXTS.no],
            ] as const
          ).map(([value, text]) => (
            <label key={value} className="flex min-h-9 items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name={WRAP_UP_FIELDS.riskDiscussed}
                value={value}
                defaultChecked={risk === value}
                className="h-4 w-4 accent-brand-700"
              />
              {text}
            </label>
          ))}
        </div>
        {problems.riskDiscussed ? (
          <WrapUpProblem id={`${id}-riskDiscussed-problem`}>{problems.riskDiscussed}</WrapUpProblem>
        ) : null}
      </fieldset>
      {refusal ? <Alert>{refusal}</Alert> : null}
      <button type="submit" name="intent" value="resolve" aria-disabled={busy} className={dialogButtonClass.secondary}>
        {DESK_TEXTS.markResolved}
      </button>
    </Form>
  );
}

function WrapUpProblem({ id, children }: { id: string; children: string }) {
  return (
    <p id={id} role="alert" className="text-sm text-red-700">
      {children}
    </p>
  );
}

/** Never shown to the visitor. */
function PrivateNotes({
  notes,
  canWrite,
  refusal,
  typed,
  added,
}: {
  notes: DeskNote[];
  canWrite: boolean;
  refusal: string | null;
  typed: string;
  added: boolean;
}) {
  const busy = useBusy("note");
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (added) formRef.current?.reset();
  }, [added]);
  return (
    <section aria-labelledby="desk-notes" className={TOOL_CARD}>
      <h2 id="desk-notes" className="text-lg font-semibold text-slate-900">
        {DESK_PAGE_TEXTS.notes}
      </h2>
      <p className="text-sm text-slate-600">{DESK_TEXTS.notesOnlyHere}</p>
      {notes.length === 0 ? (
        <p className="text-sm text-slate-600">{DESK_PAGE_TEXTS.noNotes}</p>
      ) : (
        <ol className="space-y-2">
          {notes.map((note) => (
            <li key={note.id} className="rounded-lg bg-amber-50 p-2.5 text-sm ring-1 ring-amber-200">
              <p className="text-xs text-slate-700">
                <span className="font-semibold">{DESK_PAGE_TEXTS.noteKinds[note.kind]}</span>
                {" · "}
                <span className="[overflow-wrap:anywhere]">{note.authorName}</span>
                {" · "}
                <LocalTime timestamp={note.createdAt} />
              </p>
              <p dir="auto" className="mt-1 whitespace-pre-wrap text-slate-900 [overflow-wrap:anywhere]">
                {note.text}
              </p>
            </li>
          ))}
        </ol>
      )}
      {canWrite ? (
        <Form ref={formRef} method="post" onSubmit={ignoreWhileBusy(busy)} className="space-y-2">
          <label htmlFor="desk-note-text" className="block text-sm font-medium text-slate-800">
            {DESK_TEXTS.privateNote}
          </label>
          <textarea
            id="desk-note-text"
            name="text"
            dir="auto"
            rows={3}
            defaultValue={typed}
            aria-invalid={refusal ? true : undefined}
            aria-describedby={refusal ? "desk-note-refusal" : undefined}
            className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-base text-slate-900 focus:outline-2 focus:outline-offset-1 focus:outline-brand-600 aria-invalid:border-red-600"
          />
          {refusal ? (
            <div id="desk-note-refusal">
              <Alert>{refusal}</Alert>
            </div>
          ) : null}
          <button type="submit" name="intent" value="note" aria-disabled={busy} className={dialogButtonClass.secondary}>
            {DESK_PAGE_TEXTS.addNote}
          </button>
        </Form>
      ) : null}
    </section>
  );
}
