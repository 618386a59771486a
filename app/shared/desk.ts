import { m } from "~/paraglide/messages";
import { getLocale } from "~/paraglide/runtime";
import { type CrisisHelp, countryInSentence, inDangerSentence } from "./crisis-help";
import { DEFAULT_LANGUAGE, type Language, languageNameIn, languageOf } from "./languages";
import { z } from "./schemas/zod-mini";

/**
 * The support desk: listeners answer the one support account's conversations together.
 * Every word of the desk (what a visitor is told of it, the desk pages' words, the refusals, what
 * its live region announces) and the desk's defaults, in one place for the worker, the pages and
 * the tests.
 */

/** How many conversations a listener holds at once unless configured (DESK_CAPACITY). */
export const DEFAULT_DESK_CAPACITY = 3;
/** A listener who went away gets this long to come back before their waiting conversations go back. */
export const DEFAULT_HANDBACK_GRACE_SECONDS = 60;
/**
 * A conversation given to a listener who has not opened it within this long goes back to the line
 * (a visitor is told a listener joined only once one has opened it).
 */
export const DEFAULT_OPEN_DEADLINE_SECONDS = 180;
/**
 * A desk page proves it is there by pinging its socket this often (the runtime answers and notes the
 * time without waking the desk)...
 */
export const DESK_PAGE_PING_MS = 10_000;
/**
 * ...and counts as gone once no proof came for this long, whether or not its socket's close ever
 * arrived (a laptop shut, a phone out of signal, a local proxy that drops closes). Longer than a
 * minute: a browser wakes the timers of a tab hidden for a while only once a minute.
 */
export const DESK_PAGE_DEADLINE_MS = 75_000;
/**
 * Before a conversation is given to a listener, the desk asks their desk pages over their sockets
 * (a hidden tab answers; a shut laptop does not) and waits this long for one to answer.
 */
export const DESK_PROBE_MS = 2000;
/** The desk shows the head of the queue; a longer queue is counted. */
export const MAX_WAITING_SHOWN = 50;
/** A private note's length limit. */
export const MAX_DESK_NOTE = 2000;
/**
 * An assigned conversation whose visitor has not written for this long after a listener's reply
 * closes itself unless configured (DESK_INACTIVITY_MINUTES).
 */
export const DEFAULT_INACTIVITY_MINUTES = 30;

/** What the visitor reads in their support conversation: the line above the composer, and its events. */
export const VISITOR_DESK_TEXTS = {
  inLine: (position: number) => m.desk_in_line({ position }),
  /** With an estimate from the desk's recent pace: never a promise, always 'about'. */
  inLineWithWait: (position: number, minutes: number) =>
    minutes === 1 ? m.desk_in_line_wait_one({ position }) : m.desk_in_line_wait({ position, minutes }),
  /** Given to a listener who has not opened the conversation yet. */
  get comingSoon() {
    return m.desk_coming_soon();
  },
  /** The same, when a listener was already with them in this conversation (transferred, or handed back). */
  get anotherComing() {
    return m.desk_another_coming();
  },
  /** In the conversation's flow, at the moment a listener opened it; their alias when the admin set one. */
  joined: (alias: string | null) => (alias ? m.desk_joined_alias({ alias }) : m.desk_joined()),
  get ended() {
    return m.desk_ended();
  },
  /** The visitor pressed 'End conversation'. */
  get youEnded() {
    return m.desk_you_ended();
  },
  /** Nobody wrote for a while after a listener's reply (DESK_INACTIVITY_MINUTES). */
  get closedInactive() {
    return m.desk_closed_inactive();
  },
  /** Every session of the visitor ended while they waited for a first reply. */
  get leftLine() {
    return m.desk_left_line();
  },
  /** Nobody available, and the visitor's message is waiting in line. */
  get noListener() {
    return m.desk_no_listener();
  },
  /** Nobody available, and nothing written yet: what will happen, never that a message is kept. */
  get noListenerBeforeWriting() {
    return m.desk_no_listener_before_writing();
  },
  /**
   * In line or given to a listener, and nobody taking conversations speaks the visitor's language
   * (never said of the default language): the languages named in the reader's.
   */
  noListenerSpeaks: (language: Language) =>
    m.desk_lang_no_speaker({
      language: languageNameIn(language, getLocale()),
      fallback: languageNameIn(DEFAULT_LANGUAGE, getLocale()),
    }),
  /**
   * Said after every line while the visitor waits, unless the conversation's crisis banner shows the
   * numbers: their own country's, never a number that does not connect where they are.
   */
  inDanger: (help: CrisisHelp) => inDangerSentence(help),
};

/** The support conversation's header: the desk's state in a few words, never the support account's presence. */
export const VISITOR_DESK_HEADLINES = {
  get withYou() {
    return m.desk_headline_with_you();
  },
  get coming() {
    return m.desk_headline_coming();
  },
  get anotherComing() {
    return m.desk_headline_another_coming();
  },
  get waiting() {
    return m.desk_headline_waiting();
  },
  get nobody() {
    return m.desk_headline_nobody();
  },
  get available() {
    return m.desk_headline_available();
  },
};

export const DESK_TEXTS = {
  title: "Support desk",
  available: "Available",
  away: "Away",
  takeNext: "Take next",
  waiting: "Waiting",
  mine: "Mine",
  all: "All",
  transfer: "Transfer",
  privateNote: "Private note",
  markResolved: "Mark resolved",
  take: "Take this conversation",
  crisisFlag: "Crisis words",
  nothingWaiting: "Nobody is waiting.",
  noneMine: "No conversation is assigned to you.",
  noneAtAll: "No conversation is open.",
  notesOnlyHere: "Only listeners see these notes; the visitor never does.",
  /** Why a listener must keep a desk page open to be offered conversations. */
  offeredWhileOpen: "Conversations come to you only while a desk page is open.",
  notOpened: "Not opened yet",
  /** Opened by its listener, and nobody has replied in this opening yet. */
  noReplyYet: "No reply yet",
  returnToLine: "Return to line",
  // Refusals: each names what to do instead.
  atCapacity: "You already have as many conversations as you can hold. Resolve or transfer one first.",
  queueEmpty: "Nobody is waiting right now.",
  notAssigned: "This conversation is not assigned to you.",
  transferTargetAway: "That listener is not available right now. Choose someone marked Available.",
  transferTargetFull: "That listener has no room for another conversation. Choose someone else.",
  transferTargetUnknown: "That person is not a listener.",
  transferToSelf: "This conversation is already yours.",
  notOnDesk: "This conversation is not open on the desk.",
  /** 'Mark resolved' before any listener replied in this opening. */
  notAnswered:
    "Nobody has replied in this conversation yet, so it can't be marked resolved. Reply to the visitor first; if you can't, return it to the line or transfer it.",
  /** 'Return to line' after a listener replied in this opening. */
  alreadyAnswered:
    "A listener has replied in this conversation, so it doesn't go back to the line. Transfer it, or mark it resolved.",
  emptyNote: "Write a note first.",
  noteTooLong: `A note can be at most ${MAX_DESK_NOTE} characters.`,
  socketOnly: "The desk socket only sends; use the page's buttons.",
} as const;

/** The listeners' desk pages' own words, beside the texts the server's refusals share (DESK_TEXTS). */
export const DESK_PAGE_TEXTS = {
  availability: "Your availability",
  sessionEnded: "Your session has ended. Please sign in again.",
  capacity: (active: number, capacity: number) => `Your conversations: ${active} of ${capacity}`,
  live: "Live",
  /** The name of the desk's live region, which says who arrives. */
  announcements: "Desk announcements",
  connecting: "Connecting…",
  reconnecting: "Reconnecting…",
  moreWaiting: (more: number) => `and ${more} more waiting`,
  waitingFor: (waited: string) => `waiting ${waited}`,
  assignedAgo: (ago: string) => `assigned ${ago} ago`,
  inLine: "in line",
  heldBy: (name: string) => `with ${name}`,
  backToDesk: "Back to the desk",
  conversationWith: (name: string) => `Conversation with ${name}`,
  /** Beside the visitor: the country they write from, never anything more precise. */
  visitorCountry: (country: string | null) =>
    country ? `Writing from ${countryInSentence(country)}` : "Country not known",
  /** Beside it: the language the visitor reads the site in, which they likely write in too. */
  visitorLanguage: (language: string | null) => (language ? `Reads the site in ${language}` : "Language not known"),
  queuedNotice: "This conversation is waiting in line. Take it to reply.",
  adminNotice: "You are reading this conversation as the admin. Only the listener who has it can reply.",
  withdrawn: "This conversation is no longer yours: it was transferred or resolved.",
  /** Beside 'Return to line', while nobody has replied. */
  returnToLineHint:
    "Nobody has replied yet. If you can't answer now, it goes back to its place in line for another listener.",
  /** In 'Mark resolved', while nobody has replied. */
  replyBeforeResolving: "Reply to the visitor before marking this resolved: nobody has answered yet.",
  transferTo: "Transfer to",
  chooseListener: "Choose a listener",
  chooseListenerFirst: "Choose the listener to transfer this conversation to.",
  listenerOption: (name: string, active: number, languages: string[]) =>
    `${name} (${active} active · ${languages.join(", ")})`,
  transferNote: "Note for the next listener (optional)",
  nobodyToTransferTo: "No other listener is available right now.",
  notes: "Private notes",
  noNotes: "No notes yet.",
  addNote: "Add note",
  noteKinds: { note: "Note", transfer: "Transfer note", whisper: "From the supervisor" },
  unknownAction: "That action is not known here.",
  /** The visitor wrote last: how long they have waited for the listener's reply. */
  waitingForYourReply: (waited: string) => `Waiting for your reply · ${waited}`,
  /** The listener (or the admin) wrote last. */
  replied: "You replied last",
  /** The compact list of the listener's conversations beside each conversation's page. */
  yourConversations: "Your conversations",
  /** The switch for a short sound with each new message (off unless turned on, remembered in this browser). */
  sound: "Sound for new messages",
  /** The name of the live region that says a visitor wrote. */
  messageAnnouncements: "New messages",
  /** A supervisor's message about a conversation other than the one on screen. */
  whisperAbout: (visitorName: string) => `about ${visitorName}`,
} as const;

/** The support conversation's events the visitor reads among the messages, in time order, at most this many. */
export const MAX_DESK_EVENTS = 20;

/** Something the desk did in the conversation, shown where it happened among the messages. */
const DeskEventSchema = z.object({
  /**
   * joined: a listener opened the conversation; ended: a listener marked it resolved; you-ended:
   * the visitor ended it; closed-inactive: it closed itself after a quiet while; left-line: the
   * visitor's sessions ended while they waited.
   */
  kind: z.enum(["joined", "ended", "you-ended", "closed-inactive", "left-line"]),
  at: z.number(),
  /** The listener's alias, when the admin set one (never their username). */
  alias: z.nullable(z.string()),
});
export type DeskEvent = z.infer<typeof DeskEventSchema>;

/** Said to screen readers in the desk's polite live region: arrivals, never every change of place. */
export const DESK_ANNOUNCEMENTS = {
  waiting: (count: number) =>
    count === 1
      ? "Someone new is waiting. 1 person is waiting."
      : `Someone new is waiting. ${count} people are waiting.`,
  assigned: (visitorName: string) => `${visitorName} was assigned to you.`,
  /** A visitor wrote in a conversation of the listener's that is not on screen. */
  newMessage: (visitorName: string) => `New message from ${visitorName}. Waiting for your reply.`,
} as const;

/** Where a support conversation stands on the desk, as its visitor is told (never who answers). */
export const VisitorDeskStatusSchema = z.object({
  type: z.literal("desk"),
  /**
   * idle: not in line (nothing written yet, or resolved and not written since); queued: waiting for
   * a listener; assigned: given to a listener (`opened` once they have opened it).
   */
  state: z.enum(["idle", "queued", "assigned"]),
  /** The place in line while queued (1 is next). */
  position: z.nullable(z.int().check(z.minimum(1))),
  /** Whether any listener is available with a desk page open (else the no-listener text). */
  listenersAvailable: z.boolean(),
  /** Assigned, and the listener has opened the conversation: only then has anyone 'joined'. */
  opened: z.boolean(),
  /** A listener had joined earlier in this opening (the one coming now is another: a transfer, a hand-back). */
  joinedBefore: z.boolean(),
  /** The newest events (at most MAX_DESK_EVENTS), oldest first. */
  events: z.array(DeskEventSchema).check(z.maxLength(MAX_DESK_EVENTS)),
  /** While queued: about how many minutes the wait is, from the desk's recent pace (null: too little to say). */
  waitMinutes: z.nullable(z.int().check(z.minimum(1))),
  /** The ended opening whose 'Did this conversation help?' is still unanswered (null: none to ask). */
  survey: z.nullable(z.int().check(z.minimum(1))),
  /**
   * Queued or assigned: the visitor's language when no listener taking conversations speaks it (once
   * assigned: the listener given it does not); never the default language (null).
   */
  noListenerSpeaks: z.nullable(z.string()),
});
export type VisitorDeskStatus = z.infer<typeof VisitorDeskStatusSchema>;

/** Before the desk has said anything of a conversation: whether anyone is there, nothing more. */
export function idleDeskStatus(listenersAvailable: boolean): VisitorDeskStatus {
  return {
    type: "desk",
    state: "idle",
    position: null,
    listenersAvailable,
    opened: false,
    joinedBefore: false,
    events: [],
    waitMinutes: null,
    survey: null,
    noListenerSpeaks: null,
  };
}

/**
 * The line the visitor reads above the composer for a status (null: nothing to say). As long as
 * nobody is with them (in line, a listener on the way, nobody available) it also says what to do in
 * danger, unless the crisis banner above the composer already shows the numbers (a phone's few
 * lines are not spent on saying it twice).
 */
export function visitorDeskLine(
  status: VisitorDeskStatus | null,
  crisisBannerShown: boolean,
  help: CrisisHelp,
): string | null {
  const line = waitingLine(status);
  if (line === null) return null;
  return crisisBannerShown ? line : `${line} ${VISITOR_DESK_TEXTS.inDanger(help)}`;
}

function waitingLine(status: VisitorDeskStatus | null): string | null {
  const line = placeLine(status);
  const unspoken = status && line !== null ? languageOf(status.noListenerSpeaks) : null;
  // Said while someone is there to take the conversation but none speaks the visitor's language;
  // with nobody there at all, the line already says so.
  if (!status || !unspoken || unspoken === DEFAULT_LANGUAGE || !status.listenersAvailable) return line;
  return `${line} ${VISITOR_DESK_TEXTS.noListenerSpeaks(unspoken)}`;
}

function placeLine(status: VisitorDeskStatus | null): string | null {
  if (!status) return null;
  // Joined is said once, among the messages where it happened (deskEventText).
  if (status.state === "assigned") {
    if (status.opened) return null;
    return status.joinedBefore ? VISITOR_DESK_TEXTS.anotherComing : VISITOR_DESK_TEXTS.comingSoon;
  }
  // Never a silent room: before the first message too, a visitor learns nobody is there, and is
  // told a message is kept only once there is one.
  if (!status.listenersAvailable) {
    return status.state === "queued" ? VISITOR_DESK_TEXTS.noListener : VISITOR_DESK_TEXTS.noListenerBeforeWriting;
  }
  if (status.state === "idle") return null;
  const position = status.position ?? 1;
  return status.waitMinutes
    ? VISITOR_DESK_TEXTS.inLineWithWait(position, status.waitMinutes)
    : VISITOR_DESK_TEXTS.inLine(position);
}

/** The few words in the support conversation's header, in place of the support account's presence. */
export function visitorDeskHeadline(status: VisitorDeskStatus | null): string | null {
  if (!status) return null;
  if (status.state === "assigned") {
    if (status.opened) return VISITOR_DESK_HEADLINES.withYou;
    return status.joinedBefore ? VISITOR_DESK_HEADLINES.anotherComing : VISITOR_DESK_HEADLINES.coming;
  }
  if (!status.listenersAvailable) return VISITOR_DESK_HEADLINES.nobody;
  return status.state === "queued" ? VISITOR_DESK_HEADLINES.waiting : VISITOR_DESK_HEADLINES.available;
}

/** An event's words, as the visitor reads it among the messages. */
export function deskEventText(event: DeskEvent): string {
  switch (event.kind) {
    case "joined":
      return VISITOR_DESK_TEXTS.joined(event.alias);
    case "ended":
      return VISITOR_DESK_TEXTS.ended;
    case "you-ended":
      return VISITOR_DESK_TEXTS.youEnded;
    case "closed-inactive":
      return VISITOR_DESK_TEXTS.closedInactive;
    case "left-line":
      return VISITOR_DESK_TEXTS.leftLine;
  }
}

const DeskConversationSchema = z.object({
  pairId: z.string(),
  visitorId: z.string(),
  visitorName: z.string(),
  /** When the visitor's unanswered message was written (null: the listener spoke last). */
  waitingSince: z.nullable(z.number()),
  crisis: z.boolean(),
  /** Who holds it (listener id and username), null while queued. */
  listener: z.nullable(z.object({ id: z.string(), name: z.string() })),
  assignedAt: z.nullable(z.number()),
  /** When its listener opened it (null: not yet, or queued). */
  openedAt: z.nullable(z.number()),
  /** A listener has replied in this opening (only then may it be marked resolved). */
  answered: z.boolean(),
  /** The country the visitor wrote from, never anything more precise (null: not known). */
  country: z.nullable(z.object({ code: z.string(), name: z.string() })),
  /** The language the visitor reads the site in, named in the desk's (null: not known). */
  language: z.nullable(z.object({ code: z.string(), name: z.string() })),
});
export type DeskConversation = z.infer<typeof DeskConversationSchema>;

const DeskListenerSchema = z.object({
  id: z.string(),
  name: z.string(),
  available: z.boolean(),
  active: z.int().check(z.minimum(0)),
  /** The languages they answer in, named in the desk's. */
  languages: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type DeskListener = z.infer<typeof DeskListenerSchema>;

/** Listeners who speak the visitor's language first (for a transfer), each group in the desk's order. */
export function speakersFirst(listeners: DeskListener[], language: string | null): DeskListener[] {
  if (!language) return listeners;
  const speaks = (listener: DeskListener) => listener.languages.some((spoken) => spoken.code === language);
  return [...listeners.filter(speaks), ...listeners.filter((listener) => !speaks(listener))];
}

/** What one listener's desk shows; 'all' only for the admin. */
export const DeskSnapshotSchema = z.object({
  me: z.object({ available: z.boolean(), active: z.int().check(z.minimum(0)), capacity: z.int().check(z.minimum(1)) }),
  /** The head of the queue (at most MAX_WAITING_SHOWN), and how many wait in all. */
  waiting: z.array(DeskConversationSchema),
  waitingCount: z.int().check(z.minimum(0)),
  mine: z.array(DeskConversationSchema),
  all: z.nullable(z.array(DeskConversationSchema)),
  listeners: z.array(DeskListenerSchema),
});
export type DeskSnapshot = z.infer<typeof DeskSnapshotSchema>;

/** The country a conversation's visitor writes from, as the desk shows it to this listener (null: not known). */
export function visitorCountryOn(desk: DeskSnapshot, pairId: string): DeskConversation["country"] {
  return conversationOn(desk, pairId)?.country ?? null;
}

/** The language a conversation's visitor reads the site in, as the desk shows it (null: not known). */
export function visitorLanguageOn(desk: DeskSnapshot, pairId: string): DeskConversation["language"] {
  return conversationOn(desk, pairId)?.language ?? null;
}

function conversationOn(desk: DeskSnapshot, pairId: string): DeskConversation | undefined {
  return [...desk.mine, ...(desk.all ?? []), ...desk.waiting].find((conversation) => conversation.pairId === pairId);
}

/** Whether a held conversation has had a listener's reply, as the desk shows it (its holder's list, the admin's 'All'). */
export function answeredOn(desk: DeskSnapshot, pairId: string): boolean {
  const held = [...desk.mine, ...(desk.all ?? [])].find((conversation) => conversation.pairId === pairId);
  return held?.answered ?? false;
}

/** A private note on a conversation, shown only on the desk. */
const DeskNoteSchema = z.object({
  id: z.number(),
  authorName: z.string(),
  /** whisper: the admin's message to the listener who holds the conversation. */
  kind: z.enum(["note", "transfer", "whisper"]),
  text: z.string(),
  createdAt: z.number(),
});
export type DeskNote = z.infer<typeof DeskNoteSchema>;

/**
 * What the desk's socket sends: the listener's whole desk, after every change (coalesced); the
 * supervisor's message on a conversation they hold, at once; and the desk's probe.
 */
export const DeskServerFrameSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("desk-state"), desk: DeskSnapshotSchema }),
  z.object({ type: z.literal("whisper"), pairId: z.string(), note: DeskNoteSchema }),
  z.object({ type: z.literal("error"), message: z.string() }),
  /** The desk asks whether this page is there before giving its listener a conversation. */
  z.object({ type: z.literal("probe"), nonce: z.string() }),
]);
export type DeskServerFrame = z.infer<typeof DeskServerFrameSchema>;

/** What a desk page sends on its socket (besides its pings): the answer to a probe, with its nonce. */
export const DeskClientFrameSchema = z.object({
  type: z.literal("probe-answer"),
  nonce: z.string().check(z.maxLength(64)),
});
export type DeskClientFrame = z.infer<typeof DeskClientFrameSchema>;

/** How a listener may hold a support conversation on the desk. */
export type DeskAccess = "assigned" | "queued" | "admin";

/** The note's text as the desk's forms take it. */
export const DeskNoteTextSchema = z
  .string()
  .check(z.trim(), z.minLength(1, DESK_TEXTS.emptyNote), z.maxLength(MAX_DESK_NOTE, DESK_TEXTS.noteTooLong));
