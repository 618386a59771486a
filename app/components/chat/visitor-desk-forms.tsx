import { useEffect, useId, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { Alert } from "~/components/ui/form-controls";
import { useHydrated } from "~/hooks/use-hydrated";
import type { VisitorDeskStatus } from "~/shared/desk";
import {
  END_CONVERSATION_TEXTS,
  HELPFUL_ANSWERS,
  MAX_SURVEY_COMMENT,
  SURVEY_TEXTS,
  VISITOR_DESK_INTENTS,
  type VisitorDeskAnswer,
} from "~/shared/desk-operations";

const smallButtonClass =
  "inline-flex min-h-9 items-center justify-center rounded-full px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-60";

/** Plain forms posted to the conversation's page, so they work before and without scripts. */
export function VisitorDeskForms({
  status,
  path,
  answer,
}: {
  status: VisitorDeskStatus | null;
  path: string;
  answer: VisitorDeskAnswer | null;
}) {
  const onDesk = status?.state === "queued" || status?.state === "assigned";
  const surveyAnswer = answer?.intent === VISITOR_DESK_INTENTS.survey ? answer : null;
  const endAnswer = answer?.intent === VISITOR_DESK_INTENTS.end ? answer : null;
  return (
    <>
      {endAnswer && !endAnswer.ok && endAnswer.message ? (
        <div className="mx-px mt-2">
          <Alert>{endAnswer.message}</Alert>
        </div>
      ) : null}
      {onDesk ? <EndConversation path={path} withListener={status?.state === "assigned"} /> : null}
      {surveyAnswer?.ok ? (
        <div className="mx-px mt-3">
          <Alert tone="success">{SURVEY_TEXTS.thanks}</Alert>
        </div>
      ) : status?.state === "idle" && status.survey ? (
        <HelpSurvey path={path} opening={status.survey} refused={surveyAnswer} />
      ) : null}
    </>
  );
}

/** The browser's own disclosure, so it opens by keyboard and without scripts. */
function EndConversation({ path, withListener }: { path: string; withListener: boolean }) {
  const hydrated = useHydrated();
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const summaryRef = useRef<HTMLElement>(null);
  const questionRef = useRef<HTMLElement>(null);
  const titleId = useId();
  const sending = useNavigation().formData?.get("intent") === VISITOR_DESK_INTENTS.end;
  return (
    <details
      ref={detailsRef}
      className="group mx-px mt-2"
      // Brought into view, not left below the fold.
      onToggle={(event) => {
        if (event.currentTarget.open) questionRef.current?.scrollIntoView({ block: "nearest" });
      }}
    >
      <summary
        ref={summaryRef}
        className="inline-flex min-h-9 cursor-pointer list-none items-center rounded-full px-3 text-sm font-semibold text-slate-700 underline underline-offset-2 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-700 [&::-webkit-details-marker]:hidden"
      >
        {END_CONVERSATION_TEXTS.button}
      </summary>
      <section
        ref={questionRef}
        aria-labelledby={titleId}
        className="mt-1 rounded-xl bg-white p-3 text-sm text-slate-800 ring-1 ring-slate-300"
      >
        <h3 id={titleId} className="font-semibold text-slate-900">
          {END_CONVERSATION_TEXTS.confirmTitle}
        </h3>
        <p className="mt-1 leading-snug">
          {withListener ? END_CONVERSATION_TEXTS.confirmBodyWithListener : END_CONVERSATION_TEXTS.confirmBodyInLine}
        </p>
        <Form method="post" action={path} preventScrollReset className="mt-3 flex flex-wrap gap-2">
          <input type="hidden" name="intent" value={VISITOR_DESK_INTENTS.end} />
          <button
            type="submit"
            disabled={sending}
            className={`${smallButtonClass} bg-brand-700 text-white hover:bg-brand-800`}
          >
            {END_CONVERSATION_TEXTS.confirm}
          </button>
          {hydrated ? (
            <button
              type="button"
              onClick={() => {
                if (detailsRef.current) detailsRef.current.open = false;
                summaryRef.current?.focus();
              }}
              className={`${smallButtonClass} bg-white text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50`}
            >
              {END_CONVERSATION_TEXTS.cancel}
            </button>
          ) : null}
        </Form>
      </section>
    </details>
  );
}

/** Anonymous; a refusal keeps what was chosen and typed. */
function HelpSurvey({ path, opening, refused }: { path: string; opening: number; refused: VisitorDeskAnswer | null }) {
  const legendId = useId();
  const commentId = useId();
  const errorRef = useRef<HTMLDivElement>(null);
  const sending = useNavigation().formData?.get("intent") === VISITOR_DESK_INTENTS.survey;
  const message = refused && !refused.ok ? refused.message : null;
  useEffect(() => {
    if (message) errorRef.current?.focus();
  }, [message]);
  return (
    <Form
      method="post"
      action={path}
      preventScrollReset
      className="mx-px mt-3 rounded-xl bg-white p-3 text-sm text-slate-800 ring-1 ring-slate-300"
    >
      <input type="hidden" name="intent" value={VISITOR_DESK_INTENTS.survey} />
      <input type="hidden" name="opening" value={opening} />
      <fieldset aria-describedby={message ? `${legendId}-error` : undefined}>
        <legend id={legendId} className="font-semibold text-slate-900">
          {SURVEY_TEXTS.question}
        </legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {HELPFUL_ANSWERS.map((value) => (
            <label
              key={value}
              className="inline-flex min-h-9 cursor-pointer items-center gap-2 rounded-full px-3 ring-1 ring-slate-300 has-[:checked]:bg-brand-50 has-[:checked]:ring-brand-700 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700"
            >
              <input
                type="radio"
                name="answer"
                value={value}
                required
                defaultChecked={refused?.typed.answer === value}
                className="h-4 w-4 accent-brand-700"
              />
              {SURVEY_TEXTS.answers[value]}
            </label>
          ))}
        </div>
      </fieldset>
      <label htmlFor={commentId} className="mt-3 block font-medium text-slate-800">
        {SURVEY_TEXTS.comment}
      </label>
      <textarea
        id={commentId}
        name="comment"
        dir="auto"
        rows={2}
        maxLength={MAX_SURVEY_COMMENT}
        defaultValue={refused?.typed.comment ?? ""}
        aria-describedby={`${commentId}-hint`}
        className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus:outline-2 focus:outline-offset-1 focus:outline-brand-600"
      />
      <p id={`${commentId}-hint`} className="mt-1 text-xs text-slate-600">
        {SURVEY_TEXTS.commentHint}
      </p>
      {message ? (
        <div ref={errorRef} id={`${legendId}-error`} tabIndex={-1} className="mt-2">
          <Alert>{message}</Alert>
        </div>
      ) : null}
      <button
        type="submit"
        disabled={sending}
        className={`${smallButtonClass} mt-3 bg-brand-700 text-white hover:bg-brand-800`}
      >
        {SURVEY_TEXTS.send}
      </button>
    </Form>
  );
}
