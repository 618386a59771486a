import { useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { CountryChooserLink } from "~/components/safety/country-chooser-link";
import { useHydrated } from "~/hooks/use-hydrated";
import { useCrisisHelp } from "~/lib/crisis-help";
import { m } from "~/paraglide/messages";
import { allContacts, type CrisisContact, DIRECTORY_CONTACT, firstContacts, otherContacts } from "~/shared/crisis-help";

export const CRISIS_BANNER_TEXTS = {
  /** Short, so it fits one line on a phone. */
  get heading() {
    return m.banner_heading();
  },
  /** Nothing it says of the numbers (free, any hour) holds for every country's. */
  get lead() {
    return m.banner_lead();
  },
  aboutOther: (username: string) => m.banner_about_other({ username }),
  /** The reader's own country's numbers, which may not be the other's. */
  get shareLead() {
    return m.banner_share_lead();
  },
  get support() {
    return m.banner_support();
  },
  get showNumbers() {
    return m.banner_show_numbers();
  },
  toggle: (heading: string) => m.banner_toggle({ heading }),
  get close() {
    return m.banner_close();
  },
  get closeContext() {
    return m.banner_close_context();
  },
  /** So a screen reader hears where it went. */
  get closed() {
    return m.banner_closed();
  },
};

function withDirectory(contacts: CrisisContact[]): CrisisContact[] {
  return contacts.some((contact) => contact.href === DIRECTORY_CONTACT.href)
    ? contacts
    : [...contacts, DIRECTORY_CONTACT];
}

type CrisisAudience = "self" | "other";

const CLOSED_KEY_PREFIX = "kindred:crisis-banner-closed:";

function closedKey(pairId: string, audience: CrisisAudience) {
  // The sender's key is the one used before the recipient had a banner of their own.
  return `${CLOSED_KEY_PREFIX}${pairId}${audience === "other" ? ":other" : ""}`;
}

export type CrisisBannerState = ReturnType<typeof useCrisisBanner>;

/**
 * Decided from the words on the page, so a page without scripts has it; showing or closing it sends
 * nothing anywhere. Once shown it stays until closed; closed, it stays closed for this conversation
 * in this tab. Lives with the conversation because other parts step aside while it shows.
 */
export function useCrisisBanner({
  pairId,
  matchedMine,
  matchedTheirs,
}: {
  pairId: string;
  matchedMine: boolean;
  matchedTheirs: boolean;
}) {
  // Deleting the words that showed it must not take the help away.
  const [latched, setLatched] = useState({ self: false, other: false });
  const [closed, setClosed] = useState({ self: false, other: false });
  const [open, setOpen] = useState(false);
  const [announced, setAnnounced] = useState(false);

  // Session storage exists only in the browser, so it is read after mount.
  useEffect(() => {
    setClosed({
      self: window.sessionStorage.getItem(closedKey(pairId, "self")) === "1",
      other: window.sessionStorage.getItem(closedKey(pairId, "other")) === "1",
    });
  }, [pairId]);
  useEffect(() => {
    if (matchedMine) setLatched((current) => (current.self ? current : { ...current, self: true }));
  }, [matchedMine]);
  useEffect(() => {
    if (matchedTheirs) setLatched((current) => (current.other ? current : { ...current, other: true }));
  }, [matchedTheirs]);

  // Someone's own words come first: then the help is for them.
  const audience: CrisisAudience | null =
    (matchedMine || latched.self) && !closed.self
      ? "self"
      : (matchedTheirs || latched.other) && !closed.other
        ? "other"
        : null;

  const close = (which: CrisisAudience) => {
    setClosed((current) => ({ ...current, [which]: true }));
    setOpen(false);
    setAnnounced(true);
    window.sessionStorage.setItem(closedKey(pairId, which), "1");
  };
  return { audience, open, setOpen, close, announced };
}

/**
 * Never blocks or delays sending and takes no focus. One line until opened, and that line already
 * holds the first help: someone in crisis should not have to find it behind a button.
 */
export function CrisisBanner({
  banner,
  contactName,
  supportPath,
  onClosed,
}: {
  banner: CrisisBannerState;
  contactName: string;
  supportPath: string | null;
  /** To put focus somewhere sensible before its button goes. */
  onClosed?: () => void;
}) {
  const headingId = useId();
  const detailsId = useId();
  const hydrated = useHydrated();
  const help = useCrisisHelp();
  const first = firstContacts(help);
  const { audience, open, setOpen, announced } = banner;

  const close = (which: CrisisAudience) => {
    onClosed?.();
    banner.close(which);
  };

  const heading = audience === "other" ? CRISIS_BANNER_TEXTS.aboutOther(contactName) : CRISIS_BANNER_TEXTS.heading;
  const numbers = audience ? (
    <>
      <p className="text-xs text-sky-900">
        {audience === "other" ? CRISIS_BANNER_TEXTS.shareLead : CRISIS_BANNER_TEXTS.lead}
      </p>
      <CrisisNumberList
        className="mt-1.5"
        contacts={audience === "other" ? withDirectory(otherContacts(help)) : otherContacts(help)}
      />
      <p className="mt-1 text-xs">
        <CountryChooserLink
          help={help}
          className="inline-flex min-h-6 items-center text-sky-900 underline underline-offset-2 hover:decoration-2 focus-visible:outline-2 focus-visible:outline-sky-800"
        />
      </p>
      {supportPath ? (
        <Link
          to={supportPath}
          className="mt-1 inline-flex min-h-6 items-center text-xs font-semibold text-sky-900 underline underline-offset-2 hover:decoration-2 focus-visible:outline-2 focus-visible:outline-sky-800"
        >
          {CRISIS_BANNER_TEXTS.support}
        </Link>
      ) : null}
    </>
  ) : null;
  // Put together from its parts, a screen reader would read a stray comma.
  const toggleName = CRISIS_BANNER_TEXTS.toggle(heading);
  const moreNumbers = (
    <span className="hidden shrink-0 text-xs font-medium whitespace-nowrap text-sky-800 underline underline-offset-2 group-hover:decoration-2 sm:inline">
      {CRISIS_BANNER_TEXTS.showNumbers}
    </span>
  );
  return (
    <>
      {/* Always in the page, so screen readers announce the banner when it appears. */}
      <div aria-live="polite">
        {audience && !hydrated ? (
          // The browser's own disclosure works without scripts; closing needs them, so Close comes with them.
          <section
            aria-labelledby={headingId}
            className="relative mt-2 rounded-xl bg-sky-50 py-1 pr-1 pl-3 text-sky-950 ring-1 ring-sky-200"
          >
            <FirstCrisisNumbers contacts={first} className="absolute top-1 right-1 min-h-8" />
            <details className="group">
              <summary
                aria-label={toggleName}
                className={`${roomFor(first)} flex min-h-8 cursor-pointer list-none items-center gap-x-1.5 rounded-lg py-0.5 text-left sm:py-1 text-[13px] leading-tight font-semibold focus-visible:outline-2 focus-visible:outline-sky-800 [&::-webkit-details-marker]:hidden`}
              >
                <span id={headingId} className="min-w-0">
                  {heading}
                </span>{" "}
                {moreNumbers}
                <Chevron className="group-open:rotate-180" />
              </summary>
              <div className="pr-2 pb-1.5">{numbers}</div>
            </details>
          </section>
        ) : audience ? (
          <section
            aria-labelledby={headingId}
            className="mt-2 rounded-xl bg-sky-50 py-1 pr-1 pl-3 text-sky-950 ring-1 ring-sky-200"
          >
            <div className="flex items-center gap-1">
              <h3 className="min-w-0 flex-1 text-[13px] leading-tight font-semibold">
                <button
                  type="button"
                  aria-label={toggleName}
                  aria-expanded={open}
                  aria-controls={detailsId}
                  onClick={() => setOpen((current) => !current)}
                  className="group flex min-h-8 w-full items-center gap-x-1.5 rounded-lg py-0.5 text-left sm:py-1 focus-visible:outline-2 focus-visible:outline-sky-800"
                >
                  <span id={headingId} className="min-w-0">
                    {heading}
                  </span>{" "}
                  {moreNumbers}
                  <Chevron className={open ? "rotate-180" : ""} />
                </button>
              </h3>
              <FirstCrisisNumbers contacts={first} />
              <button
                type="button"
                onClick={() => close(audience)}
                className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-sky-900 hover:bg-sky-100 focus-visible:outline-2 focus-visible:outline-sky-800"
              >
                <svg viewBox="0 0 20 20" aria-hidden="true" className="h-4 w-4" fill="currentColor">
                  <path d="M5.28 4.22a.75.75 0 0 0-1.06 1.06L8.94 10l-4.72 4.72a.75.75 0 1 0 1.06 1.06L10 11.06l4.72 4.72a.75.75 0 0 0 1.06-1.06L11.06 10l4.72-4.72a.75.75 0 0 0-1.06-1.06L10 8.94 5.28 4.22Z" />
                </svg>
                <span className="sr-only">
                  {CRISIS_BANNER_TEXTS.close}
                  {CRISIS_BANNER_TEXTS.closeContext}
                </span>
              </button>
            </div>
            {open ? (
              <div id={detailsId} className="pr-2 pb-1.5">
                {numbers}
              </div>
            ) : null}
          </section>
        ) : null}
      </div>
      <p role="status" className="sr-only">
        {announced && !audience ? CRISIS_BANNER_TEXTS.closed : ""}
      </p>
    </>
  );
}

/**
 * The first numbers sit over it, absolutely placed: about 7 px a character plus 34 px of icon and
 * padding on a phone.
 */
function roomFor(contacts: CrisisContact[]): string {
  const width = (text: (contact: CrisisContact) => string, extra: number) =>
    contacts.reduce((sum, contact) => sum + text(contact).length * 7 + extra, 0) + (contacts.length - 1) * 4;
  const phone = width((contact) => contact.short ?? contact.label, 34);
  const wide = width((contact) => contact.label, 20);
  const phoneClass = PHONE_ROOM.find(([px]) => phone <= px)?.[1] ?? "mr-56";
  const wideClass = WIDE_ROOM.find(([px]) => wide <= px)?.[1] ?? "sm:mr-80";
  return `${phoneClass} ${wideClass}`;
}
const PHONE_ROOM: [number, string][] = [
  [120, "mr-30"],
  [144, "mr-36"],
  [168, "mr-42"],
  [192, "mr-48"],
];
const WIDE_ROOM: [number, string][] = [
  [184, "sm:mr-46"],
  [224, "sm:mr-56"],
  [272, "sm:mr-68"],
];

/** Short forms on a phone, so the line keeps room for the heading. */
function FirstCrisisNumbers({ contacts, className = "" }: { contacts: CrisisContact[]; className?: string }) {
  return (
    <p className={`flex shrink-0 items-center gap-1 ${className}`}>
      {contacts.map((contact) => (
        <CrisisNumberLink key={contact.href} contact={contact} />
      ))}
    </p>
  );
}

/** On a phone the full name stays its accessible name. */
function CrisisNumberLink({ contact }: { contact: CrisisContact }) {
  return (
    <a
      href={contact.href}
      aria-label={contact.short ? contact.label : undefined}
      className={`${numberLinkClass} gap-1`}
    >
      {contact.short ? (
        <>
          {contact.icon ? <NumberIcon kind={contact.icon} /> : null}
          <span className="sm:hidden">{contact.short}</span>
          <span className="hidden sm:inline">{contact.label}</span>
        </>
      ) : (
        contact.label
      )}
    </a>
  );
}

function NumberIcon({ kind }: { kind: "call" | "text" }) {
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true" className="h-3.5 w-3.5 shrink-0 sm:hidden" fill="currentColor">
      {kind === "call" ? (
        <path d="M3.5 2A1.5 1.5 0 0 0 2 3.5V5c0 7.18 5.82 13 13 13h1.5a1.5 1.5 0 0 0 1.5-1.5v-2.3a1 1 0 0 0-.76-.97l-3.3-.83a1 1 0 0 0-1.02.33l-.96 1.15a10.04 10.04 0 0 1-5.36-5.36l1.15-.96a1 1 0 0 0 .33-1.02l-.83-3.3A1 1 0 0 0 5.8 2H3.5Z" />
      ) : (
        <path d="M3 4.5A2.5 2.5 0 0 1 5.5 2h9A2.5 2.5 0 0 1 17 4.5v7a2.5 2.5 0 0 1-2.5 2.5H9l-4 3.5V14h0a2 2 0 0 1-2-2V4.5Z" />
      )}
    </svg>
  );
}

const numberLinkClass =
  "inline-flex min-h-7 items-center rounded-full bg-white px-2 text-xs font-semibold whitespace-nowrap text-sky-950 ring-1 ring-sky-300 hover:bg-sky-100 focus-visible:outline-2 focus-visible:outline-sky-800 sm:px-2.5";

export function Chevron({ className }: { className: string }) {
  return (
    <svg
      viewBox="0 0 20 20"
      aria-hidden="true"
      className={`h-3.5 w-3.5 shrink-0 transition-transform motion-reduce:transition-none ${className}`}
      fill="currentColor"
    >
      <path d="M5.2 7.2a.75.75 0 0 1 1.06 0L10 10.94l3.74-3.74a.75.75 0 1 1 1.06 1.06l-4.27 4.27a.75.75 0 0 1-1.06 0L5.2 8.26a.75.75 0 0 1 0-1.06Z" />
    </svg>
  );
}

/** A named group of links in the desk's status line, which sits among messages that are list items. */
export function CrisisNumberList({
  className = "",
  label,
  contacts,
}: {
  className?: string;
  label?: string;
  contacts?: CrisisContact[];
}) {
  const help = useCrisisHelp();
  const links = (contacts ?? allContacts(help)).map((contact) => (
    <CrisisNumberLink key={contact.href} contact={contact} />
  ));
  if (label) {
    return (
      // biome-ignore lint/a11y/useSemanticElements: a group of links, not of form controls (what a fieldset is for)
      <div role="group" aria-label={label} className={`flex flex-wrap gap-1 ${className}`}>
        {links}
      </div>
    );
  }
  return (
    <ul className={`flex flex-wrap gap-1 ${className}`}>
      {links.map((link) => (
        <li key={link.key}>{link}</li>
      ))}
    </ul>
  );
}
