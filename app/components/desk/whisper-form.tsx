import { useId } from "react";
import { Form, useNavigation } from "react-router";
import { Alert } from "~/components/ui/form-controls";
import { DESK_PAGE_TEXTS, MAX_DESK_NOTE } from "~/shared/desk";
import { WHISPER_TEXTS } from "~/shared/desk-operations";

export const WHISPER_INTENT = "whisper";

/** Appears at once on the listener's page, never the visitor's. */
export function WhisperForm({
  listenerName,
  answer,
}: {
  listenerName: string;
  answer: { ok: boolean; message: string | null; text: string; at: number } | null;
}) {
  const id = useId();
  const sending = useNavigation().formData?.get("intent") === WHISPER_INTENT;
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-2 rounded-xl border border-slate-200 p-3 sm:p-4">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900 [overflow-wrap:anywhere]">
        {WHISPER_TEXTS.label(listenerName)}
      </h2>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {WHISPER_TEXTS.hint}
      </p>
      {answer?.ok ? <Alert tone="success">{WHISPER_TEXTS.sent}</Alert> : null}
      {answer && !answer.ok && answer.message ? <Alert>{answer.message}</Alert> : null}
      {/* Each one sent is a new form, so a sent message clears the box. */}
      <Form method="post" preventScrollReset className="space-y-2" key={answer?.ok ? `sent-${answer.at}` : "draft"}>
        <input type="hidden" name="intent" value={WHISPER_INTENT} />
        <label htmlFor={`${id}-text`} className="sr-only">
          {WHISPER_TEXTS.label(listenerName)}
        </label>
        <textarea
          id={`${id}-text`}
          name="text"
          dir="auto"
          rows={3}
          required
          maxLength={MAX_DESK_NOTE}
          defaultValue={answer && !answer.ok ? answer.text : ""}
          aria-describedby={`${id}-hint`}
          className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus:outline-2 focus:outline-offset-1 focus:outline-brand-600"
        />
        <button
          type="submit"
          disabled={sending}
          className="inline-flex min-h-10 items-center justify-center rounded-full bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-60"
        >
          {WHISPER_TEXTS.send}
        </button>
      </Form>
    </section>
  );
}

/** Shown near the top, so it is seen without looking for the notes. */
export function WhisperArrived({ text, about = null }: { text: string | null; about?: string | null }) {
  return (
    <div role="status" className={text ? "mt-3" : "sr-only"}>
      {text ? (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-300 [overflow-wrap:anywhere]">
          <span className="font-semibold">
            {WHISPER_TEXTS.kind}
            {about ? ` ${DESK_PAGE_TEXTS.whisperAbout(about)}` : null}:
          </span>{" "}
          <span dir="auto">{text}</span>
        </p>
      ) : null}
    </div>
  );
}
