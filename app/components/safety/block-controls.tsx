import { useId } from "react";
import { Form, useNavigation } from "react-router";
import { Dialog, DialogCloser, DialogOpener, dialogButtonClass } from "~/components/ui/dialog";
import { Alert } from "~/components/ui/form-controls";
import { BLOCK_TEXTS } from "~/shared/safety";

/** The page's own action blocks the person the page is about. */
export function BlockButton({ username }: { username: string }) {
  const dialogId = useId();
  return (
    <>
      <DialogOpener dialogId={dialogId} className={dialogButtonClass.quiet}>
        {BLOCK_TEXTS.blockButton(username)}
      </DialogOpener>
      <BlockDialog id={dialogId} username={username} />
    </>
  );
}

/** For an opener placed elsewhere (a menu). */
export function BlockDialog({ id, username }: { id: string; username: string }) {
  const busy = useNavigation().formData?.get("intent") === "block";
  return (
    <Dialog id={id} title={BLOCK_TEXTS.confirmTitle(username)}>
      <p className="text-sm text-slate-700">{BLOCK_TEXTS.explanation(username)}</p>
      <Form
        method="post"
        preventScrollReset
        onSubmit={ignoreWhileBusy(busy)}
        className="mt-5 flex flex-wrap justify-end gap-2"
      >
        <DialogCloser dialogId={id} className={dialogButtonClass.secondary}>
          {BLOCK_TEXTS.cancel}
        </DialogCloser>
        <button type="submit" name="intent" value="block" aria-disabled={busy} className={dialogButtonClass.danger}>
          {BLOCK_TEXTS.confirm}
        </button>
      </Form>
    </Dialog>
  );
}

/** `userId` for lists of people. */
export function UnblockForm({ username, userId }: { username: string; userId?: string }) {
  const navigation = useNavigation();
  const busy =
    navigation.formData?.get("intent") === "unblock" &&
    (userId === undefined || navigation.formData.get("userId") === userId);
  return (
    <Form method="post" preventScrollReset onSubmit={ignoreWhileBusy(busy)}>
      {userId ? <input type="hidden" name="userId" value={userId} /> : null}
      <button type="submit" name="intent" value="unblock" aria-disabled={busy} className={dialogButtonClass.secondary}>
        {BLOCK_TEXTS.unblockButton(username)}
      </button>
    </Form>
  );
}

export function BlockedNotice({ username, blockedByMe }: { username: string; blockedByMe: boolean }) {
  return (
    <div className="space-y-3">
      <Alert tone="info">{blockedByMe ? BLOCK_TEXTS.blocked(username) : BLOCK_TEXTS.cannotMessage}</Alert>
      {blockedByMe ? <UnblockForm username={username} /> : null}
    </div>
  );
}

/** aria-disabled, not disabled: a disabled button drops keyboard focus to <body> while the form is on its way. */
export function ignoreWhileBusy(busy: boolean) {
  return (event: React.FormEvent) => {
    if (busy) event.preventDefault();
  };
}

/** Always in the page, so screen readers hear a message put into it. */
export function SafetyStatus({
  message,
  className = "mb-3",
  focusRef,
}: {
  message: string | null;
  className?: string;
  focusRef?: React.Ref<HTMLParagraphElement>;
}) {
  return (
    <div role="status" className={message ? className : "sr-only"}>
      {message ? (
        <p
          ref={focusRef}
          tabIndex={-1}
          className={`rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900 ${focusTargetClass}`}
        >
          {message}
        </p>
      ) : null}
    </div>
  );
}

export const focusTargetClass =
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700";

export function BlockFailure({ message }: { message: string | null }) {
  return message ? <Alert>{message}</Alert> : null;
}
