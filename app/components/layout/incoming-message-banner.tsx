import { useEffect } from "react";
import { Link } from "react-router";
import { alertTitle, BANNER_CLOSE_MS, type IncomingMessage } from "~/lib/incoming-message-alert";
import { chatWith } from "~/shared/routes";

export function IncomingMessageBanner({ message, onClose }: { message: IncomingMessage; onClose: () => void }) {
  useEffect(() => {
    const timer = window.setTimeout(onClose, BANNER_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [onClose]);

  return (
    <div
      role="status"
      aria-label={alertTitle(message)}
      className="fixed top-3 right-3 left-3 z-50 mx-auto max-w-sm rounded-xl bg-white p-4 shadow-lg ring-1 ring-slate-200 sm:left-auto"
    >
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold text-slate-900">{alertTitle(message)}</p>
          <p className="mt-0.5 truncate text-sm text-slate-700">{message.preview}</p>
          <Link
            to={chatWith(message.contactId)}
            onClick={onClose}
            className="mt-2 inline-block text-sm font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700"
          >
            Open conversation
          </Link>
        </div>
        <button
          type="button"
          onClick={onClose}
          className="-mt-1 -mr-1 inline-flex h-9 w-9 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          <span className="sr-only">Close</span>
          <svg
            viewBox="0 0 24 24"
            className="h-5 w-5"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
          </svg>
        </button>
      </div>
    </div>
  );
}
