import { m } from "~/paraglide/messages";
import { getLocale } from "~/paraglide/runtime";
import { type CrisisHelp, countryInSentence, inDangerSentence } from "./crisis-help";
import { DEFAULT_LANGUAGE, type Language, languageNameIn, languageOf } from "./languages";
import { z } from "./schemas/zod-mini";

/** Every word of the desk and its defaults, in one place for the worker, the pages and the tests. */

/** DESK_CAPACITY overrides. */
export const DEFAULT_DESK_CAPACITY = 3;
export const DEFAULT_HANDBACK_GRACE_SECONDS = 60;
/** A visitor is told a listener joined only once one has opened it. */
export const DEFAULT_OPEN_DEADLINE_SECONDS = 180;
/** The runtime answers and notes the time without waking the desk... */
export const DESK_PAGE_PING_MS = 10_000;
/**
 * ...and gone once no proof came for this long, whether or not a close arrived. Over a minute: a
 * browser wakes a long-hidden tab's timers only once a minute.
 */
export const DESK_PAGE_DEADLINE_MS = 75_000;
/** A hidden tab answers; a shut laptop does not. */
export const DESK_PROBE_MS = 2000;
export const MAX_WAITING_SHOWN = 50;
export const MAX_DESK_NOTE = 2000;
/** DESK_INACTIVITY_MINUTES overrides. */
export const DEFAULT_INACTIVITY_MINUTES = 30;

export const VISITOR_DESK_TEXTS = {
  inLine: (position: number) => m.desk_in_line({ position }),
  /** Never a promise, always 'about'. */
  inLineWithWait: (position: number, minutes: number) =>
    minutes === 1 ? m.desk_in_line_wait_one({ position }) : m.desk_in_line_wait({ position, minutes }),
  get comingSoon() {
    return m.desk_coming_soon();
  },
  get anotherComing() {
    return m.desk_another_coming();
  },
  joined: (alias: string | null) => (alias ? m.desk_joined_alias({ alias }) : m.desk_joined()),
  get ended() {
    return m.desk_ended();
  },
  get youEnded() {
    return m.desk_you_ended();
  },
  get closedInactive() {
    return m.desk_closed_inactive();
  },
  get leftLine() {
    return m.desk_left_line();
  },
  get noListener() {
    return m.desk_no_listener();
  },
  /** Never that a message is kept. */
  get noListenerBeforeWriting() {
    return m.desk_no_listener_before_writing();
  },
  /** Never said of the default language. */
  noListenerSpeaks: (language: Language) =>
    m.desk_lang_no_speaker({
      language: languageNameIn(language, getLocale()),
      fallback: languageNameIn(DEFAULT_LANGUAGE, getLocale()),
    }),
  /** Unless the crisis banner shows the numbers; never a number that does not connect where they are. */
  inDanger: (help: CrisisHelp) => inDangerSentence(help),
};

/** Never the support account's presence. */
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
  offeredWhileOpen: "Conversations come to you only while a desk page is open.",
  notOpened: "Not opened yet",
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
  notAnswered:
    "Nobody has replied in this conversation yet, so it can't be marked resolved. Reply to the visitor first; if you can't, return it to the line or transfer it.",
  alreadyAnswered:
    "A listener has replied in this conversation, so it doesn't go back to the line. Transfer it, or mark it resolved.",
  emptyNote: "Write a note first.",
  noteTooLong: `A note can be at most ${MAX_DESK_NOTE} characters.`,
  socketOnly: "The desk socket only sends; use the page's buttons.",
} as const;

export const DESK_PAGE_TEXTS = {
  availability: "Your availability",
  sessionEnded: "Your session has ended. Please sign in again.",
  capacity: (active: number, capacity: number) => `Your conversations: ${active} of ${capacity}`,
  live: "Live",
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
  /** Never anything more precise. */
  visitorCountry: (country: string | null) =>
    country ? `Writing from ${countryInSentence(country)}` : "Country not known",
  visitorLanguage: (language: string | null) => (language ? `Reads the site in ${language}` : "Language not known"),
  queuedNotice: "This conversation is waiting in line. Take it to reply.",
  adminNotice: "You are reading this conversation as the admin. Only the listener who has it can reply.",
  withdrawn: "This conversation is no longer yours: it was transferred or resolved.",
  returnToLineHint:
    "Nobody has replied yet. If you can't answer now, it goes back to its place in line for another listener.",
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
  waitingForYourReply: (waited: string) => `Waiting for your reply · ${waited}`,
  replied: "You replied last",
  yourConversations: "Your conversations",
  /** Off unless turned on, remembered in this browser. */
  sound: "Sound for new messages",
  messageAnnouncements: "New messages",
  whisperAbout: (visitorName: string) => `about ${visitorName}`,
} as const;

export const MAX_DESK_EVENTS = 20;

const DeskEventSchema = z.object({
  /**
   * closed-inactive: it closed itself after a quiet while; left-line: the visitor's sessions ended
   * while they waited.
   */
  kind: z.enum(["joined", "ended", "you-ended", "closed-inactive", "left-line"]),
  at: z.number(),
  /** Never their username. */
  alias: z.nullable(z.string()),
});
export type DeskEvent = z.infer<typeof DeskEventSchema>;

/** Arrivals, never every change of place. */
export const DESK_ANNOUNCEMENTS = {
  waiting: (count: number) =>
    count === 1
      ? "Someone new is waiting. 1 person is waiting."
      : `Someone new is waiting. ${count} people are waiting.`,
  assigned: (visitorName: string) => `${visitorName} was assigned to you.`,
  newMessage: (visitorName: string) => `New message from ${visitorName}. Waiting for your reply.`,
} as const;

/** Never who answers. */
export const VisitorDeskStatusSchema = z.object({
  type: z.literal("desk"),
  /** idle: not in line (nothing written yet, or resolved and not written since). */
  state: z.enum(["idle", "queued", "assigned"]),
  /** 1 is next. */
  position: z.nullable(z.int().check(z.minimum(1))),
  listenersAvailable: z.boolean(),
  /** Only then has anyone 'joined'. */
  opened: z.boolean(),
  /** The one coming now is another: a transfer, a hand-back. */
  joinedBefore: z.boolean(),
  events: z.array(DeskEventSchema).check(z.maxLength(MAX_DESK_EVENTS)),
  /** From the desk's recent pace; null: too little to say. */
  waitMinutes: z.nullable(z.int().check(z.minimum(1))),
  survey: z.nullable(z.int().check(z.minimum(1))),
  /** Once assigned, the given listener does not speak it; never the default language. */
  noListenerSpeaks: z.nullable(z.string()),
});
export type VisitorDeskStatus = z.infer<typeof VisitorDeskStatusSchema>;

/** Whether anyone is there, nothing more. */
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

/** While nobody is with them it also says what to do in danger, unless the crisis banner already shows the numbers. */
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
  // With nobody there at all, the line already says so.
  if (!status || !unspoken || unspoken === DEFAULT_LANGUAGE || !status.listenersAvailable) return line;
  return `${line} ${VISITOR_DESK_TEXTS.noListenerSpeaks(unspoken)}`;
}

function placeLine(status: VisitorDeskStatus | null): string | null {
  if (!status) return null;
  // Joined is said once, among the messages where it happened.
  if (status.state === "assigned") {
    if (status.opened) return null;
    return status.joinedBefore ? VISITOR_DESK_TEXTS.anotherComing : VISITOR_DESK_TEXTS.comingSoon;
  }
  // Never a silent room; a message is said to be kept only once there is one.
  if (!status.listenersAvailable) {
    return status.state === "queued" ? VISITOR_DESK_TEXTS.noListener : VISITOR_DESK_TEXTS.noListenerBeforeWriting;
  }
  if (status.state === "idle") return null;
  const position = status.position ?? 1;
  return status.waitMinutes
    ? VISITOR_DESK_TEXTS.inLineWithWait(position, status.waitMinutes)
    : VISITOR_DESK_TEXTS.inLine(position);
}

export function visitorDeskHeadline(status: VisitorDeskStatus | null): string | null {
  if (!status) return null;
  if (status.state === "assigned") {
    if (status.opened) return VISITOR_DESK_HEADLINES.withYou;
    return status.joinedBefore ? VISITOR_DESK_HEADLINES.anotherComing : VISITOR_DESK_HEADLINES.coming;
  }
  if (!status.listenersAvailable) return VISITOR_DESK_HEADLINES.nobody;
  return status.state === "queued" ? VISITOR_DESK_HEADLINES.waiting : VISITOR_DESK_HEADLINES.available;
}

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
  /** Null: the listener spoke last. */
  waitingSince: z.nullable(z.number()),
  crisis: z.boolean(),
  listener: z.nullable(z.object({ id: z.string(), name: z.string() })),
  assignedAt: z.nullable(z.number()),
  openedAt: z.nullable(z.number()),
  /** Only then may it be marked resolved. */
  answered: z.boolean(),
  /** Never anything more precise. */
  country: z.nullable(z.object({ code: z.string(), name: z.string() })),
  language: z.nullable(z.object({ code: z.string(), name: z.string() })),
});
export type DeskConversation = z.infer<typeof DeskConversationSchema>;

const DeskListenerSchema = z.object({
  id: z.string(),
  name: z.string(),
  available: z.boolean(),
  active: z.int().check(z.minimum(0)),
  languages: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type DeskListener = z.infer<typeof DeskListenerSchema>;

/** For a transfer. */
export function speakersFirst(listeners: DeskListener[], language: string | null): DeskListener[] {
  if (!language) return listeners;
  const speaks = (listener: DeskListener) => listener.languages.some((spoken) => spoken.code === language);
  return [...listeners.filter(speaks), ...listeners.filter((listener) => !speaks(listener))];
}

/** 'all' only for the admin. */
export const DeskSnapshotSchema = z.object({
  me: z.object({ available: z.boolean(), active: z.int().check(z.minimum(0)), capacity: z.int().check(z.minimum(1)) }),
  waiting: z.array(DeskConversationSchema),
  waitingCount: z.int().check(z.minimum(0)),
  mine: z.array(DeskConversationSchema),
  all: z.nullable(z.array(DeskConversationSchema)),
  listeners: z.array(DeskListenerSchema),
});
export type DeskSnapshot = z.infer<typeof DeskSnapshotSchema>;

export function visitorCountryOn(desk: DeskSnapshot, pairId: string): DeskConversation["country"] {
  return conversationOn(desk, pairId)?.country ?? null;
}

export function visitorLanguageOn(desk: DeskSnapshot, pairId: string): DeskConversation["language"] {
  return conversationOn(desk, pairId)?.language ?? null;
}

function conversationOn(desk: DeskSnapshot, pairId: string): DeskConversation | undefined {
  return [...desk.mine, ...(desk.all ?? []), ...desk.waiting].find((conversation) => conversation.pairId === pairId);
}

export function answeredOn(desk: DeskSnapshot, pairId: string): boolean {
  const held = [...desk.mine, ...(desk.all ?? [])].find((conversation) => conversation.pairId === pairId);
  return held?.answered ?? false;
}

const DeskNoteSchema = z.object({
  id: z.number(),
  authorName: z.string(),
  /** whisper: the admin's message to the listener who holds the conversation. */
  kind: z.enum(["note", "transfer", "whisper"]),
  text: z.string(),
  createdAt: z.number(),
});
export type DeskNote = z.infer<typeof DeskNoteSchema>;

/** The whole desk after every change (coalesced), a supervisor's message at once, and the probe. */
export const DeskServerFrameSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("desk-state"), desk: DeskSnapshotSchema }),
  z.object({ type: z.literal("whisper"), pairId: z.string(), note: DeskNoteSchema }),
  z.object({ type: z.literal("error"), message: z.string() }),
  /** Before giving its listener a conversation. */
  z.object({ type: z.literal("probe"), nonce: z.string() }),
]);
export type DeskServerFrame = z.infer<typeof DeskServerFrameSchema>;

export const DeskClientFrameSchema = z.object({
  type: z.literal("probe-answer"),
  nonce: z.string().check(z.maxLength(64)),
});
export type DeskClientFrame = z.infer<typeof DeskClientFrameSchema>;

export type DeskAccess = "assigned" | "queued" | "admin";

export const DeskNoteTextSchema = z
  .string()
  .check(z.trim(), z.minLength(1, DESK_TEXTS.emptyNote), z.maxLength(MAX_DESK_NOTE, DESK_TEXTS.noteTooLong));
