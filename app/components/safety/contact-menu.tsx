import { memo, Suspense, useEffect, useId, useRef } from "react";
import { BlockDialog, ReportDialog } from "~/components/deferred";
import { DialogOpener } from "~/components/ui/dialog";
import { startMobileMenu } from "~/lib/mobile-menu";
import { BLOCK_TEXTS, CONTACT_MENU_TEXTS, REPORT_TEXTS } from "~/shared/safety";

/**
 * So the name keeps the header's room on a phone. A native <details>, so it works without scripts;
 * the dialogs sit outside it, so closing one gives focus back to the item that opened it.
 */
export const ContactMenu = memo(function ContactMenu({ username }: { username: string }) {
  const reportId = useId();
  const blockId = useId();
  const menuRef = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (!menuRef.current) return;
    return startMobileMenu(menuRef.current).stop;
  }, []);
  return (
    <>
      <details ref={menuRef} className="group relative">
        <summary className="inline-flex h-9 w-9 cursor-pointer list-none items-center justify-center rounded-full text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 group-open:bg-slate-100 [&::-webkit-details-marker]:hidden">
          <span className="sr-only">{CONTACT_MENU_TEXTS.toggle(username)}</span>
          <svg viewBox="0 0 20 20" aria-hidden="true" className="h-5 w-5" fill="currentColor">
            <path d="M10 6a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3Zm0 5.5a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3Zm0 5.5a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3Z" />
          </svg>
        </summary>
        {/* A long name wraps rather than leave the screen. */}
        <div className="absolute top-full right-0 z-20 mt-1 w-max max-w-[min(16rem,calc(100vw-2rem))] rounded-xl bg-white p-1 shadow-lg ring-1 ring-slate-200">
          <ul className="flex flex-col">
            <li>
              <DialogOpener dialogId={reportId} className={menuItemClass}>
                {REPORT_TEXTS.profileButton(username)}
              </DialogOpener>
            </li>
            <li>
              <DialogOpener dialogId={blockId} className={`${menuItemClass} text-red-800`}>
                {BLOCK_TEXTS.blockButton(username)}
              </DialogOpener>
            </li>
          </ul>
        </div>
      </details>
      <Suspense fallback={null}>
        <ReportDialog id={reportId} username={username} subject="profile" canAlsoBlock />
        <BlockDialog id={blockId} username={username} />
      </Suspense>
    </>
  );
});

const menuItemClass =
  "flex min-h-10 w-full items-center rounded-lg px-3 text-left text-sm font-medium text-slate-800 [overflow-wrap:anywhere] hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700";
