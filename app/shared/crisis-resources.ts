/**
 * Crisis resources shown on every page (spec section 2, Footer). One list, used by the footer box,
 * the legal pages and the tests.
 */
export type CrisisContact = {
  label: string;
  href: string;
  /** What a narrow screen shows instead (the crisis banner in a conversation); `label` stays its name. */
  short?: string;
  /** Said by an icon beside `short` on a narrow screen, where two numbers would otherwise read the same. */
  icon?: "call" | "text";
};
type CrisisResource = { name: string; detail: string; contacts: CrisisContact[] };

export const CRISIS_RESOURCES: CrisisResource[] = [
  {
    name: "US Crisis Hotline",
    detail: "Call or text 988",
    contacts: [
      { label: "Call 988", short: "988", icon: "call", href: "tel:988" },
      { label: "Text 988", short: "988", icon: "text", href: "sms:988" },
    ],
  },
  {
    name: "Crisis Text Line",
    detail: "Text HOME to 741741",
    contacts: [{ label: "Text HOME to 741741", href: "sms:741741?body=HOME" }],
  },
  {
    name: "Emergency",
    detail: "911 (US) / 999 (UK) / 112 (EU)",
    contacts: [
      { label: "Call 911 (US)", short: "911 (US)", href: "tel:911" },
      { label: "Call 999 (UK)", short: "999 (UK)", href: "tel:999" },
      { label: "Call 112 (EU)", short: "112 (EU)", href: "tel:112" },
    ],
  },
];

/**
 * The line anyone in crisis can call or text: in a conversation's crisis banner its links show on the
 * banner's one line, without opening it; the rest are one tap away.
 */
export const FIRST_CRISIS_CONTACTS: CrisisContact[] = CRISIS_RESOURCES[0]?.contacts ?? [];
/** Every other number, listed when the banner is opened. */
export const OTHER_CRISIS_CONTACTS: CrisisContact[] = CRISIS_RESOURCES.flatMap((resource) => resource.contacts).filter(
  (contact) => !FIRST_CRISIS_CONTACTS.some((first) => first.href === contact.href),
);

/**
 * Beside a refusal that turns someone away for now (too many sign-ups from their network): the
 * crisis line, so nobody in crisis is left with a refusal alone.
 */
export const CRISIS_LINE_LEAD = "Need to talk to someone now?";
/** The name of the line FIRST_CRISIS_CONTACTS reach. */
export const FIRST_CRISIS_LINE_NAME = CRISIS_RESOURCES[0]?.name ?? "";
