import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { ignoreWhileBusy } from "~/components/safety/block-controls";
import { Alert } from "~/components/ui/form-controls";
import { LIST_INTENTS, type ListIntent } from "~/shared/desk-operations";

/**
 * The parts the admin's ordered lists share (/admin/replies, /admin/topics): each row's Move up,
 * Move down and Remove, what happened, and where focus goes after it. Plain forms posted to the
 * page's action, so they work before and without scripts.
 */

/** What a list page's action answers: what was done and to which row, or the refusal. */
export type ListAnswer<Problem> = {
  intent: ListIntent | null;
  /** The row it concerned (the one added, for `add`). */
  id: number | null;
  done: string | null;
  problem: Problem | null;
};

/** Whether this page's form for `intent` (on row `id`; null: the add form) is on its way. */
export function useListBusy(intent: ListIntent, id: number | null): boolean {
  const posted = useNavigation().formData;
  if (posted?.get("intent") !== intent) return false;
  return id === null ? !posted.has("id") : posted.get("id") === String(id);
}

const smallButton =
  "inline-flex min-h-9 items-center justify-center rounded-full px-3.5 text-sm font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 aria-disabled:cursor-not-allowed aria-disabled:opacity-60";

/** Marks a row's order button, so focus can find it again after the row moved. */
const ORDER_BUTTON = "data-order-button";

/**
 * A row's Move up / Move down (not past either end) and Remove: one form, the button pressed says
 * which. `label` names the row for screen readers ('Move up “Welcome”').
 */
export function RowControls({
  id,
  label,
  position,
  count,
  texts,
}: {
  id: number;
  label: string;
  position: number;
  count: number;
  texts: { moveUp: string; moveDown: string; remove: string };
}) {
  const busy = useNavigation().formData?.get("id") === String(id);
  const buttons = [
    ...(position > 1 ? [{ intent: LIST_INTENTS.up, text: texts.moveUp }] : []),
    ...(position < count ? [{ intent: LIST_INTENTS.down, text: texts.moveDown }] : []),
    { intent: LIST_INTENTS.remove, text: texts.remove },
  ];
  return (
    <Form method="post" preventScrollReset onSubmit={ignoreWhileBusy(busy)} className="flex flex-wrap gap-2">
      <input type="hidden" name="id" value={id} />
      {buttons.map((button) => (
        <button
          key={button.intent}
          type="submit"
          name="intent"
          value={button.intent}
          aria-disabled={busy}
          {...{ [ORDER_BUTTON]: button.intent }}
          className={smallButton}
        >
          {button.text}
          <span className="sr-only"> “{label}”</span>
        </button>
      ))}
    </Form>
  );
}

/**
 * Where focus goes after an answer: a moved row's same button (or, at an end of the list, its other
 * one), so Move up can be pressed again; else what happened, since the control pressed may be gone.
 * Without scripts the browser shows the new page from its top.
 */
export function useFocusAfterAnswer(answer: ListAnswer<unknown> | null) {
  const done = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!answer?.done) return;
    if (answer.intent === LIST_INTENTS.up || answer.intent === LIST_INTENTS.down) {
      const row = document.querySelector(`[data-list-row="${answer.id}"]`);
      const button =
        row?.querySelector<HTMLElement>(`[${ORDER_BUTTON}="${answer.intent}"]`) ??
        row?.querySelector<HTMLElement>(`[${ORDER_BUTTON}="up"], [${ORDER_BUTTON}="down"]`);
      if (button) return button.focus();
    }
    done.current?.focus();
  }, [answer]);
  return done;
}

/** What was done, said as it appears (a status), and focusable so focus can land on it. */
export function DoneMessage({
  message,
  focusRef,
}: {
  message: string;
  focusRef: React.RefObject<HTMLDivElement | null>;
}) {
  return (
    <div ref={focusRef} tabIndex={-1} className="mt-4 focus-visible:outline-2 focus-visible:outline-brand-700">
      <Alert tone="success">
        <span className="[overflow-wrap:anywhere]">{message}</span>
      </Alert>
    </div>
  );
}

/** A row's place, as a quiet line: '2 of 5'. */
export function PositionLabel({ children }: { children: string }) {
  return <p className="text-xs font-medium text-slate-600">{children}</p>;
}
