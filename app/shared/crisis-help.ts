import { m } from "~/paraglide/messages";
import { getLocale, type Locale } from "~/paraglide/runtime";
import { rankedLanguageTags } from "./accept-language";
import { PATHS } from "./routes";

/**
 * The table is server-only (worker/crisis-help/); a page receives its visitor's own entry. A number
 * that does not connect where the visitor is must never be offered, so nothing here names one of its own.
 */

export type EmergencyService = "all" | "ambulance" | "police" | "fire";
export type EmergencyNumber = { number: string; for: EmergencyService };

export type CrisisLine = {
  /** In English where it has an English name. */
  name: string;
  localName?: string;
  /** As dialled inside the country: what `tel:` uses. */
  call?: string;
  /** As the line groups it ("116 123"). */
  callShown?: string;
  /** Where the line is one choice of a wider service ("then choose option 5"). */
  dialNote?: string;
  text?: { number: string; keyword?: string };
  /** Null where the source does not say. */
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

/** The first line is the one the crisis banner shows. */
export type CrisisHelp = {
  country: { code: string; name: string } | null;
  emergency: EmergencyNumber[];
  lines: ShownCrisisLine[];
};

export const NO_COUNTRY_HELP: CrisisHelp = { country: null, emergency: [], lines: [] };

export const HELPLINE_DIRECTORY_URL = "https://findahelpline.com";

export const COUNTRY_CHOOSER = {
  path: PATHS.crisisCountry,
  field: "country",
  backField: "back",
  /** Signed in, the account remembers it too. */
  cookie: "kindred_crisis_country",
} as const;

export type CrisisContact = {
  label: string;
  href: string;
  short?: string;
  /** Where two numbers would otherwise read the same. */
  icon?: "call" | "text";
};

const SERVICE_NAMES: Record<Exclude<EmergencyService, "all">, typeof m.crisis_service_police> = {
  ambulance: m.crisis_service_ambulance,
  police: m.crisis_service_police,
  fire: m.crisis_service_fire,
};

/** Islands, unions, republics and a few others take "the" in English. */
export function countryInSentence(name: string): string {
  if (/^the /i.test(name)) return name;
  const takesThe =
    /\b(Islands|Republic|Kingdom|States|Emirates|Territory)\b/.test(name) ||
    /^(Bahamas|Comoros|Maldives|Netherlands|Philippines|Caribbean Netherlands|DR Congo|Isle of Man)$/.test(name);
  return takesThe ? `the ${name}` : name;
}

function inSentence(name: string, locale: Locale = getLocale()): string {
  return locale === "en" ? countryInSentence(name) : name;
}

/** Intl's name outside English, which every browser and the server name alike. */
export function countryName(country: { code: string; name: string }, locale: Locale = getLocale()): string {
  if (locale === "en") return country.name;
  try {
    return new Intl.DisplayNames([locale], { type: "region" }).of(country.code) ?? country.name;
  } catch {
    return country.name;
  }
}

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
  notIn: (country: string) => m.crisis_not_in({ country: inSentence(country) }),
  get choose() {
    return m.crisis_choose();
  },
  noLines: (country: string) => m.crisis_no_lines({ country: inSentence(country) }),
  /** Nothing is shown as theirs. */
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
  /** So nobody is left with a refusal alone. */
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

function emergencyShort(emergency: EmergencyNumber, locale: Locale = getLocale()): string {
  return emergency.for === "all"
    ? emergency.number
    : `${emergency.number} (${SERVICE_NAMES[emergency.for]({}, { locale })})`;
}

export function emergencyContact(emergency: EmergencyNumber): CrisisContact {
  const short = emergencyShort(emergency);
  return { label: m.crisis_call({ number: short }), short, icon: "call", href: `tel:${emergency.number}` };
}

export function shownNumber(line: ShownCrisisLine): string | null {
  return line.callShown ?? line.call ?? null;
}

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

export function lineName(line: ShownCrisisLine): string {
  return line.localName && line.localName !== line.name ? `${line.name} (${line.localName})` : line.name;
}

export function lineDetail(line: ShownCrisisLine): string {
  return [line.hours, line.free === true ? m.crisis_free() : null, line.dialNote].filter(Boolean).join(", ");
}

export const DIRECTORY_CONTACT: CrisisContact = {
  get label() {
    return CRISIS_HELP_TEXTS.directory;
  },
  get short() {
    return CRISIS_HELP_TEXTS.directoryShort;
  },
  href: HELPLINE_DIRECTORY_URL,
};

/** The first line; else the first emergency number (the others are one tap away); else the directory. */
export function firstContacts(help: CrisisHelp): CrisisContact[] {
  const [first] = help.lines;
  if (first) return lineContacts(first);
  const [primary] = help.emergency;
  if (primary) return [emergencyContact(primary)];
  return [DIRECTORY_CONTACT];
}

export function allContacts(help: CrisisHelp): CrisisContact[] {
  return [
    ...help.lines.flatMap(lineContacts),
    ...help.emergency.map(emergencyContact),
    ...(help.lines.length === 0 ? [DIRECTORY_CONTACT] : []),
  ];
}

export function otherContacts(help: CrisisHelp): CrisisContact[] {
  const first = new Set(firstContacts(help).map((contact) => contact.href));
  return allContacts(help).filter((contact) => !first.has(contact.href));
}

export function firstLineName(help: CrisisHelp): string | null {
  const [first] = help.lines;
  return first ? first.name : null;
}

function orInLanguage(items: string[], locale: Locale = getLocale()): string {
  return new Intl.ListFormat(locale, { type: "disjunction" }).format(items);
}

function emergencyInWords(help: CrisisHelp, locale: Locale = getLocale()): string | null {
  if (help.emergency.length === 0) return null;
  return orInLanguage(
    help.emergency.map((emergency) => emergencyShort(emergency, locale)),
    locale,
  );
}

/** Names only numbers that connect where the visitor is. */
export function inDangerSentence(help: CrisisHelp): string {
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

export function crisisHelpInText(help: CrisisHelp): string {
  const lines = help.lines.map((line) => {
    const contacts = lineContacts(line).map((contact) => contact.label);
    return `${line.name}: ${orInLanguage(contacts)}`;
  });
  const emergency = emergencyInWords(help);
  const parts = [
    ...lines,
    emergency ? `${CRISIS_HELP_TEXTS.emergency}: ${emergency}` : CRISIS_HELP_TEXTS.noEmergencyNumber,
    ...(help.lines.length === 0 ? [m.crisis_in_text_directory({ url: HELPLINE_DIRECTORY_URL })] : []),
  ];
  return `${m.crisis_in_text_lead()} ${parts.join(" · ")}`;
}

/** Written out by the desk for the conversation's visitor before the listener sees the text. */
export const CRISIS_LINE_PLACEHOLDER = "{crisis line}";

/** In the reply's language, whatever the page around it speaks. */
export function crisisLineInWords(help: CrisisHelp, locale: Locale): string {
  const options = { locale };
  const [first] = help.lines;
  if (first) {
    const number = shownNumber(first);
    const contacts = [
      ...(first.call && number ? [m.saved_reply_line_call({ number }, options)] : []),
      ...(first.text
        ? [
            first.text.keyword
              ? m.saved_reply_line_text_keyword({ keyword: first.text.keyword, number: first.text.number }, options)
              : m.saved_reply_line_text({ number: first.text.number }, options),
          ]
        : []),
    ];
    return contacts.length > 0
      ? m.saved_reply_line({ name: first.name, contacts: orInLanguage(contacts, locale) }, options)
      : first.name;
  }
  const directory = HELPLINE_DIRECTORY_URL;
  const numbers = emergencyInWords(help, locale);
  if (!numbers) return m.saved_reply_no_number({ directory }, options);
  return help.country
    ? m.saved_reply_emergency_in(
        { country: inSentence(countryName(help.country, locale), locale), numbers, directory },
        options,
      )
    : m.saved_reply_emergency({ numbers, directory }, options);
}

export function withCrisisLine(text: string, help: CrisisHelp, locale: Locale): string {
  return text.includes(CRISIS_LINE_PLACEHOLDER)
    ? text.replaceAll(CRISIS_LINE_PLACEHOLDER, crisisLineInWords(help, locale))
    : text;
}

export function countryCodeOf(value: unknown): string | null {
  if (typeof value !== "string" || !/^[A-Za-z]{2}$/.test(value)) return null;
  return value.toUpperCase();
}

/** A language without a region says nothing of where its speaker is. */
export function regionsOfLanguages(acceptLanguage: string | null): string[] {
  const regions: string[] = [];
  for (const tag of rankedLanguageTags(acceptLanguage)) {
    const region = tag
      .split("-")
      .slice(1)
      .find((subtag) => /^[A-Za-z]{2}$/.test(subtag));
    const code = countryCodeOf(region);
    if (code && !regions.includes(code)) regions.push(code);
  }
  return regions;
}
