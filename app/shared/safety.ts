/**
 * Blocking, reporting and moderation: the options, limits and texts used by the screens,
 * the route actions, the worker and the tests. One source for each.
 */
import { POLICY } from "./legal";

/** Why someone reports a message or a profile. `value` is stored; `label` is shown. */
export const REPORT_REASONS = [
  { value: "harassment", label: "Harassment" },
  { value: "spam", label: "Spam" },
  { value: "self-harm", label: "Self-harm risk" },
  { value: "inappropriate-image", label: "Inappropriate image" },
  { value: "other", label: "Other" },
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number]["value"];
export const REPORT_REASON_VALUES = REPORT_REASONS.map((reason) => reason.value) as [ReportReason, ...ReportReason[]];

export function reportReasonLabel(reason: string): string {
  return REPORT_REASONS.find((r) => r.value === reason)?.label ?? reason;
}

/** What a report is about: one received message, or a person's profile. */
export const REPORT_SUBJECTS = ["message", "profile"] as const;
export type ReportSubject = (typeof REPORT_SUBJECTS)[number];

/** The optional note of a report. */
export const MAX_REPORT_NOTE = 500;
/** A person may send at most this many reports per hour: enough for any real need, not a flood. */
export const MAX_REPORTS_PER_HOUR = 20;
/** Reports, their snapshots and moderation records are kept this long (the Privacy Policy). */
export const REPORT_RETENTION_MS = POLICY.reportRetentionDays * 24 * 60 * 60 * 1000;

/** A report's state at /admin/reports: open until the admin dismisses it or suspends the account. */
export const REPORT_STATUSES = ["open", "dismissed", "suspended"] as const;

/**
 * Why the admin suspends an account: a short list of categories. `value` is stored with
 * the suspension and in the moderation log; `label` is what the admin picks and what the suspended
 * person reads when they try to sign in. The admin's note is for the log only: the person never
 * sees it.
 */
export const SUSPENSION_REASONS = [
  { value: "harassment", label: "Harassment or abuse" },
  { value: "spam", label: "Spam or scams" },
  { value: "sexual-content", label: "Sexual content" },
  { value: "threats", label: "Threats of violence" },
  { value: "impersonation", label: "Impersonation" },
  { value: "other", label: "Another breach of the Terms of Service" },
] as const;
export type SuspensionReason = (typeof SUSPENSION_REASONS)[number]["value"];
export const SUSPENSION_REASON_VALUES = SUSPENSION_REASONS.map((reason) => reason.value) as [
  SuspensionReason,
  ...SuspensionReason[],
];

export function suspensionReasonLabel(reason: string): string {
  return SUSPENSION_REASONS.find((r) => r.value === reason)?.label ?? reason;
}

/** The admin's optional note on a suspension, kept in the moderation log. */
export const MAX_SUSPENSION_NOTE = 500;

/** What the admin did, as the moderation log records it. */
export const MODERATION_ACTIONS = ["dismiss", "suspend", "unsuspend"] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
export const MODERATION_ACTION_LABELS: Record<ModerationAction, string> = {
  dismiss: "Dismissed a report",
  suspend: "Suspended an account",
  unsuspend: "Lifted a suspension",
};

export const BLOCK_TEXTS = {
  blockButton: (username: string) => `Block ${username}`,
  unblockButton: (username: string) => `Unblock ${username}`,
  confirmTitle: (username: string) => `Block ${username}?`,
  /** What blocking does, said before it is done. */
  explanation: (username: string) =>
    `${username} will no longer be able to message you, see when you are online or find you in search, ` +
    "and you won't be able to message them. We don't send them a notification, but they will see that " +
    "they can no longer message you. You can both still read the conversation so far; it leaves your chats. " +
    "You can unblock them at any time from Blocked people in your account menu.",
  confirm: "Block",
  cancel: "Cancel",
  blocked: (username: string) =>
    `You blocked ${username}. They can't message you or see when you are online. Unblock them to talk again.`,
  /** What the blocked person sees: clear, without saying who did what. */
  cannotMessage: "You can't send messages in this conversation.",
  cannotBlockSupport: "The support account can't be blocked: it is the help line.",
  cannotBlockYourself: "You can't block yourself.",
  unknownPerson: "We couldn't find that person. The link may be old or mistyped.",
  pageTitle: "Blocked people",
  pageIntro: "People you block can't message you, see when you are online or find you in search.",
  noneBlocked: "You haven't blocked anyone.",
  unblocked: (username: string) => `You unblocked ${username}.`,
} as const;

/**
 * The menu beside a conversation's contact name that holds Report and Block: in the header they
 * would take the room the name needs on a phone.
 */
export const CONTACT_MENU_TEXTS = {
  toggle: (username: string) => `Report or block ${username}`,
} as const;

export const REPORT_TEXTS = {
  messageButton: "Report",
  profileButton: (username: string) => `Report ${username}`,
  messageTitle: (username: string) => `Report a message from ${username}`,
  profileTitle: (username: string) => `Report ${username}'s profile`,
  reasonLegend: "Why are you reporting this?",
  noteLabel: "Anything else we should know? (optional)",
  alsoBlock: (username: string) => `Also block ${username}`,
  submit: "Send report",
  sending: "Sending...",
  cancel: "Cancel",
  close: "Close",
  chooseReason: "Choose a reason for your report.",
  noteTooLong: `Notes can be at most ${MAX_REPORT_NOTE} characters.`,
  unknownMessage: "That message can no longer be reported: it may have been deleted.",
  tooMany: "You have sent many reports in a short time. Please try again later.",
  sent: "Thank you. Your report was sent to our moderators, who review every report.",
  sentAndBlocked: (username: string) => `You also blocked ${username}.`,
  /** After a self-harm report: what the reporter can do now (shown with the crisis resources). */
  selfHarmHelp:
    "If you think someone is in immediate danger, call your local emergency number now. You can share " +
    "these crisis lines with them, and you can use them yourself if this has upset you.",
  failed: "Your report could not be sent. Please try again.",
  /** A report posted without scripts and without a reason: the page says so above the profile. */
  needsReason: "Your report needs a reason. Please open Report again and choose one.",
} as const;

export const MODERATION_TEXTS = {
  openHeading: (count: number) => `Open reports (${count})`,
  noOpenReports: "No open reports.",
  suspendedHeading: "Suspended accounts",
  noSuspended: "No account is suspended.",
  logHeading: `Moderation log (last ${POLICY.reportRetentionDays} days)`,
  noActions: "Nothing has been done yet.",
  dismiss: "Dismiss",
  suspend: (username: string) => `Suspend ${username}`,
  suspendTitle: (username: string) => `Suspend ${username}?`,
  /** What suspending does, said before it is done. */
  suspendExplanation: (username: string) =>
    `${username} will be signed out everywhere at once and can't sign in until you lift the suspension. ` +
    "Every open report about them is closed. When they try to sign in they see the reason you choose " +
    "and how to appeal, but never your note.",
  suspensionReasonLegend: "Reason",
  suspensionNoteLabel: "Note for the moderation log (optional)",
  confirmSuspend: "Suspend account",
  suspending: "Suspending...",
  cancel: "Cancel",
  chooseSuspensionReason: "Choose a reason for the suspension.",
  suspensionNoteTooLong: `Notes can be at most ${MAX_SUSPENSION_NOTE} characters.`,
  suspendedDone: (username: string) => `${username} is suspended.`,
  logReason: (label: string) => `Reason: ${label}`,
  logNote: (note: string) => `Note: ${note}`,
  unsuspend: (username: string) => `Unsuspend ${username}`,
  suspendedBadge: "Suspended",
  reportNotOpen: "This report has already been handled.",
  cannotSuspendStaff: "The support and admin accounts can't be suspended.",
  unknownReport: "That report no longer exists.",
  notSuspended: "That account is not suspended.",
} as const;
