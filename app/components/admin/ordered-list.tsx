import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { ignoreWhileBusy } from "~/components/safety/block-controls";
import { Alert } from "~/components/ui/form-controls";
import { LIST_INTENTS, type ListIntent } from "~/shared/desk-operations";

/** Plain forms posted to the page's action, so they work before and without scripts. */

export type ListAnswer<Problem> = {
  intent: ListIntent | null;
  /** The one added, for `add`. */
  id: number | null;
  done: string | null;
  problem: Problem | null;
};

/** `id` null: the add form. */
export function useListBusy(intent: ListIntent, id: number | null): boolean {
  const posted = useNavigation().formData;
  if (posted?.get("intent") !== intent) return false;
  return id === null ? !posted.has("id") : posted.get("id") === String(id);
}

const smallButton =
  "inline-flex min-h-9 items-center justify-center rounded-full px-3.5 text-sm font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 aria-disabled:cursor-not-allowed aria-disabled:opacity-60";

/** So focus can find it again after the row moved. */
const ORDER_BUTTON = "data-order-button";

/** One form: the button pressed says which. */
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

/** A moved row's same button, so Move up can be pressed again; else what happened, since the control may be gone. */
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

/** Focusable so focus can land on it. */
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

export function PositionLabel({ children }: { children: string }) {
  return <p className="text-xs font-medium text-slate-600">{children}</p>;
}
