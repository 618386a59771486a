import { useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { CRISIS_RESOURCES } from "~/lib/crisis-resources";

/** The banner's words; the tests read the same texts. */
export const CRISIS_BANNER_TEXTS = {
  heading: "You don't have to go through this alone",
  lead: "Free, confidential help, any time of day or night:",
  support: "Talk with our support team",
  close: "Close",
  closeContext: " crisis help for this conversation",
} as const;

const CLOSED_KEY_PREFIX = "kindred:crisis-banner-closed:";

/**
 * Crisis help pinned above the composer (issue: crisis help in the conversation) once the text being
 * written or a message in the conversation reads as crisis (app/lib/crisis-phrases.ts). It never
 * blocks or delays sending and takes no focus. Decided in this browser only: showing or closing it
 * sends nothing anywhere. Messages from either side count, so sending the words keeps it, and once
 * shown it stays until closed, so deleting them does too. Closed, it stays closed for this
 * conversation in this tab (also on reload), whatever arrives next: the person has seen it, and the
 * crisis numbers stay in the footer of every page.
 */
export function CrisisBanner({
  pairId,
  matched,
  supportPath,
}: {
  pairId: string;
  /** Whether the draft or a message of the conversation holds a crisis phrase right now. */
  matched: boolean;
  /** The support conversation, or null when this is it, or this person is the support account. */
  supportPath: string | null;
}) {
  const headingId = useId();
  // Once shown it stays: deleting the words that showed it must not take the help away.
  const [latched, setLatched] = useState(false);
  const [closed, setClosed] = useState(false);

  // Session storage exists only in the browser, so it is read after mount; the server never shows
  // the banner (the draft and the messages arrive in the browser too).
  useEffect(() => {
    setClosed(window.sessionStorage.getItem(`${CLOSED_KEY_PREFIX}${pairId}`) === "1");
  }, [pairId]);
  useEffect(() => {
    if (matched) setLatched(true);
  }, [matched]);
  const visible = (matched || latched) && !closed;

  const close = () => {
    setClosed(true);
    window.sessionStorage.setItem(`${CLOSED_KEY_PREFIX}${pairId}`, "1");
  };

  // The live region is always in the page, so screen readers announce the banner when it appears.
  return (
    <div aria-live="polite">
      {visible ? (
        <section
          aria-labelledby={headingId}
          className="mt-2 rounded-xl bg-sky-50 px-3 py-2 text-sky-950 ring-1 ring-sky-200 sm:px-4 sm:py-2.5"
        >
          <div className="flex items-start justify-between gap-2">
            <h3 id={headingId} className="pt-1 text-sm font-semibold">
              {CRISIS_BANNER_TEXTS.heading}
            </h3>
            <button
              type="button"
              onClick={close}
              className="-mr-1.5 inline-flex min-h-7 shrink-0 items-center rounded-full px-2 text-xs font-medium text-sky-900 underline underline-offset-2 hover:bg-sky-100 focus-visible:outline-2 focus-visible:outline-sky-800"
            >
              {CRISIS_BANNER_TEXTS.close}
              <span className="sr-only">{CRISIS_BANNER_TEXTS.closeContext}</span>
            </button>
          </div>
          <p className="mt-0.5 hidden text-xs text-sky-900 sm:block">{CRISIS_BANNER_TEXTS.lead}</p>
          {/* Compact on a phone: the conversation above must keep some room. */}
          <ul className="mt-1.5 flex flex-wrap gap-1">
            {CRISIS_RESOURCES.flatMap((resource) => resource.contacts).map((contact) => (
              <li key={contact.href}>
                <a
                  href={contact.href}
                  aria-label={contact.short ? contact.label : undefined}
                  className="inline-flex min-h-7 items-center rounded-full bg-white px-2 text-xs font-semibold text-sky-950 ring-1 ring-sky-300 hover:bg-sky-100 focus-visible:outline-2 focus-visible:outline-sky-800 sm:px-2.5"
                >
                  {contact.short ? (
                    <>
                      <span className="sm:hidden">{contact.short}</span>
                      <span className="hidden sm:inline">{contact.label}</span>
                    </>
                  ) : (
                    contact.label
                  )}
                </a>
              </li>
            ))}
          </ul>
          {supportPath ? (
            <Link
              to={supportPath}
              className="mt-1 inline-flex min-h-6 items-center text-xs font-semibold text-sky-900 underline underline-offset-2 hover:decoration-2 focus-visible:outline-2 focus-visible:outline-sky-800"
            >
              {CRISIS_BANNER_TEXTS.support}
            </Link>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
