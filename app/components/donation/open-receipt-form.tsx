import { useEffect, useRef } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { LoadingState } from "~/components/ui/loading-state";
import { m } from "~/paraglide/messages";
import { RECEIPT_INTENTS, RECEIPT_TEXTS } from "~/shared/receipts";

const buttonClass =
  "inline-flex items-center justify-center rounded-full bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-60";

/**
 * Opening one writes, so it is a post no prefetch can make; it replaces this history entry, so Back
 * does not open another.
 */
export function OpenReceiptForm() {
  const submit = useSubmit();
  const navigation = useNavigation();
  const form = useRef<HTMLFormElement>(null);
  const posted = useRef(false);
  const busy = navigation.state !== "idle";

  useEffect(() => {
    if (posted.current || !form.current) return;
    posted.current = true;
    submit(form.current, { replace: true });
  }, [submit]);

  return (
    <Form ref={form} method="post" replace className="mt-8 flex flex-col items-center gap-4 text-center">
      <input type="hidden" name="intent" value={RECEIPT_INTENTS.open} />
      {busy ? <LoadingState>{RECEIPT_TEXTS.preparing}</LoadingState> : null}
      <p className="text-slate-700">{m.receipt_open_hint()}</p>
      <button type="submit" disabled={busy} className={buttonClass}>
        {RECEIPT_TEXTS.openReceipt}
      </button>
    </Form>
  );
}
