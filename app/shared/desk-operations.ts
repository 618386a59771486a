import { m } from "~/paraglide/messages";
import { ADMIN_TITLES } from "./admin";
import { CRISIS_LINE_PLACEHOLDER } from "./crisis-help";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language, languageNameIn } from "./languages";
import { z } from "./schemas/zod-mini";

// Wrap-up: asked by 'Mark resolved', kept with the opening, never shown to the visitor.

/** The admin keeps the list (/admin/topics). */
export const SEEDED_WRAP_UP_TOPICS = [
  "Anxiety",
  "Depression",
  "Loneliness",
  "Relationships",
  "Family",
  "Grief",
  "Self-harm",
  "Suicidal thoughts",
  "Abuse",
  "Other",
] as const;
export const MAX_TOPIC_NAME = 60;
/** Bounds what a form can send. */
export const MAX_WRAP_UP_TOPICS = 30;

export const WRAP_UP_TEXTS = {
  topics: "Topics",
  topicsHint: "Choose at least one.",
  riskDiscussed: "Risk discussed",
  yes: "Yes",
  no: "No",
  chooseTopic: "Choose at least one topic.",
  chooseRisk: "Say whether risk was discussed.",
  unknownTopic: "One of the topics is no longer on the list. Choose again.",
  onlyForDesk: "The visitor never sees the wrap-up.",
} as const;

export type WrapUp = { topics: string[]; riskDiscussed: boolean };

export const WrapUpSchema = z.object({
  topics: z
    .array(z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_TOPIC_NAME)))
    .check(z.minLength(1, WRAP_UP_TEXTS.chooseTopic), z.maxLength(MAX_WRAP_UP_TOPICS, WRAP_UP_TEXTS.chooseTopic)),
  riskDiscussed: z.boolean(WRAP_UP_TEXTS.chooseRisk),
});

export const WRAP_UP_FIELDS = { topics: "topics", riskDiscussed: "riskDiscussed" } as const;
export const RISK_ANSWERS = { yes: "yes", no: "no" } as const;

export const WRAP_UP_FORM_TEXTS = {
  noTopics: `There are no wrap-up topics to choose from. Ask the admin to add some under '${ADMIN_TITLES.topics}'.`,
} as const;

export const WRAP_UP_TOPIC_TEXTS = {
  intro:
    "The topics listeners choose from when they mark a conversation resolved, in this order. Renaming or " +
    "removing a topic leaves the wrap-ups already made as they were.",
  listHeading: (count: number) => `Topics (${count})`,
  none: "No topics yet. 'Mark resolved' needs at least one to choose from: add one below.",
  nameLabel: "Topic",
  renameLabel: (name: string) => `Rename ${name}`,
  nameHint: `Up to ${MAX_TOPIC_NAME} characters; each topic once.`,
  addHeading: "Add a topic",
  add: "Add topic",
  adding: "Adding...",
  save: "Save",
  saving: "Saving...",
  remove: "Remove",
  moveUp: "Move up",
  moveDown: "Move down",
  position: (position: number, count: number) => `${position} of ${count}`,
  added: (name: string) => `“${name}” was added at the end of the list.`,
  renamed: (from: string, to: string) => `“${from}” is now “${to}”.`,
  removed: (name: string) => `“${name}” was removed.`,
  moved: (name: string, position: number, count: number) => `“${name}” is now ${position} of ${count}.`,
  emptyName: "Give the topic a name.",
  nameTooLong: `A topic can be at most ${MAX_TOPIC_NAME} characters.`,
  duplicate: (name: string) => `“${name}” is already on the list.`,
  notFound: "That topic is no longer on the list.",
} as const;

export const TopicNameSchema = z
  .string(WRAP_UP_TOPIC_TEXTS.emptyName)
  .check(
    z.trim(),
    z.minLength(1, WRAP_UP_TOPIC_TEXTS.emptyName),
    z.maxLength(MAX_TOPIC_NAME, WRAP_UP_TOPIC_TEXTS.nameTooLong),
  );
export type WrapUpTopic = { id: number; name: string; position: number };

export const HELPFUL_ANSWERS = ["yes", "somewhat", "no"] as const;
export type HelpfulAnswer = (typeof HELPFUL_ANSWERS)[number];
export const MAX_SURVEY_COMMENT = 500;

export const SURVEY_TEXTS = {
  get question() {
    return m.chat_survey_question();
  },
  answers: {
    get yes() {
      return m.chat_survey_yes();
    },
    get somewhat() {
      return m.chat_survey_somewhat();
    },
    get no() {
      return m.chat_survey_no();
    },
  } satisfies Record<HelpfulAnswer, string>,
  get comment() {
    return m.chat_survey_comment();
  },
  get commentHint() {
    return m.chat_survey_comment_hint();
  },
  get send() {
    return m.chat_survey_send();
  },
  get thanks() {
    return m.chat_survey_thanks();
  },
  get chooseAnswer() {
    return m.chat_survey_choose_answer();
  },
  get commentTooLong() {
    return m.chat_survey_comment_too_long({ max: MAX_SURVEY_COMMENT });
  },
  get alreadyAnswered() {
    return m.chat_survey_already_answered();
  },
  get nothingToAnswer() {
    return m.chat_survey_nothing_to_answer();
  },
};

/** Worded in the language of the request reading it. */
export const SurveyAnswerSchema = z.object({
  opening: z.coerce.number().check(z.int(), z.positive()),
  answer: z.enum(HELPFUL_ANSWERS, { error: () => SURVEY_TEXTS.chooseAnswer }),
  comment: z.string().check(z.trim(), z.maxLength(MAX_SURVEY_COMMENT, { error: () => SURVEY_TEXTS.commentTooLong })),
});

export const VISITOR_DESK_INTENTS = { end: "end-conversation", survey: "survey" } as const;
export type VisitorDeskIntent = (typeof VISITOR_DESK_INTENTS)[keyof typeof VISITOR_DESK_INTENTS];

export type VisitorDeskAnswer = {
  intent: VisitorDeskIntent;
  ok: boolean;
  message: string | null;
  typed: { answer?: string; comment?: string };
};

export const END_CONVERSATION_TEXTS = {
  get button() {
    return m.chat_end_button();
  },
  get confirmTitle() {
    return m.chat_end_title();
  },
  /** In line, nobody is there to let go. */
  get confirmBodyWithListener() {
    return m.chat_end_body_with_listener();
  },
  get confirmBodyInLine() {
    return m.chat_end_body_in_line();
  },
  get confirm() {
    return m.chat_end_confirm();
  },
  get cancel() {
    return m.chat_end_cancel();
  },
  get notOpen() {
    return m.chat_end_not_open();
  },
};

/** The desk's object knows no request's language: the page's action words the code. */
export type VisitorDeskRefusal = "notOpen" | "nothingToAnswer" | "alreadyAnswered";
export type SurveyRefusal = Exclude<VisitorDeskRefusal, "notOpen">;

export function visitorDeskRefusalText(refusal: VisitorDeskRefusal): string {
  return refusal === "notOpen" ? END_CONVERSATION_TEXTS.notOpen : SURVEY_TEXTS[refusal];
}

export const MAX_SAVED_REPLY = 1000;
export const MAX_SAVED_REPLY_TITLE = 80;

export const SAVED_REPLY_TEXTS = {
  open: "Saved replies",
  insert: (title: string, language?: string) => `Insert “${title}”${language ? ` (${language})` : ""}`,
  none: "No saved replies yet.",
  editable: "A saved reply goes into your message; change it before sending.",
  titleLabel: "Title",
  textLabel: "Text",
  languageLabel: "Language",
  add: "Add reply",
  save: "Save",
  remove: "Remove",
  moveUp: "Move up",
  moveDown: "Move down",
  emptyTitle: "Give the reply a title.",
  titleTooLong: `A title can be at most ${MAX_SAVED_REPLY_TITLE} characters.`,
  emptyText: "Write the reply's text.",
  textTooLong: `A saved reply can be at most ${MAX_SAVED_REPLY} characters.`,
  chooseLanguage: "Choose the language the reply is written in.",
  notFound: "That reply is no longer on the list.",
} as const;

export const SavedReplySchema = z.object({
  title: z
    .string(SAVED_REPLY_TEXTS.emptyTitle)
    .check(
      z.trim(),
      z.minLength(1, SAVED_REPLY_TEXTS.emptyTitle),
      z.maxLength(MAX_SAVED_REPLY_TITLE, SAVED_REPLY_TEXTS.titleTooLong),
    ),
  text: z
    .string(SAVED_REPLY_TEXTS.emptyText)
    .check(
      z.trim(),
      z.minLength(1, SAVED_REPLY_TEXTS.emptyText),
      z.maxLength(MAX_SAVED_REPLY, SAVED_REPLY_TEXTS.textTooLong),
    ),
  language: z.enum(LANGUAGES as readonly [Language, ...Language[]], SAVED_REPLY_TEXTS.chooseLanguage),
});
export type SavedReply = { id: number; title: string; text: string; language: Language; position: number };

/** The admin's and the desk's pages both speak the default language. */
export const savedReplyLanguageName = (language: Language) => languageNameIn(language, DEFAULT_LANGUAGE);

/** Those in its language first; an unknown language counts as the default one. */
export function repliesForConversation<Reply extends Pick<SavedReply, "language">>(
  replies: readonly Reply[],
  language: Language | null,
): Reply[] {
  const first = language ?? DEFAULT_LANGUAGE;
  return [
    ...replies.filter((reply) => reply.language === first),
    ...replies.filter((reply) => reply.language !== first),
  ];
}

export const SAVED_REPLY_PAGE_TEXTS = {
  intro:
    "Replies a listener can put into their message from a conversation's page, and change before sending. " +
    "Listeners see them in this order.",
  listHeading: (count: number) => `Replies (${count})`,
  none: "No saved replies yet. Add the first one below.",
  addHeading: "Add a saved reply",
  edit: "Edit",
  titleHint: `What listeners pick it by. Up to ${MAX_SAVED_REPLY_TITLE} characters.`,
  textHint: `Up to ${MAX_SAVED_REPLY.toLocaleString("en-US")} characters. Write ${CRISIS_LINE_PLACEHOLDER} where the visitor's own crisis line should go: the desk writes out their country's, in the reply's language.`,
  languageHint: "The desk offers a reply first in conversations in its language.",
  languagePlaceholder: "Choose a language",
  count: (length: number) => `${length.toLocaleString("en-US")} / ${MAX_SAVED_REPLY.toLocaleString("en-US")}`,
  adding: "Adding...",
  saving: "Saving...",
  position: (position: number, count: number) => `${position} of ${count}`,
  added: (title: string) => `“${title}” was added at the end of the list.`,
  saved: (title: string) => `“${title}” was saved.`,
  removed: (title: string) => `“${title}” was removed.`,
  moved: (title: string, position: number, count: number) => `“${title}” is now ${position} of ${count}.`,
} as const;

export const LIST_INTENTS = { add: "add", save: "save", remove: "remove", up: "up", down: "down" } as const;
export type ListIntent = (typeof LIST_INTENTS)[keyof typeof LIST_INTENTS];

export const LIST_TEXTS = {
  unknownIntent: "That action is not known here.",
  malformed: "That form was incomplete, so nothing changed. Please reload the page and try again.",
  postFailed: "The server could not be reached, so nothing changed. Please try again.",
} as const;

/** Without scripts. */
export const SAVED_REPLY_PARAM = "reply";

// Supervisor messages ('whispers'): from the admin to the holding listener only.

export const WHISPER_TEXTS = {
  label: (listener: string) => `Message to ${listener}`,
  hint: "Only the listener sees this; the visitor never does.",
  send: "Send to listener",
  sent: "Sent to the listener.",
  kind: "From the supervisor",
  notHeld: "Nobody holds this conversation now: there is no listener to message.",
} as const;

export const FIGURE_PERIODS = ["today", "7d", "30d"] as const;
export type FigurePeriod = (typeof FIGURE_PERIODS)[number];
export const FIGURE_PERIOD_LABELS: Record<FigurePeriod, string> = {
  today: "Today",
  "7d": "Last 7 days",
  "30d": "Last 30 days",
};
/** The answer-speed target helplines publish. */
export const ANSWER_TARGET_MS = 5 * 60_000;
export const FIGURES_RETENTION_DAYS = 30;
/** Exact to the second up to this; longer times come from log-spaced buckets within LONG_ANSWER_TIME_ERROR. */
export const EXACT_ANSWER_TIMES_MS = 10 * 60_000;
export const LONG_ANSWER_TIME_ERROR = 0.01;
export const FIGURE_LIST_LIMIT = 100;

/** Exactly one per opening; the rule is worker/desk/desk-ledger.ts `openingState`. */
export const OPENING_STATES = ["answered", "abandoned", "stillWaiting", "closedWithoutReply"] as const;
export type OpeningState = (typeof OPENING_STATES)[number];

export const OPENING_STATE_TEXTS: Record<
  OpeningState,
  { name: string; counted: (count: string) => string; definition: string }
> = {
  answered: {
    name: "Answered",
    counted: (count) => `${count} answered`,
    definition: "a listener replied.",
  },
  abandoned: {
    name: "Abandoned",
    counted: (count) => `${count} abandoned`,
    definition:
      "the visitor ended it, or was signed out everywhere, before a listener joined (in line, or given to a listener who had not opened it yet).",
  },
  stillWaiting: {
    name: "Still waiting",
    counted: (count) => `${count} still waiting`,
    definition: "open, and nobody has replied yet (in line, or with a listener).",
  },
  closedWithoutReply: {
    name: "Closed without a reply",
    counted: (count) => `${count} closed without a reply`,
    definition:
      "it ended after a listener joined and before anyone replied: the visitor left, or it was closed from the desk.",
  },
};

/** With one of them or crisis words, 'Risk discussed: No' is listed for review. Matched by name, any case. */
export const RISK_TOPICS = [
  "Suicidal thoughts",
  "Self-harm",
] as const satisfies readonly (typeof SEEDED_WRAP_UP_TOPICS)[number][];

/** Each opening counted for one listener at most. */
export type ListenerFigures = {
  name: string;
  /** answered + closedWithoutReply. */
  conversations: number;
  answered: number;
  closedWithoutReply: number;
  /** By them, or after a transfer. */
  resolved: number;
  medianFirstReplyMs: number | null;
};

export type LanguageFigures = {
  /** Null for openings from before languages were kept. */
  language: string | null;
  name: string | null;
  conversations: number;
  answered: number;
  stillWaiting: number;
  medianTimeToAnswerMs: number | null;
  p90TimeToAnswerMs: number | null;
};

export type RiskNotDiscussed = {
  at: number;
  /** Never the visitor. */
  listener: string;
  topics: string[];
  crisis: boolean;
};

/** Counted by the opening's start, in `timeZone`. Nothing in them names a visitor. */
export type DeskFigures = {
  period: FigurePeriod;
  /** UTC unless the admin chose another. */
  timeZone: string;
  from: number;
  to: number;
  /** The sum of the four states below. */
  conversations: number;
  answered: number;
  abandoned: number;
  stillWaiting: number;
  closedWithoutReply: number;
  /** answered ÷ (conversations − stillWaiting). */
  answerRate: number | null;
  timeToAnswer: { medianMs: number | null; p90Ms: number | null };
  answeredWithinTarget: number | null;
  waitingNow: number;
  longestWaitNowMs: number | null;
  helpful: Record<HelpfulAnswer, number> & { answers: number };
  /** Nothing of who wrote them. */
  comments: { at: number; answer: HelpfulAnswer; text: string }[];
  commentCount: number;
  topics: { name: string; count: number }[];
  risk: { discussed: number; wrapUps: number };
  riskNotDiscussed: RiskNotDiscussed[];
  riskNotDiscussedCount: number;
  listeners: ListenerFigures[];
  byLanguage: LanguageFigures[];
  /** From `hourMinute` past the hour in a zone whose offset is not whole hours: the figures are kept per UTC hour. */
  byHour: { hour: number; openings: number; medianTimeToAnswerMs: number | null }[];
  hourMinute: number;
};

export const DESK_FIGURES_TEXTS = {
  period: "Period",
  timeZone: "Time zone",
  timeZoneHint: "Today starts at midnight in this zone, and the hours are its hours. Remembered on this device.",
  show: "Show",
  conversations: "Conversations",
  answered: OPENING_STATE_TEXTS.answered.name,
  abandoned: OPENING_STATE_TEXTS.abandoned.name,
  stillWaiting: OPENING_STATE_TEXTS.stillWaiting.name,
  closedWithoutReply: OPENING_STATE_TEXTS.closedWithoutReply.name,
  answerRate: "Answer rate",
  answerRateOf: (answered: string, ended: string) => `${answered} of ${ended} no longer waiting`,
  answerRateDefinition:
    "answered, of the conversations no longer waiting (answered, abandoned or closed without a reply).",
  timeToAnswer: "Time to answer",
  median: "median",
  p90: "90th percentile",
  withinTarget: "Answered within 5 minutes",
  waitingNow: "Waiting now",
  longestWaitNow: "Longest wait now",
  helpful: "Helpful",
  surveyAnswers: (count: number) => (count === 1 ? "1 answer" : `${count} answers`),
  comments: "Comments",
  noComments: "No comments in this period.",
  topics: "Wrap-up topics",
  noTopics: "No wrap-ups in this period.",
  riskDiscussed: "Risk discussed",
  riskNotDiscussed: "Risk not discussed",
  riskNotDiscussedHow: `Wrap-ups that said 'Risk discussed: No' where the conversation had crisis words or its topics include ${RISK_TOPICS.join(" or ")}.`,
  noRiskNotDiscussed: "None in this period.",
  listeners: "Listeners",
  noListeners: "No listener answered in this period.",
  listenersHow:
    "Each conversation counts for one listener at most: the one who replied first in it or, closed without a reply, the one who had joined it. Resolved: how many of their answered ones ended with 'Mark resolved'.",
  allListeners: "All listeners",
  medianFirstReply: "Median time to first reply",
  resolved: "Resolved",
  byLanguage: "By language",
  byLanguageHow:
    "Each conversation counts in the language its visitor read the site in when it joined the line. Time to answer: from joining the line to the first reply, over those answered.",
  noLanguages: "No conversations in this period.",
  language: "Language",
  languageNotKnown: "Not known",
  byHour: (timeZone: string) => `Openings and time to answer by hour of day (${timeZone})`,
  hour: (timeZone: string) => `Hour (${timeZone})`,
  openings: "Openings",
  medianTimeToAnswer: "Median time to answer",
  approximateTimes: `≈: a time to answer over ${EXACT_ANSWER_TIMES_MS / 60_000} minutes is read from the hours' counts, within ${LONG_ANSWER_TIME_ERROR * 100}% of the exact figure; shorter ones are exact.`,
  none: "—",
  countedHow: (timeZone: string) =>
    `Counted by when each conversation's first message joined the line; days and hours in ${timeZone}. Each conversation is in exactly one of these states:`,
} as const;

export const DESK_FIGURES_PAGE_TEXTS = {
  description: "The support desk's figures.",
  range: (from: string, to: string) => `From ${from} to ${to}`,
  unknownPeriod: "That period is not one of the choices, so today's figures are shown.",
  unknownTimeZone: "That time zone is not known here, so the figures are shown in UTC.",
  inPeriod: "In this period",
  sum: (conversations: string, parts: string[]) =>
    `${conversations} ${conversations === "1" ? "conversation" : "conversations"} = ${parts.join(" + ")}`,
  now: "Right now",
  answer: "Answer",
  share: "Share",
  answers: "Answers",
  noSurveyAnswers: "No survey answers in this period.",
  topic: "Topic",
  wrapUps: "Wrap-ups",
  riskOf: (discussed: number, wrapUps: number) =>
    `${discussed} of ${wrapUps} ${wrapUps === 1 ? "wrap-up" : "wrap-ups"}`,
  riskToReview: (count: number) => (count === 1 ? "1 wrap-up to review" : `${count} wrap-ups to review`),
  newest: (shown: number, count: number) => `The newest ${shown} of ${count.toLocaleString("en-US")}.`,
  partHourZone: (timeZone: string, minute: number) => {
    const past = `:${String(minute).padStart(2, "0")}`;
    return `The figures are kept per UTC hour, which begins at ${past} in ${timeZone}: each hour here runs from ${past} to ${past}, and 'Today' begins at 23${past} the day before.`;
  },
  resolvedAt: "Resolved",
  crisisWords: "Crisis words",
  yes: "Yes",
  no: "No",
  listener: "Listener",
  byHourTable: (timeZone: string) => `Openings and median time to answer, hour by hour (${timeZone})`,
  chartSummary: (title: string, hours: string) => `${title}: ${hours}.`,
  atHour: (value: string, hour: string) => `${value} at ${hour}`,
  noneInAnyHour: "none in this period",
  noneOtherwise: "none in the other hours",
} as const;

/** How many recent assignments the estimate learns from, and how few are too few to say anything. */
export const WAIT_ESTIMATE_SAMPLES = 20;
export const WAIT_ESTIMATE_MIN_SAMPLES = 3;
export const WAIT_ESTIMATE_WINDOW_MS = 60 * 60_000;
