import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { useInactivityLogout } from "~/hooks/use-inactivity-logout";
import { useSignedInUser } from "~/lib/signed-in-user";
import { INACTIVITY_MESSAGES } from "~/shared/inactivity";
import { routePatternOf } from "~/shared/routes";

export default function InactivityGuard() {
  const user = useSignedInUser();
  const { warning, stayActive } = useInactivityLogout(user !== null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const onConversation = routePatternOf(useLocation().pathname) === "/chat/:userId";

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (warning && !dialog.open) dialog.showModal();
    if (!warning && dialog.open) dialog.close();
  }, [warning]);

  if (!user) return null;
  return (
    <dialog
      ref={dialogRef}
      aria-labelledby="inactivity-title"
      aria-describedby="inactivity-text"
      onCancel={stayActive}
      className="m-auto max-w-sm rounded-2xl p-6 shadow-xl backdrop:bg-slate-900/50"
    >
      <h2 id="inactivity-title" className="text-lg font-semibold text-slate-900">
        {INACTIVITY_MESSAGES.title}
      </h2>
      <div id="inactivity-text">
        <p className="mt-2 text-slate-700">{INACTIVITY_MESSAGES.warning}</p>
        {onConversation ? <p className="mt-2 text-slate-700">{INACTIVITY_MESSAGES.conversationKept}</p> : null}
      </div>
      <button
        type="button"
        onClick={stayActive}
        className="mt-5 w-full rounded-full bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        {INACTIVITY_MESSAGES.ok}
      </button>
    </dialog>
  );
}
