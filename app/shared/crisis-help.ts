import { m } from "~/paraglide/messages";
import { getLocale } from "~/paraglide/runtime";
import { rankedLanguageTags } from "./accept-language";
import type { Language } from "./languages";
import { PATHS } from "./routes";

/**
 * Crisis help for the country a visitor is in: the shapes of the table's entries (the table itself is
 * server-only, worker/crisis-help/), what a page receives (its visitor's own country's entry, never the
 * table), and every word and link the crisis surfaces build from it. A number that does not connect
 * where the visitor is must never be offered, so nothing here names a number of its own.
 */

/** Who an emergency number reaches: every service, or one of them where a country has several. */
export type EmergencyService = "all" | "ambulance" | "police" | "fire";
export type EmergencyNumber = { number: string; for: EmergencyService };

/** A crisis line as the table records it, with where it was read and when. */
export type CrisisLine = {
  /** As the line names itself, in English where it has an English name. */
  name: string;
  /** Its name in the country's own language, where that differs. */
  localName?: string;
  /** Digits as dialled from a phone inside the country: what `tel:` uses. */
  call?: string;
  /** The same number grouped as the line writes it ("116 123"); the same digits as `call`. */
  callShown?: string;
  /** What to do once through, where the line is one choice of a wider service ("then choose option 5"). */
  dialNote?: string;
  /** A text line: its number as dialled inside the country, and the word to send where it asks for one. */
  text?: { number: string; keyword?: string };
  /** As the source says: "24/7", or its days and hours; null where it does not say. */
  hours: string | null;
  /** ISO 639-1 codes of the languages it answers in. */
  languages: string[];
  /** Whether a call is free, as the line says; null where it does not say. */
  free: boolean | null;
  /** The page the number was read from: the line's own site or a national health service. */
  source: string;
  /** When it was read there (YYYY-MM-DD). */
  checked: string;
};

/** The few facts of a line a page shows. */
export type ShownCrisisLine = Pick<
  CrisisLine,
  "name" | "localName" | "call" | "callShown" | "dialNote" | "text" | "hours" | "free"
>;

/**
 * What a page knows of its visitor's crisis help: their country (null when it is not known), its
 * emergency numbers (empty where the table has none) and its crisis lines (empty where it has none),
 * the first being the one the crisis banner puts on its line.
 */
export type CrisisHelp = {
  country: { code: string; name: string } | null;
  emergency: EmergencyNumber[];
  lines: ShownCrisisLine[];
};

/** The help for a visitor whose country is not known: no number at all, the directory and the chooser. */
export const NO_COUNTRY_HELP: CrisisHelp = { country: null, emergency: [], lines: [] };

/** An international directory of helplines, for a country the table has no line for. */
export const HELPLINE_DIRECTORY_URL = "https://findahelpline.com";

/** The page where a visitor chooses their country, and the form's field names. */
export const COUNTRY_CHOOSER = {
  path: PATHS.crisisCountry,
  field: "country",
  /** The page to go back to afterwards (a path on this site, see redirect-target.ts). */
  backField: "back",
  /** The browser remembers the choice; signed in, the account remembers it too. */
  cookie: "kindred_crisis_country",
} as const;

/** A tap-to-call or tap-to-text link. */
export type CrisisContact = {
  label: string;
  href: string;
  /** What a narrow screen shows instead (the crisis banner in a conversation); `label` stays its name. */
  short?: string;
  /** Said by an icon beside `short` on a narrow screen, where two numbers would otherwise read the same. */
  icon?: "call" | "text";
};

const SERVICE_NAMES: Record<Exclude<EmergencyService, "all">, () => string> = {
  ambulance: m.crisis_service_ambulance,
  police: m.crisis_service_police,
  fire: m.crisis_service_fire,
};

/**
 * A country's name inside a sentence: "the United States", "the Philippines", "Mexico". Names of
 * islands, unions and republics, and a few others, take "the" in English.
 */
export function countryInSentence(name: string): string {
  if (/^the /i.test(name)) return name;
  const takesThe =
    /\b(Islands|Republic|Kingdom|States|Emirates|Territory)\b/.test(name) ||
    /^(Bahamas|Comoros|Maldives|Netherlands|Philippines|Caribbean Netherlands|DR Congo|Isle of Man)$/.test(name);
  return takesThe ? `the ${name}` : name;
}

/** A country's name inside a sentence of the current language (English adds "the" where it belongs). */
function inSentence(name: string): string {
  return getLocale() === "en" ? countryInSentence(name) : name;
}

/**
 * A country's name in the current language (or `locale`): the table's own in English, the runtime's
 * (`Intl`) in any other, which every browser and the server name alike.
 */
export function countryName(country: { code: string; name: string }, locale: Language = getLocale()): string {
  if (locale === "en") return country.name;
  try {
    return new Intl.DisplayNames([locale], { type: "region" }).of(country.code) ?? country.name;
  } catch {
    return country.name;
  }
}

/** Every word of crisis help, in the language of the request (or email) being rendered. */
export const CRISIS_HELP_TEXTS = {
  get heading() {
    return m.crisis_heading();
  },
  get immediateDanger() {
    return m.crisis_immediate_danger();
  },
  get emergency() {
    return m.crisis_emergency();
  },
  /** Beside the numbers wherever they show: the country they are for can be changed. */
  notIn: (country: string) => m.crisis_not_in({ country: inSentence(country) }),
  get choose() {
    return m.crisis_choose();
  },
  /** A country with an emergency number but no crisis line in the table. */
  noLines: (country: string) => m.crisis_no_lines({ country: inSentence(country) }),
  /** No country known: nothing is shown as theirs. */
  get unknownCountry() {
    return m.crisis_unknown_country();
  },
  get noEmergencyNumber() {
    return m.crisis_no_emergency_number();
  },
  get directory() {
    return m.crisis_directory();
  },
  get directoryShort() {
    return m.crisis_directory_short();
  },
  /** Beside a refusal that turns someone away for now: the crisis line, so nobody is left with a refusal alone. */
  get lineLead() {
    return m.crisis_line_lead();
  },
  get chooserTitle() {
    return m.crisis_chooser_title();
  },
  get chooserIntro() {
    return m.crisis_chooser_intro();
  },
  get chooserLabel() {
    return m.crisis_chooser_label();
  },
  get chooserPlaceholder() {
    return m.crisis_chooser_placeholder();
  },
  get chooserSubmit() {
    return m.crisis_chooser_submit();
  },
  get chooserInvalid() {
    return m.crisis_chooser_invalid();
  },
  chooserSaved: (country: string) => m.crisis_chooser_saved({ country: inSentence(country) }),
  chooserCurrent: (country: string) => m.crisis_chooser_current({ country: inSentence(country) }),
  get chooserNoneYet() {
    return m.crisis_chooser_none_yet();
  },
  get back() {
    return m.crisis_back();
  },
};

/** An emergency number's link: "Call 112", or "Call 108 (ambulance)" where services have their own. */
export function emergencyContact(emergency: EmergencyNumber): CrisisContact {
  const service = emergency.for === "all" ? "" : ` (${SERVICE_NAMES[emergency.for]()})`;
  return {
    label: m.crisis_call({ number: `${emergency.number}${service}` }),
    short: `${emergency.number}${service}`,
    icon: "call",
    href: `tel:${emergency.number}`,
  };
}

/** How a line's number reads: as the line groups it, else its digits. */
export function shownNumber(line: ShownCrisisLine): string | null {
  return line.callShown ?? line.call ?? null;
}

/** A line's call and text links. */
export function lineContacts(line: ShownCrisisLine): CrisisContact[] {
  const contacts: CrisisContact[] = [];
  const number = shownNumber(line);
  if (line.call && number) {
    contacts.push({ label: m.crisis_call({ number }), short: number, icon: "call", href: `tel:${line.call}` });
  }
  if (line.text) {
    const { number: to, keyword } = line.text;
    contacts.push({
      label: keyword ? m.crisis_text_keyword({ keyword, number: to }) : m.crisis_text({ number: to }),
      short: to,
      icon: "text",
      href: keyword ? `sms:${to}?body=${encodeURIComponent(keyword)}` : `sms:${to}`,
    });
  }
  return contacts;
}

/** A line's name, with its name in the country's language where that differs. */
export function lineName(line: ShownCrisisLine): string {
  return line.localName && line.localName !== line.name ? `${line.name} (${line.localName})` : line.name;
}

/** A line's hours and cost, as one short phrase. */
export function lineDetail(line: ShownCrisisLine): string {
  return [line.hours, line.free === true ? m.crisis_free() : null, line.dialNote].filter(Boolean).join(", ");
}

/** The international directory, as a contact: for a country the table has no line for. */
export const DIRECTORY_CONTACT: CrisisContact = {
  get label() {
    return CRISIS_HELP_TEXTS.directory;
  },
  get short() {
    return CRISIS_HELP_TEXTS.directoryShort;
  },
  href: HELPLINE_DIRECTORY_URL,
};

/**
 * The contacts on the crisis banner's one line: the country's first crisis line; where it has none,
 * its first emergency number (the one to call first; the others are one tap away); where none is
 * known either, the directory.
 */
export function firstContacts(help: CrisisHelp): CrisisContact[] {
  const [first] = help.lines;
  if (first) return lineContacts(first);
  const [primary] = help.emergency;
  if (primary) return [emergencyContact(primary)];
  return [DIRECTORY_CONTACT];
}

/** Every contact, first ones first: the lines, the emergency numbers, and the directory where no line is known. */
export function allContacts(help: CrisisHelp): CrisisContact[] {
  return [
    ...help.lines.flatMap(lineContacts),
    ...help.emergency.map(emergencyContact),
    ...(help.lines.length === 0 ? [DIRECTORY_CONTACT] : []),
  ];
}

/** Every contact not on the banner's line. */
export function otherContacts(help: CrisisHelp): CrisisContact[] {
  const first = new Set(firstContacts(help).map((contact) => contact.href));
  return allContacts(help).filter((contact) => !first.has(contact.href));
}

/** The first line's name, for a sentence ("Samaritans: Call 116 123"); null where the country has none. */
export function firstLineName(help: CrisisHelp): string | null {
  const [first] = help.lines;
  return first ? first.name : null;
}

/** "A, B or C" in English, for the sentences still written in English only (crisisLineInWords). */
function joinedOr(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`;
}

/** Choices joined with "or" as the current language writes it: "A or B", "A o B". */
function orInLanguage(items: string[]): string {
  return new Intl.ListFormat(getLocale(), { type: "disjunction" }).format(items);
}

/** The emergency numbers as a sentence names them: "112", or "100 (police) or 108 (ambulance)". */
function emergencyInWords(help: CrisisHelp, join: (items: string[]) => string = joinedOr): string | null {
  if (help.emergency.length === 0) return null;
  return join(help.emergency.map((emergency) => emergencyContact(emergency).short ?? emergency.number));
}

/**
 * What to do in danger, in one sentence that names only numbers that connect where the visitor is:
 * their country's first line and first emergency number; the emergency number alone; or, with no
 * country known, their local emergency number.
 */
export function inDangerSentence(help: CrisisHelp): string {
  // The first emergency number only (the one to call first): the rest are one tap away beside it.
  const [primary] = help.emergency;
  const emergency = primary ? (emergencyContact(primary).short ?? primary.number) : null;
  const [first] = help.lines;
  const number = first ? shownNumber(first) : null;
  const line = first && number ? `${number} (${first.name})` : null;
  if (line && emergency) return m.crisis_in_danger_line_and_emergency({ line, emergency });
  if (line) return m.crisis_in_danger_line({ line });
  if (emergency) return m.crisis_in_danger_emergency({ emergency });
  return m.crisis_in_danger_unknown();
}

/** The help in one line of plain text (an email's footer). */
export function crisisHelpInText(help: CrisisHelp): string {
  const lines = help.lines.map((line) => {
    const contacts = lineContacts(line).map((contact) => contact.label);
    return `${line.name}: ${orInLanguage(contacts)}`;
  });
  const emergency = emergencyInWords(help, orInLanguage);
  const parts = [
    ...lines,
    emergency ? `${CRISIS_HELP_TEXTS.emergency}: ${emergency}` : CRISIS_HELP_TEXTS.noEmergencyNumber,
    ...(help.lines.length === 0 ? [m.crisis_in_text_directory({ url: HELPLINE_DIRECTORY_URL })] : []),
  ];
  return `${m.crisis_in_text_lead()} ${parts.join(" · ")}`;
}

/**
 * Where a saved reply puts the visitor's own crisis line: the desk writes it out for the visitor
 * of the conversation before the listener sees the text.
 */
export const CRISIS_LINE_PLACEHOLDER = "{crisis line}";

/** The words that stand in a saved reply for the placeholder, for this visitor. */
export function crisisLineInWords(help: CrisisHelp): string {
  const [first] = help.lines;
  if (first) {
    const contacts = lineContacts(first).map((contact) =>
      contact.label.replace(/^Call|^Text/, (verb) => verb.toLowerCase()),
    );
    return `${first.name} (${contacts.join(" or ")})`;
  }
  const emergency = emergencyInWords(help);
  const where = help.country ? `in ${countryInSentence(help.country.name)} ` : "";
  return emergency
    ? `the emergency number ${where}(${emergency}), or a helpline from ${HELPLINE_DIRECTORY_URL}`
    : `your local emergency number, or a helpline from ${HELPLINE_DIRECTORY_URL}`;
}

/** A saved reply's text with the placeholder written out for this visitor. */
export function withCrisisLine(text: string, help: CrisisHelp): string {
  return text.includes(CRISIS_LINE_PLACEHOLDER)
    ? text.replaceAll(CRISIS_LINE_PLACEHOLDER, crisisLineInWords(help))
    : text;
}

/** An ISO 3166-1 alpha-2 code as written in a cookie, a form or a header: two letters, nothing else. */
export function countryCodeOf(value: unknown): string | null {
  if (typeof value !== "string" || !/^[A-Za-z]{2}$/.test(value)) return null;
  return value.toUpperCase();
}

/**
 * The regions of the browser's languages, most preferred first (`es-MX` → MX; `zh-Hant-TW` → TW):
 * where a visitor's country is read when nothing better says it. A language without a region says
 * nothing of where its speaker is.
 */
export function regionsOfLanguages(acceptLanguage: string | null): string[] {
  const regions: string[] = [];
  for (const tag of rankedLanguageTags(acceptLanguage)) {
    // language[-script][-region]: the region is the first two-letter subtag after the language.
    const region = tag
      .split("-")
      .slice(1)
      .find((subtag) => /^[A-Za-z]{2}$/.test(subtag));
    const code = countryCodeOf(region);
    if (code && !regions.includes(code)) regions.push(code);
  }
  return regions;
}
