import { m } from "~/paraglide/messages";
import { POLICY } from "./legal";

/** `value` is stored; `label` is shown. */
export const REPORT_REASONS = [
  {
    value: "harassment",
    get label() {
      return m.safety_reason_harassment();
    },
  },
  {
    value: "spam",
    get label() {
      return m.safety_reason_spam();
    },
  },
  {
    value: "self-harm",
    get label() {
      return m.safety_reason_self_harm();
    },
  },
  {
    value: "inappropriate-image",
    get label() {
      return m.safety_reason_inappropriate_image();
    },
  },
  {
    value: "other",
    get label() {
      return m.safety_reason_other();
    },
  },
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number]["value"];
export const REPORT_REASON_VALUES = REPORT_REASONS.map((reason) => reason.value) as [ReportReason, ...ReportReason[]];

export function reportReasonLabel(reason: string): string {
  return REPORT_REASONS.find((r) => r.value === reason)?.label ?? reason;
}

export const REPORT_SUBJECTS = ["message", "profile"] as const;
export type ReportSubject = (typeof REPORT_SUBJECTS)[number];

export const MAX_REPORT_NOTE = 500;
/** Enough for any real need, not a flood. */
export const MAX_REPORTS_PER_HOUR = 20;
/** The Privacy Policy. */
export const REPORT_RETENTION_MS = POLICY.reportRetentionDays * 24 * 60 * 60 * 1000;

export const REPORT_STATUSES = ["open", "dismissed", "suspended"] as const;

/** `value` is stored; `label` is what the admin picks and the suspended person reads. The note is for the log only. */
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

export const MAX_SUSPENSION_NOTE = 500;

export const MODERATION_ACTIONS = ["dismiss", "suspend", "unsuspend"] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
export const MODERATION_ACTION_LABELS: Record<ModerationAction, string> = {
  dismiss: "Dismissed a report",
  suspend: "Suspended an account",
  unsuspend: "Lifted a suspension",
};

export const BLOCK_TEXTS = {
  blockButton: (username: string) => m.safety_block_button({ username }),
  unblockButton: (username: string) => m.safety_unblock_button({ username }),
  confirmTitle: (username: string) => m.safety_block_confirm_title({ username }),
  explanation: (username: string) => m.safety_block_explanation({ username }),
  get confirm() {
    return m.safety_block_confirm();
  },
  get cancel() {
    return m.safety_cancel();
  },
  blocked: (username: string) => m.safety_blocked({ username }),
  /** Clear, without saying who did what. */
  get cannotMessage() {
    return m.safety_cannot_message();
  },
  get cannotBlockSupport() {
    return m.safety_cannot_block_support();
  },
  get cannotBlockYourself() {
    return m.safety_cannot_block_yourself();
  },
  get unknownPerson() {
    return m.safety_unknown_person();
  },
  get pageTitle() {
    return m.safety_blocked_page_title();
  },
  get pageIntro() {
    return m.safety_blocked_page_intro();
  },
  get noneBlocked() {
    return m.safety_none_blocked();
  },
  unblocked: (username: string) => m.safety_unblocked({ username }),
  get pageFailed() {
    return m.safety_blocked_page_failed();
  },
  get backToMessages() {
    return m.safety_back_to_messages();
  },
  get unknownAction() {
    return m.safety_unknown_action();
  },
};

/** In the header they would take the room the name needs on a phone. */
export const CONTACT_MENU_TEXTS = {
  toggle: (username: string) => m.safety_contact_menu_toggle({ username }),
};

export const REPORT_TEXTS = {
  get messageButton() {
    return m.safety_report_message_button();
  },
  profileButton: (username: string) => m.safety_report_profile_button({ username }),
  messageTitle: (username: string) => m.safety_report_message_title({ username }),
  profileTitle: (username: string) => m.safety_report_profile_title({ username }),
  get reasonLegend() {
    return m.safety_report_reason_legend();
  },
  get noteLabel() {
    return m.safety_report_note_label();
  },
  alsoBlock: (username: string) => m.safety_report_also_block({ username }),
  get submit() {
    return m.safety_report_submit();
  },
  get sending() {
    return m.safety_report_sending();
  },
  get cancel() {
    return m.safety_cancel();
  },
  get close() {
    return m.safety_report_close();
  },
  get chooseReason() {
    return m.safety_report_choose_reason();
  },
  get noteTooLong() {
    return m.safety_report_note_too_long({ max: MAX_REPORT_NOTE });
  },
  get unknownMessage() {
    return m.safety_report_unknown_message();
  },
  get tooMany() {
    return m.safety_report_too_many();
  },
  get sent() {
    return m.safety_report_sent();
  },
  sentAndBlocked: (username: string) => m.safety_report_sent_and_blocked({ username }),
  /** Shown with the crisis resources. */
  get selfHarmHelp() {
    return m.safety_report_self_harm_help();
  },
  get failed() {
    return m.safety_report_failed();
  },
  get needsReason() {
    return m.safety_report_needs_reason();
  },
};

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
